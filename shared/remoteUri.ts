/** `sitemap-url:` URIs of sitemaps read from their URL (Sitemap: Open from URL…, issue 34): the URL's host and path in
 * the URI's path, for the tab's title and breadcrumbs (a `.gz` name without it: the document is the text, gzip undone,
 * and Save As suggests that name), and the URL itself, exactly, in the query (VS Code may re-encode
 * a URI's query, and a server may tell `=` from `%3D`: only what decodes back to the URL is kept). Read-only: the
 * client's file system provider asks the server for the text (REMOTE_SITEMAP_REQUEST). Pure, on URI strings. */
import { REMOTE_SCHEME } from './protocol';

/** The `sitemap-url:` URI of an http(s) URL: `sitemap-url:/example.com/blog/sitemap.xml?https%3A%2F%2Fexample.com%2Fblog%2Fsitemap.xml`. */
export function toRemoteUri(url: string): string {
  const [, authority = '', path = ''] = HTTP_URL.exec(url) ?? [];
  // The label's path: the host without user info, the URL's path (`/` when empty), each part made safe for a URI path.
  const host = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const labelPath = `/${host}${path === '' ? '/' : path.replace(/(?<=[^/])\.gz$/i, '')}`.split('/').map(safePathPart).join('/');
  return `${REMOTE_SCHEME}:${labelPath}?${encodeURIComponent(url)}`;
}

/** An http(s) URL: its authority (which must not be empty) and its path before any query or fragment. */
const HTTP_URL = /^https?:\/\/([^/?#\s]+)([^?#]*)/i;

/** A path segment as it was when it is plain or already escaped, else percent-encoded. */
function safePathPart(part: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(part));
  } catch {
    return encodeURIComponent(part);
  }
}

/** The http(s) URL a `sitemap-url:` URI stands for; undefined for any other URI. */
export function remoteUrlOf(uri: string): string | undefined {
  if (!uri.startsWith(`${REMOTE_SCHEME}:`)) return undefined;
  const query = uri.indexOf('?');
  if (query < 0) return undefined;
  let url: string;
  try {
    url = decodeURIComponent(uri.slice(query + 1));
  } catch {
    return undefined;
  }
  return HTTP_URL.test(url) ? url : undefined;
}
