import { Fenwick } from './fenwick';

/** Items per chunk, before splitting: a splice rebuilds up to 2× this many, plus the trees over the chunks. */
const CHUNK_LENGTH = 1024;

/** A run of consecutive items; an item's index is its chunk's `start` plus its place in `items`. */
export interface Chunk<T> {
  start: number;
  readonly items: T[];
  /** One per column, over the items' values. */
  readonly trees: Fenwick[];
}

/** What the list needs to know about its items. */
export interface ChunkedListOptions<T> {
  /** Non-negative integers summed per column (a segment's length, line breaks, whether it is an entry). */
  readonly columns: ReadonlyArray<(item: T) => number>;
  /** Tells an item where it now lives, whenever that changes. */
  readonly place: (item: T, chunk: Chunk<T>, place: number) => void;
  /** Smaller in tests, so that small lists span many chunks. */
  readonly chunkLength?: number;
}

/**
 * A list cut into chunks of `chunkLength` to 2 × `chunkLength` items, with prefix sums per column: a Fenwick tree
 * per chunk and one over the chunks' totals. Queries and in-place updates cost O(log n); a splice rebuilds only the
 * chunks it touches and the small trees over the chunks, O(chunkLength + n / chunkLength + inserted), and keeps
 * every item's index current without renumbering the items after it (they move with their chunk's `start`).
 */
export class ChunkedList<T> {
  private chunks: Chunk<T>[] = [];
  /** Per column, over the chunks' totals. */
  private totals: Fenwick[] = [];
  private readonly chunkLength: number;

  constructor(items: readonly T[], private readonly options: ChunkedListOptions<T>) {
    this.chunkLength = options.chunkLength ?? CHUNK_LENGTH;
    this.chunks = this.cut(items.slice());
    this.reindex();
  }

  get size(): number {
    const last = this.chunks[this.chunks.length - 1];
    return last === undefined ? 0 : last.start + last.items.length;
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

  /** Replaces the item at `index` (which must exist). */
  set(index: number, item: T): void {
    const c = this.chunkOf(index);
    const chunk = this.chunks[c];
    const place = index - chunk.start;
    const old = chunk.items[place];
    const columns = this.options.columns;
    for (let column = 0; column < columns.length; column++) {
      const delta = columns[column](item) - columns[column](old);
      if (delta === 0) continue;
      chunk.trees[column].add(place, delta);
      this.totals[column].add(c, delta);
    }
    chunk.items[place] = item;
    this.options.place(item, chunk, place);
  }

  /** Replaces the `deleteCount` items from `start` with `inserted`, like Array.prototype.splice. */
  splice(start: number, deleteCount: number, inserted: readonly T[]): void {
    start = Math.max(0, Math.min(start, this.size));
    const end = Math.max(start, Math.min(start + deleteCount, this.size));
    if (this.chunks.length === 0) {
      this.chunks = this.cut(inserted.slice());
      this.reindex();
      return;
    }
    let first = this.chunkOf(start);
    let last = end > start ? this.chunkOf(end - 1) : first;
    const items = this.chunks[first].items.slice(0, start - this.chunks[first].start);
    for (const item of inserted) items.push(item);
    const tail = this.chunks[last].items;
    for (let k = end - this.chunks[last].start; k < tail.length; k++) items.push(tail[k]);
    // A chunk left small takes in a neighbour, so that many deletions cannot leave many tiny chunks.
    if (items.length < this.chunkLength / 4) {
      if (last + 1 < this.chunks.length) items.push(...this.chunks[++last].items);
      else if (first > 0) items.unshift(...this.chunks[--first].items);
    }
    this.chunks.splice(first, last - first + 1, ...this.cut(items));
    this.reindex();
  }

  /** The chunk holding `index` (the last chunk for the size). */
  private chunkOf(index: number): number {
    const chunks = this.chunks;
    let low = 0;
    let high = chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (chunks[mid].start <= index) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Into chunks of `chunkLength` to 2 × `chunkLength` items (one shorter chunk when there are fewer). */
  private cut(items: T[]): Chunk<T>[] {
    const count = Math.ceil(items.length / (2 * this.chunkLength));
    const chunks: Chunk<T>[] = [];
    for (let c = 0; c < count; c++) {
      const piece = count === 1 ? items : items.slice(Math.floor((c * items.length) / count), Math.floor(((c + 1) * items.length) / count));
      const chunk: Chunk<T> = { start: 0, items: piece, trees: this.options.columns.map((value) => new Fenwick(piece.map(value))) };
      for (let k = 0; k < piece.length; k++) this.options.place(piece[k], chunk, k);
      chunks.push(chunk);
    }
    return chunks;
  }

  /** Recomputes the chunks' starts and the trees over them: O(number of chunks). */
  private reindex(): void {
    const chunks = this.chunks;
    let start = 0;
    for (const chunk of chunks) {
      chunk.start = start;
      start += chunk.items.length;
    }
    this.totals = this.options.columns.map((_, column) => new Fenwick(chunks.map((chunk) => chunk.trees[column].total())));
  }
}
