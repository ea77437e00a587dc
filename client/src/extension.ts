// Activation only: wires content detection, the commands, and starts the language server lazily.
// Activating on `xml` files must cost almost nothing: no client, no server process until a sitemap is open.
import type { ExtensionContext } from 'vscode';
import { nodeServerLauncher } from './languageServer/client';
import { registerContentDetection, startOnFirstSitemap } from './documentActivation';
import { registerCommands } from './commands/commands';
import { registerCompressedFiles } from './gzip/open';
import { registerCheckSiteCommand } from './commands/checkSite';
import { registerCompareCommands } from './commands/compare/compare';
import { registerEditCommands } from './commands/editCommands';
import { registerMergeCommand } from './commands/merge';
import { registerAllowHostCommand } from './commands/allowHost';
import { registerSetLanguageCommand } from './commands/setLanguage';
import { registerSplitCommand } from './commands/split/split';
import { registerSitemapsView, type SitemapsItemSnapshot } from './sitemapsView/sitemapsView';
import { SitemapOutput } from './output';
import { SitemapServer } from './languageServer/server';
import type { ServerHealth } from './languageServer/serverHealth';
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
}

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const output = new SitemapOutput();
  const sitemapServer = (server = new SitemapServer(context, output, nodeServerLauncher));
  context.subscriptions.push(output, sitemapServer);
  registerCommands(context, sitemapServer, output);
  registerContentDetection(context);
  registerSetLanguageCommand(context);
  registerAllowHostCommand(context);
  registerCompressedFiles(context);
  registerEditCommands(context, sitemapServer);
  registerMergeCommand(context, sitemapServer);
  registerSplitCommand(context, sitemapServer, output);
  registerCheckSiteCommand(context, sitemapServer, output);
  registerCompareCommands(context, sitemapServer);
  const sitemapsView = registerSitemapsView(context, sitemapServer, output);
  startOnFirstSitemap(context, sitemapServer);
  return {
    isClientRunning: () => sitemapServer.isRunning,
    serverStarts: () => sitemapServer.startCount,
    statusBar: () => sitemapServer.status?.current,
    serverHealth: () => sitemapServer.health,
    serverProcessId: () => sitemapServer.processId,
    sitemapsTree: (path) => sitemapsView.snapshot(path),
  };
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
