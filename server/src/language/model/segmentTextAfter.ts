/** The text after a segment of a model's list, as a TextAfter (syntax/textAfter.ts): searched segment by segment, with
 * the few needles asked lately counted across the list, so that asking for one that is absent costs nothing. */
import type { TextAfter } from '../syntax/textAfter';
import type { Segment } from './segment';

/** Needles counted at most (a namespace prefix or two being typed, an end tag, "-->"); forgotten past that. */
const MAX_COUNTED_NEEDLES = 8;

export class SegmentTextAfter {
  /** How many segments after the head hold each needle. */
  private readonly counts = new Map<string, number>();

  constructor(private readonly list: { readonly segments: readonly Segment[] }) {}

  /** The text after segment j (j = 0: the root's children and the tail), as the parser asks it. */
  segment(j: number): TextAfter {
    return new TextAfterSegment(this, j);
  }

  /** Whether a segment after segment j contains `needle`: a search of every segment the first time, then counted. */
  contains(j: number, needle: string): boolean {
    const segments = this.list.segments;
    let count = this.counts.get(needle);
    if (count === undefined) {
      if (this.counts.size >= MAX_COUNTED_NEEDLES) this.counts.clear();
      count = 0;
      for (let k = 1; k < segments.length; k++) if (segments[k].text.indexOf(needle) >= 0) count++;
      this.counts.set(needle, count);
    }
    if (count === 0 || j === 0) return count > 0;
    for (let k = j + 1; k < segments.length; k++) if (segments[k].text.indexOf(needle) >= 0) return true;
    return false;
  }

  /** Keeps the counts as the segments [i, j] are replaced by `replacement` (before the list changes). */
  replacing(i: number, j: number, replacement: readonly Segment[]): void {
    if (this.counts.size === 0) return;
    const segments = this.list.segments;
    for (const [needle, before] of this.counts) {
      let count = before;
      for (let k = Math.max(i, 1); k <= j; k++) if (segments[k].text.indexOf(needle) >= 0) count--;
      for (let k = i === 0 ? 1 : 0; k < replacement.length; k++) if (replacement[k].text.indexOf(needle) >= 0) count++;
      this.counts.set(needle, count);
    }
  }

  /** At a full parse. */
  forget(): void {
    this.counts.clear();
  }
}

/** One object per region parse, as a closure would be. */
class TextAfterSegment implements TextAfter {
  constructor(private readonly list: SegmentTextAfter, private readonly j: number) {}

  contains(needle: string): boolean {
    return this.list.contains(this.j, needle);
  }
}
