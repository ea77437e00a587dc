/** What the Node client (client.ts) and the web client (client/src/browser/) both give the language client: the
 * documents served, the settings and file events synchronized, the crash handling and the initialization options. */
import { ExtensionContext, TextDocument, workspace, type OutputChannel } from 'vscode';
import type { BaseLanguageClient, CloseAction, DocumentSelector, ErrorAction, LanguageClientOptions, Middleware, State } from 'vscode-languageclient';
import { COMPRESSED_SCHEME, REMOTE_SCHEME, type InitializationOptions } from '../../../shared/protocol';

/** The languages the server validates; the client starts when the first document of one of them opens. */
export const SITEMAP_LANGUAGES: readonly string[] = ['sitemap', 'sitemap-txt', 'robots-txt'];
/**
 * Files, untitled documents, compressed sitemaps opened as text (`sitemap-gz:`, client/src/gzip/), sitemaps read from
 * their URL (`sitemap-url:`, client/src/remote/; no such document exists on the web), and those of a
 * virtual workspace (`vscode-vfs:`…: `capabilities.virtualWorkspaces` is "limited" — the checks that need a file
 * system are skipped there). Not `git:` and other views of a file.
 */
const SCHEMES: readonly string[] = [...new Set(['file', 'untitled', COMPRESSED_SCHEME, REMOTE_SCHEME, ...(workspace.workspaceFolders ?? []).map((f) => f.uri.scheme)])];

const documentSelector: DocumentSelector = SCHEMES.flatMap((scheme) =>
  SITEMAP_LANGUAGES.map((language) => ({ scheme, language })),
);

/** Whether `document` is one the server would be sent (matches the document selector). */
export function isServedDocument(document: TextDocument): boolean {
  return SITEMAP_LANGUAGES.includes(document.languageId) && SCHEMES.includes(document.uri.scheme);
}

/**
 * What to do when the connection to the server closes without a stop (a crash): `restart` it, or `give-up` — the
 * caller then says so itself (the library's own message and its one button are replaced).
 */
export type CrashDecision = () => 'restart' | 'give-up';

/** What the client's owner decides about the connection: after a crash, and where published problems go. */
export interface ClientHooks {
  onCrash: CrashDecision;
  handleDiagnostics: NonNullable<Middleware['handleDiagnostics']>;
}

/** A created (not started) language client, with its library's `State` (the Node and the browser library each have theirs). */
export interface CreatedClient {
  client: BaseLanguageClient;
  State: typeof State;
}

/** How a client and its server are made where the extension runs: a Node process over IPC, or a web worker. */
export interface ServerLauncher {
  create(context: ExtensionContext, outputChannel: OutputChannel, hooks: ClientHooks): Promise<CreatedClient>;
  /** Where the server runs and over what, for the output's start line. */
  describe(context: ExtensionContext): string;
}

/**
 * The client's options. A connection error is logged and nothing more: if the connection is gone its close follows and
 * `onCrash` decides, rather than the library's default, which shuts the server down after a few errors outside any
 * crash count, each error in a notification.
 */
export function sitemapClientOptions(
  context: ExtensionContext, outputChannel: OutputChannel, { onCrash, handleDiagnostics }: ClientHooks,
  actions: { ErrorAction: typeof ErrorAction; CloseAction: typeof CloseAction },
): LanguageClientOptions {
  const { ErrorAction: Errors, CloseAction: Closes } = actions;
  // Built pages and the redirects files hosts read too: the page rules follow them (docs/architecture.md, "The page checks").
  const fileEvents = workspace.createFileSystemWatcher('**/{robots.txt,*.xml,*.txt,*.xml.gz,*.txt.gz,*.html,*.htm,_redirects,vercel.json}');
  context.subscriptions.push(fileEvents);
  return {
    documentSelector,
    synchronize: { configurationSection: 'sitemap', fileEvents },
    outputChannel,
    middleware: { handleDiagnostics },
    errorHandler: {
      error: () => ({ action: Errors.Continue, handled: true }),
      closed: () => ({ action: onCrash() === 'restart' ? Closes.Restart : Closes.DoNotRestart, handled: true }),
    },
    // Read at each start: a restart after trust was granted says so.
    initializationOptions: (): InitializationOptions => ({
      statusNotifications: true, setLanguageCommand: true, splitCommand: true, allowHostCommand: true, siteRootOffer: true, pageSourcesWarnings: true, workspaceTrusted: workspace.isTrusted,
    }),
  };
}
