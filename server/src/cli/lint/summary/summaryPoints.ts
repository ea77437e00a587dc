/** A summarized file's offsets, which the merge's rules carry but never compute with: points with a line and column
 * each. 0 and 1 are the file's start, 2 + 2j and 3 + 2j the ends of URL record j's range, then the places added. */
import type { Place } from './fileFacts';
import { KEY_BYTES, RECORD_BYTES } from './summaryFormat';

export const FIRST_RECORD_POINT = 2;

export class SummaryPoints {
  /** The places added, 4 numbers each, in `added[0, length)`. */
  private added = new Uint32Array(64);
  private length = 0;
  private readonly recordPoints: number;

  constructor(private readonly records: Buffer) {
    this.recordPoints = 2 * (records.length / RECORD_BYTES);
  }

  /** The points of a place's start and end. */
  add(place: Readonly<Place>): [number, number] {
    const p = FIRST_RECORD_POINT + this.recordPoints + this.length / 2;
    if (this.length + 4 > this.added.length) {
      const grown = new Uint32Array(this.added.length * 2);
      grown.set(this.added);
      this.added = grown;
    }
    this.added.set(place, this.length);
    this.length += 4;
    return [p, p + 1];
  }

  /** 0-based line and column of point `p` (lineTable.ts's positionIn's shape). */
  at(p: number): { line: number; character: number } {
    if (p < FIRST_RECORD_POINT) return { line: 0, character: 0 };
    const k = p - FIRST_RECORD_POINT;
    if (k < this.recordPoints) {
      const at = (k >> 1) * RECORD_BYTES + KEY_BYTES + 8 * (k & 1);
      return { line: this.records.readUInt32LE(at), character: this.records.readUInt32LE(at + 4) };
    }
    const a = 2 * (k - this.recordPoints);
    return { line: this.added[a], character: this.added[a + 1] };
  }
}
