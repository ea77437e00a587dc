/** Where a sitemap lives, from paths and texts only (the server's siteLocation.ts and nestedIndex.ts read the disk).
 * Paths are relative to a workspace folder with `/` separators, the folder itself `''`; locations are WHATWG-normalised
 * absolute http(s) URLs. */

/** `sitemap.siteRoots`: workspace-relative folder → the site's root URL (`{ "public": "https://www.example.com/" }`). */
export type SiteRoots = Readonly<Record<string, unknown>>;

/**
 * Normalises a workspace-relative path: `\` → `/`, leading `./` or `/` removed, `.` segments and empty segments
 * dropped, `..` resolved. Returns `''` for the folder itself and `undefined` for a path escaping the folder.
 */
export function normalizeRelativePath(path: string): string | undefined {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join('/');
}

/** The folder part of a relative path (`a/b` for `a/b/c.xml`, `''` for `c.xml`). */
export function parentPath(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash < 0 ? '' : relativePath.slice(0, slash);
}

/**
 * A site root URL made usable as a base: an absolute `http`/`https` URL without query or fragment whose path ends
 * with `/`. Anything else (not a string, relative, another scheme, credentials) gives `undefined`.
 */
export function normalizeSiteRootUrl(value: unknown): URL | undefined {
  const url = parseHttpUrl(value);
  if (url === undefined || url.username !== '' || url.password !== '') return undefined;
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * Rule 1 of "where a sitemap lives": the file at `fileRelativePath` lies inside a folder of `siteRoots` (the deepest
 * one wins), so it is published at that root URL plus its path inside the folder.
 * `public/catalog/sitemap.xml` with `{ "public": "https://www.example.com/" }` → `https://www.example.com/catalog/sitemap.xml`.
 */
export function locationFromSiteRoots(fileRelativePath: string, siteRoots: SiteRoots | undefined): string | undefined {
  const file = normalizeRelativePath(fileRelativePath);
  if (file === undefined || file === '' || siteRoots === undefined || siteRoots === null || typeof siteRoots !== 'object') return undefined;
  let best: { folder: string; root: URL } | undefined;
  for (const [key, value] of Object.entries(siteRoots)) {
    const folder = normalizeRelativePath(key);
    if (folder === undefined) continue;
    if (folder !== '' && !file.startsWith(folder + '/')) continue;
    if (best !== undefined && best.folder.length >= folder.length) continue;
    const root = normalizeSiteRootUrl(value);
    if (root !== undefined) best = { folder, root };
  }
  if (best === undefined) return undefined;
  const inside = best.folder === '' ? file : file.slice(best.folder.length + 1);
  return new URL(inside.split('/').map(encodeURIComponent).join('/'), best.root).href;
}

/**
 * The inverse of {@link locationFromSiteRoots}: the workspace-relative file a URL is served from, or `undefined` when
 * no site root covers the URL (another scheme, host or port, a path outside the root) or the URL names a folder.
 * The query and fragment are ignored. The deepest matching root URL wins.
 */
export function fileFromSiteRoots(url: string, siteRoots: SiteRoots | undefined): string | undefined {
  const target = parseHttpUrl(url);
  if (target === undefined || siteRoots === undefined || siteRoots === null || typeof siteRoots !== 'object') return undefined;
  let best: { folder: string; rest: string; depth: number } | undefined;
  for (const [key, value] of Object.entries(siteRoots)) {
    const folder = normalizeRelativePath(key);
    const root = normalizeSiteRootUrl(value);
    if (folder === undefined || root === undefined) continue;
    if (root.protocol !== target.protocol || root.host !== target.host || !target.pathname.startsWith(root.pathname)) continue;
    if (best !== undefined && best.depth >= root.pathname.length) continue;
    best = { folder, rest: target.pathname.slice(root.pathname.length), depth: root.pathname.length };
  }
  if (best === undefined || best.rest === '' || best.rest.endsWith('/')) return undefined;
  const segments: string[] = [];
  for (const raw of best.rest.split('/')) {
    const segment = safeDecode(raw);
    if (segment === undefined || segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return best.folder === '' ? segments.join('/') : best.folder + '/' + segments.join('/');
}

/**
 * The inverse mapping for a sitemap whose own location is known (from robots.txt, say): a URL in the same
 * directory as `location`, or below it, is served from the same folder as the sitemap file.
 */
export function fileNextToLocation(url: string, location: string, fileRelativePath: string): string | undefined {
  const base = parseHttpUrl(location);
  const folder = normalizeRelativePath(parentPath(fileRelativePath));
  if (base === undefined || folder === undefined) return undefined;
  base.search = '';
  base.hash = '';
  base.pathname = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  return fileFromSiteRoots(url, { [folder]: base.href });
}

/**
 * Whether a robots.txt `Sitemap:` URL names the file at `pathFromRobotsFolder` (relative to the robots.txt's folder):
 * the URL's path, percent-decoded, ends with `'/' + pathFromRobotsFolder`.
 */
export function robotsSitemapMatches(sitemapUrl: string, pathFromRobotsFolder: string): boolean {
  const url = parseHttpUrl(sitemapUrl);
  const relative = normalizeRelativePath(pathFromRobotsFolder);
  if (url === undefined || relative === undefined || relative === '') return false;
  const suffix = '/' + relative;
  if (url.pathname.endsWith('/' + relative.split('/').map(encodeURIComponent).join('/'))) return true;
  const decoded = safeDecode(url.pathname);
  return decoded !== undefined && decoded.endsWith(suffix);
}

/**
 * Rule 2 of "where a sitemap lives": the nearest robots.txt — in the file's folder, then each ancestor up to the
 * workspace folder (`''`) — with a `Sitemap:` line naming this file. `sitemapsIn(folder)` returns the `Sitemap:` URLs
 * of `folder/robots.txt`, or `undefined` when there is none. A robots.txt without a matching line does not stop the
 * search. The first matching line of a robots.txt wins.
 */
export function locationFromRobots(
  fileRelativePath: string,
  sitemapsIn: (folderRelativePath: string) => readonly string[] | undefined,
): string | undefined {
  const file = normalizeRelativePath(fileRelativePath);
  if (file === undefined || file === '') return undefined;
  let folder = parentPath(file);
  for (;;) {
    const urls = sitemapsIn(folder);
    if (urls !== undefined) {
      const inside = folder === '' ? file : file.slice(folder.length + 1);
      for (const url of urls) {
        if (robotsSitemapMatches(url, inside)) return new URL(url).href;
      }
    }
    if (folder === '') return undefined;
    folder = parentPath(folder);
  }
}

/**
 * The file name a URL ends with, decoded (`sitemap-2.xml` for `https://example.com/a/sitemap-2.xml?x`): how Merge and
 * missing-sitemap-file find an index's children beside it when the index's location is unknown. Undefined for a URL
 * naming a folder, and for names no file can have (`..`, a slash).
 */
export function urlFileName(url: string): string | undefined {
  const parsed = parseHttpUrl(url);
  if (parsed === undefined) return undefined;
  const name = safeDecode(parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1));
  return name === undefined || name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name) ? undefined : name;
}

function parseHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
