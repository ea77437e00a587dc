/** A file as the merge knows it from a summary section: its site summary (URL columns from the records, entries from
 * the facts or page facts) and its points (summaryPoints.ts) in place of a line table. */
import * as path from 'node:path';
import { urlHashIn, type SiteEntry, type SiteFileKind, type SiteSummary, type SiteUrls } from '../../../language/languageService';
import type { LintedFile } from '../lintSite';
import { isSitemapKind } from './fileFacts';
import { damagedSummary, type SectionRead } from './summaryReader';
import { decodePageFacts, type PageEntryParts } from './pageFacts';
import { FIRST_RECORD_POINT, SummaryPoints } from './summaryPoints';
import { keyHash, keyText } from './urlKey';
import { RECORD_BYTES } from './summaryFormat';

export interface SummarizedFile {
  order: number;
  linted: LintedFile;
}

export function summarizedFile({ summary: from, facts, records, page }: SectionRead, cwd: string): SummarizedFile {
  const points = new SummaryPoints(records);
  const [anchorStart, anchorEnd] = points.add(facts.anchor);
  const entry = (...parts: PageEntryParts): SiteEntry => entryOf(parts, points);
  let summary: SiteSummary;
  if (page !== undefined) {
    const entries = decodePageFacts(page.bytes, page.count, entry);
    if (entries === undefined) throw damagedSummary(from);
    summary = new SummarizedSummary(facts.kind, anchorStart, anchorEnd, entries);
  } else if (!isSitemapKind(facts.kind)) {
    summary = new SummarizedSummary(facts.kind, anchorStart, anchorEnd, facts.entries.map((e) => entry(...e)));
  } else {
    summary = recordsSummary(facts.kind, anchorStart, anchorEnd, records, facts.newest && aliasOf(entry(...facts.newest), facts.path));
  }
  const file = path.resolve(cwd, ...facts.path.split('/'));
  return {
    order: facts.order,
    linted: {
      result: { file: facts.name, problems: [] },
      site: { file, location: facts.location ?? undefined, summary, lines: new Uint32Array(0), length: 0, place: (p) => points.at(p) },
    },
  };
}

function entryOf([url, place, lastmod, lastmodText, lastmodPlace]: PageEntryParts, points: SummaryPoints): SiteEntry {
  const [start, end] = points.add(place);
  const [lastmodStart, lastmodEnd] = lastmodPlace === null ? [0, 0] : points.add(lastmodPlace);
  return { url, start, end, lastmod: lastmod ?? NaN, lastmodText, lastmodStart, lastmodEnd };
}

/** The newest-lastmod entry (stale-index-lastmod reads it) under a URL no other file has: its own record may be in another partition. */
function aliasOf(entry: SiteEntry, file: string): SiteEntry {
  return { ...entry, url: `\u0000${file}` };
}

/** A sitemap from its records (keys in place of URLs, no lastmods) and its newest-lastmod entry. */
function recordsSummary(kind: SiteFileKind, anchorStart: number, anchorEnd: number, records: Buffer, newest: SiteEntry | null): SiteSummary {
  const count = records.length / RECORD_BYTES;
  const all = count + (newest === null ? 0 : 1);
  const hashes = new Int32Array(all);
  const ranges = new Float64Array(2 * all);
  for (let j = 0; j < count; j++) {
    hashes[j] = keyHash(records, j * RECORD_BYTES);
    ranges[2 * j] = FIRST_RECORD_POINT + 2 * j;
    ranges[2 * j + 1] = FIRST_RECORD_POINT + 2 * j + 1;
  }
  if (newest !== null) {
    hashes[count] = urlHashIn(newest.url, 0, newest.url.length);
    ranges.set([newest.start, newest.end], 2 * count);
  }
  const urlAt = (j: number): string => (j < count ? keyText(records, j * RECORD_BYTES) : newest!.url);
  const entries = (): SiteEntry[] => {
    const made: SiteEntry[] = [];
    for (let j = 0; j < count; j++) made.push({ url: urlAt(j), start: ranges[2 * j], end: ranges[2 * j + 1], lastmod: NaN, lastmodText: '', lastmodStart: 0, lastmodEnd: 0 });
    if (newest !== null) made.push(newest);
    return made;
  };
  return new SummarizedSummary(kind, anchorStart, anchorEnd, entries, { hashes, ranges, urlAt, keysOnly: true });
}

/**
 * A sitemap summarized by its records makes its entries each time they are read and keeps none: only stale-index-lastmod
 * reads them (for the newest lastmod), once per index entry naming it; the duplicate check reads `urls`.
 */
class SummarizedSummary implements SiteSummary {
  constructor(readonly kind: SiteFileKind, readonly anchorStart: number, readonly anchorEnd: number,
    private readonly source: SiteEntry[] | (() => SiteEntry[]), readonly urls?: SiteUrls) {}

  get entries(): SiteEntry[] {
    return typeof this.source === 'function' ? this.source() : this.source;
  }
}
