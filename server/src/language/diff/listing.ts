/** What a sitemap-diff keeps of one side: each distinct URL once (its first entry, as duplicate-url keeps the first),
 * in document order, keyed by urlKey of the canonical escaped form, with its `<lastmod>` as written and as an instant. */
import type { Segment } from '../model/segment';
import { urlKey } from '../rules/hreflang';
import { copyString } from '../syntax/copyString';
import { unescapeXml } from '../syntax/xmlText';

export interface ListedUrl {
  /** The URL in canonical escaped form (Segment.url), as its first entry writes it. */
  url: string;
  /** The `<lastmod>` text as written (trimmed), when the entry has one. */
  lastmod: string | undefined;
  /** Its instant in epoch ms when valid, NaN otherwise. */
  lastmodTime: number;
}

/** Where a side's entries go, in document order: a Listing, or a comparison with the other side as they come. */
export interface UrlSink {
  add(url: string, lastmod: string | undefined, lastmodTime: number): void;
}

export class Listing implements UrlSink {
  readonly urls = new Map<string, ListedUrl>();

  /** Adds an entry; a URL already listed keeps its first entry. Strings copied: a slice would keep its window alive. */
  add(url: string, lastmod: string | undefined, lastmodTime: number): void {
    const key = urlKey(url);
    if (this.urls.has(key)) return;
    const own = copyString(url);
    this.urls.set(key === url ? own : copyString(key), { url: own, lastmod: lastmod === undefined ? undefined : copyString(lastmod), lastmodTime });
  }

  /** The URLs themselves (unescaped), in document order: an index's children. */
  *locations(): IterableIterator<string> {
    for (const { url } of this.urls.values()) yield unescapeXml(url);
  }

  get size(): number {
    return this.urls.size;
  }
}

/** Gives the sink the segment's URL and lastmod when it is an entry with a URL; whether it was. */
export function addEntry(sink: UrlSink, s: Segment): boolean {
  if (!s.isEntry || s.url === undefined) return false;
  sink.add(s.url, s.lastmodEnd > s.lastmodStart ? s.text.slice(s.lastmodStart, s.lastmodEnd).trim() : undefined, s.lastmod);
  return true;
}
