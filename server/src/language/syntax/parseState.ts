/** What the parser gathers of an entry while reading it: its fields, URL and lastmod, and what its extension elements
 * leave for the rules beyond it. The parser owns it; the rules in rules/ fill it. */
export const enum Field {
  Loc = 0,
  Lastmod = 1,
  Changefreq = 2,
  Priority = 3,
}

/**
 * An entry's URL and lastmod with their ranges: what the fast path reads (FastEntry), the parser gathers (EntryState)
 * and a segment keeps (Segment), each with offsets of its own.
 */
export interface EntryFields {
  /** The URL (`<loc>` or text line) in canonical escaped form (xmlText.ts), if it has a non-empty one. */
  url: string | undefined;
  urlStart: number;
  urlEnd: number;
  /** Epoch ms of a valid `<lastmod>`, NaN otherwise. */
  lastmod: number;
  lastmodStart: number;
  lastmodEnd: number;
}

/** What the parser gathers about an entry while it is open. Offsets are absolute in the parsed text. */
export interface EntryState extends EntryFields {
  kind: 'urlset' | 'sitemapindex';
  tagStart: number;
  tagEnd: number;
  nameStart: number;
  nameEnd: number;
  /** Bit set of the fields seen. */
  seen: number;
  maxRank: number;
  foreignSeen: boolean;
  orderReported: boolean;
  /** Name range of the first `<loc>` when it is empty (start is -1 otherwise). */
  locEmptyStart: number;
  locEmptyEnd: number;
  /** What its extension elements leave, once it has one (rules/extensionElements.ts). */
  extensions: EntryExtensions | null;
}

export function resetEntryState(entry: EntryState, kind: 'urlset' | 'sitemapindex', tagStart: number, tagEnd: number, nameStart: number, nameEnd: number): void {
  entry.kind = kind;
  entry.tagStart = tagStart;
  entry.tagEnd = tagEnd;
  entry.nameStart = nameStart;
  entry.nameEnd = nameEnd;
  entry.seen = 0;
  entry.maxRank = -1;
  entry.foreignSeen = false;
  entry.orderReported = false;
  entry.locEmptyStart = -1;
  entry.locEmptyEnd = -1;
  entry.url = undefined;
  entry.urlStart = entry.urlEnd = 0;
  entry.lastmod = NaN;
  entry.lastmodStart = entry.lastmodEnd = 0;
  entry.extensions = null;
}

export function newEntryState(): EntryState {
  const entry = {} as EntryState;
  resetEntryState(entry, 'urlset', 0, 0, 0, 0);
  return entry;
}

/** The first `<news:news>` of an entry. Offsets as the entry's. */
export interface NewsFacts {
  nameStart: number;
  nameEnd: number;
  /** The valid publication date in epoch ms (the start of the day for a date alone), else NaN (and no range). */
  time: number;
  dateOnly: boolean;
  dateStart: number;
  dateEnd: number;
}

/** What an entry's extension elements leave for the entry's end and for the rules beyond it. */
export interface EntryExtensions {
  images: number;
  news: NewsFacts | undefined;
  alternates: Alternate[] | undefined;
  /** The entry's page as a comparison key (urlKey of its `<loc>`), once it has alternates and a loc. */
  pageKey: string | undefined;
  /** Comparison key and range of each `video:content_loc`, checked against the page's URL when the entry ends. */
  contentLocs: { key: string; start: number; end: number }[] | undefined;
}

/** A valid alternate of an entry; offsets as the entry's. */
export interface Alternate {
  /** The hreflang, lower-cased. */
  language: string;
  languageStart: number;
  languageEnd: number;
  /** The href as a comparison key: urlKey of `url`. */
  href: string;
  /** The href in the canonical escaped form of entry URLs (Segment.url), to find the entry it names. */
  url: string;
  hrefStart: number;
  hrefEnd: number;
}
