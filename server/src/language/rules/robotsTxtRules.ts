/** robots.txt as a checked language: a segment per line (as textSitemap.ts splits), robots-sitemap-url and
 * robots-sitemap-spelling on Sitemap lines, every other line left alone. Where a sitemap lives is read through
 * robotsSitemapUrls too, so it and what the editor flags agree. */
import type { LocalProblem } from './catalogue';
import { checkUrl } from './url';
import type { ValueProblem } from './valueProblem';
import {
  LOOKS_LIKE_A_URL, isSitemapName, isStandardSitemapName, protegoReadsSitemapName, readRobotsLine, type RobotsLine,
} from '../../../../shared/robotsLine';
import { Segment, SegmentKind } from '../model/segment';
import { splitLines } from '../syntax/textSitemap';

const SITEMAP = 'sitemap';
const URL_RULE = 'robots-sitemap-url';

/** A robots-sitemap-url or robots-sitemap-spelling problem, with the text that replaces its range when that fix is plain. */
export interface RobotsProblem extends LocalProblem {
  fix?: string;
}

/** `fileStart`: whether the text begins the file (its first line may open with a partial byte-order mark). */
export function parseRobotsLines(text: string, fileStart = true): Segment[] {
  let first = fileStart;
  return splitLines(text, (lineText, contentLength, lineBreaks) => {
    const segment = parseRobotsLine(lineText, contentLength, lineBreaks, first);
    first = false;
    return segment;
  });
}

function parseRobotsLine(lineText: string, contentLength: number, lineBreaks: number, fileStart: boolean): Segment {
  const segment = new Segment(SegmentKind.Line, lineText);
  segment.lineBreaks = lineBreaks;
  const problems = checkRobotsLine(lineText, contentLength, fileStart);
  if (problems.length > 0) segment.problems = problems.map(({ rule, start, end, message }) => ({ rule, start, end, message }));
  return segment;
}

/**
 * The problems of one line (`end`: where its content ends, before the line break). A name crawlers read as `Sitemap`
 * (robotsLine.ts) is checked as one: its spelling, its `:`, its URL; a near miss they do not read is reported as such.
 */
export function checkRobotsLine(lineText: string, end = lineText.length, fileStart = false): RobotsProblem[] {
  const line = readRobotsLine(lineText, end, fileStart);
  if (line === undefined) return [];
  const name = lineText.slice(line.nameStart, line.nameEnd);
  const value = lineText.slice(line.valueStart, line.valueEnd);
  if (!isSitemapName(name)) return unknownDirective(line, name, value);
  const problems: RobotsProblem[] = [];
  if (!line.colon) problems.push(missingColon(line, name, value));
  else if (!isStandardSitemapName(name)) problems.push(nonStandardSpelling(line, name));
  const valueProblem = sitemapValueProblem(line, value);
  if (valueProblem !== undefined) problems.push(valueProblem);
  return problems;
}

/** `Sitmap:`, `Site map:` before a URL: no crawler reads these lines. */
function unknownDirective(line: RobotsLine, name: string, value: string): RobotsProblem[] {
  if (!isSitemapTypo(name.toLowerCase()) || !LOOKS_LIKE_A_URL.test(value)) return [];
  return [{
    rule: URL_RULE, start: line.nameStart, end: line.nameEnd, fix: line.colon ? 'Sitemap' : 'Sitemap:',
    message: `'${name}' is not a directive crawlers know (Google reads names starting with 'sitemap' or 'site-map'): write 'Sitemap:'.`,
  }];
}

function missingColon(line: RobotsLine, name: string, value: string): RobotsProblem {
  const fix = isStandardSitemapName(name) ? name + ':' : 'Sitemap:';
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(value);
  const reading = scheme !== null
    ? ` Google reads '${name} ${scheme[0].slice(0, -1)}' as the directive and '${value.slice(scheme[0].length)}' as its URL; Protego ignores the line.`
    : ' Google and Protego read the line without it; other crawlers may not.';
  return { rule: URL_RULE, start: line.nameStart, end: line.nameEnd, fix, message: `A ':' must follow '${name}'.${reading}` };
}

function nonStandardSpelling(line: RobotsLine, name: string): RobotsProblem {
  const readers = protegoReadsSitemapName(name) ? 'Google and Protego read' : 'Google reads';
  // `Sitemap is https` (the scheme's `:` taken as the separator): what was meant is not a spelling away.
  return {
    rule: 'robots-sitemap-spelling', start: line.nameStart, end: line.nameEnd, fix: /\s/.test(name) ? undefined : 'Sitemap',
    message: `${readers} '${name}:' as 'Sitemap:', other crawlers may not: write 'Sitemap:'.`,
  };
}

/** An empty value, two values, or not an absolute http(s) URL: the line names no sitemap crawlers can fetch. */
function sitemapValueProblem(line: RobotsLine, value: string): RobotsProblem | undefined {
  if (value === '') return { rule: URL_RULE, start: line.nameStart, end: line.nameEnd, message: 'This Sitemap: line has no URL.' };
  const at = (message: string): RobotsProblem => ({ rule: URL_RULE, start: line.valueStart, end: line.valueEnd, message });
  if (/[ \t]/.test(value)) return at('A Sitemap: line holds one URL: give each sitemap a line of its own.');
  const message = urlProblem(value);
  if (message === undefined) return undefined;
  const noScheme = !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
  const google = noScheme ? " Google reads the line but asks for a fully-qualified URL: it guesses no scheme or host, so it fetches no sitemap from it." : '';
  return at(`A Sitemap: line needs an absolute http or https URL. ${message}${google}`);
}

/** Whether `value` is a URL a Sitemap line accepts. */
export function isAbsoluteHttpUrl(value: string): boolean {
  return urlProblem(value) === undefined && /^https?:\/\//i.test(value);
}

/** What checkUrl (the `invalid-url` check) finds wrong with `value`, or undefined when it is a valid URL. */
function urlProblem(value: string): string | undefined {
  const found: ValueProblem[] = [];
  checkUrl(value, found);
  return found.find((p) => p.rule === 'invalid-url')?.message;
}

/**
 * The URLs of a robots.txt's Sitemap lines: anywhere in the file, independent of `User-agent` groups, any spelling
 * crawlers read as `Sitemap` (robotsLine.ts), `#` comments stripped, only the lines robots-sitemap-url accepts (one
 * valid absolute `http`/`https` URL after a `:`) kept, as written: what the editor flags is exactly what is not read.
 */
export function robotsSitemapUrls(text: string): string[] {
  const found: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let k = 0; k < lines.length; k++) {
    const value = acceptedSitemapValue(lines[k], k === 0);
    if (value !== undefined) found.push(lines[k].slice(value.start, value.end));
  }
  return found;
}

/**
 * The range of a line's Sitemap URL when robots-sitemap-url accepts the line (one line, without its break; `fileStart`
 * when it is the file's first). A non-standard spelling (robots-sitemap-spelling) still names its sitemap.
 */
export function acceptedSitemapValue(lineText: string, fileStart = false): { start: number; end: number } | undefined {
  const line = readRobotsLine(lineText, lineText.length, fileStart);
  if (line === undefined || !line.colon || !isSitemapName(lineText.slice(line.nameStart, line.nameEnd))) return undefined;
  const problems = checkRobotsLine(lineText, lineText.length, fileStart);
  return problems.some((p) => p.rule === URL_RULE) ? undefined : { start: line.valueStart, end: line.valueEnd };
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
