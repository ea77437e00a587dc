/**
 * The `sitemap-gz:` URIs of compressed sitemaps opened as text (client/src/gzip/). A file inside a workspace folder is
 * `sitemap-gz:/<its path in the folder>?<the folder's file: URI>`: VS Code's breadcrumbs walk a URI's path up to a
 * workspace folder of the same scheme or to `/`, so they show it relative, as other workspace files. Any other file
 * is `sitemap-gz:/<absolute path>`. Pure, on URI strings as `Uri.toString()` writes them: client and server alike.
 */
import { COMPRESSED_SCHEME } from './protocol';

/** The `sitemap-gz:` URI of the file `fileUri`, relative to `folderUri` (a `file:` URI) when the file is inside it. */
export function toCompressedUri(fileUri: string, folderUri?: string): string {
  const folder = folderUri?.replace(/\/+$/, '');
  if (folder !== undefined && /^file:/i.test(folder) && fileUri.startsWith(folder + '/')) {
    return `${COMPRESSED_SCHEME}:${fileUri.slice(folder.length)}?${encodeURIComponent(folder)}`;
  }
  // As `Uri.toString()` writes it: `//` only before a host (`file:///a` → `sitemap-gz:/a`).
  return `${COMPRESSED_SCHEME}:${fileUri.replace(/^file:(?:\/\/(?=\/))?/i, '')}`;
}

/** The `file:` URI of the file a `sitemap-gz:` URI stands for (`uri` must have that scheme). */
export function compressedToFileUri(uri: string): string {
  const rest = uri.slice(COMPRESSED_SCHEME.length + 1);
  const query = rest.indexOf('?');
  if (query < 0) return rest.startsWith('//') ? `file:${rest}` : `file://${rest}`;
  return decodeURIComponent(rest.slice(query + 1)) + rest.slice(0, query);
}
