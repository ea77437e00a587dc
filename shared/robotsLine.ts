/** One robots.txt line read as Google's parser (google/robotstxt robots.cc) reads it, for the language layer's checks,
 * where a sitemap lives and the client's Add to robots.txt alike. */

/** One `name: value` line; offsets relative to the line. */
export interface RobotsLine {
  /** The directive's name, trimmed. */
  nameStart: number;
  nameEnd: number;
  /** Whether a `:` follows the name (`Sitemap https://…` and `Sitemap /s.xml` have none). */
  colon: boolean;
  /** After the `:` (or the name's whitespace), up to a `#` comment, trimmed. */
  valueStart: number;
  valueEnd: number;
}

/** A value meant as a sitemap's address: a URL with a scheme, or a path. */
export const LOOKS_LIKE_A_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^\//;

const SCHEME_AND_SLASHES = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const BOM = 0xfeff;
const REPLACEMENT = 0xfffd;
const COLON = 0x3a;

/** Google's whitespace (absl's ASCII whitespace): space, tab, line feed, vertical tab, form feed, carriage return. */
function isWhitespace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

/**
 * Where a line's content starts: after a byte-order mark, whole or partial, on the file's first line. Google skips any
 * prefix of EF BB BF at the file's start (only there); decoded as UTF-8, `EF BB` or `EF` before text is one U+FFFD.
 */
export function robotsLineStart(lineText: string, fileStart: boolean): number {
  const c = lineText.charCodeAt(0);
  return fileStart && (c === BOM || c === REPLACEMENT) ? 1 : 0;
}

/**
 * Reads `name: value # comment` as Google does: the comment cut at the first `#`, the name before the first `:` or,
 * without one, before the space of a two-word line. Undefined where Google reads no directive. One reading differs, to
 * say what was meant: `Sitemap https://…` (to Google, name `Sitemap https`) is a name missing its `:` before a URL.
 */
export function readRobotsLine(lineText: string, end = lineText.length, fileStart = false): RobotsLine | undefined {
  const content = lineContent(lineText, end, fileStart);
  if (content.start === content.end) return undefined;
  let wordEnd = content.start;
  while (wordEnd < content.end && !isWhitespace(lineText.charCodeAt(wordEnd)) && lineText.charCodeAt(wordEnd) !== COLON) wordEnd++;
  const rest = trim(lineText, wordEnd, content.end);
  if (wordEnd < rest.start && SCHEME_AND_SLASHES.test(lineText.slice(rest.start, rest.end))) {
    return { nameStart: content.start, nameEnd: wordEnd, colon: false, valueStart: rest.start, valueEnd: rest.end };
  }
  return readDirective(lineText, content);
}

/** The line exactly as Google reads it (robots.cc `GetKeyAndValueFrom`), `Sitemap https://…` too: for matching. */
export function readRobotsLineAsGoogle(lineText: string, end = lineText.length, fileStart = false): RobotsLine | undefined {
  const content = lineContent(lineText, end, fileStart);
  return content.start === content.end ? undefined : readDirective(lineText, content);
}

/** The line up to its `#` comment, trimmed. */
function lineContent(lineText: string, end: number, fileStart: boolean): { start: number; end: number } {
  const first = robotsLineStart(lineText, fileStart);
  let comment = lineText.indexOf('#', first);
  if (comment < 0 || comment > end) comment = end;
  return trim(lineText, first, comment);
}

/** Without a `:`, Google splits at the first space or tab, when one word follows (other whitespace is no separator). */
function readDirective(lineText: string, content: { start: number; end: number }): RobotsLine | undefined {
  const colon = lineText.indexOf(':', content.start);
  if (colon >= 0 && colon < content.end) {
    const name = trim(lineText, content.start, colon);
    if (name.start === name.end) return undefined;
    const value = trim(lineText, colon + 1, content.end);
    return { nameStart: name.start, nameEnd: name.end, colon: true, valueStart: value.start, valueEnd: value.end };
  }
  const gap = spaceOrTabAt(lineText, content.start, content.end);
  if (gap < 0) return undefined;
  let word = gap;
  while (word < content.end && isSpaceOrTab(lineText.charCodeAt(word))) word++;
  if (spaceOrTabAt(lineText, word, content.end) >= 0) return undefined;
  const name = trim(lineText, content.start, gap);
  const value = trim(lineText, gap + 1, content.end);
  return { nameStart: name.start, nameEnd: name.end, colon: false, valueStart: value.start, valueEnd: value.end };
}

/**
 * Whether crawlers read a directive name as `Sitemap`: Google any name starting with `sitemap` or `site-map`, in any
 * case (robots.cc `KeyIsSitemap`); Protego `sitemap`, `sitemaps` and `site-map`, a subset.
 */
export function isSitemapName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('sitemap') || lower.startsWith('site-map');
}

/** The spelling every crawler reads, in any case. */
export function isStandardSitemapName(name: string): boolean {
  return name.toLowerCase() === 'sitemap';
}

/** Whether Protego (Scrapy's parser) reads the name as `Sitemap` too. */
export function protegoReadsSitemapName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'sitemap' || lower === 'sitemaps' || lower === 'site-map';
}

function isSpaceOrTab(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function spaceOrTabAt(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) if (isSpaceOrTab(text.charCodeAt(i))) return i;
  return -1;
}

function trim(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}
