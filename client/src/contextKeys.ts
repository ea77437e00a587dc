/** The context keys the extension sets for package.json's `when` clauses, kept as set: the extension's API gives them
 * to the in-editor tests, which check each palette entry's clause against the commands registered (VS Code has no API
 * that reads a context key back). */
import { commands } from 'vscode';

/** A server has been started in this window (the command palette offers Restart then). */
export const STARTED_CONTEXT_KEY = 'sitemap.serverStarted';
/** The running server adds a site's unlisted pages (ServerAbilities.pageEdits): Add Unlisted Pages is offered. */
export const SERVER_READS_PAGES_CONTEXT_KEY = 'sitemap.serverReadsPages';
/** The running server reads git history (ServerAbilities.gitHistory): Set lastmod from Git History is offered. */
export const SERVER_READS_GIT_CONTEXT_KEY = 'sitemap.serverReadsGit';
/** This extension host registered Compare with Last Commit / with File… (the Node entry: the Node server compares). */
export const COMPARE_CONTEXT_KEY = 'sitemap.canCompare';
/** This extension host registered Open from URL… (the Node entry: the Node server reads URLs). */
export const OPEN_URL_CONTEXT_KEY = 'sitemap.canOpenUrl';
/** This extension host registered Check Listed URLs Live (the Node entry: the Node server asks over HTTP). */
export const LIVE_CHECK_CONTEXT_KEY = 'sitemap.canCheckLive';

const values = new Map<string, unknown>();

export function setContextKey(key: string, value: unknown): void {
  values.set(key, value);
  void commands.executeCommand('setContext', key, value);
}

/** The keys set so far, with their last values. */
export function contextKeyValues(): Record<string, unknown> {
  return Object.fromEntries(values);
}
