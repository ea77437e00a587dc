/** Entry segments by URL, for duplicate-url, keyed by a 32-bit hash computed here: a string-keyed Map hashes 50,000
 * sliced strings at twice the cost. Equal hashes are told apart by the URLs themselves. */
import type { Segment } from './segment';
import { urlHash } from './urlHash';

export class UrlIndex {
  private readonly buckets = new Map<number, Segment | Segment[]>();
  /** Buckets holding at least two segments with equal URLs. */
  private readonly duplicateBuckets = new Set<number>();
  /**
   * Segments given to addLater, not indexed yet, and their URLs: hashing 50,000 URLs in JavaScript and filling the
   * Map costs a fresh process 20–30 ms, where a native Set of the URLs says in about half that whether any repeats.
   */
  private later: Segment[] | undefined;
  private laterUrls: string[] = [];
  /** Set once the URLs given to addLater are known to be all different. */
  private laterUnique = false;

  clear(): void {
    this.buckets.clear();
    this.duplicateBuckets.clear();
    this.later = undefined;
    this.laterUrls = [];
    this.laterUnique = false;
  }

  /** For a one-time parse: indexed only when something other than a search for duplicates that finds none asks. */
  addLater(segment: Segment): void {
    (this.later ??= []).push(segment);
    this.laterUrls.push(segment.url!);
  }

  /** Indexes what addLater deferred (a no-op when nothing is deferred): what the first edit would do otherwise. */
  complete(): void {
    if (this.later !== undefined) this.indexLater();
  }

  add(segment: Segment): void {
    if (this.later !== undefined) this.indexLater();
    const url = segment.url!;
    const key = urlHash(url);
    const bucket = this.buckets.get(key);
    if (bucket === undefined) {
      this.buckets.set(key, segment);
      return;
    }
    const members = Array.isArray(bucket) ? bucket : [bucket];
    if (members !== bucket) this.buckets.set(key, members);
    // Early exit: in a group of equal URLs the first member already matches.
    if (members.some((m) => m.url === url)) this.duplicateBuckets.add(key);
    members.push(segment);
  }

  remove(segment: Segment): void {
    if (this.later !== undefined) this.indexLater();
    const key = urlHash(segment.url!);
    const bucket = this.buckets.get(key);
    if (bucket === segment) {
      this.buckets.delete(key);
    } else if (Array.isArray(bucket)) {
      const at = bucket.indexOf(segment);
      if (at >= 0) bucket.splice(at, 1);
      if (bucket.length === 1) this.buckets.set(key, bucket[0]);
      if (bucket.length < 2 || !hasEqualUrls(bucket)) this.duplicateBuckets.delete(key);
    }
  }

  /** Whether some entry has this URL (canonical escaped form). */
  has(url: string): boolean {
    if (this.later !== undefined) this.indexLater();
    const bucket = this.buckets.get(urlHash(url));
    if (bucket === undefined) return false;
    return Array.isArray(bucket) ? bucket.some((m) => m.url === url) : bucket.url === url;
  }

  /** An entry with this URL (canonical escaped form), if any. */
  find(url: string): Segment | undefined {
    if (this.later !== undefined) this.indexLater();
    const bucket = this.buckets.get(urlHash(url));
    if (bucket === undefined) return undefined;
    return Array.isArray(bucket) ? bucket.find((m) => m.url === url) : bucket.url === url ? bucket : undefined;
  }

  /** Groups (of two or more) of segments with equal URLs, in no particular order. */
  *duplicateGroups(): Generator<Segment[]> {
    if (this.later !== undefined) {
      if (!this.laterUnique) this.laterUnique = new Set(this.laterUrls).size === this.laterUrls.length;
      if (this.laterUnique) return;
      this.indexLater();
    }
    for (const key of this.duplicateBuckets) {
      const byUrl = new Map<string, Segment[]>();
      for (const segment of this.buckets.get(key) as Segment[]) {
        const group = byUrl.get(segment.url!);
        if (group === undefined) byUrl.set(segment.url!, [segment]);
        else group.push(segment);
      }
      for (const group of byUrl.values()) if (group.length > 1) yield group;
    }
  }

  private indexLater(): void {
    const later = this.later!;
    this.later = undefined;
    this.laterUrls = [];
    this.laterUnique = false;
    for (const segment of later) this.add(segment);
  }
}

function hasEqualUrls(members: Segment[]): boolean {
  const seen = new Set<string>();
  for (const m of members) {
    if (seen.has(m.url!)) return true;
    seen.add(m.url!);
  }
  return false;
}
