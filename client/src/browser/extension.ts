/** Activation of the web extension (package.json's `browser`, VS Code for the Web): the per-file features with the
 * server in a web worker. The commands that need Node (files, gzip, git, processes) are not registered here yet. */
import type { ExtensionContext } from 'vscode';
import { registerCommands } from '../commands/commands';
import { registerAllowHostCommand } from '../commands/allowHost';
import { registerSetLanguageCommand } from '../commands/setLanguage';
import { registerContentDetection, startOnFirstSitemap } from '../documentActivation';
import { SitemapServer } from '../languageServer/server';
import { SitemapOutput } from '../output';
import type { SitemapStudioApi } from '../extension';
import { webServerLauncher } from './webServerLauncher';

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const output = new SitemapOutput();
  const sitemapServer = (server = new SitemapServer(context, output, webServerLauncher));
  context.subscriptions.push(output, sitemapServer);
  registerCommands(context, sitemapServer, output);
  registerContentDetection(context);
  registerSetLanguageCommand(context);
  registerAllowHostCommand(context);
  startOnFirstSitemap(context, sitemapServer);
  return {
    isClientRunning: () => sitemapServer.isRunning,
    serverStarts: () => sitemapServer.startCount,
    statusBar: () => sitemapServer.status?.current,
    serverHealth: () => sitemapServer.health,
    serverProcessId: () => undefined,
    // The Sitemaps view needs the site parts, which the web worker's server does not have yet.
    sitemapsTree: async () => [],
  };
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
