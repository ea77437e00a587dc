/** XML 1.0 character classes on UTF-16 code units, without allocating, written once for the tokenizer and the parsers. */

export const enum Ch {
  Tab = 9, LineFeed = 10, CarriageReturn = 13, Space = 32,
  Bang = 33, DoubleQuote = 34, Hash = 35, Ampersand = 38, SingleQuote = 39, Minus = 45, Dot = 46, Slash = 47,
  Digit0 = 48, Digit9 = 57, Colon = 58, Semicolon = 59, LessThan = 60, Equals = 61, GreaterThan = 62, Question = 63,
  UpperA = 65, UpperF = 70, UpperZ = 90, OpenBracket = 91, CloseBracket = 93, Underscore = 95,
  LowerA = 97, LowerF = 102, LowerX = 120, LowerZ = 122,
  Bom = 0xfeff, Replacement = 0xfffd,
}

/** Bit flags per ASCII char code. */
const NAME_START = 1;
const NAME = 2;
const WHITESPACE = 4;
/** Needs a closer look inside character data: `<`, `&`, `>`, quotes, C0 controls other than whitespace. */
export const TEXT_SPECIAL = 8;

/** Flags per ASCII char; exported for the parser's innermost loop, which cannot afford a call per char. */
export const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  let flags = 0;
  const isLetter = (c >= Ch.UpperA && c <= Ch.UpperZ) || (c >= Ch.LowerA && c <= Ch.LowerZ);
  if (isLetter || c === Ch.Underscore || c === Ch.Colon) flags |= NAME_START | NAME;
  if ((c >= Ch.Digit0 && c <= Ch.Digit9) || c === Ch.Minus || c === Ch.Dot) flags |= NAME;
  if (c === Ch.Space || c === Ch.Tab || c === Ch.LineFeed || c === Ch.CarriageReturn) flags |= WHITESPACE;
  else if (c < 32) flags |= TEXT_SPECIAL;
  if (c === Ch.LessThan || c === Ch.Ampersand || c === Ch.GreaterThan || c === Ch.SingleQuote || c === Ch.DoubleQuote) {
    flags |= TEXT_SPECIAL;
  }
  ASCII[c] = flags;
}

export function isWhitespace(c: number): boolean {
  return c < 128 && (ASCII[c] & WHITESPACE) !== 0;
}

/**
 * XML 1.0 [4] NameStartChar, per UTF-16 code unit: a surrogate (of a character in [#x10000-#xEFFFF]) is
 * accepted on its own, so a name is cut only where a character outside the production stands.
 */
export function isNameStart(c: number): boolean {
  if (c < 128) return (ASCII[c] & NAME_START) !== 0;
  if (c < 0x300) return c >= 0xc0 && c !== 0xd7 && c !== 0xf7;
  if (c < 0x2000) return c >= 0x370 && c !== 0x37e;
  if (c < 0x3001) return c === 0x200c || c === 0x200d || (c >= 0x2070 && c <= 0x218f) || (c >= 0x2c00 && c <= 0x2fef);
  if (c < 0xd800) return true;
  if (c < 0xe000) return c < 0xdb80 || c >= 0xdc00;
  return (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xfffd);
}

/** XML 1.0 [4a] NameChar (per code unit, as isNameStart). */
export function isNameChar(c: number): boolean {
  if (c < 128) return (ASCII[c] & NAME) !== 0;
  return isNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

/** True for ASCII chars that the character-data scanner must stop at. */
export function isTextSpecial(c: number): boolean {
  return c >= 128 ? c >= 0xd800 : (ASCII[c] & TEXT_SPECIAL) !== 0;
}

/** End of the XML name starting at `pos`, or `pos` when there is none. */
export function scanName(text: string, pos: number, end: number): number {
  if (pos >= end || !isNameStart(text.charCodeAt(pos))) return pos;
  let p = pos + 1;
  while (p < end && isNameChar(text.charCodeAt(p))) p++;
  return p;
}

export function skipWhitespace(text: string, pos: number, end: number): number {
  while (pos < end && isWhitespace(text.charCodeAt(pos))) pos++;
  return pos;
}

/** Whether `c` (a code point) may appear in an XML 1.0 document. */
export function isXmlChar(c: number): boolean {
  if (c < 0x20) return c === Ch.Tab || c === Ch.LineFeed || c === Ch.CarriageReturn;
  if (c <= 0xd7ff) return true;
  if (c < 0xe000) return false;
  if (c <= 0xfffd) return true;
  return c >= 0x10000 && c <= 0x10ffff;
}
