/** The fast path for the common entry: a sticky expression checks its shape, the general path's validators its values;
 * anything else, or any problem, declines to the general parser (docs/architecture.md, "Segments"). Extension
 * elements after the core fields: fastExtensions.ts. */
import { scanExtensions, scanned, type ExtensionPrefixes } from './fastExtensions';
import type { EntryExtensions, EntryFields } from './parseState';
import { CHANGEFREQ_VALUES } from '../rules/simpleValues';
import { plainLastmodAt } from '../rules/lastmod';
import { checkListedUrl, isPlainListedUrl } from '../rules/listedUrl';
import type { ValueProblem } from '../rules/valueProblem';

/** No markup, no quotes or `>`, no control characters, surrogates or non-characters. */
const CHARS = `[^<>&'"\\x00-\\x1f\\ud800-\\udfff\\ufffd-\\uffff]`;
/**
 * &lt; &gt; &quot; would decode to characters a URL may not hold: those go the general way. Runs of characters
 * between entities (not an alternation per character, which costs a backtracking entry each).
 */
const ENTITY = '&(?:amp|apos);';
const LOC = `(?:${CHARS}|${ENTITY})${CHARS}*(?:${ENTITY}${CHARS}*)*`;
/** Exactly the valid values; a priority as checkPriority accepts it from 0.0 to 1.0, bar signs and leading zeros. */
const CHANGEFREQ = `(?:${CHANGEFREQ_VALUES.join('|')})`;
const PRIORITY = '(?:0(?:\\.\\d*)?|\\.\\d+|1(?:\\.0*)?)';
const WS = '[ \\t\\r\\n]*';
/**
 * The shapes of a W3C Datetime (checkLastmod's), so that only the ranges of its fields are left to check; any other
 * value goes the general way.
 */
const D2 = '\\d\\d';
const PLAIN_LASTMOD = `\\d{4}(?:-${D2}(?:-${D2}(?:T${D2}:${D2}(?::${D2}(?:\\.\\d+)?)?(?:Z|[+-]${D2}:${D2}))?)?)?`;

function field(name: string, value: string): string {
  return `<${name}>${value}</${name}>${WS}`;
}

const URL_FIELDS = `<url>${WS}${field('loc', LOC)}(?:${field('lastmod', PLAIN_LASTMOD)})?(?:${field('changefreq', CHANGEFREQ)})?(?:${field('priority', PRIORITY)})?`;
const URL_ENTRY = new RegExp(`${URL_FIELDS}</url>`, 'y');
/** The core fields alone, for entries whose extension elements follow (scanExtensions). */
const URL_CORE = new RegExp(URL_FIELDS, 'y');
const SITEMAP_ENTRY = new RegExp(`<sitemap>${WS}${field('loc', LOC)}(?:${field('lastmod', PLAIN_LASTMOD)})?</sitemap>`, 'y');

export interface FastEntry extends EntryFields {
  end: number;
  /** Always read: an entry without one goes the general way. */
  url: string;
  /** What its extension elements leave (absolute offsets), as openExtensionElement and closeEntryExtensions leave it. */
  extensions: EntryExtensions | null;
}

const result: FastEntry = { end: 0, url: '', urlStart: 0, urlEnd: 0, lastmod: NaN, lastmodStart: 0, lastmodEnd: 0, extensions: null };
const problems: ValueProblem[] = [];

/**
 * Tries the entry starting at `start` (its `<`). `prefixes`: what the root binds to the extensions' namespaces, when it
 * binds any. The result object is reused: copy what you keep.
 */
export function scanFastEntry(text: string, start: number, kind: 'urlset' | 'sitemapindex', prefixes?: ExtensionPrefixes): FastEntry | undefined {
  const shape = kind === 'sitemapindex' ? SITEMAP_ENTRY : prefixes === undefined ? URL_ENTRY : URL_CORE;
  shape.lastIndex = start;
  if (!shape.test(text)) return undefined;
  // With extensions, the core fields are followed by `</url>` or by what scanExtensions takes.
  const coreEnd = shape.lastIndex;
  const plain = shape !== URL_CORE || text.startsWith('</url>', coreEnd);
  result.end = shape === URL_CORE && plain ? coreEnd + 6 : coreEnd;
  if (problems.length !== 0) problems.length = 0;
  const urlStart = skipSpace(text, start + (kind === 'urlset' ? 5 : 9)) + 5;
  const urlEnd = text.indexOf('<', urlStart);
  if (!takeUrl(text, urlStart, urlEnd)) return undefined;
  result.lastmod = NaN;
  result.lastmodStart = result.lastmodEnd = 0;
  // After </loc>: <lastmod>, <changefreq>, <priority> or the end tag; only lastmod is left to check.
  const next = skipSpace(text, urlEnd + 6);
  if (text.startsWith('<lastmod>', next) && !takeLastmod(text, next + 9)) return undefined;
  result.extensions = null;
  if (!plain) {
    if (!scanExtensions(text, coreEnd, prefixes!, result.url, urlStart, urlEnd)) return undefined;
    result.end = scanned.end;
    result.extensions = scanned.extensions;
  }
  return result;
}

function takeUrl(text: string, start: number, end: number): boolean {
  if (isSpace(text.charCodeAt(start)) || isSpace(text.charCodeAt(end - 1))) return false;
  // The raw value is the URL in canonical escaped form (see xmlText.ts). With &amp; and &apos; at most, checking
  // it undecoded gives the same verdict.
  const raw = text.slice(start, end);
  if (!isPlainListedUrl(raw)) {
    checkListedUrl(raw, problems);
    if (problems.length > 0) return false;
  }
  result.url = raw;
  result.urlStart = start;
  result.urlEnd = end;
  return true;
}

function takeLastmod(text: string, start: number): boolean {
  const end = text.indexOf('<', start);
  const time = plainLastmodAt(text, start, end);
  if (Number.isNaN(time)) return false;
  result.lastmod = time;
  result.lastmodStart = start;
  result.lastmodEnd = end;
  return true;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(text: string, p: number): number {
  while (isSpace(text.charCodeAt(p))) p++;
  return p;
}
