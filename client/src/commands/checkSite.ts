// Sitemap: Check Site. The server lints every sitemap and robots.txt of the workspace (in a child process, or in the web worker) and publishes
// the problems itself, so they reach the Problems panel for files that are not open; this shows its progress with
// Cancel, then a summary. A cancelled run changes nothing in the Problems panel: the previous run's problems stay. Files
// that change under a run are checked again by the server; a warning says when they kept changing.
import { withCommandProgress } from './commandProgress';
import { commands, window, workspace, type CancellationToken, type ExtensionContext, type Progress } from 'vscode';
import { CHECK_SITE_REQUEST, type CheckSiteParams, type CheckSiteResult } from '../../../shared/protocol';
import type { SitemapOutput } from '../output';
import type { SitemapServer } from '../languageServer/server';
import { isServerGone } from '../languageServer/serverGone';
import { requestWithProgress, type WorkDoneProgressType } from './workDoneRequest';

export const CHECK_SITE_COMMAND = 'sitemap.checkSite';

export function registerCheckSiteCommand(context: ExtensionContext, server: SitemapServer, output: SitemapOutput, progressType: WorkDoneProgressType): void {
  context.subscriptions.push(commands.registerCommand(CHECK_SITE_COMMAND, () => runCheckSite(server, output, progressType)));
}

/** What the command resolves with, for the tests: the server's summary, or how it failed; undefined when cancelled or without a folder. */
export type CheckSiteOutcome = CheckSiteResult | { failed: 'server-stopped' | 'error' } | undefined;

async function runCheckSite(server: SitemapServer, output: SitemapOutput, progressType: WorkDoneProgressType): Promise<CheckSiteOutcome> {
  if ((workspace.workspaceFolders ?? []).length === 0) {
    void window.showInformationMessage('Check Site checks the sitemaps of the workspace: open a folder first.');
    return undefined;
  }
  let result: CheckSiteResult | undefined;
  try {
    result = await withCommandProgress({ title: 'Checking the site', cancellable: true },
      (progress, token) => request(server, progressType, progress, token));
  } catch (error) {
    if (isServerGone(error)) return serverStopped(server, output);
    output.error('Check Site failed', error);
    void window.showErrorMessage('Check Site failed: see Sitemap: Show Output.');
    return { failed: 'error' };
  }
  if (result === undefined) {
    void window.showInformationMessage('Check Site cancelled: the Problems panel keeps the previous results.');
  } else if (result.files === 0) {
    void window.showInformationMessage('Check Site found no sitemap or robots.txt in the workspace.');
  } else {
    for (const u of result.unreadable) output.info(`Check Site could not read ${u.uri}: ${u.reason}`);
    // Checked three times, and the files still changed under the last run: its results may mix before and after.
    const show = result.changedWhileChecking === true ? window.showWarningMessage : window.showInformationMessage;
    const unsettled = result.changedWhileChecking === true ? ' Files kept changing on disk while it ran: some results may predate the change; run it again once they are written.' : '';
    void show(summary(result) + unsettled, 'Show Problems').then((choice) => {
      if (choice !== undefined) void commands.executeCommand('workbench.actions.view.problems');
    });
  }
  return result;
}

/**
 * The server went away before it answered (it publishes a run's problems all at once, just before its answer): this
 * run's problems are not in the Problems panel, the previous run's stay while the server restarts, and a server that
 * is not restarted takes every problem with it. Said once, in one line, as the log says it (issue 33: a raw
 * "Pending response rejected" stack and a message pointing to it).
 */
function serverStopped(server: SitemapServer, output: SitemapOutput): CheckSiteOutcome {
  const shown = server.health === 'stopped'
    ? 'the Problems panel shows no problem of the server\'s until it runs again (Sitemap: Restart Language Server)'
    : 'the Problems panel keeps the previous run\'s problems, if any. Run Check Site again once the server has restarted';
  const message = `The language server stopped during Check Site, before it sent this run's problems: ${shown}.`;
  output.warn(message);
  void window.showErrorMessage(message);
  return { failed: 'server-stopped' };
}

/** The request, its work-done progress shown in the notification; undefined when cancelled. */
function request(server: SitemapServer, progressType: WorkDoneProgressType, progress: Progress<{ message?: string; increment?: number }>, token: CancellationToken): Promise<CheckSiteResult | undefined> {
  return requestWithProgress<CheckSiteResult>(server, progressType, CHECK_SITE_REQUEST, (workDoneToken): CheckSiteParams => ({ workDoneToken }), progress, token);
}

function summary(result: CheckSiteResult): string {
  const problems = result.errors + result.warnings + result.others;
  const parts = [count(result.errors, 'error', 'errors'), count(result.warnings, 'warning', 'warnings')];
  if (result.others > 0) parts.push(`${result.others} other`);
  const folders = result.folders > 1 ? ` in ${result.folders} folders` : '';
  const unreadable = result.unreadable.length > 0 ? ` ${count(result.unreadable.length, 'file', 'files')} could not be read (see Sitemap: Show Output).` : '';
  return `Checked ${count(result.files, 'file', 'files')}${folders}: ${problems === 0 ? 'no problems' : parts.join(', ')}.${unreadable}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
