/** sitemap-diff's comparison: URLs added and removed, and `<lastmod>`s changed, each list in document order (added and
 * changed in the new side's, removed in the old side's), URLs unescaped as their entries write them. The new side is
 * compared as it comes (UrlSink), so that only the old side's URLs are held. */
import { urlKey } from '../rules/hreflang';
import { copyString } from '../syntax/copyString';
import { unescapeXml } from '../syntax/xmlText';
import type { ListedUrl, Listing, UrlSink } from './listing';

export interface LastmodChange {
  url: string;
  /** `<lastmod>` as the old and the new side write it; null where a side has none. */
  from: string | null;
  to: string | null;
}

export interface SitemapDiff {
  added: string[];
  removed: string[];
  lastmodChanged: LastmodChange[];
  counts: { old: number; new: number; added: number; removed: number; lastmodChanged: number };
}

export function compareListings(before: Listing, after: Listing): SitemapDiff {
  const comparison = new ListingComparison(before);
  for (const listed of after.urls.values()) comparison.add(listed.url, listed.lastmod, listed.lastmodTime);
  return comparison.result();
}

/** The new side's entries compared with the old side's listing as they come; `result()` once they are all in. */
export class ListingComparison implements UrlSink {
  /** The old side's URLs the new side lists. */
  private readonly kept = new Set<ListedUrl>();
  private readonly addedKeys = new Set<string>();
  private readonly added: string[] = [];
  private readonly lastmodChanged: LastmodChange[] = [];

  constructor(private readonly before: Listing) {}

  add(url: string, lastmod: string | undefined, lastmodTime: number): void {
    const key = urlKey(url);
    const old = this.before.urls.get(key);
    if (old === undefined) {
      if (this.addedKeys.has(key)) return;
      this.addedKeys.add(key);
      this.added.push(copyString(unescapeXml(url)));
      return;
    }
    if (this.kept.has(old)) return;
    this.kept.add(old);
    if (lastmodDiffers(old, lastmod, lastmodTime)) this.lastmodChanged.push({ url: copyString(unescapeXml(url)), from: old.lastmod ?? null, to: lastmod === undefined ? null : copyString(lastmod) });
  }

  result(): SitemapDiff {
    const removed: string[] = [];
    for (const listed of this.before.urls.values()) if (!this.kept.has(listed)) removed.push(unescapeXml(listed.url));
    const { added, lastmodChanged } = this;
    return {
      added, removed, lastmodChanged,
      counts: { old: this.before.size, new: this.kept.size + added.length, added: added.length, removed: removed.length, lastmodChanged: lastmodChanged.length },
    };
  }
}

/**
 * As instants (`2024-01-01` and `2024-01-01T00:00:00Z` are the same time); one side without: a change. The parser keeps
 * valid lastmods only, so an invalid one counts as none (sitemap-lint reports it); text compared should it keep others.
 */
function lastmodDiffers(old: ListedUrl, lastmod: string | undefined, lastmodTime: number): boolean {
  if (!Number.isNaN(old.lastmodTime) && !Number.isNaN(lastmodTime)) return old.lastmodTime !== lastmodTime;
  return old.lastmod !== lastmod;
}
