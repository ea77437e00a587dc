/** Sitemap: Open from URL… (issue 34): a sitemap read from its URL opens read-only as a `sitemap-url:` document
 * (shared/remoteUri.ts), whose text the server reads over HTTP (REMOTE_SITEMAP_REQUEST) and whose location is the URL,
 * so that every diagnostic, hover, the outline and the Sitemaps view work on it. A text document content provider, not
 * a file system: VS Code's Save As then offers a file of the workspace (for a file system's resource it offers that
 * file system's own path, which a read-only one cannot write), so that Save As keeps a copy. */
import {
  EventEmitter, Uri, commands, window, workspace,
  type CancellationToken, type ExtensionContext, type TextDocumentContentProvider,
} from 'vscode';
import { REMOTE_SCHEME, REMOTE_SITEMAP_REQUEST, type RemoteSitemapParams, type RemoteSitemapResult } from '../../../shared/protocol';
import { remoteUrlOf, toRemoteUri } from '../../../shared/remoteUri';
import { decodeSniffed } from '../../../shared/fileEncoding';
import type { SitemapServer } from '../languageServer/server';
import type { SitemapOutput } from '../output';
import { withCommandProgress } from '../commands/commandProgress';
import { OPEN_URL_CONTEXT_KEY, setContextKey } from '../contextKeys';

export const OPEN_FROM_URL_COMMAND = 'sitemap.openFromUrl';

export function registerRemoteSitemaps(context: ExtensionContext, server: SitemapServer, output: SitemapOutput): void {
  const files = new RemoteSitemapTexts(server, output);
  context.subscriptions.push(
    workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, files),
    commands.registerCommand(OPEN_FROM_URL_COMMAND, (url?: unknown) => openFromUrl(typeof url === 'string' ? url : undefined, files, output)),
  );
  setContextKey(OPEN_URL_CONTEXT_KEY, true);
}

/**
 * Asks for the URL (unless given: the Sitemaps view, a keybinding, the tests), opens its document; resolves with its
 * URI, or undefined. Asked for a URL already open, it reads it again (what File: Revert File does for a file).
 */
async function openFromUrl(given: string | undefined, files: RemoteSitemapTexts, output: SitemapOutput): Promise<string | undefined> {
  const url = (given ?? await window.showInputBox({
    title: 'Open Sitemap from URL',
    prompt: 'A sitemap, sitemap index, text sitemap or robots.txt, read over HTTP and opened read-only',
    placeHolder: 'https://www.example.com/sitemap.xml',
    ignoreFocusOut: true,
    validateInput: urlProblem,
  }))?.trim();
  if (url === undefined || url === '') return undefined;
  const problem = urlProblem(url);
  if (problem !== undefined) {
    void window.showErrorMessage(problem);
    return undefined;
  }
  const uri = Uri.parse(toRemoteUri(url));
  const open = workspace.textDocuments.some((document) => document.uri.toString() === uri.toString());
  try {
    const document = await withCommandProgress({ title: `Reading ${url}` }, async () => {
      if (open) await files.readAgain(uri);
      return workspace.openTextDocument(uri);
    });
    await window.showTextDocument(document, { preview: false });
    return uri.toString();
  } catch (error) {
    // The server's one line (it names the URL) rather than VS Code's wrapping of the provider's error.
    const said = files.failureOf(uri) ?? `${url}: ${error instanceof Error ? error.message : String(error)}`;
    output.warn(`Open from URL: ${said}`);
    void window.showErrorMessage(`Could not open ${said}`);
    return undefined;
  }
}

/** Why `text` is no URL the command reads; undefined when it is one. */
export function urlProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return 'An http:// or https:// URL';
  return URL.canParse(trimmed) ? undefined : 'Not a valid URL';
}

/** The `sitemap-url:` documents' texts: each read asks the server, decoded as a file is (a byte-order mark, UTF-16). */
class RemoteSitemapTexts implements TextDocumentContentProvider {
  private readonly changes = new EventEmitter<Uri>();
  readonly onDidChange = this.changes.event;
  private readonly failures = new Map<string, string>();
  /** The reads asked for by readAgain, by URI: settled by the read VS Code then makes. */
  private readonly rereads = new Map<string, { resolve: () => void; reject: (error: unknown) => void }>();

  constructor(private readonly server: SitemapServer, private readonly output: SitemapOutput) {}

  async provideTextDocumentContent(uri: Uri, token: CancellationToken): Promise<string> {
    const reread = this.rereads.get(uri.toString());
    this.rereads.delete(uri.toString());
    try {
      const text = await this.read(uri, token);
      reread?.resolve();
      return text;
    } catch (error) {
      reread?.reject(error);
      throw error;
    }
  }

  /** Reads an open document's URL again: VS Code asks for the text of an open document told it changed. */
  readAgain(uri: Uri): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.rereads.get(uri.toString())?.resolve();
      this.rereads.set(uri.toString(), { resolve, reject });
      this.changes.fire(uri);
    });
  }

  private async read(uri: Uri, token: CancellationToken): Promise<string> {
    const url = remoteUrlOf(uri.toString());
    if (url === undefined) return this.fail(uri, `${uri.toString(true)}: not a sitemap read from its URL`);
    const client = await this.server.running();
    let result: RemoteSitemapResult;
    this.failures.delete(uri.toString());
    try {
      result = await client.sendRequest<RemoteSitemapResult>(REMOTE_SITEMAP_REQUEST, { url } satisfies RemoteSitemapParams, token);
    } catch (error) {
      return this.fail(uri, error instanceof Error ? error.message : String(error));
    }
    if (result.redirects.length > 0) this.output.info(`Open from URL: ${url} redirects to ${result.redirects.join(' → ')}, its location`);
    const text = decodeSniffed(Buffer.from(result.data, 'base64'));
    return text ?? this.fail(uri, `${url}: not text (binary, or gzip that does not inflate)`);
  }

  /** Why the last read of `uri` failed, as the server said it (the URL first); undefined when it did not. */
  failureOf(uri: Uri): string | undefined {
    return this.failures.get(uri.toString());
  }

  private fail(uri: Uri, message: string): never {
    this.failures.set(uri.toString(), message);
    throw new Error(message);
  }
}
