/** A robots.txt's authoring features: `Sitemap: ` completed at a line's start, a hover on it, and the fixes of a misspelt
 * directive and of a URL without its scheme or origin; lines are read with robotsTxt.ts, as validation reads them. */
import type { SitemapModel } from '../model/model';
import { isSitemapName, readRobotsLine } from '../../../../shared/robotsLine';
import { checkRobotsLine, isAbsoluteHttpUrl } from '../rules/robotsTxtRules';
import { scopeDirectory } from '../rules/scope';
import { checkUrl } from '../rules/url';
import type { CompletionItemData, HoverInfo, OffsetEdit, ProblemRef, QuickFix } from '../sitemapLanguageTypes';

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
  const line = readRobotsLine(text, contentLength(text), base === 0);
  const r = offset - base;
  if (line === undefined || r < line.nameStart || r > line.nameEnd) return undefined;
  if (!isSitemapName(text.slice(line.nameStart, line.nameEnd))) return undefined;
  return { contents: `${SITEMAP_HOVER}\n\n${link}`, start: base + line.nameStart, end: base + line.nameEnd };
}

/**
 * The directive's spelling (`Sitemaps:` → `Sitemap:`) or its missing `:`; a URL without its scheme or origin made
 * absolute: `www.example.com/s.xml` gets a scheme, and a path the robots.txt's origin and folder when `location` (where
 * the robots.txt is published, from `sitemap.siteRoots`) is known.
 */
export function fixRobotsLine(model: SitemapModel, problem: ProblemRef, location?: string): Omit<QuickFix, 'problem'>[] {
  const index = model.segmentAt(problem.start);
  const base = model.segmentStart(index);
  const text = model.segments[index].text;
  const found = checkRobotsLine(text, contentLength(text), base === 0)
    .find((p) => p.rule === problem.rule && base + p.start === problem.start && base + p.end === problem.end);
  if (found === undefined) return [];
  if (found.fix !== undefined) {
    return [{ title: `Change to '${found.fix}'`, edits: [{ start: problem.start, end: problem.end, text: found.fix }], isPreferred: true, safe: false }];
  }
  const value = text.slice(found.start, found.end);
  const absolute = absoluteSitemapUrl(value, location);
  if (absolute === undefined) return [];
  return [{ title: `Change to '${absolute.url}'`, edits: [prefixOrReplace(problem, value, absolute.url)], isPreferred: absolute.certain, safe: false }];
}

interface AbsoluteUrl {
  url: string;
  /** Whether nothing was guessed (the origin came from `location`). */
  certain: boolean;
}

/** Insert what precedes the value when the URL ends with it (every byte kept), else replace the value. */
function prefixOrReplace(problem: ProblemRef, value: string, url: string): OffsetEdit {
  return url.endsWith(value)
    ? { start: problem.start, end: problem.start, text: url.slice(0, url.length - value.length) }
    : { start: problem.start, end: problem.end, text: url };
}

/**
 * What a Sitemap line's relative value stands for: `//host/…` and `host.tld/…` (`www.…`) with the scheme of `location`
 * when on its host, else `https:` (a guess); a path after the origin of `location`, or its folder, as written (dot
 * segments are the URL's own). Undefined when that is no valid URL.
 */
function absoluteSitemapUrl(value: string, location: string | undefined): AbsoluteUrl | undefined {
  const base = location === undefined ? undefined : checkUrl(location, []);
  const firstSegment = /^(?:\/\/)?([^/?#]*)/.exec(value)![1];
  const hostLike = value.startsWith('//') || (/\.[A-Za-z]/.test(firstSegment) && (value.length > firstSegment.length || /^www\./i.test(value)));
  let url: string | undefined;
  let certain = false;
  if (hostLike) {
    const sameHost = base !== undefined && base.host === firstSegment.toLowerCase();
    url = `${sameHost ? base.scheme : 'https'}:${value.startsWith('//') ? '' : '//'}${value}`;
    certain = sameHost;
  } else if (base !== undefined && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) {
    url = base.origin + (value.startsWith('/') ? '' : scopeDirectory(base)) + value;
    certain = true;
  }
  return url !== undefined && isAbsoluteHttpUrl(url) ? { url, certain } : undefined;
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
