/**
 * The fast path for the overwhelmingly common entry: `<url>` (or `<sitemap>`) in the default namespace, no
 * attributes, children loc, lastmod, changefreq, priority in schema order, plain values (`&amp;` and `&apos;` at
 * most, and only in loc), whitespace between tags, and every value valid. A sticky regular expression checks the
 * shape without allocating, changefreq and priority whole (native code checks them at no cost once compiled) and the
 * shape of lastmod; the loc then goes through the same validators as always, and lastmod's field ranges are read in
 * place (plainLastmodAt).
 *
 * Anything else — and any value with a problem — returns undefined, and the general parser takes the entry
 * from the start, so problems are only ever reported by the general path. Tests check that parsing with and
 * without this fast path gives identical segments. After the core fields, hreflang alternates in the form
 * generators write (issue 20): `<xhtml:link rel="alternate" hreflang="…" href="…"/>`, checked by checkLink.
 */
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import type { LocalProblem } from '../rules/catalogue';
import { checkDuplicateLanguage, checkLink, checkSelfListed, urlKey, type LinkAttribute } from '../rules/hreflang';
import type { Alternate, EntryFields } from './parseState';
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
const SITEMAP_ENTRY = new RegExp(`<sitemap>${WS}${field('loc', LOC)}(?:${field('lastmod', PLAIN_LASTMOD)})?</sitemap>`, 'y');

export interface FastEntry extends EntryFields {
  end: number;
  /** Always read: an entry without one goes the general way. */
  url: string;
  /** The entry's hreflang alternates (absolute offsets), and its page key with them. */
  alternates: Alternate[] | undefined;
  pageKey: string | undefined;
}

const result: FastEntry = { end: 0, url: '', urlStart: 0, urlEnd: 0, lastmod: NaN, lastmodStart: 0, lastmodEnd: 0, alternates: undefined, pageKey: undefined };
const problems: ValueProblem[] = [];

/** `<url>` entries whose core fields are followed by any number of links with this prefix (see takeLinks). */
const linkShapes = new Map<string, RegExp>();

function linkShape(prefix: string): RegExp {
  let shape = linkShapes.get(prefix);
  if (shape === undefined) {
    const name = `${prefix.replace(/[.]/g, '\\.')}:link`;
    shape = new RegExp(`${URL_FIELDS}(?:<${name} rel="alternate" hreflang="[A-Za-z0-9-]+" href="${LOC}"${WS}/>${WS})*</url>`, 'y');
    linkShapes.set(prefix, shape);
  }
  return shape;
}

/**
 * Tries the entry starting at `start` (its `<`). `linkPrefix`: the prefix the root binds to the XHTML namespace, when
 * it binds one. The result object is reused: copy what you keep.
 */
export function scanFastEntry(text: string, start: number, kind: 'urlset' | 'sitemapindex', linkPrefix?: string): FastEntry | undefined {
  const shape = kind === 'sitemapindex' ? SITEMAP_ENTRY : linkPrefix === undefined ? URL_ENTRY : linkShape(linkPrefix);
  shape.lastIndex = start;
  if (!shape.test(text)) return undefined;
  result.end = shape.lastIndex;
  if (problems.length !== 0) problems.length = 0;
  const urlStart = skipSpace(text, start + (kind === 'urlset' ? 5 : 9)) + 5;
  const urlEnd = text.indexOf('<', urlStart);
  if (!takeUrl(text, urlStart, urlEnd)) return undefined;
  result.lastmod = NaN;
  result.lastmodStart = result.lastmodEnd = 0;
  // After </loc>: <lastmod>, <changefreq>, <priority> or the end tag; only lastmod is left to check.
  const next = skipSpace(text, urlEnd + 6);
  if (text.charCodeAt(next + 1) === 0x6c /* l */ && !takeLastmod(text, next + 9)) return undefined;
  result.alternates = result.pageKey = undefined;
  if (linkPrefix !== undefined && !takeLinks(text, next, linkPrefix)) return undefined;
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

const linkProblems: LocalProblem[] = [];

/**
 * The links of an entry the link shape matched, from `at` (the first tag after `</loc>`): each through checkLink and
 * checkDuplicateLanguage, then the page's self link (checkSelfListed), as the general path checks them; false on
 * any problem. Tags are found one at a time, so that no search runs past the entry.
 */
function takeLinks(text: string, at: number, prefix: string): boolean {
  const link = `<${prefix}:link`;
  while (!text.startsWith(link, at)) {
    if (text.charCodeAt(at + 1) === 0x2f /* / */ && text.startsWith('</url>', at)) return true;
    at = text.indexOf('<', text.indexOf('>', at) + 1);
  }
  if (linkProblems.length !== 0) linkProblems.length = 0;
  const alternates: Alternate[] = [];
  while (text.startsWith(link, at)) {
    const nameEnd = at + link.length;
    // rel="alternate" hreflang="…" href="…", exactly as the shape has them.
    rel.start = nameEnd + 6;
    rel.end = nameEnd + 15;
    attributeAt(text, rel.end + 12, hreflang);
    attributeAt(text, hreflang.end + 8, href);
    const alternate = checkLink(rel, hreflang, href, at + 1, nameEnd, linkProblems);
    if (alternate === undefined) return false;
    checkDuplicateLanguage(alternate, alternates, linkProblems);
    if (linkProblems.length > 0) return false;
    alternates.push(alternate);
    at = skipSpace(text, text.indexOf('>', href.end) + 1);
  }
  const pageKey = urlKey(result.url);
  checkSelfListed(pageKey, alternates, result.urlStart, result.urlEnd, linkProblems);
  if (linkProblems.length > 0) return false;
  result.alternates = alternates;
  result.pageKey = pageKey;
  return true;
}

/** A link's attributes, reused: checkLink keeps none of them (150,000 objects less for the collector per file). */
const rel: LinkAttribute = { value: 'alternate', raw: 'alternate', start: 0, end: 0 };
const hreflang: LinkAttribute = { value: '', raw: '', start: 0, end: 0 };
const href: LinkAttribute = { value: '', raw: '', start: 0, end: 0 };

/** Into `into`: the attribute value starting at `start` and ending at the next `"`, decoded as the parser decodes it. */
function attributeAt(text: string, start: number, into: LinkAttribute): void {
  const end = text.indexOf('"', start);
  const raw = text.slice(start, end);
  into.value = raw.indexOf('&') < 0 ? raw : decodeReferences(raw);
  into.raw = raw;
  into.start = start;
  into.end = end;
}
