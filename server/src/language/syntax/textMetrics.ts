/** Line breaks and UTF-8 lengths over a string's char codes, without allocating; the XML character classes are
 * shared/xmlChars.ts's, re-exported here. */

export {
  Ch, ASCII, TEXT_SPECIAL, isWhitespace, isNameStart, isNameChar, isTextSpecial, scanName, skipWhitespace, isXmlChar,
} from '../../../../shared/xmlChars';
import { Ch } from '../../../../shared/xmlChars';

/** Number of line breaks (`\n`, `\r\n` counted once, lone `\r`) in text[from, to). */
export function countLineBreaks(text: string, from: number, to: number, mayHaveCarriageReturns = true): number {
  let count = 0;
  if (!mayHaveCarriageReturns) {
    // indexOf hops over the text far faster than a loop over its chars; in a slice (a view, not a copy), so that the
    // last search stops at `to` rather than running on to the next line break (the end of a minified file: issue 20).
    const range = from === 0 && to === text.length ? text : text.slice(from, to);
    for (let p = range.indexOf('\n'); p !== -1; p = range.indexOf('\n', p + 1)) count++;
    return count;
  }
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    if (c === Ch.LineFeed) count++;
    // A CR right before an LF belongs to that LF, even when `to` falls between them.
    else if (c === Ch.CarriageReturn && text.charCodeAt(p + 1) !== Ch.LineFeed) count++;
  }
  return count;
}

/**
 * Offset just after the `n`-th line break (1-based) in text[from, to), or -1 if there are fewer.
 */
export function offsetAfterLineBreak(text: string, from: number, to: number, n: number): number {
  let p = from;
  while (p < to) {
    const c = text.charCodeAt(p++);
    if (c === Ch.LineFeed || (c === Ch.CarriageReturn && (p >= to || text.charCodeAt(p) !== Ch.LineFeed))) {
      if (--n === 0) return p;
    }
  }
  return -1;
}

const NON_ASCII_RUN = /[^\x00-\x7f]+/g;

/** UTF-8 byte length of a whole text, as `Buffer.byteLength` counts it; a native search skips the ASCII runs a loop would walk. */
export function textUtf8Length(text: string): number {
  let bytes = text.length;
  NON_ASCII_RUN.lastIndex = 0;
  for (let run = NON_ASCII_RUN.exec(text); run !== null; run = NON_ASCII_RUN.exec(text)) bytes += utf8Length(run[0]) - run[0].length;
  return bytes;
}

/**
 * How many UTF-8 bytes an edit adds: `oldText`[start, oldEnd) became `newText`[start, newEnd). Counted one code unit
 * either side, so that a surrogate pair the edit splits or joins counts as the pair it was (4 bytes) and the halves it
 * leaves (3 each, as U+FFFD is written), not as the half the edit took alone.
 */
export function editUtf8Delta(oldText: string, newText: string, start: number, oldEnd: number, newEnd: number): number {
  const from = Math.max(0, start - 1);
  return utf8Length(newText, from, Math.min(newText.length, newEnd + 1)) - utf8Length(oldText, from, Math.min(oldText.length, oldEnd + 1));
}

/** UTF-8 byte length of text[from, to). */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let bytes = to - from;
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && p + 1 < to) {
      const d = text.charCodeAt(p + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 2; // 4 bytes for 2 code units
        p++;
        continue;
      }
      bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}
