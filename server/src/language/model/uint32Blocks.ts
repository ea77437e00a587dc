/** A growing array of unsigned 32-bit numbers in blocks of 64K, never copied: an array grown by copying leaves its old
 * buffers to a full collection, and on a 200,000-entry stream they lingered at the memory's peak. */
const SHIFT = 16;
const MASK = (1 << SHIFT) - 1;

export class Uint32Blocks {
  private readonly blocks: Uint32Array[] = [];

  get(i: number): number {
    return this.blocks[i >>> SHIFT][i & MASK];
  }

  /** Sets item `i`; items are set in order, each block when its first item is. */
  set(i: number, value: number): void {
    const block = i >>> SHIFT;
    if (block === this.blocks.length) this.blocks.push(new Uint32Array(MASK + 1));
    this.blocks[block][i & MASK] = value;
  }
}
