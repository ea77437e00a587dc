/** Which built file serves a URL, as static hosts resolve it (exact file, `path/index.html`, `path.html`), and the
 * reverse: the URLs that reach a built file. Paths are relative to the site root's folder, with `/` separators. */
import { decodePathSegments, deepestSiteRoot, normalizeSiteRootUrl } from '../../../../shared/location';
import { parseWebUrl } from '../../../../shared/webUrl';

/** A `sitemap.siteRoots` pair: the built folder and the URL it is served at. */
export interface SiteRoot {
  /** Workspace-relative, `''` for the workspace folder itself. */
  folder: string;
  /** An absolute http(s) URL; its path is taken to end with `/`. */
  url: string;
}

/** The built files under a site root: their paths from the root's folder, or a test for one. */
export type BuiltFiles = ReadonlySet<string> | ((relativePath: string) => boolean);

export type PageResolution =
  | { file: string }
  /** Only the other form of the URL is served (`/a` by `a/index.html`, `/a/` by `a.html`): most hosts redirect. */
  | { slashMismatch: string; expectedUrl: string }
  | { notFound: true };

/** `sitemap.siteRoots` (folder → root URL) as roots; an entry whose URL is not an absolute http(s) URL is left out. */
export function siteRootsOf(siteRoots: Readonly<Record<string, unknown>>): SiteRoot[] {
  return Object.entries(siteRoots).flatMap(([folder, url]) => (typeof url === 'string' && rootPrefix(url) !== undefined ? [{ folder, url }] : []));
}

/** The deepest root whose URL prefixes `url` (same scheme, host and port), as fileFromSiteRoots picks it. */
export function siteRootOf(url: string, roots: readonly SiteRoot[]): SiteRoot | undefined {
  const target = parseWebUrl(url);
  const best = target && deepestSiteRoot(target, roots.map((root) => [root.folder, root.url]));
  return best && roots[best.index];
}

/** How `url` is served from the built files of `root`; undefined when the URL is not under the root's URL. */
export function resolvePage(url: string, root: SiteRoot, files: BuiltFiles): PageResolution | undefined {
  const target = parseWebUrl(url);
  const prefix = rootPrefix(root.url);
  if (target === undefined || prefix === undefined) return undefined;
  const full = target.origin + target.pathname;
  if (!full.startsWith(prefix)) return undefined;
  const segments = decodedSegments(full.slice(prefix.length));
  if (segments === undefined) return { notFound: true };
  const has = typeof files === 'function' ? files : (path: string) => files.has(path);
  const path = segments.join('/');
  const directoryUrl = segments.length === 0 || segments[segments.length - 1] === '';
  if (directoryUrl) return resolveDirectoryUrl(path.replace(/\/$/, ''), target.origin + target.pathname, target.search, has);
  if (has(path)) return { file: path };
  if (has(`${path}.html`)) return { file: `${path}.html` };
  if (has(`${path}/index.html`)) return { slashMismatch: `${path}/index.html`, expectedUrl: `${full}/${target.search}` };
  return { notFound: true };
}

/** `/a/` (or the root): `a/index.html`, else `a.html` as a slash mismatch. */
function resolveDirectoryUrl(dir: string, full: string, search: string, has: (path: string) => boolean): PageResolution {
  const index = dir === '' ? 'index.html' : `${dir}/index.html`;
  if (has(index)) return { file: index };
  if (dir !== '' && has(`${dir}.html`)) return { slashMismatch: `${dir}.html`, expectedUrl: `${full.slice(0, -1)}${search}` };
  return { notFound: true };
}

/** Root URLs as prefixes, parsed once: a site has a few roots and thousands of URLs. */
const rootPrefixes = new Map<string, string | undefined>();

/** The root's URL as a prefix (origin and path, ending with `/`) as normalizeSiteRootUrl takes it; undefined when it
 * is no site root URL. */
function rootPrefix(url: string): string | undefined {
  if (rootPrefixes.has(url)) return rootPrefixes.get(url);
  const root = normalizeSiteRootUrl(url);
  const prefix = root === undefined ? undefined : root.origin + root.pathname;
  if (rootPrefixes.size > 1000) rootPrefixes.clear();
  rootPrefixes.set(url, prefix);
  return prefix;
}

/** The path's segments percent-decoded; undefined when one cannot name a file (`..`, an encoded `/`, a bad escape). */
function decodedSegments(rest: string): string[] | undefined {
  return rest === '' ? [] : decodePathSegments(rest);
}

/**
 * The URLs that reach the built file `file` (a path from the root's folder) without a redirect, the preferred first:
 * `a/index.html` → `…/a/`, then `…/a/index.html`; `a.html` → `…/a.html`, then `…/a`; anything else its own URL.
 * A rule deciding whether a page is listed should rather resolve each listed URL with resolvePage and compare files.
 */
export function urlsOfFile(file: string, root: SiteRoot): string[] {
  const prefix = rootPrefix(root.url);
  if (prefix === undefined) return [];
  const encoded = file.split('/').map(encodePathSegment).join('/');
  const url = (path: string) => parseWebUrl(path, prefix)?.href ?? prefix + path;
  if (file === 'index.html' || file.endsWith('/index.html')) return [url(encoded.slice(0, -'index.html'.length) || './'), url(encoded)];
  if (file.endsWith('.html')) return [url(encoded), url(encoded.slice(0, -'.html'.length))];
  return [url(encoded)];
}

/** Escapes what would end or break a path segment; the URL parser escapes the rest as browsers do. */
function encodePathSegment(segment: string): string {
  return segment.replace(/[%#?\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Google's and Yandex's verification files, named by the token they verify. */
const VERIFICATION_FILES = /^(google[0-9a-f]{16}|yandex_[0-9a-f]{16}|baidu_verify_[\w-]+|pinterest-[0-9a-f]{5})\.html?$/i;
/** Error and fallback pages: hosts' `404.html` (GitHub Pages, Netlify, Cloudflare Pages, Vercel), Surge's `200.html`,
 * service workers' `offline.html`. */
const ERROR_PAGES = /^(404|500|50x|200|offline)\.html?$/i;

export type BuiltFileKind = 'page' | 'not-html' | 'error-page' | 'verification' | 'template' | 'hidden';

/**
 * What a built file is, by its path: only a `page` can be an unlisted page. Templates are files under a folder or with
 * a name starting with `_` (`_layouts/`, `_includes/`, `_template.html`) or named `*.tmpl.html` / `*.template.html`;
 * `hidden` is a path with a segment starting with `.` (`.well-known/`).
 */
export function builtFileKind(file: string): BuiltFileKind {
  const segments = file.split('/');
  const name = segments[segments.length - 1]!;
  if (!/\.html?$/i.test(name)) return 'not-html';
  if (segments.some((segment) => segment.startsWith('.'))) return 'hidden';
  if (ERROR_PAGES.test(name) || /(^|\/)404\/index\.html$/i.test(file)) return 'error-page';
  if (VERIFICATION_FILES.test(name)) return 'verification';
  if (segments.some((segment) => segment.startsWith('_')) || /\.(tmpl|template)\.html?$/i.test(name)) return 'template';
  return 'page';
}
