/**
 * A site summary in a form that crosses threads cheaply: its strings joined into one, its numbers in typed arrays
 * that are transferred, not copied. Cloning the summary's thousands of small objects cost a lint worker about a
 * third of its time, half of it again in the thread receiving them (docs/performance.md, sitemap-lint).
 */
import type { SiteEntry, SiteFileKind, SiteSummary } from '../language/site/siteSummary';

export interface PackedSummary {
  kind: SiteFileKind;
  anchorStart: number;
  anchorEnd: number;
  /** Each entry's url then lastmodText, end to end. */
  text: string;
  /** The lengths of those strings, two per entry. */
  lengths: Uint32Array;
  /** start, end, lastmod, lastmodStart, lastmodEnd per entry. */
  numbers: Float64Array;
}

const NUMBERS = 5;

export function packSummary(summary: SiteSummary): PackedSummary {
  const count = summary.entries.length;
  const lengths = new Uint32Array(count * 2);
  const numbers = new Float64Array(count * NUMBERS);
  const parts: string[] = [];
  for (let k = 0; k < count; k++) {
    const e = summary.entries[k];
    parts.push(e.url, e.lastmodText);
    lengths[2 * k] = e.url.length;
    lengths[2 * k + 1] = e.lastmodText.length;
    const n = k * NUMBERS;
    numbers[n] = e.start;
    numbers[n + 1] = e.end;
    numbers[n + 2] = e.lastmod;
    numbers[n + 3] = e.lastmodStart;
    numbers[n + 4] = e.lastmodEnd;
  }
  return { kind: summary.kind, anchorStart: summary.anchorStart, anchorEnd: summary.anchorEnd, text: parts.join(''), lengths, numbers };
}

export function unpackSummary(packed: PackedSummary): SiteSummary {
  const entries: SiteEntry[] = [];
  const { text, lengths, numbers } = packed;
  let at = 0;
  for (let k = 0; k < lengths.length / 2; k++) {
    const url = text.slice(at, (at += lengths[2 * k]));
    const lastmodText = text.slice(at, (at += lengths[2 * k + 1]));
    const n = k * NUMBERS;
    entries.push({ url, start: numbers[n], end: numbers[n + 1], lastmod: numbers[n + 2], lastmodText, lastmodStart: numbers[n + 3], lastmodEnd: numbers[n + 4] });
  }
  return { kind: packed.kind, entries, anchorStart: packed.anchorStart, anchorEnd: packed.anchorEnd };
}

/** The buffers to transfer with a packed summary. */
export function transferables(packed: PackedSummary): ArrayBuffer[] {
  return [packed.lengths.buffer as ArrayBuffer, packed.numbers.buffer as ArrayBuffer];
}
