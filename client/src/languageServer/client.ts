import { ExtensionContext, TextDocument, workspace, type OutputChannel } from 'vscode';
// Types only: the library (about 30 ms to load) is imported when the client is created, so activating on `xml`
// files stays cheap.
import type { DocumentSelector, LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { COMPRESSED_SCHEME, type InitializationOptions } from '../../../shared/protocol';

/** The languages the server validates; the client starts when the first document of one of them opens. */
export const SITEMAP_LANGUAGES: readonly string[] = ['sitemap', 'sitemap-txt', 'robots-txt'];
/**
 * Files, untitled documents, compressed sitemaps opened as text (`sitemap-gz:`, client/src/gzip/), and those of a
 * virtual workspace (`vscode-vfs:`…: `capabilities.virtualWorkspaces` is "limited" — the checks that need a file
 * system are skipped there). Not `git:` and other views of a file.
 */
const SCHEMES: readonly string[] = [...new Set(['file', 'untitled', COMPRESSED_SCHEME, ...(workspace.workspaceFolders ?? []).map((f) => f.uri.scheme)])];

const documentSelector: DocumentSelector = SCHEMES.flatMap((scheme) =>
  SITEMAP_LANGUAGES.map((language) => ({ scheme, language })),
);

/** The server bundle, relative to the extension's root. */
export const SERVER_BUNDLE = 'dist/server.js';

/** Whether `document` is one the server would be sent (matches the document selector). */
export function isServedDocument(document: TextDocument): boolean {
  return SITEMAP_LANGUAGES.includes(document.languageId) && SCHEMES.includes(document.uri.scheme);
}

/**
 * What to do when the connection to the server closes without a stop (a crash): `restart` it, or `give-up` — the
 * caller then says so itself (the library's own message and its one button are replaced).
 */
export type CrashDecision = () => 'restart' | 'give-up';

/**
 * Creates (does not start) the language client; its id `sitemap` makes it read `sitemap.trace.server`. A connection
 * error is logged and nothing more: if the connection is gone its close follows and `onCrash` decides, rather than the
 * library's default, which shuts the server down after a few errors outside any crash count, each error in a notification.
 */
export async function createLanguageClient(context: ExtensionContext, outputChannel: OutputChannel, onCrash: CrashDecision): Promise<LanguageClient> {
  const { LanguageClient, TransportKind, CloseAction, ErrorAction } = await import('vscode-languageclient/node');
  const module = context.asAbsolutePath(SERVER_BUNDLE);
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };

  // Built pages and the redirects files hosts read too: the page rules follow them (docs/architecture.md, "The page checks").
  const fileEvents = workspace.createFileSystemWatcher('**/{robots.txt,*.xml,*.txt,*.xml.gz,*.txt.gz,*.html,*.htm,_redirects,vercel.json}');
  context.subscriptions.push(fileEvents);

  const clientOptions: LanguageClientOptions = {
    documentSelector,
    synchronize: { configurationSection: 'sitemap', fileEvents },
    outputChannel,
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue, handled: true }),
      closed: () => ({ action: onCrash() === 'restart' ? CloseAction.Restart : CloseAction.DoNotRestart, handled: true }),
    },
    // Read at each start: a restart after trust was granted says so.
    initializationOptions: (): InitializationOptions => ({
      statusNotifications: true, setLanguageCommand: true, splitCommand: true, allowHostCommand: true, workspaceTrusted: workspace.isTrusted,
    }),
  };

  return new LanguageClient('sitemap', 'Sitemap Studio', serverOptions, clientOptions);
}
