/** A site summary that crosses threads cheaply: its strings joined into one, its numbers in transferred typed arrays.
 * Cloning its thousands of small objects cost a lint worker a third of its time (docs/performance.md, sitemap-lint). */
import {
  sitemapColumns, unescapeXml, urlHashIn, type SiteEntry, type SiteFileKind, type SitemapColumns, type SitemapDocument, type SiteSummary, type SiteUrls,
} from '../language/languageService';

export interface PackedSummary {
  kind: SiteFileKind;
  anchorStart: number;
  anchorEnd: number;
  /** Each entry's url then lastmodText, end to end. */
  text: string;
  /** Where each of those strings ends in `text`, two per entry. */
  ends: Uint32Array;
  /** start, end per entry. */
  ranges: Float64Array;
  /** lastmod, lastmodStart, lastmodEnd per entry. */
  lastmods: Float64Array;
  /** urlHash of each entry's URL, when packed with them (sitemap-lint's workers, for the cross-file duplicates). */
  hashes?: Int32Array;
}

const LASTMOD_NUMBERS = 3;

/** `hashed`: with each URL's hash, which the receiver's duplicate check then need not compute (SiteUrls). */
export function packSummary(summary: SiteSummary, hashed = false): PackedSummary {
  const count = summary.entries.length;
  const ends = new Uint32Array(count * 2);
  const ranges = new Float64Array(count * 2);
  const lastmods = new Float64Array(count * LASTMOD_NUMBERS);
  const hashes = hashed ? new Int32Array(count) : undefined;
  const parts: string[] = [];
  let at = 0;
  for (let k = 0; k < count; k++) {
    const e = summary.entries[k];
    parts.push(e.url, e.lastmodText);
    ends[2 * k] = at += e.url.length;
    ends[2 * k + 1] = at += e.lastmodText.length;
    ranges[2 * k] = e.start;
    ranges[2 * k + 1] = e.end;
    const n = k * LASTMOD_NUMBERS;
    lastmods[n] = e.lastmod;
    lastmods[n + 1] = e.lastmodStart;
    lastmods[n + 2] = e.lastmodEnd;
  }
  const text = parts.join('');
  if (hashes !== undefined) for (let k = 0; k < count; k++) hashes[k] = urlHashIn(text, k === 0 ? 0 : ends[2 * k - 1], ends[2 * k]);
  return { kind: summary.kind, anchorStart: summary.anchorStart, anchorEnd: summary.anchorEnd, text, ends, ranges, lastmods, hashes };
}

/** The summary with every entry made now. */
export function unpackSummary(packed: PackedSummary): SiteSummary {
  return { kind: packed.kind, entries: entriesOf(packed), anchorStart: packed.anchorStart, anchorEnd: packed.anchorEnd };
}

/**
 * A summary as it arrives from a worker, its entries made only when something reads them (an index's child for
 * stale-index-lastmod): the duplicate check reads a sitemap's columns (`urls`, when packed with its hashes) and nothing
 * else reads its entries. Unpacking 400,000 entries and collecting them cost sitemap-lint's main thread about a fifth
 * of its time.
 */
export function receivedSummary(packed: PackedSummary): SiteSummary {
  return new ReceivedSummary(packed);
}

class ReceivedSummary implements SiteSummary {
  readonly kind: SiteFileKind;
  readonly anchorStart: number;
  readonly anchorEnd: number;
  readonly urls: SiteUrls | undefined;
  private made: SiteEntry[] | undefined;

  constructor(private readonly packed: PackedSummary) {
    this.kind = packed.kind;
    this.anchorStart = packed.anchorStart;
    this.anchorEnd = packed.anchorEnd;
    const { text, ends, hashes } = packed;
    this.urls = hashes === undefined ? undefined
      : { hashes, ranges: packed.ranges, urlAt: (k) => text.slice(k === 0 ? 0 : ends[2 * k - 1], ends[2 * k]) };
  }

  get entries(): SiteEntry[] {
    return (this.made ??= entriesOf(this.packed));
  }
}

function entriesOf({ text, ends, ranges, lastmods }: PackedSummary): SiteEntry[] {
  const entries: SiteEntry[] = [];
  let at = 0;
  for (let k = 0; k < ends.length / 2; k++) {
    const url = text.slice(at, (at = ends[2 * k]));
    const lastmodText = text.slice(at, (at = ends[2 * k + 1]));
    const n = k * LASTMOD_NUMBERS;
    entries.push({ url, start: ranges[2 * k], end: ranges[2 * k + 1], lastmod: lastmods[n], lastmodText, lastmodStart: lastmods[n + 1], lastmodEnd: lastmods[n + 2] });
  }
  return entries;
}

/** The buffers to transfer with a packed summary. */
export function transferables(packed: PackedSummary): ArrayBuffer[] {
  const buffers = [packed.ends.buffer, packed.ranges.buffer, packed.lastmods.buffer] as ArrayBuffer[];
  if (packed.hashes !== undefined) buffers.push(packed.hashes.buffer as ArrayBuffer);
  return buffers;
}

/**
 * A urlset's or text sitemap's summary as a lint worker sends it (sitemapColumns): its strings written as bytes into one
 * transferred buffer rather than joined into one string. The joined string (240 KB for 2,000 entries) was a fresh large
 * object in the worker, copied again by postMessage and made a third time on the main thread, each on pages never
 * touched before: on the 200-file run, a quarter of all page faults (docs/performance.md, issue 33).
 */
export interface PackedSitemap {
  kind: SiteFileKind;
  anchorStart: number;
  anchorEnd: number;
  /** Each entry's URL in canonical escaped form, then its lastmod text, end to end: Latin-1, or UTF-16LE when `wide`. */
  bytes: Uint8Array;
  wide: boolean;
  /** Where each of those strings ends, in characters, two per entry. */
  ends: Uint32Array;
  ranges: Float64Array;
  lastmods: Float64Array;
  hashes: Int32Array;
}

/** Characters a Latin-1 byte cannot hold. */
const WIDE = /[^\u0000-\u00ff]/;

export function packSitemap(columns: SitemapColumns): PackedSitemap {
  const { escapedUrls, lastmodTexts } = columns;
  const count = escapedUrls.length;
  const ends = new Uint32Array(2 * count);
  let at = 0;
  let wide = false;
  for (let k = 0; k < count; k++) {
    ends[2 * k] = at += escapedUrls[k].length;
    ends[2 * k + 1] = at += lastmodTexts[k].length;
    // A test per string, not per document: an all-ASCII document may still give wider URLs (`&#x65E5;`).
    wide ||= WIDE.test(escapedUrls[k]) || WIDE.test(lastmodTexts[k]);
  }
  const bytes = Buffer.allocUnsafeSlow(wide ? 2 * at : at);
  const encoding = wide ? 'utf16le' : 'latin1';
  const unit = wide ? 2 : 1;
  for (let k = 0, from = 0; k < count; k++) {
    bytes.write(escapedUrls[k], from * unit, encoding);
    bytes.write(lastmodTexts[k], ends[2 * k] * unit, encoding);
    from = ends[2 * k + 1];
  }
  const { kind, anchorStart, anchorEnd, ranges, lastmods, hashes } = columns;
  return { kind, anchorStart, anchorEnd, bytes, wide, ends, ranges, lastmods, hashes };
}

export function isPackedSitemap(packed: PackedSummary | PackedSitemap): packed is PackedSitemap {
  return 'bytes' in packed;
}

/** The buffers to transfer with a packed sitemap. */
export function sitemapTransferables(packed: PackedSitemap): ArrayBuffer[] {
  return [packed.bytes.buffer, packed.ends.buffer, packed.ranges.buffer, packed.lastmods.buffer, packed.hashes.buffer] as ArrayBuffer[];
}

/**
 * The summary a packed sitemap stands for (as it arrives from a worker, and in the worker before it is sent): its URLs
 * read from the bytes only where two hashes are equal or a problem names one, its entries made only when something
 * reads them (an index's child, the page rules).
 */
export function sitemapSummary(packed: PackedSitemap): SiteSummary {
  return new ReceivedSitemap(packed);
}

/**
 * A urlset's or text sitemap's site summary straight from its document's segments, packed (undefined for other kinds):
 * what sitemap-lint keeps of each sitemap, in its workers (which send the packed form) and in its main thread. Against
 * summarizeForSite, it makes no SiteEntry, decoded URL or lastmod slice per entry, and hashes each URL once, where it is.
 */
export function packedSitemapSummary(doc: SitemapDocument): SiteSummary | undefined {
  return doc.kind === 'urlset' || doc.kind === 'text' ? sitemapSummary(packSitemap(sitemapColumns(doc))) : undefined;
}

/** The packed form a summary was made from (sitemapSummary), if it was. */
export function packedSitemapOf(summary: SiteSummary): PackedSitemap | undefined {
  return summary instanceof ReceivedSitemap ? summary.packed : undefined;
}

class ReceivedSitemap implements SiteSummary {
  readonly kind: SiteFileKind;
  readonly anchorStart: number;
  readonly anchorEnd: number;
  readonly urls: SiteUrls;
  private made: SiteEntry[] | undefined;
  private readonly bytes: Buffer;

  constructor(readonly packed: PackedSitemap) {
    this.kind = packed.kind;
    this.anchorStart = packed.anchorStart;
    this.anchorEnd = packed.anchorEnd;
    this.bytes = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
    this.urls = { hashes: packed.hashes, ranges: packed.ranges, urlAt: (k) => unescapeXml(this.stringAt(k === 0 ? 0 : packed.ends[2 * k - 1], packed.ends[2 * k])) };
  }

  get entries(): SiteEntry[] {
    return (this.made ??= this.makeEntries());
  }

  private stringAt(start: number, end: number): string {
    return this.packed.wide ? this.bytes.toString('utf16le', 2 * start, 2 * end) : this.bytes.toString('latin1', start, end);
  }

  private makeEntries(): SiteEntry[] {
    const { ends, ranges, lastmods } = this.packed;
    const entries: SiteEntry[] = [];
    for (let k = 0, at = 0; k < ends.length / 2; k++) {
      const url = unescapeXml(this.stringAt(at, (at = ends[2 * k])));
      const lastmodText = this.stringAt(at, (at = ends[2 * k + 1]));
      const n = k * LASTMOD_NUMBERS;
      entries.push({ url, start: ranges[2 * k], end: ranges[2 * k + 1], lastmod: lastmods[n], lastmodText, lastmodStart: lastmods[n + 1], lastmodEnd: lastmods[n + 2] });
    }
    return entries;
  }
}
