/**
 * hreflang-not-reciprocal across the entries of one file, maintained per entry as the model indexes and unindexes
 * segments, never by rescanning: which entries list each page (by its comparison key), and the unreciprocated
 * alternates of each entry, recomputed only for the entries an edit can change — the edited entry, and the entries
 * listing its page (their partner changed).
 */
import { findUnreciprocated, pageKeyOf, type Unreciprocated } from './rules/hreflang';
import type { Segment } from './segment';

export class AlternateIndex {
  /** Page key → the entries listing it as an alternate. */
  private readonly listing = new Map<string, Set<Segment>>();
  /** Entries with unreciprocated alternates. */
  private readonly found = new Map<Segment, Unreciprocated[]>();
  /** Entries with alternates whose findings are not computed yet. */
  private readonly pending = new Set<Segment>();

  clear(): void {
    this.listing.clear();
    this.found.clear();
    this.pending.clear();
  }

  /** `edited`: a segment of an edit, whose page may be listed by entries already indexed. */
  add(segment: Segment, edited: boolean): void {
    const alternates = segment.extensions?.alternates;
    if (alternates !== undefined) {
      for (const alternate of alternates) {
        let listers = this.listing.get(alternate.href);
        if (listers === undefined) this.listing.set(alternate.href, (listers = new Set()));
        listers.add(segment);
      }
      this.pending.add(segment);
    }
    if (edited) this.touch(segment);
  }

  remove(segment: Segment): void {
    const alternates = segment.extensions?.alternates;
    if (alternates !== undefined) {
      for (const alternate of alternates) {
        const listers = this.listing.get(alternate.href);
        listers?.delete(segment);
        if (listers?.size === 0) this.listing.delete(alternate.href);
      }
      this.pending.delete(segment);
      this.found.delete(segment);
    }
    this.touch(segment);
  }

  /** The entries listing `segment`'s page are checked again. */
  private touch(segment: Segment): void {
    if (this.listing.size === 0 || segment.url === undefined) return;
    for (const lister of this.listing.get(pageKeyOf(segment)!) ?? []) this.pending.add(lister);
  }

  /** Every entry's unreciprocated alternates, once the pending entries are computed; `find` as findUnreciprocated's. */
  unreciprocated(find: (url: string) => Segment | undefined): ReadonlyMap<Segment, Unreciprocated[]> {
    for (const entry of this.pending) {
      const pageKey = pageKeyOf(entry);
      const found = pageKey === undefined ? [] : findUnreciprocated(entry, pageKey, find);
      if (found.length > 0) this.found.set(entry, found);
      else this.found.delete(entry);
    }
    this.pending.clear();
    return this.found;
  }
}
