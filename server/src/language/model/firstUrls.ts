/** The first entry of each distinct URL (duplicate-url, streamed): open addressing over an Int32Array of entry numbers
 * (about 10 bytes an entry; a Map costs 36), keyed by urlHash; equal hashes told apart by the caller's URLs. */
import { Uint32Blocks } from './uint32Blocks';
import { urlHash } from './urlHash';

export class FirstUrls {
  /** Entry number + 1 of each first occurrence; 0 is empty. */
  private slots = new Int32Array(1 << 12);
  /** Hash of each first occurrence's URL (unsigned), by entry number. */
  private readonly hashes = new Uint32Blocks();
  private size = 0;

  /** `urlOf(n)`: the URL of entry `n`. */
  constructor(private readonly urlOf: (n: number) => string) {}

  /** The first entry with entry `n`'s URL (`url`), or undefined after recording `n` as the first. */
  firstOf(n: number, url: string): number | undefined {
    const h = urlHash(url);
    const mask = this.slots.length - 1;
    let j = h & mask;
    for (let slot = this.slots[j]; slot !== 0; slot = this.slots[j]) {
      if (this.hashes.get(slot - 1) === h >>> 0 && this.urlOf(slot - 1) === url) return slot - 1;
      j = (j + 1) & mask;
    }
    this.hashes.set(n, h >>> 0);
    this.slots[j] = n + 1;
    if (++this.size * 2 > this.slots.length) this.rehash();
    return undefined;
  }

  private rehash(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    const mask = this.slots.length - 1;
    for (const slot of old) {
      if (slot === 0) continue;
      let j = this.hashes.get(slot - 1) & mask;
      while (this.slots[j] !== 0) j = (j + 1) & mask;
      this.slots[j] = slot;
    }
  }
}
