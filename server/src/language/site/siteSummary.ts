/**
 * What the cross-file rules need to know of one file, read from the model's segments once: its kind, its entries
 * (URL, lastmod, ranges) and, for a robots.txt, its accepted `Sitemap:` lines. Offsets are absolute.
 */
import type { SitemapModel } from '../model';
import type { RootInfo } from '../parser';
import type { Segment } from '../segment';
import { acceptedSitemapValue } from '../robotsTxt';
import { unescapeXml } from '../xmlText';

export type SiteFileKind = 'urlset' | 'sitemapindex' | 'text' | 'robots' | 'unknown';

export interface SiteEntry {
  /** The `<loc>`, decoded (a text line, a `Sitemap:` URL). */
  url: string;
  start: number;
  end: number;
  /** Epoch ms of a valid `<lastmod>`, NaN otherwise; `lastmodText` as written. */
  lastmod: number;
  lastmodText: string;
  lastmodStart: number;
  lastmodEnd: number;
}

export interface SiteSummary {
  kind: SiteFileKind;
  /** `<url>`s, `<sitemap>`s, URL lines, or a robots.txt's `Sitemap:` lines: only those with a URL. */
  entries: SiteEntry[];
  /** Where a file-level problem (unlisted-sitemap) goes: the root element's name, else the first entry. */
  anchorStart: number;
  anchorEnd: number;
}

export function summarizeModel(model: SitemapModel): SiteSummary {
  const kind = model.kind;
  const entries = kind === 'robots' ? robotsEntries(model) : sitemapEntries(model);
  return summaryOf(kind, entries, model.root);
}

export function summaryOf(kind: SiteFileKind, entries: SiteEntry[], root: RootInfo | undefined): SiteSummary {
  const anchor = root !== undefined && root.kind !== 'none' ? { start: root.nameStart, end: root.nameEnd }
    : entries.length > 0 ? { start: entries[0].start, end: entries[0].end } : { start: 0, end: 0 };
  return { kind, entries, anchorStart: anchor.start, anchorEnd: anchor.end };
}

function sitemapEntries(model: SitemapModel): SiteEntry[] {
  const entries: SiteEntry[] = [];
  let offset = 0;
  for (const segment of model.segments) {
    if (segment.isEntry && segment.url !== undefined) entries.push(siteEntryOf(segment, offset));
    offset += segment.text.length;
  }
  return entries;
}

/** An entry segment with a URL, which starts at `offset`. */
export function siteEntryOf(segment: Segment, offset: number): SiteEntry {
  const hasLastmod = segment.lastmodEnd > segment.lastmodStart;
  return {
    url: unescapeXml(segment.url!),
    start: offset + segment.urlStart,
    end: offset + segment.urlEnd,
    lastmod: segment.lastmod,
    lastmodText: hasLastmod ? segment.text.slice(segment.lastmodStart, segment.lastmodEnd) : '',
    lastmodStart: offset + segment.lastmodStart,
    lastmodEnd: offset + segment.lastmodEnd,
  };
}

/** The `Sitemap:` lines robots-sitemap-url accepts (the others name no sitemap). */
function robotsEntries(model: SitemapModel): SiteEntry[] {
  const entries: SiteEntry[] = [];
  let offset = 0;
  for (const segment of model.segments) {
    const lineText = segment.text.replace(/(?:\r\n|\r|\n)$/, '');
    const value = acceptedSitemapValue(lineText);
    if (value !== undefined) {
      entries.push({
        url: lineText.slice(value.start, value.end),
        start: offset + value.start,
        end: offset + value.end,
        lastmod: NaN, lastmodText: '', lastmodStart: 0, lastmodEnd: 0,
      });
    }
    offset += segment.text.length;
  }
  return entries;
}
