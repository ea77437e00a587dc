// Activation only: wires content detection, the commands, and starts the language server lazily.
// Activating on `xml` files must cost almost nothing: no client, no server process until a sitemap is open.
import type { ExtensionContext } from 'vscode';
import { activateCore, extensionApi, type SitemapStudioApi } from './activation';
import { nodeServerLauncher } from './languageServer/client';
import { startOnFirstSitemap } from './documentActivation';
import { registerCompressedFiles } from './gzip/open';
import { nodeGzipFiles } from './gzip/nodeGzipFiles';
import { registerCheckSiteCommand } from './commands/checkSite';
import { registerCheckLiveCommand } from './commands/checkLive';
import { registerCompareCommands } from './commands/compare/compare';
import { registerEditCommands } from './commands/editCommands';
import { registerMergeCommand } from './commands/merge';
import { registerSplitCommand } from './commands/split/split';
import { nodeSplit } from './commands/split/nodeSplit';
import { registerSitemapsView } from './sitemapsView/sitemapsView';
import { registerRemoteSitemaps } from './remote/remoteSitemaps';
import type { SitemapServer } from './languageServer/server';

export type { SitemapStudioApi } from './activation';

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const { server: sitemapServer, output } = activateCore(context, nodeServerLauncher);
  server = sitemapServer;
  registerCompressedFiles(context, nodeGzipFiles, process.platform === 'linux');
  registerEditCommands(context, sitemapServer);
  registerMergeCommand(context, sitemapServer);
  registerSplitCommand(context, sitemapServer, output, nodeSplit);
  registerCheckSiteCommand(context, sitemapServer, output, async () => (await import('vscode-languageclient/node')).WorkDoneProgress.type);
  registerCheckLiveCommand(context, sitemapServer, output, async () => (await import('vscode-languageclient/node')).WorkDoneProgress.type);
  registerCompareCommands(context, sitemapServer);
  registerRemoteSitemaps(context, sitemapServer, output);
  const sitemapsView = registerSitemapsView(context, sitemapServer, output);
  startOnFirstSitemap(context, sitemapServer);
  return extensionApi(sitemapServer, output, {
    serverProcessId: () => sitemapServer.processId,
    sitemapsTree: (path) => sitemapsView.snapshot(path),
    sitemapsProvider: sitemapsView,
  });
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
