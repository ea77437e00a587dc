/**
 * robots.txt as a checked language: one segment per line (textSitemap.ts's splitting, so edits reparse only the lines
 * they touch), and the rule robots-sitemap-url on `Sitemap:` lines. Every other line (groups, comments, unknown
 * directives) is left alone. location.ts reads `Sitemap:` lines through the same functions, so where a sitemap lives
 * and what the editor flags agree.
 */
import type { LocalProblem } from './rules/catalogue';
import { checkUrl } from './rules/url';
import type { ValueProblem } from './rules/valueProblem';
import { Ch, isWhitespace } from './scanner';
import { Segment, SegmentKind } from './segment';
import { splitLines } from './textSitemap';

/** One `name: value` line; offsets relative to the line. */
export interface RobotsLine {
  /** The directive's name, trimmed. */
  nameStart: number;
  nameEnd: number;
  /** Whether a `:` follows the name (`Sitemap https://…` has none). */
  colon: boolean;
  /** After the `:`, up to a `#` comment, trimmed. */
  valueStart: number;
  valueEnd: number;
}

/** A robots-sitemap-url problem, with the text that replaces its range when that fix is safe. */
export interface RobotsProblem extends LocalProblem {
  fix?: string;
}

const SITEMAP = 'sitemap';
/** A value meant as a sitemap's address: a URL with a scheme, or a path. */
const LOOKS_LIKE_A_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^\//;

export function parseRobotsLines(text: string): Segment[] {
  return splitLines(text, parseRobotsLine);
}

function parseRobotsLine(lineText: string, contentLength: number, lineBreaks: number): Segment {
  const segment = new Segment(SegmentKind.Line, lineText);
  segment.lineBreaks = lineBreaks;
  const problems = checkRobotsLine(lineText, contentLength);
  if (problems.length > 0) segment.problems = problems.map(({ rule, start, end, message }) => ({ rule, start, end, message }));
  return segment;
}

/** The problems of one line (`end`: where its content ends, before the line break). */
export function checkRobotsLine(lineText: string, end = lineText.length): RobotsProblem[] {
  const line = readRobotsLine(lineText, end);
  if (line === undefined) return [];
  const name = lineText.slice(line.nameStart, line.nameEnd);
  const value = lineText.slice(line.valueStart, line.valueEnd);
  const at = (start: number, stop: number, message: string, fix?: string): RobotsProblem[] => [{ rule: 'robots-sitemap-url', start, end: stop, message, fix }];
  if (name.toLowerCase() !== SITEMAP) {
    if (!isSitemapTypo(name.toLowerCase()) || !LOOKS_LIKE_A_URL.test(value)) return [];
    return at(line.nameStart, line.nameEnd, `'${name}' is not a directive crawlers know: write 'Sitemap:'.`, line.colon ? 'Sitemap' : 'Sitemap:');
  }
  if (!line.colon) return at(line.nameStart, line.nameEnd, "A ':' must follow 'Sitemap'.", name + ':');
  if (value === '') return at(line.nameStart, line.nameEnd, 'This Sitemap: line has no URL.');
  if (/[ \t]/.test(value)) return at(line.valueStart, line.valueEnd, 'A Sitemap: line holds one URL: give each sitemap a line of its own.');
  const message = urlProblem(value);
  return message === undefined ? [] : at(line.valueStart, line.valueEnd, `A Sitemap: line needs an absolute http or https URL. ${message}`);
}

/** What checkUrl (the `invalid-url` check) finds wrong with `value`, or undefined when it is a valid URL. */
function urlProblem(value: string): string | undefined {
  const found: ValueProblem[] = [];
  checkUrl(value, found);
  return found.find((p) => p.rule === 'invalid-url')?.message;
}

/**
 * Reads `name: value # comment` (undefined for blank and comment lines, and for lines with neither a `:` nor a URL
 * after their first word). A first word followed by a URL (`Sitemap https://…`) is a name missing its `:`.
 */
export function readRobotsLine(lineText: string, end = lineText.length): RobotsLine | undefined {
  let p = lineText.charCodeAt(0) === Ch.Bom ? 1 : 0;
  while (p < end && isWhitespace(lineText.charCodeAt(p))) p++;
  const nameStart = p;
  let comment = lineText.indexOf('#', p);
  if (comment < 0 || comment > end) comment = end;
  if (nameStart === comment) return undefined;
  let wordEnd = p;
  while (wordEnd < comment && !isWhitespace(lineText.charCodeAt(wordEnd)) && lineText.charCodeAt(wordEnd) !== Ch.Colon) wordEnd++;
  const rest = trim(lineText, wordEnd, comment);
  if (wordEnd < rest.start && LOOKS_LIKE_A_URL.test(lineText.slice(rest.start, rest.end)) && !LOOKS_LIKE_A_URL.test(lineText.slice(nameStart, rest.end))) {
    return { nameStart, nameEnd: wordEnd, colon: false, valueStart: rest.start, valueEnd: rest.end };
  }
  const colon = lineText.indexOf(':', nameStart);
  if (colon < 0 || colon >= comment) return undefined;
  const name = trim(lineText, nameStart, colon);
  const value = trim(lineText, colon + 1, comment);
  return { nameStart, nameEnd: name.end, colon: true, valueStart: value.start, valueEnd: value.end };
}

/** The URLs of the `Sitemap:` lines that robots-sitemap-url accepts, as written. */
export function robotsSitemapUrls(text: string): string[] {
  const found: string[] = [];
  for (const lineText of text.split(/\r\n|\r|\n/)) {
    const value = acceptedSitemapValue(lineText);
    if (value !== undefined) found.push(lineText.slice(value.start, value.end));
  }
  return found;
}

/** The range of a line's `Sitemap:` URL when robots-sitemap-url accepts the line (one line, without its break). */
export function acceptedSitemapValue(lineText: string): { start: number; end: number } | undefined {
  const line = readRobotsLine(lineText);
  if (line === undefined || !line.colon || lineText.slice(line.nameStart, line.nameEnd).toLowerCase() !== SITEMAP) return undefined;
  return checkRobotsLine(lineText).length === 0 ? { start: line.valueStart, end: line.valueEnd } : undefined;
}

/**
 * `Sitemaps`, `Site-map`, `Sitmap`, `Stiemap`: one edit from `sitemap`, or two when it still starts with an `s`
 * (`Site-maps`) — not `NoSitemap`, which reads as meant. No directive crawlers know is that close.
 */
function isSitemapTypo(name: string): boolean {
  const distance = editDistance(name, SITEMAP, 2);
  return distance === 1 || (distance === 2 && name.charCodeAt(0) === 0x73);
}

function trim(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** Optimal-string-alignment distance (a swap of neighbours counts one), or `max + 1` once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[i].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i].push(d);
    }
  }
  return Math.min(rows[a.length][b.length], max + 1);
}
