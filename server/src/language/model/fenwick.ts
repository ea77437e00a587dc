/** A Fenwick (binary indexed) tree: point updates and prefix sums in O(log n). Sums stay below 2^31 (lengths of one
 * string at most), so 32-bit cells: half the memory of doubles. */
export class Fenwick {
  private readonly tree: Int32Array;
  readonly size: number;
  private mask: number;

  constructor(values: ArrayLike<number>) {
    const n = values.length;
    this.size = n;
    const tree = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) tree[i + 1] = values[i];
    for (let i = 1; i <= n; i++) {
      const parent = i + (i & -i);
      if (parent <= n) tree[parent] += tree[i];
    }
    this.tree = tree;
    let mask = 1;
    while (mask * 2 <= n) mask *= 2;
    this.mask = mask;
  }

  add(index: number, delta: number): void {
    if (delta === 0) return;
    const tree = this.tree;
    for (let i = index + 1; i <= this.size; i += i & -i) tree[i] += delta;
  }

  /** Sum of the values at [0, index). */
  prefix(index: number): number {
    let sum = 0;
    const tree = this.tree;
    for (let i = index; i > 0; i -= i & -i) sum += tree[i];
    return sum;
  }

  total(): number {
    return this.prefix(this.size);
  }

  /** The smallest index whose prefix sum including itself exceeds `target` (size when none does). */
  upperBound(target: number): number {
    const tree = this.tree;
    let pos = 0;
    let rest = target;
    for (let step = this.mask; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.size && tree[next] <= rest) {
        pos = next;
        rest -= tree[next];
      }
    }
    return pos;
  }
}
