/** Completion over the protocol: the language layer's items, with workspace pages at a URL, as LSP items (snippets as
 * plain text for a client without snippet support). */
import {
  CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind,
  type CompletionItem, type CompletionList, type CompletionParams, type Connection, type CancellationToken,
} from 'vscode-languageserver';
import { complete, type CompletionItemData, type CompletionKind, type SitemapDocument } from '../../language/languageService';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';

export const COMPLETION_TRIGGERS = ['<', '/', '"', ':'];

export function registerCompletion(connection: Connection, deps: FeatureDependencies): void {
  connection.onCompletion(guardRequest(connection, 'textDocument/completion', null, (params, token) => completionList(deps, params, token)));
}

async function completionList(deps: FeatureDependencies, params: CompletionParams, token: CancellationToken): Promise<CompletionList | null> {
  const prepared = await documentForRequest(deps, params.textDocument.uri, token);
  if (prepared === undefined) return null;
  const { entry, settings, location } = prepared;
  const doc = entry.doc;
  const offset = doc.offsetAt(params.position);
  const options = { location, allowedHosts: settings.allowedHosts };
  let result = complete(doc, offset, options);
  let walking = false;
  // Only a URL position is worth a look at the workspace.
  const mapping = result.acceptsUrls ? deps.pages.mappingFor(entry, settings, location) : undefined;
  if (mapping !== undefined) {
    const version = entry.version;
    const candidateUrls = await deps.pages.candidates(entry, mapping);
    if (token.isCancellationRequested || deps.store.get(entry.uri) !== entry) return null;
    // Edited meanwhile: the position is stale; the client asks again.
    if (entry.version !== version) return { isIncomplete: true, items: [] };
    walking = candidateUrls === undefined;
    result = complete(doc, offset, { ...options, siteRootUrl: mapping.siteRootUrl, candidateUrls });
  }
  const snippets = deps.capabilities().textDocument?.completion?.completionItem?.snippetSupport === true;
  return {
    isIncomplete: result.isIncomplete || walking,
    items: result.items.map((item) => toCompletionItem(doc, item, params.position, snippets)),
  };
}

const COMPLETION_KINDS: Record<CompletionKind, CompletionItemKind> = {
  element: CompletionItemKind.Property,
  entry: CompletionItemKind.Snippet,
  root: CompletionItemKind.Snippet,
  closingTag: CompletionItemKind.Property,
  attribute: CompletionItemKind.Field,
  value: CompletionItemKind.Value,
  url: CompletionItemKind.Reference,
  directive: CompletionItemKind.Keyword,
};

function toCompletionItem(doc: SitemapDocument, item: CompletionItemData, position: { line: number; character: number }, snippets: boolean): CompletionItem {
  let range = rangeOf(doc, item.start, item.end);
  // Clients require a one-line range holding the cursor.
  if (range.start.line !== range.end.line || range.start.line !== position.line || range.start.character > position.character || range.end.character < position.character) {
    range = { start: position, end: position };
  }
  const asSnippet = item.snippet && snippets;
  const completion: CompletionItem = {
    label: item.label,
    kind: COMPLETION_KINDS[item.kind],
    textEdit: { range, newText: asSnippet || !item.snippet ? item.insertText : snippetToPlain(item.insertText) },
    insertTextFormat: asSnippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    // The language layer writes the indentation of every line itself.
    insertTextMode: InsertTextMode.asIs,
  };
  if (item.detail !== undefined) completion.detail = item.detail;
  if (item.documentation !== undefined) completion.documentation = { kind: MarkupKind.Markdown, value: item.documentation };
  if (item.sortText !== undefined) completion.sortText = item.sortText;
  if (item.filterText !== undefined) completion.filterText = item.filterText;
  if (item.preselect === true) completion.preselect = true;
  if (item.additionalEdits !== undefined) completion.additionalTextEdits = item.additionalEdits.map((e) => ({ range: rangeOf(doc, e.start, e.end), newText: e.text }));
  return completion;
}

/**
 * A snippet as plain text: placeholders and choices become their default text, a later tab stop of the same number
 * repeats it (a mirror), other tab stops disappear, escapes are undone.
 */
export function snippetToPlain(snippet: string): string {
  const defaults = new Map<string, string>();
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === '\\' && i + 1 < snippet.length) {
      out += snippet[++i];
    } else if (c === '$') {
      const tabStop = /^\$(\d+)/.exec(snippet.slice(i));
      const placeholder = /^\$\{(\d+):/.exec(snippet.slice(i));
      const choice = /^\$\{(\d+)\|([^,|]*)[^|]*\|\}/.exec(snippet.slice(i));
      if (tabStop !== null) {
        out += defaults.get(tabStop[1]) ?? '';
        i += tabStop[0].length - 1;
      } else if (choice !== null) {
        defaults.set(choice[1], choice[2]);
        out += choice[2];
        i += choice[0].length - 1;
      } else if (placeholder !== null) {
        i += placeholder[0].length - 1; // the default text follows; its closing brace is dropped below
        let depth = 1;
        let text = '';
        for (i++; i < snippet.length; i++) {
          const d = snippet[i];
          if (d === '\\' && i + 1 < snippet.length) text += snippet[++i];
          else if (d === '}' && --depth === 0) break;
          else text += d;
        }
        defaults.set(placeholder[1], text);
        out += text;
      } else out += c;
    } else out += c;
  }
  return out;
}
