import { Fenwick } from './fenwick';
import { lastStartAtOrBefore } from '../../../../shared/sortedSearch';

/** Items per chunk, before splitting: a splice rebuilds up to 2× this many, plus the trees over the chunks. */
const CHUNK_LENGTH = 1024;

/** A run of consecutive items; an item's index is its chunk's `start` plus its place in the chunk. */
export interface Chunk {
  start: number;
  readonly length: number;
  /** One per column, over the items' values. */
  readonly trees: Fenwick[];
}

/** What the list needs to know about its items. */
export interface ChunkedListOptions<T> {
  /** Non-negative integers summed per column (a segment's length, line breaks, whether it is an entry). */
  readonly columns: ReadonlyArray<(item: T) => number>;
  /** Tells an item where it now lives, whenever that changes. */
  readonly place: (item: T, chunk: Chunk, place: number) => void;
  /** Smaller in tests, so that small lists span many chunks. */
  readonly chunkLength?: number;
}

/**
 * Prefix sums per column over an array the caller owns and edits, in chunks of `chunkLength` to 2 × `chunkLength`
 * items, with a Fenwick tree per chunk and one over the chunks' totals: queries and updates in O(log n); a splice
 * rebuilds only the chunks it touches and the trees over the chunks, and the items after it move with their chunk's
 * `start`.
 */
export class ChunkedList<T> {
  private chunks: Chunk[] = [];
  /** The chunks' `start`s, for the binary search over them. */
  private chunkStarts = new Int32Array(0);
  /** Per column, over the chunks' totals. */
  private totals: Fenwick[] = [];
  private readonly chunkLength: number;

  /** `items`: kept, not copied; tell the list of every change to it (set, splice). */
  constructor(private readonly items: readonly T[], private readonly options: ChunkedListOptions<T>) {
    this.chunkLength = options.chunkLength ?? CHUNK_LENGTH;
    this.chunks = this.cut(0, items.length);
    this.reindex();
  }

  get size(): number {
    const last = this.chunks[this.chunks.length - 1];
    return last === undefined ? 0 : last.start + last.length;
  }

  total(column: number): number {
    return this.totals[column].total();
  }

  /** Sum of the column over the items at [0, index). */
  prefix(column: number, index: number): number {
    if (index >= this.size) return this.total(column);
    if (index <= 0) return 0;
    const c = this.chunkOf(index);
    const chunk = this.chunks[c];
    return this.totals[column].prefix(c) + chunk.trees[column].prefix(index - chunk.start);
  }

  /** The smallest index whose prefix sum of the column including itself exceeds `target` (size when none does). */
  upperBound(column: number, target: number): number {
    const totals = this.totals[column];
    const c = totals.upperBound(target);
    if (c >= this.chunks.length) return this.size;
    const chunk = this.chunks[c];
    return chunk.start + chunk.trees[column].upperBound(target - totals.prefix(c));
  }

  /** After the item at `index` was replaced by `item`, which was `old`. */
  set(index: number, old: T): void {
    const c = this.chunkOf(index);
    const chunk = this.chunks[c];
    const place = index - chunk.start;
    const item = this.items[index];
    const columns = this.options.columns;
    for (let column = 0; column < columns.length; column++) {
      const delta = columns[column](item) - columns[column](old);
      if (delta === 0) continue;
      chunk.trees[column].add(place, delta);
      this.totals[column].add(c, delta);
    }
    this.options.place(item, chunk, place);
  }

  /** After the `deleteCount` items from `start` were replaced by `insertCount` items, as by Array.prototype.splice. */
  splice(start: number, deleteCount: number, insertCount: number): void {
    if (this.chunks.length === 0) {
      this.chunks = this.cut(0, this.items.length);
      this.reindex();
      return;
    }
    const end = start + deleteCount;
    let first = this.chunkOf(start);
    let last = end > start ? this.chunkOf(end - 1) : first;
    const from = this.chunks[first].start;
    let to = this.chunks[last].start + this.chunks[last].length + insertCount - deleteCount;
    // A chunk left small takes in a neighbour, so that many deletions cannot leave many tiny chunks.
    if (to - from < this.chunkLength / 4) {
      if (last + 1 < this.chunks.length) to += this.chunks[++last].length;
      else if (first > 0) first--;
    }
    this.chunks.splice(first, last - first + 1, ...this.cut(this.chunks[first].start, to));
    this.reindex();
  }

  /** The chunk holding `index` (the last chunk for the size). */
  private chunkOf(index: number): number {
    return lastStartAtOrBefore(this.chunkStarts, this.chunks.length, index);
  }

  /** The items at [from, to) into chunks of `chunkLength` to 2 × `chunkLength` (one shorter when there are fewer). */
  private cut(from: number, to: number): Chunk[] {
    const count = Math.ceil((to - from) / (2 * this.chunkLength));
    const chunks: Chunk[] = [];
    for (let c = 0; c < count; c++) {
      const piece = this.items.slice(from + Math.floor((c * (to - from)) / count), from + Math.floor(((c + 1) * (to - from)) / count));
      const chunk: Chunk = { start: 0, length: piece.length, trees: this.options.columns.map((value) => new Fenwick(piece.map(value))) };
      for (let k = 0; k < piece.length; k++) this.options.place(piece[k], chunk, k);
      chunks.push(chunk);
    }
    return chunks;
  }

  /** Recomputes the chunks' starts and the trees over them: O(number of chunks). */
  private reindex(): void {
    const chunks = this.chunks;
    if (this.chunkStarts.length < chunks.length) this.chunkStarts = new Int32Array(chunks.length * 2);
    let start = 0;
    for (let c = 0; c < chunks.length; c++) {
      chunks[c].start = start;
      this.chunkStarts[c] = start;
      start += chunks[c].length;
    }
    this.totals = this.options.columns.map((_, column) => new Fenwick(chunks.map((chunk) => chunk.trees[column].total())));
  }
}
