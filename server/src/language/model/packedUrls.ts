/** URLs front-coded as Latin-1 bytes (the characters shared with the URL before, then the rest): about a third of one
 * string per URL, since a site's URLs share most of their start. A URL above U+00FF stays a string. */
import { copyString } from '../syntax/copyString';
import { Uint32Blocks } from './uint32Blocks';

const RESTART = 16;
/** The bytes are kept in blocks of this many, never copied to grow: a grown copy's old array would wait for a full collection. */
const BLOCK = 1 << 20;

export class PackedUrls {
  private readonly blocks: Uint8Array[] = [];
  private used = 0;
  /** Where each URL's rest starts in `bytes`; the next one's start is its end. */
  private readonly starts = new Uint32Blocks();
  /** Characters each URL shares with the one before (0 every RESTART URLs, and after a wide one). */
  private readonly shared = new Uint32Blocks();
  private readonly wide = new Map<number, string>();
  private count = 0;
  /** The URL pushed last (a view of a window at most: one window kept). */
  private last = '';

  push(url: string): void {
    const n = this.count++;
    let common = 0;
    if (n % RESTART !== 0 && !this.wide.has(n - 1)) {
      const limit = Math.min(url.length, this.last.length);
      while (common < limit && url.charCodeAt(common) === this.last.charCodeAt(common)) common++;
    }
    this.last = url;
    this.starts.set(n, this.used);
    if (!isLatin1(url, common)) {
      this.wide.set(n, copyString(url));
      this.shared.set(n, 0);
      this.starts.set(n + 1, this.used);
      return;
    }
    this.shared.set(n, common);
    for (let i = common; i < url.length; i++, this.used++) {
      if (this.used === this.blocks.length * BLOCK) this.blocks.push(new Uint8Array(BLOCK));
      this.blocks[this.blocks.length - 1][this.used % BLOCK] = url.charCodeAt(i);
    }
    this.starts.set(n + 1, this.used);
  }

  get(n: number): string {
    const wide = this.wide.get(n);
    if (wide !== undefined) return wide;
    let k = n;
    while (this.shared.get(k) !== 0) k--;
    let url = '';
    for (; k <= n; k++) url = url.slice(0, this.shared.get(k)) + this.latin1(this.starts.get(k), this.starts.get(k + 1));
    return url;
  }

  /** The characters of bytes [start, end), a block at a time. */
  private latin1(start: number, end: number): string {
    let s = '';
    for (let at = start; at < end;) {
      const block = Math.floor(at / BLOCK);
      const from = at - block * BLOCK;
      const to = Math.min(end - block * BLOCK, from + 4096, BLOCK);
      s += String.fromCharCode(...this.blocks[block].subarray(from, to));
      at += to - from;
    }
    return s;
  }
}

function isLatin1(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}
