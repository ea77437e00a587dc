/** hreflang-not-reciprocal within one file, kept per entry as the model indexes and unindexes segments, never by
 * rescanning: an edit recomputes only the edited entry and the entries that list its page. */
import { findUnreciprocated, pageKeyOf, type Unreciprocated } from '../rules/hreflang';
import type { Segment } from './segment';
import { urlHash } from './urlHash';

export class AlternateIndex {
  /**
   * keyOf a page → the entries listing it as another page's alternate (a group of n pages lists each n - 1 times).
   * Keyed by a hash (sliced strings as Map keys cost a 50,000-entry open a fifth of its time, issue 20): a collision
   * costs a needless check, never a miss. A link to the entry's own page is not listed: its findings do not depend on
   * that page's entry.
   */
  private readonly listing = new Map<number, Segment | Segment[]>();
  /**
   * Entries added since the last clear and not listed yet: only an edit reads the listing, so a document that is
   * opened, checked and closed never builds it; the server builds it once the first diagnostics are out.
   */
  private unlisted: Segment[] | undefined = [];
  /**
   * How many of `unlisted`, from its start, had their findings computed: the others are pending too, kept out of
   * `pending` until `complete` (a Set of 50,000 entries costs an open 15–20 ms).
   */
  private unlistedChecked = 0;
  /** Entries with unreciprocated alternates. */
  private readonly found = new Map<Segment, readonly Unreciprocated[]>();
  /** Entries with alternates whose findings are not computed yet. */
  private readonly pending = new Set<Segment>();
  /** Entries whose findings were computed (for tests: an edit recomputes a few, never the file). */
  entriesChecked = 0;
  /** Alternates put in the listing (for tests: an open lists none, the first edit all of them once). */
  alternatesListed = 0;

  clear(): void {
    this.listing.clear();
    this.unlisted = [];
    this.unlistedChecked = 0;
    this.found.clear();
    this.pending.clear();
  }

  /** `edited`: a segment of an edit, whose page may be listed by entries already indexed. */
  add(segment: Segment, edited: boolean): void {
    if (segment.extensions?.alternates !== undefined) {
      if (this.unlisted !== undefined) this.unlisted.push(segment);
      else {
        this.list(segment);
        this.pending.add(segment);
      }
    }
    if (edited) this.touch(segment);
  }

  remove(segment: Segment): void {
    const alternates = segment.extensions?.alternates;
    if (alternates !== undefined) {
      this.complete();
      const pageKey = pageKeyOf(segment);
      for (const alternate of alternates) if (alternate.href !== pageKey) this.unlist(keyOf(alternate.href), segment);
      this.pending.delete(segment);
      this.found.delete(segment);
    }
    this.touch(segment);
  }

  /** Lists what add deferred (a no-op when nothing is deferred): what the first edit would do otherwise. */
  complete(): void {
    const unlisted = this.unlisted;
    if (unlisted === undefined) return;
    this.unlisted = undefined;
    for (const segment of unlisted) this.list(segment);
    // Nothing else is pending while entries are unlisted (touch and remove complete first): the order stays add's.
    for (let k = this.unlistedChecked; k < unlisted.length; k++) this.pending.add(unlisted[k]);
    this.unlistedChecked = 0;
  }

  private list(segment: Segment): void {
    const pageKey = pageKeyOf(segment);
    for (const alternate of segment.extensions!.alternates!) {
      if (alternate.href === pageKey) continue;
      this.alternatesListed++;
      const key = keyOf(alternate.href);
      const listers = this.listing.get(key);
      if (listers === undefined) this.listing.set(key, segment);
      else if (Array.isArray(listers)) listers.push(segment);
      else this.listing.set(key, [listers, segment]);
    }
  }

  private unlist(key: number, segment: Segment): void {
    const listers = this.listing.get(key);
    if (listers === segment) this.listing.delete(key);
    else if (Array.isArray(listers)) {
      const at = listers.indexOf(segment);
      if (at >= 0) listers.splice(at, 1);
      if (listers.length === 1) this.listing.set(key, listers[0]);
    }
  }

  /** The entries listing `segment`'s page are checked again. */
  private touch(segment: Segment): void {
    if (segment.url === undefined) return;
    this.complete();
    if (this.listing.size === 0) return;
    const listers = this.listing.get(keyOf(pageKeyOf(segment)!));
    if (listers === undefined) return;
    if (Array.isArray(listers)) for (const lister of listers) this.pending.add(lister);
    else this.pending.add(listers);
  }

  /** Every entry's unreciprocated alternates, once the pending entries are computed; `find` as findUnreciprocated's. */
  unreciprocated(find: (url: string) => Segment | undefined): ReadonlyMap<Segment, readonly Unreciprocated[]> {
    const unlisted = this.unlisted;
    if (unlisted !== undefined) {
      this.entriesChecked += unlisted.length - this.unlistedChecked;
      for (let k = this.unlistedChecked; k < unlisted.length; k++) this.check(unlisted[k], find);
      this.unlistedChecked = unlisted.length;
    }
    this.entriesChecked += this.pending.size;
    for (const entry of this.pending) this.check(entry, find);
    this.pending.clear();
    return this.found;
  }

  private check(entry: Segment, find: (url: string) => Segment | undefined): void {
    const pageKey = pageKeyOf(entry);
    const found = pageKey === undefined ? undefined : findUnreciprocated(entry, pageKey, find);
    if (found !== undefined && found.length > 0) this.found.set(entry, found);
    // An open's check (most of the entries, none found yet) skips 50,000 deletes from an empty map.
    else if (this.found.size !== 0) this.found.delete(entry);
  }
}

/** A page key's listing key: its urlHash kept to 30 bits, a small integer, which a Map hashes without a heap number. */
function keyOf(pageKey: string): number {
  return urlHash(pageKey) & 0x3fffffff;
}
