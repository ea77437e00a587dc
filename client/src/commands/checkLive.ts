/** Sitemap: Check Listed URLs Live (issue 34): the server asks each URL the active sitemap lists what it answers over
 * HTTP (sitemap/checkLive) and publishes the verdicts with the document's problems as they are known; this shows its
 * progress ("1,204 of 5,000 URLs") in a notification whose Cancel stops every request at once, then a summary with
 * Show Problems. Registered by the Node entry only: the web worker's server has no HTTP client. */
import { commands, window, workspace, type CancellationToken, type ExtensionContext, type Progress, type TextDocument } from 'vscode';
import { CHECK_LIVE_REQUEST, type CheckLiveParams, type CheckLiveResult } from '../../../shared/protocol';
import type { SitemapServer } from '../languageServer/server';
import { isServerGone } from '../languageServer/serverGone';
import type { SitemapOutput } from '../output';
import { LIVE_CHECK_CONTEXT_KEY, setContextKey } from '../contextKeys';
import { withCommandProgress } from './commandProgress';
import { commandTargetUri } from './commandTarget';
import { requestWithProgress, type WorkDoneProgressType } from './workDoneRequest';
import type { BaseLanguageClient } from 'vscode-languageclient';

export const CHECK_LIVE_COMMAND = 'sitemap.checkLive';

const LANGUAGES = new Set(['sitemap', 'sitemap-txt']);

/** What the command resolves with, for the tests: the server's summary, or how it failed; undefined when cancelled or nothing to check. */
export type CheckLiveOutcome = CheckLiveResult | { failed: 'server-stopped' | 'refused' | 'error'; message?: string } | undefined;

export function registerCheckLiveCommand(context: ExtensionContext, server: SitemapServer, output: SitemapOutput, progressType: WorkDoneProgressType): void {
  context.subscriptions.push(commands.registerCommand(CHECK_LIVE_COMMAND, (target?: unknown) => runCheckLive(target, server, output, progressType)));
  setContextKey(LIVE_CHECK_CONTEXT_KEY, true);
}

async function runCheckLive(target: unknown, server: SitemapServer, output: SitemapOutput, progressType: WorkDoneProgressType): Promise<CheckLiveOutcome> {
  const document = targetDocument(target);
  if (document === undefined) {
    void window.showInformationMessage('Check Listed URLs Live checks the sitemap in the active editor: open a sitemap or text sitemap first.');
    return undefined;
  }
  let result: CheckLiveResult | undefined;
  try {
    result = await withCommandProgress({ title: 'Checking listed URLs', cancellable: true },
      (progress, token) => request(server, progressType, document, progress, token));
  } catch (error) {
    return failed(error, server, output);
  }
  if (result === undefined) {
    void window.showInformationMessage('Check Listed URLs Live cancelled: the verdicts found so far stay in the Problems panel.');
    return undefined;
  }
  for (const note of result.notes) output.warn(`Check Listed URLs Live: ${note}`);
  void window.showInformationMessage(summary(result), 'Show Problems').then((choice) => {
    if (choice !== undefined) void commands.executeCommand('workbench.actions.view.problems');
  });
  return result;
}

/** The document the command runs on: the one named (the editor title's menu, the tests), else the active editor's. */
function targetDocument(target: unknown): TextDocument | undefined {
  const uri = commandTargetUri(target)?.toString();
  const document = uri === undefined ? window.activeTextEditor?.document : workspace.textDocuments.find((d) => d.uri.toString() === uri);
  return document !== undefined && LANGUAGES.has(document.languageId) ? document : undefined;
}

function failed(error: unknown, server: SitemapServer, output: SitemapOutput): CheckLiveOutcome {
  if (isServerGone(error)) {
    const message = `The language server stopped during Check Listed URLs Live${server.health === 'stopped' ? ': run Sitemap: Restart Language Server, then the command again' : ''}.`;
    output.warn(message);
    void window.showErrorMessage(message);
    return { failed: 'server-stopped' };
  }
  // The server's own one line (no location, an index, the web worker): said as it is.
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === -32001) {
    void window.showWarningMessage(message);
    return { failed: 'refused', message };
  }
  output.error('Check Listed URLs Live failed', error);
  void window.showErrorMessage('Check Listed URLs Live failed: see Sitemap: Show Output.');
  return { failed: 'error', message };
}

/** The request, its work-done progress shown in the notification; undefined when cancelled. */
function request(server: SitemapServer, progressType: WorkDoneProgressType, document: TextDocument, progress: Progress<{ message?: string; increment?: number }>, token: CancellationToken): Promise<CheckLiveResult | undefined> {
  const params = (workDoneToken: string, client: BaseLanguageClient): CheckLiveParams => ({ uri: client.code2ProtocolConverter.asUri(document.uri), workDoneToken });
  return requestWithProgress<CheckLiveResult>(server, progressType, CHECK_LIVE_REQUEST, params, progress, token);
}

/** "Checked 5,000 URLs: 3 problems (2 page-not-found, 1 page-redirect)." */
export function summary(result: CheckLiveResult): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const byRule = Object.entries(result.problems).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = byRule.reduce((sum, [, count]) => sum + count, 0);
  const problems = total === 0 ? 'no problems' : `${n(total)} ${total === 1 ? 'problem' : 'problems'} (${byRule.map(([rule, count]) => `${n(count)} ${rule}`).join(', ')})`;
  const elsewhere = result.otherOrigins === 0 ? '' : ` ${n(result.otherOrigins)} listed on other origins ${result.otherOrigins === 1 ? 'was' : 'were'} not asked.`;
  const notes = result.notes.length === 0 ? '' : ' Some origins were not asked: see Sitemap: Show Output.';
  return `Checked ${n(result.checked)} ${result.checked === 1 ? 'URL' : 'URLs'}: ${problems}.${elsewhere}${notes}`;
}
