import { env } from 'vscode';
// Types only: the library (about 30 ms to load) is imported when the client is created, so activating on `xml`
// files stays cheap.
import type { ServerOptions } from 'vscode-languageclient/node';
import { sitemapClientOptions, type ServerLauncher } from './clientOptions';

/** The server bundle, relative to the extension's root. */
export const SERVER_BUNDLE = 'dist/server.js';

/** The desktop's (and a remote's) server: dist/server.js in a Node process over IPC; the client's id `sitemap` makes
 * it read `sitemap.trace.server`. */
export const nodeServerLauncher: ServerLauncher = {
  async create(context, outputChannel, hooks) {
    const { LanguageClient, TransportKind, CloseAction, ErrorAction, State } = await import('vscode-languageclient/node');
    const module = context.asAbsolutePath(SERVER_BUNDLE);
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    const clientOptions = sitemapClientOptions(context, outputChannel, hooks, { CloseAction, ErrorAction });
    return { client: new LanguageClient('sitemap', 'Sitemap Studio', serverOptions, clientOptions), State };
  },
  describe: (context) => `server ${context.asAbsolutePath(SERVER_BUNDLE)} over IPC, `
    + `${env.appName} ${env.appHost}, extension host Node ${process.versions.node}`,
};
