/**
 * hreflang-not-reciprocal across the entries of one file, maintained per entry as the model indexes and unindexes
 * segments, never by rescanning: which entries list each page (by its comparison key), and the unreciprocated
 * alternates of each entry, recomputed only for the entries an edit can change — the edited entry, and the entries
 * listing its page (their partner changed).
 */
import { findUnreciprocated, pageKeyOf, type Unreciprocated } from './rules/hreflang';
import type { Segment } from './segment';

export class AlternateIndex {
  /** Page key → the entries listing it as an alternate (one, or several: a group of n pages lists each n times). */
  private readonly listing = new Map<string, Segment | Segment[]>();
  /** Entries with unreciprocated alternates. */
  private readonly found = new Map<Segment, Unreciprocated[]>();
  /** Entries with alternates whose findings are not computed yet. */
  private readonly pending = new Set<Segment>();
  /** Entries whose findings were computed (for tests: an edit recomputes a few, never the file). */
  entriesChecked = 0;

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
        const listers = this.listing.get(alternate.href);
        if (listers === undefined) this.listing.set(alternate.href, segment);
        else if (Array.isArray(listers)) listers.push(segment);
        else this.listing.set(alternate.href, [listers, segment]);
      }
      this.pending.add(segment);
    }
    if (edited) this.touch(segment);
  }

  remove(segment: Segment): void {
    const alternates = segment.extensions?.alternates;
    if (alternates !== undefined) {
      for (const alternate of alternates) this.unlist(alternate.href, segment);
      this.pending.delete(segment);
      this.found.delete(segment);
    }
    this.touch(segment);
  }

  private unlist(href: string, segment: Segment): void {
    const listers = this.listing.get(href);
    if (listers === segment) this.listing.delete(href);
    else if (Array.isArray(listers)) {
      const at = listers.indexOf(segment);
      if (at >= 0) listers.splice(at, 1);
      if (listers.length === 1) this.listing.set(href, listers[0]);
    }
  }

  /** The entries listing `segment`'s page are checked again. */
  private touch(segment: Segment): void {
    if (this.listing.size === 0 || segment.url === undefined) return;
    const listers = this.listing.get(pageKeyOf(segment)!);
    if (listers === undefined) return;
    if (Array.isArray(listers)) for (const lister of listers) this.pending.add(lister);
    else this.pending.add(listers);
  }

  /** Every entry's unreciprocated alternates, once the pending entries are computed; `find` as findUnreciprocated's. */
  unreciprocated(find: (url: string) => Segment | undefined): ReadonlyMap<Segment, Unreciprocated[]> {
    this.entriesChecked += this.pending.size;
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
