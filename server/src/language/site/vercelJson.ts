/** vercel.json's `redirects` as `_redirects` rules (matchRule and matchRedirect read both), and the redirects its
 * `cleanUrls` and `trailingSlash` make. Sources: `:name`, a final `:name*` / `:name+` / `(.*)`; other patterns are refused. */
import type { RedirectRule, RedirectsFile, RedirectsFileProblem } from './redirectsFile';
import { parseWebUrl } from '../../../../shared/webUrl';

export interface VercelConfig extends RedirectsFile {
  /** `cleanUrls`: `/about.html` redirects (308) to `/about`. */
  cleanUrls: boolean;
  /** `trailingSlash`: true adds one (308), false removes it, undefined leaves URLs alone. */
  trailingSlash: boolean | undefined;
}

interface VercelRedirect {
  source?: unknown;
  destination?: unknown;
  permanent?: unknown;
  statusCode?: unknown;
  has?: unknown;
  missing?: unknown;
}

export function parseVercelJson(text: string): VercelConfig {
  const config: VercelConfig = { rules: [], problems: [], cleanUrls: false, trailingSlash: undefined };
  let json: { redirects?: unknown; cleanUrls?: unknown; trailingSlash?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    config.problems.push({ line: 0, start: 0, end: 0, kind: 'not-json' });
    return config;
  }
  if (json === null || typeof json !== 'object') return config;
  config.cleanUrls = json.cleanUrls === true;
  config.trailingSlash = typeof json.trailingSlash === 'boolean' ? json.trailingSlash : undefined;
  const ranges = arrayElementRanges(text, 'redirects');
  if (!Array.isArray(json.redirects)) return config;
  json.redirects.forEach((redirect: VercelRedirect, i) => addRedirect(config, redirect, ranges[i] ?? [0, 0], text));
  return config;
}

function addRedirect(config: VercelConfig, redirect: VercelRedirect, [start, end]: [number, number], text: string): void {
  const line = lineOf(text, start);
  const problem = (kind: RedirectsFileProblem['kind']) => void config.problems.push({ line, start, end, kind });
  const { source, destination } = redirect ?? {};
  if (typeof source !== 'string' || !source.startsWith('/')) return problem('bad-source');
  if (typeof destination !== 'string') return problem('no-destination');
  const from = source.replace(/\/\(\.\*\)$/, '/*');
  if (!isSupportedSource(from)) return problem('unsupported-source');
  const status = typeof redirect.statusCode === 'number' ? redirect.statusCode : redirect.permanent === false ? 307 : 308;
  const conditions: Array<[string, string]> = [];
  if (redirect.has !== undefined) conditions.push(['has', JSON.stringify(redirect.has)]);
  if (redirect.missing !== undefined) conditions.push(['missing', JSON.stringify(redirect.missing)]);
  // Vercel applies redirects before its file system: they are all forced.
  const rule: RedirectRule = { from, query: [], to: destination.replace(/\$1/g, ':splat'), status, force: true, conditions, line, start, end };
  config.rules.push(rule);
}

/** Segments the matcher reads: literal, `:name`, and last a `*`, `:name*` or `:name+`; not path-to-regexp's other forms. */
function isSupportedSource(from: string): boolean {
  const segments = from.split('/');
  return segments.every((segment, i) => /^(:\w+|[^:()?*+]*)$/.test(segment) || (i === segments.length - 1 && /^(\*|:\w+[*+])$/.test(segment)));
}

/** The redirect `cleanUrls` or `trailingSlash` makes of `url` (308), if any. */
export function vercelImplicitRedirect(config: VercelConfig, url: string): string | undefined {
  const target = parseWebUrl(url);
  if (target === undefined) return undefined;
  let path = target.pathname;
  if (config.cleanUrls && path.endsWith('.html')) path = path.slice(0, -'.html'.length).replace(/\/index$/, '/');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (config.trailingSlash === true && last !== '' && !last.includes('.')) path += '/';
  if (config.trailingSlash === false && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path === target.pathname ? undefined : target.origin + path + target.search;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The offsets of the elements of the top-level object's array `key`, read without a JSON tree (JSON.parse has no offsets). */
function arrayElementRanges(text: string, key: string): Array<[number, number]> {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return [];
  for (i = skipSpace(text, i + 1); text[i] === '"';) {
    const keyEnd = skipValue(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (name === key && text[valueStart] === '[') return elementRanges(text, valueStart);
    i = skipSpace(text, skipValue(text, valueStart));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return [];
}

function elementRanges(text: string, open: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = skipSpace(text, open + 1); i < text.length && text[i] !== ']';) {
    const end = skipValue(text, i);
    ranges.push([i, end]);
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
    else break;
  }
  return ranges;
}

/** After the JSON value at `i` (the text parsed, so well formed). */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) if (text[j] === '\\') j++; else if (text[j] === '"') return j + 1;
    return text.length;
  }
  if (c !== '{' && c !== '[') return /^[^,\]}\s]*/.exec(text.slice(i, i + 64))![0].length + i;
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text[j];
    if (d === '"') j = skipValue(text, j) - 1;
    else if (d === '{' || d === '[') depth++;
    else if ((d === '}' || d === ']') && --depth === 0) return j + 1;
  }
  return text.length;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}
