/**
 * robots.txt as a checked language: one segment per line (textSitemap.ts's splitting, so edits reparse only the lines
 * they touch), and the rule robots-sitemap-url on `Sitemap:` lines. Every other line (groups, comments, unknown
 * directives) is left alone. Where a sitemap lives (shared/location.ts's callers) is read through robotsSitemapUrls,
 * so it and what the editor flags agree.
 */
import type { LocalProblem } from './rules/catalogue';
import { checkUrl } from './rules/url';
import type { ValueProblem } from './rules/valueProblem';
import { LOOKS_LIKE_A_URL, readRobotsLine } from '../../../shared/robotsLine';
import { Segment, SegmentKind } from './segment';
import { splitLines } from './textSitemap';

/** A robots-sitemap-url problem, with the text that replaces its range when that fix is safe. */
export interface RobotsProblem extends LocalProblem {
  fix?: string;
}

const SITEMAP = 'sitemap';

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
 * The URLs of a robots.txt's `Sitemap:` lines: anywhere in the file, independent of `User-agent` groups, directive
 * name case-insensitive, `#` comments stripped, only the lines robots-sitemap-url accepts (one valid absolute
 * `http`/`https` URL) kept, as written: what the editor flags is exactly what is not read here.
 */
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
