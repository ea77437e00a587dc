/** Where a sitemap lives, from paths and texts only (the server's siteLocation.ts and nestedIndex.ts read the disk).
 * Paths are relative to a workspace folder with `/` separators, the folder itself `''`; locations are WHATWG-normalised
 * absolute http(s) URLs. */
import { decodeSegment, parseWebUrl, type WebUrl } from './webUrl';

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
export function normalizeSiteRootUrl(value: unknown): WebUrl | undefined {
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
  let best: { folder: string; root: WebUrl } | undefined;
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
  return parseWebUrl(inside.split('/').map(encodeURIComponent).join('/'), best.root.href)!.href;
}

/**
 * The inverse of {@link locationFromSiteRoots}: the workspace-relative file a URL is served from, or `undefined` when
 * no site root covers the URL (another scheme, host or port, a path outside the root) or the URL names a folder.
 * The query and fragment are ignored. The deepest matching root URL wins.
 */
export function fileFromSiteRoots(url: string, siteRoots: SiteRoots | undefined): string | undefined {
  const target = parseHttpUrl(url);
  if (target === undefined || siteRoots === undefined || siteRoots === null || typeof siteRoots !== 'object') return undefined;
  const best = deepestSiteRoot(target, Object.entries(siteRoots));
  if (best === undefined || best.rest === '' || best.rest.endsWith('/')) return undefined;
  const segments = decodePathSegments(best.rest);
  if (segments === undefined) return undefined;
  return best.folder === '' ? segments.join('/') : best.folder + '/' + segments.join('/');
}

/**
 * Of `roots` (folder → root URL, normalised as the setting's are; unusable pairs skipped), the deepest whose URL is a
 * prefix of `target` (same scheme, host and port): its place in `roots`, its folder, and the rest of the target's path.
 */
export function deepestSiteRoot(target: WebUrl, roots: ReadonlyArray<readonly [string, unknown]>): SiteRootMatch | undefined {
  let best: SiteRootMatch | undefined;
  let depth = -1;
  for (let index = 0; index < roots.length; index++) {
    const [key, value] = roots[index]!;
    const folder = normalizeRelativePath(key);
    const root = normalizeSiteRootUrl(value);
    if (folder === undefined || root === undefined) continue;
    if (root.protocol !== target.protocol || root.host !== target.host || !target.pathname.startsWith(root.pathname)) continue;
    if (depth >= root.pathname.length) continue;
    best = { index, folder, rest: target.pathname.slice(root.pathname.length) };
    depth = root.pathname.length;
  }
  return best;
}

export interface SiteRootMatch {
  index: number;
  folder: string;
  rest: string;
}

/**
 * A URL path's segments (`a/b%20c` → `a`, `b c`) percent-decoded; undefined when one cannot name a file: a bad escape,
 * `.`, `..`, an empty segment, or one holding `/`, `\` or NUL once decoded. A trailing `/` gives a last `''`.
 */
export function decodePathSegments(path: string): string[] | undefined {
  const raw = path.split('/');
  const segments: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const segment = decodeSegment(raw[i]!);
    const trailing = segment === '' && i === raw.length - 1 && i > 0;
    if (segment === undefined || (segment === '' && !trailing) || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
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
  const decoded = decodeSegment(url.pathname);
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
        if (robotsSitemapMatches(url, inside)) return parseWebUrl(url)!.href;
      }
    }
    if (folder === '') return undefined;
    folder = parentPath(folder);
  }
}

/**
 * Rule 3 of "where a sitemap lives": an index that a robots.txt names (so its location is known) lists the file. The
 * robots.txt files from the file's folder up to the workspace folder, as rule 2 searches them; each `Sitemap:` URL
 * served below its robots.txt's folder; `childrenOf(path, url)` the files that index at `path`, published at `url`, lists
 * (undefined when it is no index: {@link indexChildLocations}, which callers keep per index).
 */
export function locationFromIndexes(
  fileRelativePath: string,
  sitemapsIn: (folderRelativePath: string) => readonly string[] | undefined,
  childrenOf: (indexRelativePath: string, indexUrl: string) => ReadonlyMap<string, string> | undefined,
): string | undefined {
  const file = normalizeRelativePath(fileRelativePath);
  if (file === undefined || file === '') return undefined;
  for (let folder = parentPath(file); ; folder = parentPath(folder)) {
    for (const url of sitemapsIn(folder) ?? []) {
      const parsed = parseHttpUrl(url);
      const index = parsed === undefined ? undefined : fileFromSiteRoots(url, { [folder]: `${parsed.origin}/` });
      const child = index === undefined || index === file ? undefined : childrenOf(index, url)?.get(file);
      if (child !== undefined) return child;
    }
    if (folder === '') return undefined;
  }
}

/** The files an index at `indexRelativePath`, published at `indexUrl`, lists next to it: file → the `<loc>` naming it first. */
export function indexChildLocations(indexRelativePath: string, indexUrl: string, urls: readonly string[]): Map<string, string> {
  const children = new Map<string, string>();
  for (const url of urls) {
    const file = fileNextToLocation(url, indexUrl, indexRelativePath);
    if (file !== undefined && !children.has(file)) children.set(file, parseWebUrl(url)!.href);
  }
  return children;
}

function parseHttpUrl(value: unknown): WebUrl | undefined {
  const url = typeof value === 'string' ? parseWebUrl(value.trim()) : undefined;
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

/**
 * The paths, relative to an index's folder, where a child URL's file may be when the index's location is unknown: the
 * URL path's suffixes, longest first (`https://example.com/en/sitemap.xml` → `en/sitemap.xml`, `sitemap.xml`), each
 * with the URL's directory the index's folder would then be served at. Empty for a URL naming a folder or no file.
 */
export function childPathSuffixes(url: string): Array<{ path: string; base: string }> {
  const parsed = parseHttpUrl(url);
  if (parsed === undefined) return [];
  const raw = parsed.pathname.slice(1).split('/');
  const segments = decodePathSegments(raw.join('/'));
  if (segments === undefined || segments[segments.length - 1] === '') return [];
  const suffixes: Array<{ path: string; base: string }> = [];
  for (let k = segments.length; k >= 1; k--) {
    const inFolder = raw.slice(0, raw.length - k).join('/');
    suffixes.push({ path: segments.slice(-k).join('/'), base: `${parsed.origin}/${inFolder === '' ? '' : inFolder + '/'}` });
  }
  return suffixes;
}

/**
 * Where an index's children are when its own location is unknown (no site root, no robots.txt naming it), paths
 * relative to its folder: each child at the longest suffix of its URL path that `exists` below the folder, never the
 * index itself (`indexName`); a child with no such file, through the folder's URL that the placed children agree on
 * (a file that may be missing), else nowhere: such a child cannot be placed, and is not in the map.
 */
export function placeIndexChildren(indexName: string, urls: readonly string[], exists: (relativePath: string) => boolean): Map<string, string> {
  const placed = new Map<string, string>();
  const bases = new Set<string>();
  const unplaced: string[] = [];
  for (const url of urls) {
    if (placed.has(url)) continue;
    const found = childPathSuffixes(url).find((s) => s.path !== indexName && exists(s.path));
    if (found === undefined) {
      unplaced.push(url);
      continue;
    }
    placed.set(url, found.path);
    bases.add(found.base);
  }
  if (bases.size !== 1) return placed;
  const [base] = bases;
  for (const url of unplaced) {
    const inside = childPathSuffixes(url).find((s) => s.base === base);
    if (inside !== undefined && inside.path !== indexName) placed.set(url, inside.path);
  }
  return placed;
}
