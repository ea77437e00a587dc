/** Where a robots.txt gets (or has) a sitemap's `Sitemap:` line: the same URL means listed; a file of the same name
 * under another URL is offered for update (its URL only); a new line goes after the last `Sitemap:` line, else at the
 * end, keeping the file's line ending and trailing newline. */
import type { OffsetEdit } from '../../../shared/offsetEdit';
import { isSitemapName, readRobotsLine } from '../../../shared/robotsLine';

export type RobotsSitemapPlan =
  | { status: 'listed'; line: number }
  /** `update` replaces the URL of `line`; `add` adds a line beside it instead. */
  | { status: 'other-url'; line: number; url: string; update: OffsetEdit; add: OffsetEdit }
  | { status: 'add'; add: OffsetEdit };

interface SitemapLine {
  line: number;
  /** Range of the URL, and of the whole line without its break. */
  urlStart: number;
  urlEnd: number;
  lineEnd: number;
  url: string;
}

export function planRobotsSitemapLine(robotsText: string, sitemapUrl: string): RobotsSitemapPlan {
  const lines = sitemapLines(robotsText);
  const wanted = normalize(sitemapUrl);
  const listed = lines.find((l) => normalize(l.url) === wanted);
  if (listed !== undefined) return { status: 'listed', line: listed.line };
  const eol = /\r\n|\n|\r/.exec(robotsText)?.[0] ?? '\n';
  const newLine = `Sitemap: ${sitemapUrl}`;
  const last = lines[lines.length - 1];
  let add: OffsetEdit;
  if (last !== undefined) add = { start: last.lineEnd, end: last.lineEnd, text: eol + newLine };
  else if (robotsText === '' || robotsText === '\ufeff') add = { start: robotsText.length, end: robotsText.length, text: newLine + eol };
  else if (/[\r\n]$/.test(robotsText)) add = { start: robotsText.length, end: robotsText.length, text: newLine + eol };
  else add = { start: robotsText.length, end: robotsText.length, text: eol + newLine };
  const name = fileName(sitemapUrl);
  const sameName = name === undefined ? undefined : lines.find((l) => fileName(l.url) === name);
  if (sameName !== undefined) {
    return { status: 'other-url', line: sameName.line, url: sameName.url, update: { start: sameName.urlStart, end: sameName.urlEnd, text: sitemapUrl }, add };
  }
  return { status: 'add', add };
}

/** The URLs of the robots.txt's `Sitemap:` lines, with their 0-based line numbers. */
export function listedSitemaps(robotsText: string): Array<{ line: number; url: string }> {
  return sitemapLines(robotsText).map(({ line, url }) => ({ line, url }));
}

/** The text of a new robots.txt holding only the line. */
export function newRobotsTxt(sitemapUrl: string): string {
  return `Sitemap: ${sitemapUrl}\n`;
}

function sitemapLines(text: string): SitemapLine[] {
  const found: SitemapLine[] = [];
  const pattern = /[^\r\n]*/g;
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    pattern.lastIndex = start;
    const content = pattern.exec(text)?.[0] ?? '';
    const lineEnd = start + content.length;
    const read = readRobotsLine(content, content.length, line === 0);
    // Any spelling Google reads as Sitemap (`Sitemaps:`, `Site-map:`) names its sitemap.
    if (read !== undefined && read.colon && read.valueEnd > read.valueStart && isSitemapName(content.slice(read.nameStart, read.nameEnd))) {
      // The first word of the value: the URL this line names, even when more follows it.
      const url = /^[^ \t]+/.exec(content.slice(read.valueStart, read.valueEnd))![0];
      found.push({ line, urlStart: start + read.valueStart, urlEnd: start + read.valueStart + url.length, lineEnd, url });
    }
    if (lineEnd >= text.length) break;
    start = lineEnd + (text.startsWith('\r\n', lineEnd) ? 2 : 1);
  }
  return found;
}

function normalize(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** The decoded last path segment (`sitemap.xml`); undefined for a URL naming a folder or not a URL. */
function fileName(url: string): string | undefined {
  try {
    const name = new URL(url).pathname.split('/').pop() ?? '';
    return name === '' ? undefined : decodeURIComponent(name);
  } catch {
    return undefined;
  }
}
