/** Sitemap: Open from URL… (issue 34): a sitemap read from its URL opens read-only as a `sitemap-url:` document
 * (shared/remoteUri.ts), whose text the server reads over HTTP (REMOTE_SITEMAP_REQUEST) and whose location is the URL,
 * so that every diagnostic, hover, the outline and the Sitemaps view work on it; Save As keeps a copy. */
import {
  Disposable, EventEmitter, FilePermission, FileSystemError, FileType, MarkdownString, Uri, commands, window, workspace,
  type ExtensionContext, type FileChangeEvent, type FileStat, type FileSystemProvider,
} from 'vscode';
import { REMOTE_SCHEME, REMOTE_SITEMAP_REQUEST, type RemoteSitemapParams, type RemoteSitemapResult } from '../../../shared/protocol';
import { remoteUrlOf, toRemoteUri } from '../../../shared/remoteUri';
import type { SitemapServer } from '../languageServer/server';
import type { SitemapOutput } from '../output';
import { withCommandProgress } from '../commands/commandProgress';
import { OPEN_URL_CONTEXT_KEY, setContextKey } from '../contextKeys';

export const OPEN_FROM_URL_COMMAND = 'sitemap.openFromUrl';

export function registerRemoteSitemaps(context: ExtensionContext, server: SitemapServer, output: SitemapOutput): void {
  const readOnly = new MarkdownString('Read from its URL: use **File: Save As…** to keep a copy.');
  const files = new RemoteSitemapFiles(server, output);
  context.subscriptions.push(
    workspace.registerFileSystemProvider(REMOTE_SCHEME, files, { isCaseSensitive: true, isReadonly: readOnly }),
    commands.registerCommand(OPEN_FROM_URL_COMMAND, (url?: unknown) => openFromUrl(typeof url === 'string' ? url : undefined, files, output)),
  );
  setContextKey(OPEN_URL_CONTEXT_KEY, true);
}

/** Asks for the URL (unless given: a link, the tests), opens its document; resolves with its URI, or undefined. */
async function openFromUrl(given: string | undefined, files: RemoteSitemapFiles, output: SitemapOutput): Promise<string | undefined> {
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
  try {
    const document = await withCommandProgress({ title: `Reading ${url}` }, () => workspace.openTextDocument(uri));
    await window.showTextDocument(document, { preview: false });
    return uri.toString();
  } catch (error) {
    // The server's one line (it names the URL) rather than VS Code's wrapping of the file system's error.
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

/**
 * The `sitemap-url:` file system, read-only: a read asks the server each time (Revert File reads it again); a stat
 * answers from the last read, else a file of unknown size, so that opening reads once.
 */
class RemoteSitemapFiles implements FileSystemProvider {
  private readonly changes = new EventEmitter<FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly lastRead = new Map<string, { size: number; time: number }>();
  private readonly failures = new Map<string, string>();

  constructor(private readonly server: SitemapServer, private readonly output: SitemapOutput) {}

  watch(): Disposable {
    return new Disposable(() => undefined);
  }

  stat(uri: Uri): FileStat {
    const read = this.lastRead.get(uri.toString());
    return { type: FileType.File, ctime: read?.time ?? 0, mtime: read?.time ?? 0, size: read?.size ?? 0, permissions: FilePermission.Readonly };
  }

  async readFile(uri: Uri): Promise<Uint8Array> {
    const url = remoteUrlOf(uri.toString());
    if (url === undefined) throw FileSystemError.FileNotFound(uri);
    const client = await this.server.running();
    let result: RemoteSitemapResult;
    this.failures.delete(uri.toString());
    try {
      result = await client.sendRequest<RemoteSitemapResult>(REMOTE_SITEMAP_REQUEST, { url } satisfies RemoteSitemapParams);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.failures.set(uri.toString(), message);
      throw FileSystemError.Unavailable(message);
    }
    if (result.redirects.length > 0) this.output.info(`Open from URL: ${url} redirects to ${result.redirects.join(' → ')}, its location`);
    const bytes = Buffer.from(result.data, 'base64');
    this.lastRead.set(uri.toString(), { size: bytes.length, time: Date.now() });
    return bytes;
  }

  /** Why the last read of `uri` failed, as the server said it (the URL first); undefined when it did not. */
  failureOf(uri: Uri): string | undefined {
    return this.failures.get(uri.toString());
  }

  readDirectory(): [string, FileType][] {
    return [];
  }

  createDirectory(uri: Uri): never {
    throw FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: Uri): never {
    throw FileSystemError.NoPermissions(uri);
  }

  delete(uri: Uri): never {
    throw FileSystemError.NoPermissions(uri);
  }

  rename(uri: Uri): never {
    throw FileSystemError.NoPermissions(uri);
  }
}
