/**
 * The authoring features of a robots.txt: `Sitemap: ` completed at a line's start, a hover on the directive, and the
 * quick fix of a misspelt one. They read the line again with robotsTxt.ts, the parser validation uses.
 */
import type { SitemapModel } from '../model';
import { readRobotsLine } from '../../../../shared/robotsLine';
import { checkRobotsLine } from '../robotsTxt';
import type { CompletionItemData, HoverInfo, ProblemRef, QuickFix } from '../sitemapLanguageTypes';

const SITEMAP = 'sitemap';

const SITEMAP_HOVER = [
  '**Sitemap:** the absolute URL of a sitemap or a sitemap index of this site, for every crawler.',
  '',
  'Optional (crawlers also take sitemaps submitted to them directly), but the one place every search engine looks.',
  'One URL per line, anywhere in the file, outside any `User-agent` group; several lines are allowed.',
].join('\n');

/** `Sitemap: ` where a line holds nothing but the start of that word (or nothing at all). */
export function completeRobotsDirective(model: SitemapModel, offset: number): CompletionItemData[] {
  const { base, text } = lineAt(model, offset);
  const r = offset - base;
  const end = contentLength(text);
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < r && (text[start] === ' ' || text[start] === '\t')) start++;
  let wordEnd = r;
  while (wordEnd < end && /[A-Za-z]/.test(text[wordEnd])) wordEnd++;
  const word = text.slice(start, wordEnd);
  if (r < start || r > end || !/^[A-Za-z]*$/.test(word) || text.slice(wordEnd, end).trim() !== '' || !SITEMAP.startsWith(word.toLowerCase())) return [];
  return [{
    label: 'Sitemap:', kind: 'directive', detail: 'the URL of a sitemap or sitemap index', documentation: SITEMAP_HOVER,
    insertText: 'Sitemap: ', snippet: false, start: base + start, end: base + wordEnd, filterText: 'Sitemap',
  }];
}

/** On a `Sitemap` directive's name: what the line is for. */
export function getRobotsHover(model: SitemapModel, offset: number, link: string): HoverInfo | undefined {
  const { base, text } = lineAt(model, offset);
  const line = readRobotsLine(text, contentLength(text));
  const r = offset - base;
  if (line === undefined || r < line.nameStart || r > line.nameEnd) return undefined;
  if (text.slice(line.nameStart, line.nameEnd).toLowerCase() !== SITEMAP) return undefined;
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

/** The line holding `offset`: at the end of a line without a break (the text's last), that line, not the empty tail. */
function lineAt(model: SitemapModel, offset: number): { base: number; text: string } {
  let index = model.segmentAt(offset);
  let base = model.segmentStart(index);
  if (index > 0 && offset === base && !/[\r\n]$/.test(model.segments[index - 1].text)) {
    index--;
    base = model.segmentStart(index);
  }
  return { base, text: model.segments[index].text };
}

function contentLength(line: string): number {
  return line.replace(/\r?\n$|\r$/, '').length;
}
