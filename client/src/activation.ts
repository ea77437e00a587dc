/** What the Node and the web entries activate alike: the output, the server (launched each its own way), the
 * commands that need no files of their own, and the API the extension tests read. */
import type { ExtensionContext } from 'vscode';
import { registerAllowHostCommand } from './commands/allowHost';
import { registerCommands } from './commands/commands';
import { registerSetLanguageCommand } from './commands/setLanguage';
import { registerContentDetection } from './documentActivation';
import type { ServerLauncher } from './languageServer/clientOptions';
import type { ServerHealth } from './languageServer/serverHealth';
import { SitemapServer } from './languageServer/server';
import { SitemapOutput } from './output';
import { contextKeyValues } from './contextKeys';
import type { SitemapsItemSnapshot, SitemapsTreeProvider } from './sitemapsView/sitemapsView';
import type { StatusBarState } from './status/statusBar';

/** Returned from `activate` for the extension tests (`extension.exports`). */
export interface SitemapStudioApi {
  isClientRunning(): boolean;
  /** How many times the language server has reached the running state (a restart adds one). */
  serverStarts(): number;
  /** What the status bar item shows; `undefined` while it is hidden. */
  statusBar(): StatusBarState | undefined;
  /** Whether the server runs, is being restarted, or has stopped for good. */
  serverHealth(): ServerHealth;
  /** The running server's process id (the in-editor tests kill it). */
  serverProcessId(): number | undefined;
  /** The Sitemaps view's items under the node reached by `path` (node ids: files' URIs) from its top level, as shown. */
  sitemapsTree(path?: readonly string[]): Promise<SitemapsItemSnapshot[]>;
  /** The context keys the extension has set, with their values (package.json's `when` clauses read them). */
  contextKeys(): Record<string, unknown>;
  /** How many lines the output channel has had, and those since the `from`-th, each `[level] text` (the in-editor tests read what a failure logged). */
  outputLineCount(): number;
  outputLines(from: number): string[];
  /** The Sitemaps view's data provider, as VS Code calls it (the in-editor tests click its items, run their menus). */
  sitemapsProvider?: SitemapsTreeProvider;
}

export function activateCore(context: ExtensionContext, launcher: ServerLauncher): { server: SitemapServer; output: SitemapOutput } {
  const output = new SitemapOutput();
  const server = new SitemapServer(context, output, launcher);
  context.subscriptions.push(output, server);
  registerCommands(context, server, output);
  registerContentDetection(context);
  registerSetLanguageCommand(context);
  registerAllowHostCommand(context);
  return { server, output };
}

/** The API over `server`, with what differs between the entries. */
export function extensionApi(server: SitemapServer, output: SitemapOutput, own: Pick<SitemapStudioApi, 'serverProcessId' | 'sitemapsTree' | 'sitemapsProvider'>): SitemapStudioApi {
  return {
    isClientRunning: () => server.isRunning,
    serverStarts: () => server.startCount,
    statusBar: () => server.status?.current,
    serverHealth: () => server.health,
    contextKeys: contextKeyValues,
    outputLineCount: () => output.lineCount,
    outputLines: (from) => output.linesSince(from),
    ...own,
  };
}
