/** Line starts of a text, to place a file's offsets in lines and columns once its document is gone (keeping every
 * document alive until the cross-file rules ran held them all). Line breaks are LSP's: `\n`, `\r\n`, a lone `\r`. */
import { lastStartAtOrBefore } from './sortedSearch';

export type LineTable = Uint32Array;

/**
 * Where each line of `text` starts. `lines`: how many lines it has when the caller knows (a parsed document's
 * lineCount), so that the table is made at its size once: grown by doubling from 1,024 and cut to size at the end, a
 * 12,000-line file's table took five buffers, each on fresh pages (sitemap-lint on many files, docs/performance.md).
 * A wrong count costs only that.
 */
export function lineTableOf(text: string, lines = 0): LineTable {
  let starts = new Uint32Array(Math.max(1024, lines));
  let count = 1;
  const push = (start: number): void => {
    if (count === starts.length) {
      const grown = new Uint32Array(count * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = start;
  };
  if (text.indexOf('\r') === -1) {
    // indexOf is far faster than a character loop on a large text.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) push(i + 1);
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) push(i + 1);
    }
  }
  return count === starts.length ? starts : starts.slice(0, count);
}

/** Line starts per block of LineTableBuilder (256 KB). */
const BLOCK = 1 << 16;

/**
 * The same table, built from a text that arrives in pieces (a CRLF may be split between two). Its line starts are
 * kept in blocks until the end, not in an array grown by copies: on a streamed file of a million lines, the grown
 * arrays' old copies would wait for a full collection, some 8 MB.
 */
export class LineTableBuilder {
  private readonly blocks: Uint32Array[] = [new Uint32Array(BLOCK)];
  private count = 1;
  private length = 0;
  /** The last piece ended with a CR: a line break, unless the next piece starts with LF. */
  private pendingCr = false;

  push(text: string): void {
    const base = this.length;
    this.length += text.length;
    if (text.length === 0) return;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(0) !== 10) this.add(base);
    }
    if (text.indexOf('\r') === -1) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.add(base + i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.add(base + i + 1);
      else if (c === 13 && i + 1 === text.length) this.pendingCr = true;
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.add(base + i + 1);
    }
  }

  /** The table, and the text's length. */
  finish(): { lines: LineTable; length: number } {
    if (this.pendingCr) this.add(this.length);
    this.pendingCr = false;
    const lines = new Uint32Array(this.count);
    for (let b = 0; b < this.blocks.length; b++) lines.set(this.blocks[b].subarray(0, Math.min(BLOCK, this.count - b * BLOCK)), b * BLOCK);
    this.blocks.length = 0;
    return { lines, length: this.length };
  }

  private add(start: number): void {
    if (this.count === this.blocks.length * BLOCK) this.blocks.push(new Uint32Array(BLOCK));
    this.blocks[this.blocks.length - 1][this.count++ % BLOCK] = start;
  }
}

/** 0-based line and UTF-16 column of `offset` (clamped to the text). */
export function positionIn(lines: LineTable, textLength: number, offset: number): { line: number; character: number } {
  const at = Math.min(Math.max(0, offset), textLength);
  const line = lastStartAtOrBefore(lines, lines.length, at);
  return { line, character: at - (lines[line] ?? 0) }; // an empty table: a file not read
}
