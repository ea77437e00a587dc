/** The web extension's server: dist/web/server.js in a web worker, a new one at each (re)start. VS Code refuses `new
 * Worker` on a `vscode-remote:` URL (code-server, a remote), so the script is then fetched and started from a blob. */
import { Uri, type ExtensionContext } from 'vscode';
import { BaseLanguageClient, CloseAction, ErrorAction, State, type LanguageClientOptions, type MessageTransports } from 'vscode-languageclient/browser';
import { sitemapClientOptions, type ServerLauncher } from '../languageServer/clientOptions';
import { workerTransports, type ServerWorker } from './workerTransports';
import { answerWorkspaceFiles, withWorkspaceFiles } from './workspaceFiles';
import { READ_SCRIPT_REQUEST, type ReadScriptParams, type ServerScriptName } from '../../../shared/protocol';

/** The web server bundle, relative to the extension's root. */
export const WEB_SERVER_BUNDLE = 'dist/web/server.js';
/** The scripts the worker loads when first needed (READ_SCRIPT_REQUEST), relative to the extension's root. */
const SERVER_SCRIPTS: Record<ServerScriptName, string> = { pageRules: 'dist/web/pageRules.js' };

/** The web worker's global `Worker` (the DOM's types are not in the client's lib). */
declare const Worker: new (url: string) => ServerWorker;

export const webServerLauncher: ServerLauncher = {
  async create(context, outputChannel, hooks) {
    const clientOptions = withWorkspaceFiles(sitemapClientOptions(context, outputChannel, hooks, { CloseAction, ErrorAction }));
    const client = new WorkerLanguageClient(clientOptions, serverUri(context));
    answerWorkspaceFiles(client);
    client.onRequest(READ_SCRIPT_REQUEST, ({ name }: ReadScriptParams) => {
      if (!Object.hasOwn(SERVER_SCRIPTS, name)) throw new Error(`No server script ${String(name)}`);
      return readScript(Uri.joinPath(context.extensionUri, SERVER_SCRIPTS[name]));
    });
    return { client, State };
  },
  describe: (context) => `server ${serverUri(context).toString(true)} in a web worker`,
};

/**
 * vscode-languageclient/browser's client keeps the one worker it is given, which a restart after a crash cannot
 * reuse: this one starts a worker per connection and ends the previous one.
 */
class WorkerLanguageClient extends BaseLanguageClient {
  private worker: ServerWorker | undefined;

  constructor(clientOptions: LanguageClientOptions, private readonly script: Uri) {
    super('sitemap', 'Sitemap Studio', clientOptions);
  }

  protected async createMessageTransports(): Promise<MessageTransports> {
    this.worker?.terminate();
    this.worker = await startWorker(this.script);
    return workerTransports(this.worker);
  }

  override async dispose(timeout?: number): Promise<void> {
    try {
      await super.dispose(timeout);
    } finally {
      this.worker?.terminate();
      this.worker = undefined;
    }
  }
}

function serverUri(context: ExtensionContext): Uri {
  return Uri.joinPath(context.extensionUri, WEB_SERVER_BUNDLE);
}

async function startWorker(uri: Uri): Promise<ServerWorker> {
  try {
    return new Worker(uri.toString(true));
  } catch {
    const script = await readScript(uri);
    return new Worker(URL.createObjectURL(new Blob([script], { type: 'application/javascript' })));
  }
}

/** One of the extension's scripts, fetched (the extension host resolves a `vscode-remote:` URL, the worker could not). */
async function readScript(uri: Uri): Promise<string> {
  const response = await fetch(uri.toString(true));
  if (!response.ok) throw new Error(`Reading the language server's script ${uri.toString(true)}: HTTP ${response.status}`);
  return response.text();
}
