/** `sitemap-gz:` URIs of compressed sitemaps opened as text: `sitemap-gz:/<path in its folder>?{"folder":…,"folderPath":…}`
 * inside a workspace folder, so that VS Code's breadcrumbs and package.json's label formatter show it as other workspace
 * files, else `sitemap-gz:/<absolute path>`. Pure, on URI strings as `Uri.toString()` writes them. */
import { COMPRESSED_SCHEME } from './protocol';

export interface CompressedFolder {
  /** The workspace folder's `file:` URI. */
  uri: string;
  /** Its path on disk, for labels. */
  path: string;
}

/** The `sitemap-gz:` URI of the file `fileUri`, relative to `folder` when the file is inside it. */
export function toCompressedUri(fileUri: string, folder?: CompressedFolder): string {
  const folderUri = folder?.uri.replace(/\/+$/, '');
  if (folder !== undefined && folderUri !== undefined && fileUri.startsWith(folderUri + '/')) {
    const query = JSON.stringify({ folder: folderUri, folderPath: folder.path.replace(/[\\/]+$/, '') });
    return `${COMPRESSED_SCHEME}:${fileUri.slice(folderUri.length)}?${encodeURIComponent(query)}`;
  }
  // As `Uri.toString()` writes it: `//` only before a host (`file:///a` → `sitemap-gz:/a`).
  return `${COMPRESSED_SCHEME}:${fileUri.replace(/^file:(?:\/\/(?=\/))?/i, '')}`;
}

/** The URI (`file:`, or the folder's scheme) of the file a `sitemap-gz:` URI stands for (`uri` must have that scheme). */
export function compressedToFileUri(uri: string): string {
  const rest = uri.slice(COMPRESSED_SCHEME.length + 1);
  const query = rest.indexOf('?');
  const path = query < 0 ? rest : rest.slice(0, query);
  const folder = query < 0 ? undefined : folderOf(rest.slice(query + 1));
  if (folder !== undefined) return folder + path;
  return path.startsWith('//') ? `file:${path}` : `file://${path}`;
}

function folderOf(query: string): string | undefined {
  try {
    const folder: unknown = (JSON.parse(decodeURIComponent(query)) as { folder?: unknown } | null)?.folder;
    // Any scheme: the web extension opens `.gz` files of virtual file systems (`vscode-vfs:`, `vscode-remote:`) too.
    return typeof folder === 'string' && /^[a-z][\w+.-]*:/i.test(folder) ? folder : undefined;
  } catch {
    return undefined; // not ours: the path is absolute
  }
}
