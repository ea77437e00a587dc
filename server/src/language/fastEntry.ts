/**
 * The fast path for the overwhelmingly common entry: `<url>` (or `<sitemap>`) in the default namespace, no
 * attributes, children loc, lastmod, changefreq, priority in schema order, plain values (the five predefined
 * entities at most, and only in loc), whitespace between tags, and every value valid. A sticky regular
 * expression checks the shape without allocating; the values then go through the same validators as always.
 *
 * Anything else — and any value with a problem — returns undefined, and the general parser takes the entry
 * from the start, so problems are only ever reported by the general path. Tests check that parsing with and
 * without this fast path gives identical segments.
 */
import { checkChangefreq, checkPriority } from './rules/simpleValues';
import { checkLastmod } from './rules/lastmod';
import { checkListedUrl } from './rules/listedUrl';
import type { ValueProblem } from './rules/valueProblem';

/** A value: no markup, no quotes or `>`, no control characters, surrogates or non-characters; predefined entities only. */
const VALUE = `(?:[^<>&'"\\x00-\\x1f\\ud800-\\udfff\\ufffd-\\uffff]|&(?:amp|lt|gt|quot|apos);)+`;
const WS = '[ \\t\\r\\n]*';

function field(name: string): string {
  return `<${name}>${VALUE}</${name}>${WS}`;
}

const URL_ENTRY = new RegExp(`<url>${WS}${field('loc')}(?:${field('lastmod')})?(?:${field('changefreq')})?(?:${field('priority')})?</url>`, 'y');
const SITEMAP_ENTRY = new RegExp(`<sitemap>${WS}${field('loc')}(?:${field('lastmod')})?</sitemap>`, 'y');

export interface FastEntry {
  end: number;
  /** Canonical escaped form (see xmlText.ts). */
  url: string;
  urlStart: number;
  urlEnd: number;
  lastmod: number;
  lastmodStart: number;
  lastmodEnd: number;
}

const result: FastEntry = { end: 0, url: '', urlStart: 0, urlEnd: 0, lastmod: NaN, lastmodStart: 0, lastmodEnd: 0 };
const problems: ValueProblem[] = [];

/** Tries the entry starting at `start` (its `<`). The result object is reused: copy what you keep. */
export function scanFastEntry(text: string, start: number, kind: 'urlset' | 'sitemapindex'): FastEntry | undefined {
  const shape = kind === 'urlset' ? URL_ENTRY : SITEMAP_ENTRY;
  shape.lastIndex = start;
  if (!shape.test(text)) return undefined;
  result.end = shape.lastIndex;
  if (problems.length !== 0) problems.length = 0;
  let p = skipSpace(text, start + (kind === 'urlset' ? 5 : 9));
  // <loc>
  let valueStart = p + 5;
  let valueEnd = text.indexOf('<', valueStart);
  if (isSpace(text.charCodeAt(valueStart)) || isSpace(text.charCodeAt(valueEnd - 1))) return undefined;
  let raw = text.slice(valueStart, valueEnd);
  // The raw value is the URL in canonical escaped form (see xmlText.ts). Checking it undecoded gives the same
  // verdict, except that &lt; &gt; &quot; decode to characters a URL may not hold: leave those to the general path.
  if (raw.indexOf('&') >= 0 && (raw.indexOf('&lt;') >= 0 || raw.indexOf('&gt;') >= 0 || raw.indexOf('&quot;') >= 0)) return undefined;
  checkListedUrl(raw, problems);
  result.url = raw;
  result.urlStart = valueStart;
  result.urlEnd = valueEnd;
  result.lastmod = NaN;
  result.lastmodStart = result.lastmodEnd = 0;
  p = skipSpace(text, valueEnd + 6);
  for (;;) {
    if (problems.length > 0) return undefined;
    const nameEnd = text.indexOf('>', p + 1);
    if (text.charCodeAt(p + 1) === 0x2f) return result; // the entry's end tag
    valueStart = nameEnd + 1;
    valueEnd = text.indexOf('<', valueStart);
    if (isSpace(text.charCodeAt(valueStart)) || isSpace(text.charCodeAt(valueEnd - 1))) return undefined;
    raw = text.slice(valueStart, valueEnd);
    if (raw.indexOf('&') >= 0) return undefined;
    switch (nameEnd - p - 1) {
      case 7: // lastmod
        result.lastmod = checkLastmod(raw, Infinity, problems) ?? NaN;
        result.lastmodStart = valueStart;
        result.lastmodEnd = valueEnd;
        break;
      case 10: // changefreq
        checkChangefreq(raw, problems);
        break;
      default: // priority
        checkPriority(raw, problems);
    }
    p = skipSpace(text, text.indexOf('>', valueEnd) + 1);
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(text: string, p: number): number {
  while (isSpace(text.charCodeAt(p))) p++;
  return p;
}

