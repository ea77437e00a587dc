// Compare with Last Commit / with File…: sitemap-diff in the editor. The server compares (sitemap/compare); the counts
// come as one message, the lists open as a markdown document (sitemap-diff's own), cancellable with progress.
import { commands, Uri, ViewColumn, window, workspace, type ExtensionContext, type TextDocument } from 'vscode';
import { COMPARE_REQUEST, type CompareParams, type CompareResult } from '../../../../shared/protocol';
import { isServerGone, SERVER_STOPPED } from '../../languageServer/serverGone';
import type { SitemapServer } from '../../languageServer/server';
import { CompareDocuments } from './compareDocuments';
import { COMPARE_CONTEXT_KEY, setContextKey } from '../../contextKeys';
import { commandTargetUri } from '../commandTarget';
import { withCommandProgress } from '../commandProgress';
import { compareDocumentText, compareSummary } from './compareReport';

export const COMPARE_WITH_LAST_COMMIT_COMMAND = 'sitemap.compareWithLastCommit';
export const COMPARE_WITH_FILE_COMMAND = 'sitemap.compareWithFile';
const SHOW_LISTS = 'Show Lists';
const OPEN_PREVIEW = 'Open Preview';
const MANAGE_TRUST = 'Manage Workspace Trust';
const WITH_FILE = 'Compare with File…';

export function registerCompareCommands(context: ExtensionContext, server: SitemapServer): void {
  const documents = new CompareDocuments();
  // Only this entry registers them: the palette and the Sitemaps view offer them where this key is set.
  setContextKey(COMPARE_CONTEXT_KEY, true);
  context.subscriptions.push(
    documents.register(),
    // From the palette, an editor's or the explorer's menu (a URI), or another view's node (a URI, issue 24).
    commands.registerCommand(COMPARE_WITH_LAST_COMMIT_COMMAND, (uri?: unknown) => compareWithLastCommit(server, documents, asUri(uri))),
    commands.registerCommand(COMPARE_WITH_FILE_COMMAND, (uri?: unknown, other?: unknown) => compareWithFile(server, documents, asUri(uri), asUri(other))),
  );
}

function asUri(value: unknown): Uri | undefined {
  return commandTargetUri(value);
}

async function compareWithLastCommit(server: SitemapServer, documents: CompareDocuments, uri: Uri | undefined): Promise<void> {
  const document = await sitemapDocument(uri, 'Compare with Last Commit');
  if (document !== undefined) await compare(server, documents, document, { uri: document.uri.toString() }, 'HEAD');
}

/** `other` given (a caller's choice): no dialog. */
async function compareWithFile(server: SitemapServer, documents: CompareDocuments, uri: Uri | undefined, other: Uri | undefined): Promise<void> {
  const document = await sitemapDocument(uri, 'Compare with File');
  if (document === undefined) return;
  const picked = other ?? (await window.showOpenDialog({
    title: `Compare ${workspace.asRelativePath(document.uri)} with`, openLabel: 'Compare', canSelectMany: false,
    defaultUri: Uri.joinPath(document.uri, '..'), filters: { Sitemaps: ['xml', 'txt', 'gz'], 'All files': ['*'] },
  }))?.[0];
  if (picked === undefined) return;
  await compare(server, documents, document, { uri: document.uri.toString(), otherUri: picked.toString() }, workspace.asRelativePath(picked));
}

/** The document at `uri` (opened if need be), else the active editor's; undefined after saying it is no sitemap. */
async function sitemapDocument(uri: Uri | undefined, title: string): Promise<TextDocument | undefined> {
  const document = uri !== undefined ? await workspace.openTextDocument(uri) : window.activeTextEditor?.document;
  if (document === undefined || (document.languageId !== 'sitemap' && document.languageId !== 'sitemap-txt')) {
    void window.showErrorMessage(`${title}: open a sitemap first.`);
    return undefined;
  }
  return document;
}

async function compare(server: SitemapServer, documents: CompareDocuments, document: TextDocument, params: CompareParams, against: string): Promise<void> {
  const name = workspace.asRelativePath(document.uri);
  const result = await requestCompare(server, name, params, against);
  if (result === undefined) return;
  if (result.refused !== undefined) return showRefusal(name, document.uri, result);
  const oldName = params.otherUri === undefined ? result.old : against;
  const { counts } = result.diff!;
  const summary = compareSummary(name, oldName, result);
  if (counts.added + counts.removed + counts.lastmodChanged === 0) {
    void window.showInformationMessage(summary);
    return;
  }
  const lists = documents.add(`${document.uri.path.split('/').pop()} ↔ ${against.split(/[/\\]/).pop()}`, compareDocumentText(name, oldName, result));
  const opened = await workspace.openTextDocument(lists);
  await window.showTextDocument(opened, { viewColumn: ViewColumn.Beside, preview: true, preserveFocus: true });
  void window.showInformationMessage(summary, SHOW_LISTS, OPEN_PREVIEW).then(async (choice) => {
    if (choice === SHOW_LISTS) await window.showTextDocument(opened, { viewColumn: ViewColumn.Beside });
    if (choice === OPEN_PREVIEW) await commands.executeCommand('markdown.showPreviewToSide', lists);
  });
}

/** The server's answer, or undefined after saying why there is none (cancelled, the server stopped or failed). */
async function requestCompare(server: SitemapServer, name: string, params: CompareParams, against: string): Promise<CompareResult | undefined> {
  let result: CompareResult | null;
  let cancelled = false;
  try {
    result = await withCommandProgress({ title: `Comparing ${name} with ${against}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        return server.sendRequest<CompareResult | null>(COMPARE_REQUEST, params, token);
      });
  } catch (error) {
    if (cancelled) return undefined;
    void window.showErrorMessage(`Could not compare ${name}: ${isServerGone(error) ? SERVER_STOPPED : 'see Sitemap: Show Output'}.`);
    return undefined;
  }
  if (result === null && !cancelled) void window.showErrorMessage(`Could not compare ${name}: see Sitemap: Show Output.`);
  return result ?? undefined;
}

/** One message saying why, with the one action that helps where there is one. */
async function showRefusal(name: string, uri: Uri, result: CompareResult): Promise<void> {
  const { kind, message } = result.refused!;
  const action = kind === 'untrusted' ? MANAGE_TRUST : kind === 'not-in-repository' || kind === 'no-git' ? WITH_FILE : undefined;
  const text = `Cannot compare ${name}: ${message}`;
  const choice = await (action === undefined ? window.showWarningMessage(text) : window.showWarningMessage(text, action));
  if (choice === MANAGE_TRUST) await commands.executeCommand('workbench.trust.manage');
  if (choice === WITH_FILE) await commands.executeCommand(COMPARE_WITH_FILE_COMMAND, uri);
}
