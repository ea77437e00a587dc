/**
 * The authoring features of a robots.txt: a hover on the `Sitemap` directive, and the quick fix of a misspelt one.
 * Both read the line again with robotsTxt.ts, the parser validation uses.
 */
import type { SitemapModel } from '../model';
import { checkRobotsLine, readRobotsLine } from '../robotsTxt';
import type { HoverInfo } from './hover';
import type { ProblemRef, QuickFix } from './codeActions';

const SITEMAP_HOVER = [
  '**Sitemap:** the absolute URL of a sitemap or a sitemap index of this site, for every crawler.',
  '',
  'Optional (crawlers also take sitemaps submitted to them directly), but the one place every search engine looks.',
  'One URL per line, anywhere in the file, outside any `User-agent` group; several lines are allowed.',
].join('\n');

/** On a `Sitemap` directive's name: what the line is for. */
export function getRobotsHover(model: SitemapModel, offset: number, link: string): HoverInfo | undefined {
  const index = model.segmentAt(offset);
  const base = model.segmentStart(index);
  const text = model.segments[index].text;
  const line = readRobotsLine(text, contentLength(text));
  const r = offset - base;
  if (line === undefined || r < line.nameStart || r > line.nameEnd) return undefined;
  if (text.slice(line.nameStart, line.nameEnd).toLowerCase() !== 'sitemap') return undefined;
  return { contents: `${SITEMAP_HOVER}\n\n${link}`, start: base + line.nameStart, end: base + line.nameEnd };
}

/** The directive's spelling (`Sitemaps:` → `Sitemap:`) or its missing `:`; nothing for a URL (no base to resolve it). */
export function fixRobotsLine(model: SitemapModel, problem: ProblemRef): Omit<QuickFix, 'problem'>[] {
  const index = model.segmentAt(problem.start);
  const base = model.segmentStart(index);
  const text = model.segments[index].text;
  const found = checkRobotsLine(text, contentLength(text)).find((p) => base + p.start === problem.start && base + p.end === problem.end);
  if (found?.fix === undefined) return [];
  return [{ title: `Change to '${found.fix}'`, edits: [{ start: problem.start, end: problem.end, text: found.fix }], isPreferred: true, safe: false }];
}

function contentLength(line: string): number {
  return line.replace(/\r?\n$|\r$/, '').length;
}
