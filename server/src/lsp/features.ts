/**
 * Protocol plumbing of the authoring features: completion, hover, code actions (quick fixes and
 * `source.fixAll.sitemap`), document symbols, folding, selection ranges and links. Each handler reads the document
 * from the store, asks the language layer (offsets in, offsets out) and converts at the edge. Handlers are guarded:
 * a failure is logged and answered with an empty result. The requests an editor sends after every keystroke (links,
 * folding, symbols) and code actions give way to a newer edit (currentVersion.ts), and none of their answers grows
 * past a size the editor digests in a few milliseconds, whatever the size of the file.
 */
import {
  CodeActionKind, CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind, SymbolKind,
  type CancellationToken, type ClientCapabilities, type CodeAction, type CodeActionParams, type CompletionItem, type CompletionList, type Connection,
  type Diagnostic, type DocumentLink, type DocumentSymbol, type FoldingRange, type Range, type SelectionRange,
  type ServerCapabilities, type SymbolInformation, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import {
  complete, findDocumentLinks, findDocumentSymbols, getFixAllEdits, getFoldingRanges, getHover, getQuickFixes, getSelectionRanges,
  type CompletionItemData, type CompletionKind, type DocumentSymbolData, type OffsetEdit, type ProblemRef, type SitemapDocument,
  type SymbolKindName,
} from '../language/languageService';
import type { Configuration, ServerSettings } from './configuration';
import { onCurrentVersion } from './currentVersion';
import { SOURCE } from './diagnostics';
import { setLanguageAction } from './setLanguage';
import { CHORE_COMMANDS } from '../../../shared/protocol';
import { splitActions } from './split';
import type { DocumentStore, OpenDocument } from './documentStore';
import { guardRequest } from './guard';
import { rangeOf } from './ranges';
import type { MessageQueue } from './messageQueue';
import { ruleDocs } from './ruleDocs';
import { fileResolverFor, type SitePages } from './sitePages';
import type { ValidationContexts } from './validationContext';
import { fsPathToUri, type Workspace } from './workspace';

export const FIX_ALL_KIND = 'source.fixAll.sitemap';

export const COMPLETION_TRIGGERS = ['<', '/', '"', ':'];

/** Folding ranges when the client states no `rangeLimit`: VS Code's own limit (`editor.foldingMaximumRegions`). */
export const DEFAULT_FOLDING_LIMIT = 5000;

/** The outline's JSON stays under this: a larger answer costs the editor more than the entries past it are worth. */
export const MAX_SYMBOLS_BYTES = 1_000_000;

/** What the features advertise in `initialize`. */
export function featureCapabilities(): ServerCapabilities {
  return {
    completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
    hoverProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: false },
    documentSymbolProvider: { label: 'Sitemap' },
    foldingRangeProvider: true,
    selectionRangeProvider: true,
    documentLinkProvider: { resolveProvider: false },
    executeCommandProvider: { commands: [...CHORE_COMMANDS] },
  };
}

export interface FeatureDependencies {
  store: DocumentStore;
  configuration: Configuration;
  contexts: ValidationContexts;
  pages: SitePages;
  workspace: Workspace;
  capabilities: () => ClientCapabilities;
  queue: MessageQueue;
  /** Whether the client runs SET_LANGUAGE_COMMAND. */
  canSetLanguage: () => boolean;
  /** Whether the client runs SPLIT_COMMAND. */
  canSplit: () => boolean;
}

export function registerFeatures(connection: Connection, deps: FeatureDependencies): void {
  const { store, configuration, contexts, pages, workspace, queue } = deps;

  /** The document, its settings and where it lives; undefined when it is not ours or the request was cancelled. */
  const prepare = async (uri: string, token: CancellationToken): Promise<{ entry: OpenDocument; settings: ServerSettings; location: string | undefined } | undefined> => {
    const entry = store.get(uri);
    if (entry === undefined) return undefined;
    const settings = await configuration.get(uri);
    if (token.isCancellationRequested || store.get(uri) !== entry) return undefined;
    return { entry, settings, location: contexts.get(entry, settings).location };
  };

  connection.onCompletion(guardRequest(connection, 'textDocument/completion', null, async (params, token): Promise<CompletionList | null> => {
    const prepared = await prepare(params.textDocument.uri, token);
    if (prepared === undefined) return null;
    const { entry, settings, location } = prepared;
    const doc = entry.doc;
    const offset = doc.offsetAt(params.position);
    const options = { location, allowedHosts: settings.allowedHosts };
    let result = complete(doc, offset, options);
    let walking = false;
    // Only a URL position is worth a look at the workspace.
    const mapping = result.acceptsUrls ? pages.mappingFor(entry, settings, location) : undefined;
    if (mapping !== undefined) {
      const version = entry.version;
      const candidateUrls = await pages.candidates(entry, mapping);
      if (token.isCancellationRequested || store.get(entry.uri) !== entry) return null;
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
  }));

  connection.onHover(guardRequest(connection, 'textDocument/hover', null, async (params, token) => {
    const prepared = await prepare(params.textDocument.uri, token);
    if (prepared === undefined) return null;
    const { entry, settings, location } = prepared;
    const doc = entry.doc;
    const resolve = fileResolverFor(workspace, entry, settings, location);
    const resolveFile = resolve && ((url: string) => { const file = resolve(url); return file && workspace.displayPath(file); });
    const hover = getHover(doc, doc.offsetAt(params.position), { location, allowedHosts: settings.allowedHosts, resolveFile, ruleLink: ruleDocs().href });
    if (hover === undefined) return null;
    return { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(doc, hover.start, hover.end) };
  }));

  connection.onCodeAction(guardRequest(connection, 'textDocument/codeAction', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    return onCurrentVersion(store, queue, current, token, () => codeActions(params, token));
  }));

  const codeActions = async (params: CodeActionParams, token: CancellationToken): Promise<CodeAction[] | null> => {
    const prepared = await prepare(params.textDocument.uri, token);
    if (prepared === undefined) return null;
    const { entry, settings } = prepared;
    const doc = entry.doc;
    const only = params.context.only;
    const wants = (kind: string): boolean => only === undefined || only.some((o) => kind === o || kind.startsWith(o + '.'));
    const actions: CodeAction[] = [];
    const toEdit = (edits: readonly OffsetEdit[]): WorkspaceEdit => workspaceEdit(entry, edits, deps.capabilities());
    let safeFixOffered = false;
    if (wants(CodeActionKind.QuickFix)) {
      const byProblem = new Map<ProblemRef, Diagnostic>();
      for (const diagnostic of params.context.diagnostics ?? []) {
        if (diagnostic.source !== SOURCE || typeof diagnostic.code !== 'string') continue;
        const start = doc.offsetAt(diagnostic.range.start);
        byProblem.set({ rule: diagnostic.code, start, end: Math.max(start, doc.offsetAt(diagnostic.range.end)) }, diagnostic);
      }
      for (const fix of getQuickFixes(doc, [...byProblem.keys()])) {
        if (fix.setLanguage !== undefined) {
          if (deps.canSetLanguage()) actions.push(setLanguageAction(entry.uri, fix.title, fix.setLanguage, byProblem.get(fix.problem)!));
          continue;
        }
        safeFixOffered ||= fix.safe;
        actions.push({
          title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [byProblem.get(fix.problem)!], isPreferred: fix.isPreferred || undefined,
          edit: toEdit(fix.edits),
        });
      }
      if (deps.canSplit()) actions.push(...splitActions(entry.uri, params.context.diagnostics));
    }
    // Without `only` (a lightbulb), the bundle is offered next to a quick fix it includes; on request, always.
    if (only !== undefined ? wants(FIX_ALL_KIND) : safeFixOffered) {
      const edits = getFixAllEdits(doc, { rules: settings.rules });
      if (edits.length > 0) actions.push({ title: 'Fix all auto-fixable sitemap problems', kind: FIX_ALL_KIND, edit: toEdit(edits) });
    }
    return actions;
  };

  connection.onDocumentSymbol(guardRequest(connection, 'textDocument/documentSymbol', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    return onCurrentVersion(store, queue, current, token, () => documentSymbols(params.textDocument.uri, token));
  }));

  const documentSymbols = async (uri: string, token: CancellationToken): Promise<DocumentSymbol[] | SymbolInformation[] | null> => {
    const prepared = await prepare(uri, token);
    if (prepared === undefined) return null;
    const { entry, settings } = prepared;
    const doc = entry.doc;
    const hierarchical = deps.capabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    const symbols = findDocumentSymbols(doc, {
      maxItems: settings.symbols.maxItems, maxBytes: MAX_SYMBOLS_BYTES - SYMBOLS_RESERVE_BYTES, entryOverheadBytes: symbolOverhead(doc, hierarchical ? undefined : entry.uri),
    });
    if (hierarchical) return symbols.map((s) => toDocumentSymbol(doc, s));
    const flat: SymbolInformation[] = [];
    const visit = (symbol: DocumentSymbolData, container: string | undefined): void => {
      flat.push({ name: symbol.name, kind: SYMBOL_KINDS[symbol.kind], location: { uri: entry.uri, range: rangeOf(doc, symbol.start, symbol.end) }, containerName: container });
      for (const child of symbol.children ?? []) visit(child, symbol.name);
    };
    for (const symbol of symbols) visit(symbol, undefined);
    return flat;
  };

  connection.onFoldingRanges(guardRequest(connection, 'textDocument/foldingRange', null, async (params, token) => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return null;
    return onCurrentVersion(store, queue, entry, token, (): FoldingRange[] => {
      const doc = entry.doc;
      const limit = deps.capabilities().textDocument?.foldingRange?.rangeLimit;
      const ranges: FoldingRange[] = [];
      for (const range of getFoldingRanges(doc, { maxRanges: typeof limit === 'number' && limit > 0 ? limit : DEFAULT_FOLDING_LIMIT })) {
        const startLine = doc.positionAt(range.start).line;
        // The end tag's line stays visible, as in HTML and XML editors.
        const endLine = doc.positionAt(range.end).line - 1;
        if (endLine > startLine) ranges.push({ startLine, endLine });
      }
      return ranges;
    });
  }));

  connection.onSelectionRanges(guardRequest(connection, 'textDocument/selectionRange', null, (params): SelectionRange[] | null => {
    const entry = store.get(params.textDocument.uri);
    if (entry === undefined) return null;
    const doc = entry.doc;
    const chains = getSelectionRanges(doc, params.positions.map((p) => doc.offsetAt(p)));
    return chains.map((chain) => {
      let parent: SelectionRange | undefined;
      for (let k = chain.length - 1; k >= 0; k--) parent = { range: rangeOf(doc, chain[k].start, chain[k].end), parent };
      return parent ?? { range: rangeOf(doc, 0, 0) };
    });
  }));

  connection.onDocumentLinks(guardRequest(connection, 'textDocument/documentLink', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    // VS Code makes every http(s) URL clickable itself: only an index entry that maps to a workspace file needs us.
    if (current.doc.kind !== 'sitemapindex') return [];
    return onCurrentVersion(store, queue, current, token, async (): Promise<DocumentLink[] | null> => {
      const prepared = await prepare(params.textDocument.uri, token);
      if (prepared === undefined) return null;
      const { entry, settings, location } = prepared;
      const doc = entry.doc;
      const resolve = fileResolverFor(workspace, entry, settings, location);
      if (resolve === undefined) return [];
      const links = findDocumentLinks(doc, { resolveFile: (url) => {
        const file = resolve(url);
        return file === undefined ? undefined : fsPathToUri(file);
      } });
      return links.map((link) => ({ range: rangeOf(doc, link.start, link.end), target: link.target, tooltip: 'Open the workspace file' }));
    });
  }));
}

// ---------------------------------------------------------------- conversions


/** Room left in the outline's budget for the root, the "more" item and the brackets. */
const SYMBOLS_RESERVE_BYTES = 4096;

/**
 * What each entry's JSON adds to its name and detail, at most: every line and character written with as many digits
 * as the document's length; in the flat form, the URI and a container name instead of the detail and selection range.
 */
function symbolOverhead(doc: SitemapDocument, flatUri: string | undefined): number {
  const n = Number('9'.repeat(String(doc.length).length));
  const range: Range = { start: { line: n, character: n }, end: { line: n, character: n } };
  const kind = SymbolKind.TypeParameter;
  const sample = flatUri === undefined
    ? { name: '', detail: '', kind, range, selectionRange: range }
    : { name: '', kind, location: { uri: flatUri, range }, containerName: 'x'.repeat(64) };
  // The comma between array items, and the UTF-8 of a non-ASCII URI.
  return 1 + Buffer.byteLength(JSON.stringify(sample));
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

const SYMBOL_KINDS: Record<SymbolKindName, SymbolKind> = {
  root: SymbolKind.Namespace,
  url: SymbolKind.Object,
  sitemap: SymbolKind.File,
  line: SymbolKind.Object,
  more: SymbolKind.Null,
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

function toDocumentSymbol(doc: SitemapDocument, symbol: DocumentSymbolData): DocumentSymbol {
  const result: DocumentSymbol = {
    name: symbol.name,
    kind: SYMBOL_KINDS[symbol.kind],
    range: rangeOf(doc, symbol.start, symbol.end),
    selectionRange: rangeOf(doc, symbol.selectionStart, symbol.selectionEnd),
  };
  if (symbol.detail !== undefined) result.detail = symbol.detail;
  if (symbol.children !== undefined) result.children = symbol.children.map((c) => toDocumentSymbol(doc, c));
  return result;
}

function workspaceEdit(entry: OpenDocument, edits: readonly OffsetEdit[], capabilities: ClientCapabilities): WorkspaceEdit {
  const doc = entry.doc;
  const textEdits: TextEdit[] = edits.map((e) => ({ range: rangeOf(doc, e.start, e.end), newText: e.text }));
  if (capabilities.workspace?.workspaceEdit?.documentChanges === true) {
    return { documentChanges: [{ textDocument: { uri: entry.uri, version: entry.version }, edits: textEdits }] };
  }
  return { changes: { [entry.uri]: textEdits } };
}
