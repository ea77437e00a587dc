/** The document as a list of segments (segment.ts) with prefix sums over their lengths, line breaks and entries
 * (chunkedList.ts): offset ↔ position conversions in O(log n), never a rescan of the document. */
import { ChunkedList } from './chunkedList';
import type { Segment } from './segment';
import { Ch, countLineBreaks, offsetAfterLineBreak } from '../syntax/textMetrics';

export interface Position {
  line: number;
  character: number;
}

export class SegmentList {
  segments: Segment[] = [];
  byteLength = 0;

  /**
   * Prefix sums over the segments' lengths, line breaks and entries, built on first use: a linter converts a few
   * offsets once (positionsAt walks the segments instead), an editor converts on every request. Until then, `totals`.
   */
  protected trees: ChunkedList<Segment> | undefined;
  protected totals = { length: 0, breaks: 0, entries: 0 };
  /** Builds of the trees (for tests: a lint of a clean file builds none). */
  treeBuilds = 0;

  get length(): number {
    return this.trees !== undefined ? this.trees.total(LENGTHS) : this.totals.length;
  }

  get lineCount(): number {
    return (this.trees !== undefined ? this.trees.total(BREAKS) : this.totals.breaks) + 1;
  }

  get entryCount(): number {
    return this.trees !== undefined ? this.trees.total(ENTRIES) : this.totals.entries;
  }

  protected get tree(): ChunkedList<Segment> {
    if (this.trees === undefined) {
      this.trees = buildTrees(this.segments);
      this.treeBuilds++;
    }
    return this.trees;
  }

  getText(): string {
    return this.segments.map((s) => s.text).join('');
  }

  segmentStart(index: number): number {
    return this.tree.prefix(LENGTHS, index);
  }

  /**
   * Start offsets for segment indexes asked in ascending order: before the prefix sums are built (a fresh parse's
   * first validation), a walk on from the last index asked instead of building them; after, a lookup each.
   */
  segmentStartsInOrder(): (index: number) => number {
    const trees = this.trees;
    if (trees !== undefined) return (index) => trees.prefix(LENGTHS, index);
    const segments = this.segments;
    let s = 0;
    let offset = 0;
    return (index) => {
      if (index < s) return this.segmentStart(index);
      for (; s < index; s++) offset += segments[s].text.length;
      return offset;
    };
  }

  /** Index of the segment holding `offset` (the last one for the end of the text). */
  segmentAt(offset: number): number {
    return Math.min(this.tree.upperBound(LENGTHS, offset), this.segments.length - 1);
  }

  /** Index of the segment of the `n`-th entry (0-based). */
  entrySegment(n: number): number {
    return this.tree.upperBound(ENTRIES, n);
  }

  // ---------------------------------------------------------------- positions

  /** Offset where line `line` (0-based) starts. */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    if (line >= this.lineCount) return this.length;
    const s = this.tree.upperBound(BREAKS, line - 1);
    const segment = this.segments[s];
    const within = offsetAfterLineBreak(segment.text, 0, segment.text.length, line - this.tree.prefix(BREAKS, s));
    return this.tree.prefix(LENGTHS, s) + within;
  }

  offsetAt(position: Position): number {
    const line = Math.floor(position.line);
    if (line < 0 || Number.isNaN(line)) return 0;
    if (line >= this.lineCount) return this.length;
    const start = this.lineStart(line);
    const next = line + 1 < this.lineCount ? this.lineStart(line + 1) : this.length;
    return Math.max(start, Math.min(start + Math.max(0, Math.floor(position.character) || 0), next));
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.length));
    const s = this.segmentAt(clamped);
    const segmentStart = this.tree.prefix(LENGTHS, s);
    const text = this.segments[s].text;
    const within = clamped - segmentStart;
    const line = this.tree.prefix(BREAKS, s) + countLineBreaks(text, 0, within);
    // Most lines start in the offset's own segment: after its last LF, unless a CR follows that LF.
    const lf = within > 0 ? text.lastIndexOf('\n', within - 1) : -1;
    if (lf >= 0 && text.lastIndexOf('\r', within - 1) < lf) return { line, character: within - lf - 1 };
    return { line, character: clamped - this.lineStart(line) };
  }

  /**
   * The positions of many offsets at once. Before the trees are built, one walk over the segments in offset order
   * (what a linter needs: a few problems, converted once) instead of building them; the same positions as positionAt.
   */
  positionsAt(offsets: readonly number[]): Position[] {
    if (this.trees !== undefined) return this.positionsIndexed(offsets);
    const order = offsets.map((_, k) => k).sort((a, b) => offsets[a] - offsets[b]);
    const positions: Position[] = new Array(offsets.length);
    const segments = this.segments;
    const length = this.totals.length;
    // The segment reached, where it starts, the line breaks before it, and the last segment before it holding a line
    // break (where the line it starts in starts is searched for only when asked: not a scan of every segment passed).
    let s = 0;
    let start = 0;
    let breaks = 0;
    let lastBreak = -1;
    let lastBreakStart = 0;
    // The line the last segment with a break ends on starts at the same offset for every offset after it: found once.
    let lineStartOf = -1;
    let lineStartAt = 0;
    const lineStart = (): number => {
      if (lastBreak < 0) return 0;
      if (lineStartOf !== lastBreak) {
        const segment = segments[lastBreak];
        lineStartOf = lastBreak;
        lineStartAt = lastBreakStart + offsetAfterLineBreak(segment.text, 0, segment.text.length, segment.lineBreaks);
      }
      return lineStartAt;
    };
    // Within a segment, the offsets come in order: the count of line breaks resumes where the last offset left it, so a
    // long segment (everything after the root element is one) with many problems is read once, not once per problem.
    const cursor = new LineCursor();
    for (const k of order) {
      const offset = Math.max(0, Math.min(offsets[k], length));
      for (; s < segments.length - 1 && start + segments[s].text.length <= offset; s++) {
        const segment = segments[s];
        if (segment.lineBreaks > 0) {
          lastBreak = s;
          lastBreakStart = start;
        }
        breaks += segment.lineBreaks;
        start += segment.text.length;
      }
      cursor.advance(s, segments[s].text, offset - start);
      const line = breaks + cursor.breaks;
      positions[k] = { line, character: cursor.lineStart >= 0 ? offset - start - cursor.lineStart : offset - lineStart() };
    }
    return positions;
  }

  /**
   * positionsAt once the trees are built (an editor's diagnostics): each offset's segment and the line breaks before it
   * from the trees, and within a segment the count resumes from the previous offset, as in the walk above — everything
   * after the root element is one segment, and counting from its start per problem made placing them quadratic.
   */
  private positionsIndexed(offsets: readonly number[]): Position[] {
    const order = offsets.map((_, k) => k).sort((a, b) => offsets[a] - offsets[b]);
    const positions: Position[] = new Array(offsets.length);
    const cursor = new LineCursor();
    for (const k of order) {
      const offset = Math.max(0, Math.min(offsets[k], this.length));
      const s = this.segmentAt(offset);
      const start = this.tree.prefix(LENGTHS, s);
      cursor.advance(s, this.segments[s].text, offset - start);
      const line = this.tree.prefix(BREAKS, s) + cursor.breaks;
      positions[k] = { line, character: cursor.lineStart >= 0 ? offset - start - cursor.lineStart : offset - this.lineStart(line) };
    }
    return positions;
  }

  /** The first `length` characters (fewer in a shorter text). */
  protected prefix(length: number): string {
    let text = '';
    for (let k = 0; k < this.segments.length && text.length < length; k++) text += this.segments[k].text;
    return text.slice(0, length);
  }

  /** Replaces the segments [i, j] by `replacement` in the list and its prefix sums. */
  protected replaceInList(i: number, j: number, replacement: Segment[]): void {
    const segments = this.segments;
    const trees = this.tree;
    if (replacement.length === j - i + 1) {
      for (let k = 0; k < replacement.length; k++) {
        const old = segments[i + k];
        segments[i + k] = replacement[k];
        trees.set(i + k, old);
      }
    } else {
      spliceInPlace(segments, i, j - i + 1, replacement);
      trees.splice(i, j - i + 1, replacement.length);
    }
  }
}

/** The columns of the model's chunked list. */
const LENGTHS = 0;
const BREAKS = 1;
const ENTRIES = 2;

function buildTrees(segments: readonly Segment[]): ChunkedList<Segment> {
  return new ChunkedList(segments, {
    columns: [(s) => s.text.length, (s) => s.lineBreaks, (s) => (s.isEntry ? 1 : 0)],
    place: (segment, chunk, place) => {
      segment.run = chunk;
      segment.place = place;
    },
  });
}

/** Array.prototype.splice, for any number of items (spreading 200,000 as arguments overflows the stack). */
function spliceInPlace<T>(array: T[], start: number, deleteCount: number, items: readonly T[]): void {
  if (items.length <= 4096) {
    array.splice(start, deleteCount, ...items);
    return;
  }
  const length = array.length;
  const growth = items.length - deleteCount;
  // Grown by pushing, so that the array keeps its packed elements kind.
  for (let k = 0; k < growth; k++) array.push(items[0]);
  array.copyWithin(start + items.length, start + deleteCount, length);
  if (growth < 0) array.length = length + growth;
  for (let k = 0; k < items.length; k++) array[start + k] = items[k];
}

/** Line breaks counted over one segment's text from its start, resumed offset after offset (as countLineBreaks counts). */
class LineCursor {
  private segment = -1;
  private at = 0;
  private text = '';
  /** Line breaks in text[0, at). */
  breaks = 0;
  /** Where the line holding `at` starts in the text, -1 when it starts in an earlier segment. */
  lineStart = -1;

  /** Moves to `within` in segment `s` (`text`), from 0 in a new segment, else from where it stands (never back). */
  advance(s: number, text: string, within: number): void {
    if (s !== this.segment || within < this.at) {
      this.segment = s;
      this.text = text;
      this.at = 0;
      this.breaks = 0;
      this.lineStart = -1;
    }
    for (let p = this.at; p < within; p++) {
      const c = this.text.charCodeAt(p);
      // A CR right before an LF belongs to that LF, even when `within` falls between them.
      if (c === Ch.LineFeed || (c === Ch.CarriageReturn && this.text.charCodeAt(p + 1) !== Ch.LineFeed)) {
        this.breaks++;
        this.lineStart = p + 1;
      }
    }
    this.at = Math.max(this.at, within);
  }
}
