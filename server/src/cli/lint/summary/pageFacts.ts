/** A sitemap's entries whole, in their order, for a merge that runs the page rules (they map each URL to a built file):
 * per entry its URL and lastmod as written (UTF-8), the lastmod's value (f64, with a lastmod) and both places as varints. */
import type { EntryFacts, Place } from './fileFacts';

/** Bits of an entry's lastmod form: a value, a place. */
const VALUE = 1;
const PLACE = 2;

export function encodePageFacts(entries: readonly EntryFacts[]): Buffer {
  const out = new ByteWriter();
  let line = 0;
  for (const [url, place, lastmod, lastmodText, lastmodPlace] of entries) {
    out.text(url);
    out.text(lastmodText);
    out.unsigned((lastmod === null ? 0 : VALUE) | (lastmodPlace === null ? 0 : PLACE));
    if (lastmod !== null) out.double(lastmod);
    line = out.place(place, line);
    if (lastmodPlace !== null) out.place(lastmodPlace, place[0]);
  }
  return out.bytes();
}

/**
 * The entries made by `make`, or undefined when the bytes are not `count` of them. `make`'s places are lent (a scratch
 * array each, overwritten by the next entry), so that a merge of millions of entries makes no arrays per entry.
 */
export function decodePageFacts<T>(bytes: Buffer, count: number, make: (...entry: PageEntryParts) => T): T[] | undefined {
  const input = new ByteReader(bytes);
  const entries: T[] = [];
  const place: Place = [0, 0, 0, 0];
  const lastmodPlace: Place = [0, 0, 0, 0];
  for (let k = 0; k < count && input.ok; k++) {
    const url = input.text();
    const lastmodText = input.text();
    const form = input.unsigned();
    const lastmod = (form & VALUE) !== 0 ? input.double() : null;
    input.place(place[0], place);
    const hasPlace = (form & PLACE) !== 0;
    if (hasPlace) input.place(place[0], lastmodPlace);
    entries.push(make(url, place, lastmod, lastmodText, hasPlace ? lastmodPlace : null));
  }
  return input.ok && input.done ? entries : undefined;
}

export type PageEntryParts = [url: string, place: Readonly<Place>, lastmod: number | null, lastmodText: string, lastmodPlace: Readonly<Place> | null];

/** Lines as zigzag differences from a base line, columns as they are. */
class ByteWriter {
  private buffer = Buffer.alloc(1 << 16);
  private at = 0;

  text(s: string): void {
    const length = Buffer.byteLength(s, 'utf8');
    this.unsigned(length);
    this.room(length);
    this.at += this.buffer.write(s, this.at, 'utf8');
  }

  double(n: number): void {
    this.room(8);
    this.at = this.buffer.writeDoubleLE(n, this.at);
  }

  /** Writes the place; returns its line. */
  place([line, column, endLine, endColumn]: Place, base: number): number {
    this.unsigned(zigzag(line - base));
    this.unsigned(column);
    this.unsigned(endLine - line);
    this.unsigned(endColumn);
    return line;
  }

  unsigned(n: number): void {
    this.room(10);
    for (; n >= 0x80; n = Math.floor(n / 0x80)) this.buffer[this.at++] = (n % 0x80) | 0x80;
    this.buffer[this.at++] = n;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.at);
  }

  private room(n: number): void {
    if (this.at + n <= this.buffer.length) return;
    const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.at + n));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }
}

class ByteReader {
  ok = true;
  private at = 0;

  constructor(private readonly buffer: Buffer) {}

  get done(): boolean {
    return this.at === this.buffer.length;
  }

  text(): string {
    const length = this.unsigned();
    if (!this.has(length)) return '';
    this.at += length;
    return this.buffer.toString('utf8', this.at - length, this.at);
  }

  double(): number {
    if (!this.has(8)) return NaN;
    this.at += 8;
    return this.buffer.readDoubleLE(this.at - 8);
  }

  /** Reads a place into `into`. */
  place(base: number, into: Place): void {
    into[0] = base + unzigzag(this.unsigned());
    into[1] = this.unsigned();
    into[2] = into[0] + this.unsigned();
    into[3] = this.unsigned();
    if (into[0] < 0) this.ok = false;
  }

  unsigned(): number {
    let n = 0;
    for (let scale = 1; this.has(1); scale *= 0x80) {
      const b = this.buffer[this.at++];
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      if (scale > 2 ** 42) break;
    }
    this.ok = false;
    return 0;
  }

  private has(n: number): boolean {
    if (this.at + n > this.buffer.length) this.ok = false;
    return this.ok;
  }
}

function zigzag(n: number): number {
  return n >= 0 ? 2 * n : -2 * n - 1;
}

function unzigzag(n: number): number {
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}
