/** `sitemap.pageSources`: which source file a built page comes from, so that git dates the content rather than the
 * build. URL patterns (relative to the site root) map to source paths; presets for Hugo, Jekyll, Astro, Next and
 * MkDocs. Pure: it lists candidates in order, the caller takes the first one git tracks. */

/** `{path}` is any number of whole segments (none too); `{yyyy}` four digits, `{mm}` and `{dd}` two; any other `{name}` one segment. */
export interface PageSourcePattern {
  url: string;
  sources: readonly string[];
}

export interface PageSourceMapping {
  /** The generator's project folder, relative to the workspace folder with `/` ('' for the workspace folder). */
  root: string;
  patterns: readonly PageSourcePattern[];
}

export type PageSourcePreset = 'hugo' | 'jekyll' | 'astro' | 'next' | 'mkdocs';

const MARKDOWN = ['md', 'markdown'];
const NEXT_PAGE = ['tsx', 'jsx', 'ts', 'js', 'mdx', 'md'];

function withExtensions(stems: readonly string[], extensions: readonly string[]): string[] {
  return stems.flatMap((stem) => extensions.map((extension) => `${stem}.${extension}`));
}

/** Every pattern that matches a URL gives its sources, in order: the first one that exists is the page's source. */
export const PAGE_SOURCE_PRESETS: Readonly<Record<PageSourcePreset, readonly PageSourcePattern[]>> = {
  // Pages, leaf bundles and branch bundles (sections, the home page).
  hugo: [{ url: '/{path}/', sources: withExtensions(['content/{path}', 'content/{path}/index', 'content/{path}/_index'], [...MARKDOWN, 'html']) }],
  // Posts under the default and the pretty permalinks (categories before the date), then pages.
  jekyll: [
    { url: '/{path}/{yyyy}/{mm}/{dd}/{slug}.html', sources: withExtensions(['_posts/{yyyy}-{mm}-{dd}-{slug}'], [...MARKDOWN, 'html']) },
    { url: '/{path}/{yyyy}/{mm}/{dd}/{slug}/', sources: withExtensions(['_posts/{yyyy}-{mm}-{dd}-{slug}'], [...MARKDOWN, 'html']) },
    { url: '/{path}.html', sources: withExtensions(['{path}'], [...MARKDOWN, 'html']) },
    { url: '/{path}/', sources: withExtensions(['{path}', '{path}/index'], [...MARKDOWN, 'html']) },
  ],
  // File-based routes, then a content collection served by a dynamic route of the same name (`/blog/[slug]`).
  astro: [
    { url: '/{path}/', sources: withExtensions(['src/pages/{path}', 'src/pages/{path}/index'], ['astro', 'md', 'mdx', 'html']) },
    { url: '/{collection}/{path}/', sources: withExtensions(['src/content/{collection}/{path}', 'src/content/{collection}/{path}/index'], ['md', 'mdx']) },
  ],
  // The pages router, then the app router, at the project's top or under src/.
  next: [
    {
      url: '/{path}/',
      sources: withExtensions(['pages/{path}', 'pages/{path}/index', 'src/pages/{path}', 'src/pages/{path}/index', 'app/{path}/page', 'src/app/{path}/page'], NEXT_PAGE),
    },
  ],
  // use_directory_urls (the default: `/a/`) and without it (`/a.html`); README.md stands for index.md.
  mkdocs: [
    { url: '/{path}.html', sources: ['docs/{path}.md'] },
    { url: '/{path}/', sources: ['docs/{path}.md', 'docs/{path}/index.md', 'docs/{path}/README.md'] },
  ],
};

/** A URL path as the patterns see it: from its `/`, without `index.html` nor a trailing slash (the root is ''). */
function normalizedUrlPath(urlPath: string): string {
  const path = urlPath.split(/[?#]/)[0];
  return (path.startsWith('/') ? path : `/${path}`).replace(/\/index\.html?$/i, '/').replace(/\/$/, '');
}

interface CompiledPattern {
  regex: RegExp;
  names: string[];
  /** Whether it maps `.html` URLs: a folder pattern (`/{path}/`) does not map `/a.html` to `a.html.md`. */
  html: boolean;
}

const HTML_URL = /\.html?$/i;

function compileUrlPattern(url: string): CompiledPattern {
  const names: string[] = [];
  const normalized = normalizedUrlPath(url);
  const source = normalized.replace(/\/\{path\}|\{(\w+)\}|[^{/]+|[{/]/g, (token, name?: string) => {
    if (token === '/{path}') {
      names.push('path');
      return '((?:/[^/]+)*)';
    }
    if (name === undefined) return token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return name === 'yyyy' ? '(\\d{4})' : name === 'mm' || name === 'dd' ? '(\\d{2})' : '([^/]+)';
  });
  return { regex: new RegExp(`^${source}$`), names, html: HTML_URL.test(normalized) };
}

/** A captured value, percent-decoded; undefined when it would leave its place (`..`, an encoded `/` in one segment). */
function decodedValue(name: string, raw: string): string | undefined {
  const value = name === 'path' ? raw.slice(1) : raw;
  let decoded: string;
  try {
    decoded = value.split('/').map((segment) => decodeURIComponent(segment)).join('/');
  } catch {
    decoded = value;
  }
  const segments = decoded.split('/');
  if (segments.some((s) => s === '.' || s === '..' || s.includes('\\'))) return undefined;
  return name !== 'path' && segments.length > 1 ? undefined : decoded;
}

/**
 * A source pattern with the values put in; undefined when `{path}` is empty and glued to a name (`{path}.md`), or
 * when it names a value the URL pattern does not have.
 */
function fillSource(source: string, values: ReadonlyMap<string, string>): string | undefined {
  if (values.get('path') === '' && /\{path\}(?!\/|$)/.test(source)) return undefined;
  let unknown = false;
  const filled = source.replace(/\{(\w+)\}\/?/g, (token, name: string) => {
    const value = values.get(name);
    unknown ||= value === undefined;
    return value === undefined || value === '' ? '' : value + token.slice(name.length + 2);
  });
  return unknown ? undefined : filled.replace(/\/{2,}/g, '/').replace(/^\/|\/$/g, '');
}

const compiled = new WeakMap<PageSourcePattern, CompiledPattern>();

function compiledPattern(pattern: PageSourcePattern): CompiledPattern {
  let found = compiled.get(pattern);
  if (found === undefined) compiled.set(pattern, (found = compileUrlPattern(pattern.url)));
  return found;
}

/** The pattern's values for a URL path; undefined when it does not match or a value would leave its place. */
function valuesOf(pattern: PageSourcePattern, target: string): Map<string, string> | undefined {
  const { regex, names, html } = compiledPattern(pattern);
  const match = html === HTML_URL.test(target) ? regex.exec(target) : null;
  if (match === null) return undefined;
  const values = new Map<string, string>();
  for (const [k, name] of names.entries()) {
    const value = decodedValue(name, match[k + 1] ?? '');
    if (value === undefined) return undefined;
    values.set(name, value);
  }
  return values;
}

/**
 * The source files that may hold the page at `urlPath` (relative to the site root, from its leading `/`, as written
 * in the URL), relative to the workspace folder with `/`: every matching pattern's, in order, without repeats.
 */
export function sourceCandidates(urlPath: string, mapping: PageSourceMapping): string[] {
  const target = normalizedUrlPath(urlPath);
  const root = mapping.root.replace(/^\/+|\/+$/g, '');
  const found = new Set<string>();
  for (const pattern of mapping.patterns) {
    const values = valuesOf(pattern, target);
    if (!values) continue;
    for (const source of pattern.sources) {
      const filled = fillSource(source, values);
      if (filled !== undefined && filled !== '') found.add(root === '' ? filled : `${root}/${filled}`);
    }
  }
  return [...found];
}

function isPreset(value: unknown): value is PageSourcePreset {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PAGE_SOURCE_PRESETS, value);
}

/** `{ "/blog/{slug}/": "content/posts/{slug}.md" }` or with a list of sources; other values are skipped. */
function patternsOf(value: unknown): PageSourcePattern[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([url, sources]) => {
    const list = typeof sources === 'string' ? [sources] : Array.isArray(sources) ? sources.filter((s): s is string => typeof s === 'string') : [];
    return list.length > 0 ? [{ url, sources: list }] : [];
  });
}

/**
 * The mapping of one built folder (a key of `sitemap.pageSources`, as in `sitemap.siteRoots`) from its setting: a
 * preset's name, or `{ preset?, root?, patterns? }` whose patterns are tried before the preset's. The project folder
 * defaults to the built folder's parent (`public/` → the workspace folder, `docs/site/` → `docs/`).
 */
export function pageSourceMapping(setting: unknown, builtFolder: string): PageSourceMapping | undefined {
  const parent = builtFolder.replace(/\/+$/, '').split('/').slice(0, -1).join('/');
  if (isPreset(setting)) return { root: parent, patterns: PAGE_SOURCE_PRESETS[setting] };
  if (typeof setting !== 'object' || setting === null) return undefined;
  const { preset, root, patterns } = setting as { preset?: unknown; root?: unknown; patterns?: unknown };
  const all = [...patternsOf(patterns), ...(isPreset(preset) ? PAGE_SOURCE_PRESETS[preset] : [])];
  return all.length === 0 ? undefined : { root: typeof root === 'string' ? projectFolder(root) : parent, patterns: all };
}

/** A mapping's `root` as sourceCandidates prefixes it: `.` and `./` are the workspace folder itself (`''`). */
function projectFolder(root: string): string {
  return root.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/\.(?=\/|$)/g, '').replace(/^\.$/, '').replace(/\/+$/, '');
}
