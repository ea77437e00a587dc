/** Activation of the web extension (package.json's `browser`, VS Code for the Web): the per-file features with the
 * server in a web worker. The commands that need Node (files, gzip, git, processes) are not registered here yet. */
import type { ExtensionContext } from 'vscode';
import { activateCore, extensionApi, type SitemapStudioApi } from '../activation';
import { startOnFirstSitemap } from '../documentActivation';
import type { SitemapServer } from '../languageServer/server';
import { registerSitemapsView } from '../sitemapsView/sitemapsView';
import { webServerLauncher } from './webServerLauncher';

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const { server: sitemapServer, output } = activateCore(context, webServerLauncher);
  server = sitemapServer;
  // The web worker's server answers sitemap/siteTree over the files this client reads for it (workspaceFiles.ts).
  const sitemapsView = registerSitemapsView(context, sitemapServer, output);
  startOnFirstSitemap(context, sitemapServer);
  return extensionApi(sitemapServer, {
    serverProcessId: () => undefined,
    sitemapsTree: (path) => sitemapsView.snapshot(path),
  });
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
