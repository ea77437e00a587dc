/** Activation of the web extension (package.json's `browser`, VS Code for the Web): the per-file features with the
 * server in a web worker. The commands that need Node (files, gzip, git, processes) are not registered here yet. */
import type { ExtensionContext } from 'vscode';
import { activateCore, extensionApi, type SitemapStudioApi } from '../activation';
import { startOnFirstSitemap } from '../documentActivation';
import type { SitemapServer } from '../languageServer/server';
import { webServerLauncher } from './webServerLauncher';

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const { server: sitemapServer } = activateCore(context, webServerLauncher);
  server = sitemapServer;
  startOnFirstSitemap(context, sitemapServer);
  return extensionApi(sitemapServer, {
    serverProcessId: () => undefined,
    // The Sitemaps view needs the site parts, which the web worker's server does not have yet.
    sitemapsTree: async () => [],
  });
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
