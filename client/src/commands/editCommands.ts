/** The edit commands of the active sitemap: Sort, Remove Duplicates, Set lastmod (Now, from Git History), Add Unlisted
 * Pages run on the server, which applies one undoable edit; Convert writes the other form as a new file beside the
 * original in one WorkspaceEdit (Undo removes it) and opens it. Each says what it did in a notification. */
import { withCause } from '../../../shared/causes';
import { commands, Uri, window, workspace, WorkspaceEdit, type ExtensionContext, type TextDocument, type TextEditor } from 'vscode';
import type { ExecuteCommandParams } from 'vscode-languageclient';
import {
  ADD_UNLISTED_PAGES_COMMAND, CONVERT_COMMAND, REMOVE_DUPLICATES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND, SET_LASTMOD_NOW_COMMAND, SORT_ENTRIES_COMMAND, type EditCommandResult, type ConvertCommandResult,
} from '../../../shared/protocol';
import { describeConversion } from './convertReport';
import { fileExists } from '../fileExists';
import { registerRobotsTxtCommand } from './robotsTxt';
import { isServerGone } from '../languageServer/serverGone';
import type { SitemapServer } from '../languageServer/server';

export function registerEditCommands(context: ExtensionContext, server: SitemapServer): void {
  const askServer = <R>(command: string, document: TextDocument, args: unknown[]) => askServerWith<R>(server, command, document, args);
  const runEdit = (command: string, reports: Reports, withSelections = false) => runEditWith(askServer, command, reports, withSelections);
  const convert = (to: 'xml' | 'text') => convertWith(askServer, to);
  context.subscriptions.push(
    commands.registerCommand('sitemap.sortEntries', () => runEdit(SORT_ENTRIES_COMMAND, {
      title: 'Sort Entries by URL',
      applied: (n) => `Sorted the entries by URL (${n} moved).`,
      unchanged: 'The entries are already sorted by URL: nothing changed.',
    })),
    commands.registerCommand('sitemap.removeDuplicates', () => runEdit(REMOVE_DUPLICATES_COMMAND, {
      title: 'Remove Duplicate URLs',
      applied: (n) => `Removed ${n} duplicate URL${n === 1 ? '' : 's'}.`,
      unchanged: 'No duplicate URLs: nothing changed.',
    })),
    commands.registerCommand('sitemap.setLastmodNow', () => runEdit(SET_LASTMOD_NOW_COMMAND, {
      title: 'Set lastmod to Now',
      applied: (n, value) => `Set lastmod to ${value} on ${n} entr${n === 1 ? 'y' : 'ies'}.`,
      unchanged: 'No entry selected: put the cursor in an entry.',
    }, true)),
    commands.registerCommand('sitemap.addUnlistedPages', () => runEdit(ADD_UNLISTED_PAGES_COMMAND, {
      title: 'Add Unlisted Pages',
      applied: (n, _value, result) => `Added ${n} unlisted page${n === 1 ? '' : 's'}, ${result.dated ?? 0} dated from git history.`,
      unchanged: 'Every indexable page of the site is listed already: nothing to add.',
    })),
    commands.registerCommand('sitemap.setLastmodFromHistory', () => runEdit(SET_LASTMOD_FROM_HISTORY_COMMAND, {
      title: 'Set lastmod from Git History',
      applied: (n) => `Set lastmod from git history on ${n} entr${n === 1 ? 'y' : 'ies'}.`,
      unchanged: 'Every lastmod already says when git last changed its page: nothing changed.',
    }, true)),
    commands.registerCommand('sitemap.convertToXml', () => convert('xml')),
    commands.registerCommand('sitemap.convertToText', () => convert('text')),
  );
  registerRobotsTxtCommand(context, server);
}

interface Reports {
  /** The command as the palette and Undo name it. */
  title: string;
  applied: (count: number, value: string | undefined, result: EditCommandResult) => string;
  unchanged: string;
}

/**
 * What an edit command returns (the in-editor tests read it): the server's answer, or `server-stopped` when the server
 * went away before answering, `applied` saying whether its edit is in the document then (applied whole: the server
 * sends one workspace edit, which VS Code applies entirely or not at all, and one Undo reverts).
 */
export type EditCommandOutcome = EditCommandResult | { status: 'server-stopped'; applied: boolean };

/** A server command's answer, or why there is none: the server stopped (and whether it had applied an edit to the
 * document meanwhile), or another failure, said already. */
type Asked<R> = { answer: R } | { failure: 'server-stopped'; applied: boolean } | { failure: 'error' };

type AskServer = <R>(command: string, document: TextDocument, args: unknown[]) => Promise<Asked<R>>;

async function runEditWith(askServer: AskServer, command: string, reports: Reports, withSelections: boolean): Promise<EditCommandOutcome | undefined> {
  const editor = activeSitemap();
  if (editor === undefined) return undefined;
  const document = editor.document;
  const selections = editor.selections.map((s) => ({ start: { line: s.start.line, character: s.start.character }, end: { line: s.end.line, character: s.end.character } }));
  const args: unknown[] = [document.version];
  if (withSelections) args.push(selections);
  const asked = await askServer<EditCommandResult>(command, document, args);
  if ('failure' in asked) return asked.failure === 'error' ? undefined : reportServerStopped(reports.title, document, asked.applied);
  const result = asked.answer;
  switch (result.status) {
    case 'applied': void window.showInformationMessage(reports.applied(result.count ?? 0, result.value, result)); break;
    case 'unchanged': void window.showInformationMessage(result.reason === undefined ? reports.unchanged : whyNothing(result)); break;
    case 'not-editable': void window.showWarningMessage('The document cannot be edited safely: it needs a sitemap root and no XML syntax errors.'); break;
    default: void window.showWarningMessage('The document changed while the command ran: nothing was edited. Run it again.');
  }
  return result;
}

/** The server stopped before answering: what the document holds then, said (its edit is there or not at all). */
function reportServerStopped(title: string, document: TextDocument, applied: boolean): EditCommandOutcome {
  if (applied) {
    const saved = document.isDirty ? 'not saved yet' : 'saved';
    void window.showWarningMessage(`The language server stopped before confirming ${title}, after its edit was applied: the document holds the whole edit (${saved}). One Undo reverts it.`);
  } else {
    void window.showErrorMessage(`The language server stopped while running ${title}: the document is as it was (nothing applied). Run it again.`);
  }
  return { status: 'server-stopped', applied };
}

/** Why a page command changed nothing. */
function whyNothing(result: EditCommandResult): string {
  switch (result.reason) {
    case 'no-site':
      return 'No site root maps this sitemap to a folder of built pages: set sitemap.siteRoots (folder → URL) to the folder holding the built .html pages.';
    case 'no-history':
      return `Git history dates none of these entries${result.detail === undefined ? ' (their pages\' sources are not tracked).' : `: ${result.detail}`}`;
    default:
      return `The pages would take the file past sitemap.limits.maxEntries: only ${result.count ?? 0} more fit. Split it into an index first.`;
  }
}

async function convertWith(askServer: AskServer, to: 'xml' | 'text'): Promise<void> {
  const editor = activeSitemap();
  if (editor === undefined) return;
  const source = editor.document;
  const asked = await askServer<ConvertCommandResult>(CONVERT_COMMAND, source, [source.version, to]);
  if ('failure' in asked) {
    // The server's answer is the text the client writes: with no answer nothing was written.
    if (asked.failure === 'server-stopped') void window.showErrorMessage('The language server stopped while converting: nothing was written. Run it again.');
    return;
  }
  const result = asked.answer;
  if (result.status !== 'converted' || result.text === undefined) {
    void window.showWarningMessage(to === 'text'
      ? 'Only a urlset without XML syntax errors converts to a text sitemap.'
      : 'The document changed while converting: run the command again.');
    return;
  }
  const language = to === 'xml' ? 'sitemap' : 'sitemap-txt';
  let opened: Uri;
  if (source.uri.scheme === 'untitled') {
    opened = (await workspace.openTextDocument({ language, content: result.text })).uri;
  } else {
    const target = siblingWithExtension(source.uri, to === 'xml' ? '.xml' : '.txt');
    const exists = await fileExists(target);
    if (exists) {
      const overwrite = await window.showWarningMessage(`${workspace.asRelativePath(target)} exists. Overwrite it?`, { modal: true }, 'Overwrite');
      if (overwrite !== 'Overwrite') return;
    }
    const edit = new WorkspaceEdit();
    edit.createFile(target, { overwrite: exists, contents: new TextEncoder().encode(result.text) });
    if (!(await workspace.applyEdit(edit))) {
      void window.showErrorMessage(`Could not write ${workspace.asRelativePath(target)}.`);
      return;
    }
    opened = target;
  }
  await window.showTextDocument(opened);
  const report = describeConversion(result, to);
  if ((result.skippedLines ?? []).length > 0) void window.showWarningMessage(report);
  else void window.showInformationMessage(report);
}

/**
 * `<folder>/<stem><extension>`: `sitemap.txt` → `sitemap.xml`; a compressed sitemap stays compressed, in the same
 * scheme: `sitemap.txt.gz` → `sitemap.xml.gz`.
 */
export function siblingWithExtension(uri: Uri, extension: string): Uri {
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const gzip = /\.gz$/i.test(name) ? name.slice(-3) : '';
  const plain = name.slice(0, name.length - gzip.length);
  const dot = plain.lastIndexOf('.');
  const stem = dot > 0 ? plain.slice(0, dot) : plain;
  return Uri.joinPath(uri, '..', stem + extension + gzip);
}

function activeSitemap(): TextEditor | undefined {
  const editor = window.activeTextEditor;
  if (editor === undefined || (editor.document.languageId !== 'sitemap' && editor.document.languageId !== 'sitemap-txt')) {
    void window.showWarningMessage('Open a sitemap in the editor first.');
    return undefined;
  }
  return editor;
}

/**
 * Runs a server command on `document` (its URI as the server knows it, then `args`), starting the server if needed.
 * If the server goes away first, whether it had applied an edit to the document: the edits it sent are waited for, then
 * counted against those before the command.
 */
async function askServerWith<R>(server: SitemapServer, command: string, document: TextDocument, args: unknown[]): Promise<Asked<R>> {
  const editsBefore = server.appliedEdits.appliedTo(document.uri);
  try {
    const client = await server.running();
    const uri = client.code2ProtocolConverter.asUri(document.uri);
    // The method by name: the Node and the browser library each export the request type; this module serves both entries.
    return { answer: await client.sendRequest<R>('workspace/executeCommand', { command, arguments: [uri, ...args] } satisfies ExecuteCommandParams) };
  } catch (error) {
    if (isServerGone(error)) {
      await server.appliedEdits.settled();
      return { failure: 'server-stopped', applied: server.appliedEdits.appliedTo(document.uri) > editsBefore };
    }
    void window.showErrorMessage(`${withCause('The language server could not run the command', error instanceof Error ? error.message : String(error))}.`);
    return { failure: 'error' };
  }
}
