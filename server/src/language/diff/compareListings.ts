/** sitemap-diff's comparison of two listings: URLs added and removed, and `<lastmod>`s changed, each list in document
 * order (added and changed in the new side's, removed in the old side's), URLs unescaped as their entries write them. */
import { unescapeXml } from '../syntax/xmlText';
import type { ListedUrl, Listing } from './listing';

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
  const added: string[] = [];
  const lastmodChanged: LastmodChange[] = [];
  for (const [key, listed] of after.urls) {
    const old = before.urls.get(key);
    if (old === undefined) added.push(unescapeXml(listed.url));
    else if (lastmodDiffers(old, listed)) lastmodChanged.push({ url: unescapeXml(listed.url), from: old.lastmod ?? null, to: listed.lastmod ?? null });
  }
  const removed: string[] = [];
  for (const [key, listed] of before.urls) if (!after.urls.has(key)) removed.push(unescapeXml(listed.url));
  return {
    added, removed, lastmodChanged,
    counts: { old: before.size, new: after.size, added: added.length, removed: removed.length, lastmodChanged: lastmodChanged.length },
  };
}

/**
 * As instants (`2024-01-01` and `2024-01-01T00:00:00Z` are the same time); one side without: a change. The parser keeps
 * valid lastmods only, so an invalid one counts as none (sitemap-lint reports it); text compared should it keep others.
 */
function lastmodDiffers(a: ListedUrl, b: ListedUrl): boolean {
  if (!Number.isNaN(a.lastmodTime) && !Number.isNaN(b.lastmodTime)) return a.lastmodTime !== b.lastmodTime;
  return a.lastmod !== b.lastmod;
}
