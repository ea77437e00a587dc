/** Activation of the web extension (package.json's `browser`, VS Code for the Web): the per-file features with the
 * server in a web worker, the edit commands, `.gz` files, Split/Merge as in-editor edits and Check Site. Not here: what
 * needs Node (Compare, git, the built pages' edits), which the palette offers only where the Node entry registered them
 * or its server said it runs them (contextKeys.ts). */
import type { ExtensionContext } from 'vscode';
import { activateCore, extensionApi, type SitemapStudioApi } from '../activation';
import { registerCheckSiteCommand } from '../commands/checkSite';
import { registerEditCommands } from '../commands/editCommands';
import { registerMergeCommand } from '../commands/merge';
import { registerSplitCommand } from '../commands/split/split';
import { startOnFirstSitemap } from '../documentActivation';
import { registerCompressedFiles } from '../gzip/open';
import type { SitemapServer } from '../languageServer/server';
import { webGzipFiles } from '../gzip/webGzipFiles';
import { registerSitemapsView } from '../sitemapsView/sitemapsView';
import { webServerLauncher } from './webServerLauncher';
import { webSplit } from './webSplit';

let server: SitemapServer | undefined;

export function activate(context: ExtensionContext): SitemapStudioApi {
  const { server: sitemapServer, output } = activateCore(context, webServerLauncher);
  server = sitemapServer;
  registerCompressedFiles(context, webGzipFiles, true);
  registerEditCommands(context, sitemapServer);
  registerMergeCommand(context, sitemapServer);
  registerSplitCommand(context, sitemapServer, output, webSplit);
  // The web worker's server answers sitemap/siteTree over the files this client reads for it (workspaceFiles.ts).
  const sitemapsView = registerSitemapsView(context, sitemapServer, output);
  // Check Site runs in the web worker's server, over the files this client lists and reads for it.
  registerCheckSiteCommand(context, sitemapServer, output, async () => (await import('vscode-languageclient/browser')).WorkDoneProgress.type);
  startOnFirstSitemap(context, sitemapServer);
  return extensionApi(sitemapServer, output, {
    serverProcessId: () => undefined,
    sitemapsTree: (path) => sitemapsView.snapshot(path),
  });
}

export async function deactivate(): Promise<void> {
  await server?.stop();
}
