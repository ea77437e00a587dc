/** The web extension's server: dist/web/server.js in a web worker. VS Code refuses `new Worker` on a `vscode-remote:`
 * URL (code-server, a remote), so the script is then fetched and started from a blob (shared/recipes: real-vscode). */
import { Uri, type ExtensionContext } from 'vscode';
import { CloseAction, ErrorAction, LanguageClient, State } from 'vscode-languageclient/browser';
import { sitemapClientOptions, type ServerLauncher } from '../languageServer/clientOptions';
import { answerWorkspaceFiles, withWorkspaceFiles } from './workspaceFiles';

/** The web server bundle, relative to the extension's root. */
export const WEB_SERVER_BUNDLE = 'dist/web/server.js';

/** The web worker's global `Worker` (the DOM's types are not in the client's lib). */
declare const Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3];

export const webServerLauncher: ServerLauncher = {
  async create(context, outputChannel, onCrash) {
    const worker = await startWorker(serverUri(context));
    const clientOptions = withWorkspaceFiles(sitemapClientOptions(context, outputChannel, onCrash, { CloseAction, ErrorAction }));
    const client = new LanguageClient('sitemap', 'Sitemap Studio', clientOptions, worker);
    answerWorkspaceFiles(client);
    return { client, State };
  },
  describe: (context) => `server ${serverUri(context).toString(true)} in a web worker`,
};

function serverUri(context: ExtensionContext): Uri {
  return Uri.joinPath(context.extensionUri, WEB_SERVER_BUNDLE);
}

async function startWorker(uri: Uri): Promise<ConstructorParameters<typeof LanguageClient>[3]> {
  try {
    return new Worker(uri.toString(true));
  } catch {
    const response = await fetch(uri.toString(true));
    if (!response.ok) throw new Error(`Reading the language server ${uri.toString(true)}: HTTP ${response.status}`);
    const script = await response.text();
    return new Worker(URL.createObjectURL(new Blob([script], { type: 'application/javascript' })));
  }
}
