/** The open sitemap documents, kept in the language layer's incremental model (not `TextDocuments`, whose update copies
 * the whole text on every keystroke); ranged changes become offset edits. */
import type {
  DidChangeTextDocumentParams, DidOpenTextDocumentParams, TextDocumentContentChangeEvent,
} from 'vscode-languageserver';
import { languageOfDocument } from '../../../../shared/documentLanguage';
import { applyEdits, completeParse, parseDocument, type SitemapDocument, type SitemapLanguageId } from '../../language/languageService';
import { uriToFsPath } from './workspace';

export interface OpenDocument {
  readonly uri: string;
  readonly languageId: SitemapLanguageId;
  /** The language id the client sent (`xml` for a sitemap recognised by its content, say). */
  readonly clientLanguageId: string;
  /** `undefined` for documents that are not files (`untitled:`). */
  readonly fsPath: string | undefined;
  version: number;
  doc: SitemapDocument;
}

export class DocumentStore {
  private readonly byUri = new Map<string, OpenDocument>();
  private readonly byPath = new Map<string, OpenDocument>();

  /** Hears of each edit as offsets: [start, end) of the text before it replaced by `length` characters. */
  onEdit: (entry: OpenDocument, start: number, end: number, length: number) => void = () => {};

  /** `onEditFailure` hears of an edit the incremental model could not apply (the document was re-parsed instead). */
  constructor(private readonly onEditFailure: (error: unknown) => void) {}

  get(uri: string): OpenDocument | undefined {
    return this.byUri.get(uri);
  }

  getByPath(fsPath: string): OpenDocument | undefined {
    return this.byPath.get(fsPath);
  }

  all(): OpenDocument[] {
    return [...this.byUri.values()];
  }

  /**
   * Opens a document if it is a sitemap; returns `undefined` (and keeps nothing) otherwise. The parse defers what the
   * first diagnostics do not need (the URL index, unless a URL repeats): completeOpen does it once they are out.
   */
  open(params: DidOpenTextDocumentParams): OpenDocument | undefined {
    const item = params.textDocument;
    const text = typeof item.text === 'string' ? item.text : '';
    const languageId = sitemapLanguageOf(String(item.languageId), item.uri, text);
    this.close(item.uri);
    if (languageId === undefined) return undefined;
    const entry: OpenDocument = {
      uri: item.uri, languageId, clientLanguageId: String(item.languageId), fsPath: uriToFsPath(item.uri),
      version: typeof item.version === 'number' ? item.version : 0, doc: parseWhole(text, languageId, true),
    };
    this.byUri.set(entry.uri, entry);
    if (entry.fsPath !== undefined) this.byPath.set(entry.fsPath, entry);
    return entry;
  }

  /** Completes what open deferred; an edit before this completes it too, so this only moves the cost off the edit. */
  completeOpen(entry: OpenDocument): void {
    completeParse(entry.doc);
  }

  /** Applies the changes in order; returns `undefined` for a document that is not open here. */
  change(params: DidChangeTextDocumentParams): OpenDocument | undefined {
    const entry = this.byUri.get(params.textDocument.uri);
    if (entry === undefined) return undefined;
    for (const change of params.contentChanges) applyChange(entry, change, this.onEditFailure, this.onEdit);
    if (typeof params.textDocument.version === 'number') entry.version = params.textDocument.version;
    return entry;
  }

  close(uri: string): OpenDocument | undefined {
    const entry = this.byUri.get(uri);
    if (entry === undefined) return undefined;
    this.byUri.delete(uri);
    if (entry.fsPath !== undefined && this.byPath.get(entry.fsPath) === entry) this.byPath.delete(entry.fsPath);
    return entry;
  }
}

/** Which sitemap language a client's document is (shared/documentLanguage.ts decides). */
export function sitemapLanguageOf(languageId: string, uri: string, text: string): SitemapLanguageId | undefined {
  return languageOfDocument(languageId, uri, text);
}

/** Buffer counts UTF-8 bytes natively; the language layer's own count is 6–10 ms slower on 12 MB (and is what a web
 * worker, without Buffer, uses). */
function parseWhole(text: string, languageId: SitemapLanguageId, deferUrlIndex = false): SitemapDocument {
  const byteLength = typeof Buffer === 'undefined' ? undefined : Buffer.byteLength(text);
  return parseDocument(text, languageId, { byteLength, deferUrlIndex });
}

function applyChange(
  entry: OpenDocument, change: TextDocumentContentChangeEvent, onError: (error: unknown) => void,
  onEdit: (entry: OpenDocument, start: number, end: number, length: number) => void,
): void {
  const text = typeof change.text === 'string' ? change.text : '';
  if (!('range' in change) || change.range === undefined || change.range === null) {
    onEdit(entry, 0, entry.doc.length, text.length);
    entry.doc = parseWhole(text, entry.languageId);
    return;
  }
  const doc = entry.doc;
  const start = doc.offsetAt(change.range.start);
  const end = Math.max(start, doc.offsetAt(change.range.end));
  const before = doc.length;
  onEdit(entry, start, end, text.length);
  try {
    applyEdits(doc, [{ start, end, text }]);
  } catch (error) {
    // The incremental model failed: rebuild it from scratch so that the document stays in sync with the client.
    entry.doc = parseWhole(recoverText(doc, before, start, end, text), entry.languageId);
    onError(error);
  }
}

/** The text after a failed edit, whether or not the model applied it before throwing. */
function recoverText(doc: SitemapDocument, lengthBefore: number, start: number, end: number, text: string): string {
  const current = doc.getText();
  // Same length and text in place: either applied, or applying it would give this very text.
  const applied = current.length === lengthBefore - (end - start) + text.length && current.startsWith(text, start);
  return applied ? current : current.slice(0, start) + text + current.slice(end);
}
