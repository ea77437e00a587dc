/**
 * One robots.txt line read as `name: value # comment`: the language layer's robots-sitemap-url check and the client's
 * Add to robots.txt read lines the same way.
 */

/** One `name: value` line; offsets relative to the line. */
export interface RobotsLine {
  /** The directive's name, trimmed. */
  nameStart: number;
  nameEnd: number;
  /** Whether a `:` follows the name (`Sitemap https://…` has none). */
  colon: boolean;
  /** After the `:`, up to a `#` comment, trimmed. */
  valueStart: number;
  valueEnd: number;
}

/** A value meant as a sitemap's address: a URL with a scheme, or a path. */
export const LOOKS_LIKE_A_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^\//;

const BOM = 0xfeff;
const COLON = 0x3a;

/** XML's whitespace, as the language layer's scanner has it: space, tab, line feed, carriage return. */
function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * Reads `name: value # comment` (undefined for blank and comment lines, and for lines with neither a `:` nor a URL
 * after their first word). A first word followed by a URL (`Sitemap https://…`) is a name missing its `:`.
 */
export function readRobotsLine(lineText: string, end = lineText.length): RobotsLine | undefined {
  let p = lineText.charCodeAt(0) === BOM ? 1 : 0;
  while (p < end && isWhitespace(lineText.charCodeAt(p))) p++;
  const nameStart = p;
  let comment = lineText.indexOf('#', p);
  if (comment < 0 || comment > end) comment = end;
  if (nameStart === comment) return undefined;
  let wordEnd = p;
  while (wordEnd < comment && !isWhitespace(lineText.charCodeAt(wordEnd)) && lineText.charCodeAt(wordEnd) !== COLON) wordEnd++;
  const rest = trim(lineText, wordEnd, comment);
  if (wordEnd < rest.start && LOOKS_LIKE_A_URL.test(lineText.slice(rest.start, rest.end)) && !LOOKS_LIKE_A_URL.test(lineText.slice(nameStart, rest.end))) {
    return { nameStart, nameEnd: wordEnd, colon: false, valueStart: rest.start, valueEnd: rest.end };
  }
  const colon = lineText.indexOf(':', nameStart);
  if (colon < 0 || colon >= comment) return undefined;
  const name = trim(lineText, nameStart, colon);
  const value = trim(lineText, colon + 1, comment);
  return { nameStart, nameEnd: name.end, colon: true, valueStart: value.start, valueEnd: value.end };
}

function trim(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && isWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}
