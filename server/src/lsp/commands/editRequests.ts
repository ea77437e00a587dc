/** The edits as `workspace/executeCommand` commands, for any LSP client: computed from the model and applied with
 * `workspace/applyEdit`, versioned when the client can (so an editor that changed the document meanwhile refuses it). */
import {
  LSPErrorCodes, ResponseError, TextDocumentEdit, type CancellationToken, type ClientCapabilities, type Connection, type Range, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import {
  convertSitemap, removeDuplicateUrls, setLastmodNow, sortEntries, type OffsetEdit, type SitemapDocument,
} from '../../language/languageService';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { addUnlistedPages, setLastmodFromGit, type PageEditContext, type PageEditOutcome } from './pageEdits';
import {
  ADD_UNLISTED_PAGES_COMMAND, CONVERT_COMMAND, REMOVE_DUPLICATES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND, SET_LASTMOD_NOW_COMMAND, SORT_ENTRIES_COMMAND, type EditCommandResult, type ConvertCommandResult,
} from '../../../../shared/protocol';

/** What the page commands need of a document beyond itself: its settings, location and the page rules' sites. */
export type PageContextOf = (entry: OpenDocument) => Promise<PageEditContext>;

export function registerEditCommands(connection: Connection, store: DocumentStore, capabilities: () => ClientCapabilities, pageContextOf: PageContextOf): void {
  connection.onExecuteCommand(guardRequest(connection, 'workspace/executeCommand', null, async (params, token): Promise<EditCommandResult | ConvertCommandResult | ResponseError | null> => {
    const [uri, version, extra] = params.arguments ?? [];
    const entry = typeof uri === 'string' ? store.get(uri) : undefined;
    if (entry === undefined) return { status: 'not-open' };
    if (typeof version === 'number' && version !== entry.version) return { status: 'stale' };
    const doc = entry.doc;
    const asked = entry.version;
    switch (params.command) {
      case SORT_ENTRIES_COMMAND: {
        const result = sortEntries(doc);
        if (result.status !== 'sorted') return { status: result.status === 'already-sorted' ? 'unchanged' : 'not-editable' };
        return apply(entry, 'Sort Entries by URL', [result.edit], { count: result.moved });
      }
      case REMOVE_DUPLICATES_COMMAND: {
        const result = removeDuplicateUrls(doc);
        if (result.status !== 'removed') return { status: result.status === 'no-duplicates' ? 'unchanged' : 'not-editable' };
        return apply(entry, 'Remove Duplicate URLs', result.edits, { count: result.removed });
      }
      case SET_LASTMOD_NOW_COMMAND: {
        const ranges = (Array.isArray(extra) ? extra : []).filter(isRange).map((r) => ({ start: doc.offsetAt(r.start), end: doc.offsetAt(r.end) }));
        const result = setLastmodNow(doc, ranges, { now: Date.now() });
        if (result.status !== 'set') return { status: result.status === 'no-entries' ? 'unchanged' : 'not-editable' };
        return apply(entry, 'Set lastmod to Now', result.edits, { count: result.entries, value: result.value });
      }
      case ADD_UNLISTED_PAGES_COMMAND:
        return applyPageEdit(entry, asked, 'Add Unlisted Pages', token, await addUnlistedPages({ ...(await pageContextOf(entry)), token }));
      case SET_LASTMOD_FROM_HISTORY_COMMAND: {
        const ranges = (Array.isArray(extra) ? extra : []).filter(isRange).map((r) => ({ start: doc.offsetAt(r.start), end: doc.offsetAt(r.end) }));
        return applyPageEdit(entry, asked, 'Set lastmod from Git History', token, await setLastmodFromGit({ ...(await pageContextOf(entry)), token }, ranges));
      }
      case CONVERT_COMMAND: {
        const result = convertSitemap(doc, extra === 'text' ? 'text' : 'xml');
        if (result.status !== 'converted') return { status: 'not-editable' };
        const { text, entries, dropped, skippedLines, encodedLines } = result;
        return { status: 'converted', text, entries, dropped, skippedLines, encodedLines };
      }
      default:
        return null;
    }
  }));

  /** A page command's edit, unless it was cancelled or the document changed while the sites answered. */
  const applyPageEdit = (
    entry: OpenDocument, asked: number, label: string, token: CancellationToken, outcome: PageEditOutcome,
  ): Promise<EditCommandResult> | EditCommandResult | ResponseError => {
    if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
    if ('status' in outcome) return outcome;
    if (store.get(entry.uri) !== entry || entry.version !== asked) return { status: 'stale' };
    return apply(entry, label, outcome.edits, outcome.summary);
  };

  /** `label`: what the editor's Undo names. */
  const apply = async (entry: OpenDocument, label: string, edits: readonly OffsetEdit[], summary: Omit<EditCommandResult, 'status'>): Promise<EditCommandResult> => {
    const textEdits = edits.map((e) => toTextEdit(entry.doc, e));
    const edit: WorkspaceEdit = capabilities().workspace?.workspaceEdit?.documentChanges === true
      ? { documentChanges: [TextDocumentEdit.create({ uri: entry.uri, version: entry.version }, textEdits)] }
      : { changes: { [entry.uri]: textEdits } };
    const response = await connection.workspace.applyEdit({ label, edit });
    return response.applied ? { status: 'applied', ...summary } : { status: 'rejected' };
  };
}

function toTextEdit(doc: SitemapDocument, edit: OffsetEdit): TextEdit {
  return { range: rangeOf(doc, edit.start, edit.end), newText: edit.text };
}

function isRange(value: unknown): value is Range {
  const r = value as Range | null;
  return typeof r === 'object' && r !== null && typeof r.start?.line === 'number' && typeof r.start?.character === 'number'
    && typeof r.end?.line === 'number' && typeof r.end?.character === 'number';
}
