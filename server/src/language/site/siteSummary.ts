/** What the cross-file rules need of one file, read once from the model's segments: its kind, its entries (URL,
 * lastmod, ranges), a robots.txt's accepted `Sitemap:` lines. Offsets are absolute. */
import type { SitemapModel } from '../model/model';
import type { RootInfo } from '../syntax/parser';
import type { Segment } from '../model/segment';
import type { EntryFields } from '../syntax/parseState';
import { acceptedSitemapValue } from '../rules/robotsTxtRules';
import { unescapeXml } from '../syntax/xmlText';
import { urlHash, urlHashOfEscaped } from '../model/urlHash';

export type SiteFileKind = 'urlset' | 'sitemapindex' | 'text' | 'robots' | 'unknown';

export interface SiteEntry extends Pick<EntryFields, 'lastmod' | 'lastmodStart' | 'lastmodEnd'> {
  /** The `<loc>`, decoded (a text line, a `Sitemap:` URL). */
  url: string;
  start: number;
  end: number;
  /** The `<lastmod>` as written. */
  lastmodText: string;
}

export interface SiteSummary {
  kind: SiteFileKind;
  /** `<url>`s, `<sitemap>`s, URL lines, or a robots.txt's `Sitemap:` lines: only those with a URL. */
  entries: SiteEntry[];
  /** Where a file-level problem (unlisted-sitemap) goes: the root element's name, else the first entry. */
  anchorStart: number;
  anchorEnd: number;
  /**
   * The same entries' URLs in columns, when the summary comes with them (sitemap-lint's workers hash the URLs): what
   * the cross-file duplicate check reads, without an object or a string per entry. Else it makes them (siteUrlsOf).
   * They describe `entries` exactly: a summary made from another with other entries must not carry them over.
   */
  urls?: SiteUrls;
}

/** What cross-file-duplicate-url reads of a sitemap's entries, entry by entry in `entries`' order. */
export interface SiteUrls {
  /** urlHash of each entry's URL. */
  hashes: Int32Array;
  /** Each entry's start and end. */
  ranges: Float64Array;
  /** Entry k's URL; read only where two hashes are equal. */
  urlAt(k: number): string;
  /** urlAt gives a key that stands for the URL (a merge's summary, summarizedFile.ts): compared, never shown. */
  keysOnly?: boolean;
}

/** A summary's URL columns, made from its entries when it came without them. */
export function siteUrlsOf(summary: SiteSummary): SiteUrls {
  if (summary.urls !== undefined) return summary.urls;
  const entries = summary.entries;
  const hashes = new Int32Array(entries.length);
  const ranges = new Float64Array(2 * entries.length);
  for (let k = 0; k < entries.length; k++) {
    hashes[k] = urlHash(entries[k].url);
    ranges[2 * k] = entries[k].start;
    ranges[2 * k + 1] = entries[k].end;
  }
  return { hashes, ranges, urlAt: (k) => entries[k].url };
}

export function summarizeModel(model: SitemapModel): SiteSummary {
  const entryOf = model.kind === 'robots' ? robotsEntryOf : sitemapEntryOf;
  const entries: SiteEntry[] = [];
  let offset = 0;
  for (const segment of model.segments) {
    const entry = entryOf(segment, offset);
    if (entry !== undefined) entries.push(entry);
    offset += segment.text.length;
  }
  return summaryOfModel(model, entries);
}

function summaryOfModel(model: SitemapModel, entries: SiteEntry[]): SiteSummary {
  return summaryOf(model.kind, entries, model.root);
}

/**
 * A urlset's or text sitemap's summary in columns, read straight from the segments, with no SiteEntry, decoded URL or
 * lastmod slice made per entry: what a lint worker packs (node/packedSummary.ts packSitemap). Entry k is the k-th of
 * summarizeModel's entries: `unescapeXml(escapedUrls[k])` is its `url`, the rest is the same.
 */
export interface SitemapColumns {
  kind: SiteFileKind;
  anchorStart: number;
  anchorEnd: number;
  /** Each entry's URL as the model keeps it, in canonical escaped form (xmlText.ts). */
  escapedUrls: string[];
  /** Each entry's `<lastmod>` as written ('' without one). */
  lastmodTexts: string[];
  /** start, end per entry. */
  ranges: Float64Array;
  /** lastmod, lastmodStart, lastmodEnd per entry (the range 0–0 without a `<lastmod>`). */
  lastmods: Float64Array;
  /** urlHash of each entry's URL. */
  hashes: Int32Array;
}

export function sitemapColumnsOf(model: SitemapModel): SitemapColumns {
  let count = 0;
  for (const segment of model.segments) if (isSiteEntry(segment)) count++;
  const ranges = new Float64Array(2 * count);
  const lastmods = new Float64Array(3 * count);
  const hashes = new Int32Array(count);
  const escapedUrls: string[] = new Array(count);
  const lastmodTexts: string[] = new Array(count);
  let k = 0;
  let offset = 0;
  for (const segment of model.segments) {
    if (isSiteEntry(segment)) {
      const url = segment.url!;
      const { lastmodStart, lastmodEnd } = segment;
      const hasLastmod = lastmodEnd > lastmodStart;
      escapedUrls[k] = url;
      hashes[k] = urlHashOfEscaped(url, 0, url.length);
      lastmodTexts[k] = hasLastmod ? segment.text.slice(lastmodStart, lastmodEnd) : '';
      ranges[2 * k] = segment.urlStart + offset;
      ranges[2 * k + 1] = segment.urlEnd + offset;
      lastmods[3 * k] = segment.lastmod;
      lastmods[3 * k + 1] = hasLastmod ? lastmodStart + offset : 0;
      lastmods[3 * k + 2] = hasLastmod ? lastmodEnd + offset : 0;
      k++;
    }
    offset += segment.text.length;
  }
  const root = model.root;
  const anchor = root !== undefined && root.kind !== 'none' ? { start: root.nameStart, end: root.nameEnd }
    : count > 0 ? { start: ranges[0], end: ranges[1] } : { start: 0, end: 0 };
  return { kind: model.kind, anchorStart: anchor.start, anchorEnd: anchor.end, escapedUrls, lastmodTexts, ranges, lastmods, hashes };
}

/** What sitemapEntryOf makes an entry of. */
function isSiteEntry(segment: Segment): boolean {
  return segment.isEntry && segment.url !== undefined;
}

/** A summary from its entries (validationStream.ts builds them window by window). */
export function summaryOf(kind: SiteFileKind, entries: SiteEntry[], root: RootInfo | undefined): SiteSummary {
  const anchor = root !== undefined && root.kind !== 'none' ? { start: root.nameStart, end: root.nameEnd }
    : entries.length > 0 ? { start: entries[0].start, end: entries[0].end } : { start: 0, end: 0 };
  return { kind, entries, anchorStart: anchor.start, anchorEnd: anchor.end };
}

/** An entry segment with a URL, which starts at `offset` (the streaming lint's; summarizeModel's own is below). */
export function siteEntryOf(segment: Segment, offset: number): SiteEntry {
  return sitemapEntryOf(segment, offset)!;
}

/** The segment's entry, its offsets made absolute by `offset` (where the segment starts). */
function sitemapEntryOf(segment: Segment, offset: number): SiteEntry | undefined {
  if (!segment.isEntry || segment.url === undefined) return undefined;
  const { lastmodStart, lastmodEnd } = segment;
  const lastmodText = lastmodEnd > lastmodStart ? segment.text.slice(lastmodStart, lastmodEnd) : '';
  return siteEntry(unescapeXml(segment.url), segment.urlStart, segment.urlEnd, segment.lastmod, lastmodText, lastmodStart, lastmodEnd, offset);
}

/** A Sitemap line robots-sitemap-url accepts (the others name no sitemap); the file's first starts at 0. */
function robotsEntryOf(segment: Segment, offset: number): SiteEntry | undefined {
  const lineText = segment.text.replace(/(?:\r\n|\r|\n)$/, '');
  const value = acceptedSitemapValue(lineText, offset === 0);
  if (value === undefined) return undefined;
  return siteEntry(lineText.slice(value.start, value.end), value.start, value.end, NaN, '', 0, 0, offset);
}

/**
 * The one place a SiteEntry is made (one shape for them all): its ranges moved by `delta`; without a <lastmod>
 * (end ≤ start) the lastmod range is 0–0, whatever the parse left there, as a robots.txt line's.
 */
function siteEntry(url: string, start: number, end: number, lastmod: number, lastmodText: string, lastmodStart: number, lastmodEnd: number, delta: number): SiteEntry {
  const hasLastmod = lastmodEnd > lastmodStart;
  return {
    url, start: start + delta, end: end + delta, lastmod, lastmodText,
    lastmodStart: hasLastmod ? lastmodStart + delta : 0, lastmodEnd: hasLastmod ? lastmodEnd + delta : 0,
  };
}

/** Not made yet (prepare's slices, or a segment new since the last summary). */
const NOT_MADE = null;

/**
 * Summaries of one document through its edits, equal to summarizeModel's. An entry is made once per segment (its
 * strings are the costly part) and only re-based when the segment moved; entries are matched to the new segment list
 * by identity from both ends, and `prepare` makes them in slices so a large document's first summary is not one go.
 */
export class SiteSummarizer {
  private segments: readonly Segment[] = [];
  /** Per segment of `segments`: its entry (undefined: none), made when the segment started at `bases[k]`. */
  private entries: (SiteEntry | undefined | typeof NOT_MADE)[] = [];
  private bases: number[] = [];
  private robots: boolean | undefined;

  /** Makes the entries of at most `budget` segments not made yet; true once every segment's is. */
  prepare(model: SitemapModel, budget: number): boolean {
    const entryOf = this.align(model);
    const { segments, entries, bases } = this;
    let offset = 0;
    for (let k = 0; k < segments.length; k++) {
      if (entries[k] === NOT_MADE) {
        if (budget-- <= 0) return false;
        entries[k] = entryOf(segments[k], offset);
        bases[k] = offset;
      }
      offset += segments[k].text.length;
    }
    return true;
  }

  summarize(model: SitemapModel): SiteSummary {
    const entryOf = this.align(model);
    const { segments, entries, bases } = this;
    const out: SiteEntry[] = [];
    let offset = 0;
    for (let k = 0; k < segments.length; k++) {
      let entry = entries[k];
      if (entry === NOT_MADE) {
        entry = entries[k] = entryOf(segments[k], offset);
        bases[k] = offset;
      } else if (entry !== undefined && bases[k] !== offset) {
        entry = entries[k] = moved(entry, offset - bases[k]);
        bases[k] = offset;
      }
      if (entry !== undefined) out.push(entry);
      offset += segments[k].text.length;
    }
    return summaryOfModel(model, out);
  }

  /** Matches the kept entries to the model's segments now; the segments of a robots.txt and a sitemap differ in kind. */
  private align(model: SitemapModel): (segment: Segment, offset: number) => SiteEntry | undefined {
    const robots = model.kind === 'robots';
    if (this.robots !== robots) {
      this.segments = [];
      this.robots = robots;
    }
    const now = model.segments;
    const before = this.segments;
    let head = 0;
    while (head < now.length && head < before.length && now[head] === before[head]) head++;
    if (head < now.length || head < before.length) {
      let tail = 0;
      while (tail < now.length - head && tail < before.length - head && now[now.length - 1 - tail] === before[before.length - 1 - tail]) tail++;
      const entries: (SiteEntry | undefined | typeof NOT_MADE)[] = new Array(now.length);
      const bases: number[] = new Array(now.length);
      const keep = (to: number, from: number): void => {
        entries[to] = this.entries[from];
        bases[to] = this.bases[from];
      };
      for (let k = 0; k < head; k++) keep(k, k);
      for (let k = 0; k < tail; k++) keep(now.length - 1 - k, before.length - 1 - k);
      const middle = new Map<Segment, number>();
      for (let k = head; k < before.length - tail; k++) middle.set(before[k], k);
      for (let k = head; k < now.length - tail; k++) {
        const from = middle.get(now[k]);
        if (from !== undefined) keep(k, from);
        else entries[k] = NOT_MADE;
      }
      // A copy: the model edits its list in place.
      this.segments = now.slice();
      this.entries = entries;
      this.bases = bases;
    }
    return robots ? robotsEntryOf : sitemapEntryOf;
  }
}

function moved(entry: SiteEntry, delta: number): SiteEntry {
  return siteEntry(entry.url, entry.start, entry.end, entry.lastmod, entry.lastmodText, entry.lastmodStart, entry.lastmodEnd, delta);
}
