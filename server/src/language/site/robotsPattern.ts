/** robots.txt paths as Google's parser (google/robotstxt robots.cc) compares them: a URL's path, params and query
 * (`GetPathParamsQuery`), an Allow/Disallow value percent-encoded (`MaybeEscapePattern`), and `*`/`$` matching. */

const NOT_FOUND = Number.MAX_SAFE_INTEGER;
const HEX = '0123456789ABCDEF';

/**
 * The part of `url` a robots.txt rule is matched against, as robots.cc `GetPathParamsQuery` takes it: after the
 * scheme and authority, up to the fragment, always starting with `/`; `/` for a URL without a path or an odd one. The
 * URL is not normalised: Google asks for it percent-encoded already.
 */
export function robotsPath(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = firstPathChar(url, searchStart);
  let protocolEnd = found(url.indexOf('://', searchStart));
  // A `/`, `?` or `;` before `://` means the `://` is no scheme's.
  if (earlyPath < protocolEnd) protocolEnd = NOT_FOUND;
  protocolEnd = protocolEnd === NOT_FOUND ? searchStart : protocolEnd + 3;
  const pathStart = firstPathChar(url, protocolEnd);
  if (pathStart === NOT_FOUND) return '/';
  const hash = found(url.indexOf('#', searchStart));
  if (hash < pathStart) return '/';
  const path = url.slice(pathStart, hash === NOT_FOUND ? url.length : hash);
  return url.charCodeAt(pathStart) === 0x2f ? path : '/' + path;
}

function firstPathChar(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i; // / ? ;
  }
  return NOT_FOUND;
}

function found(index: number): number {
  return index < 0 ? NOT_FOUND : index;
}

/**
 * An Allow/Disallow value as robots.cc `MaybeEscapePattern` normalises it: `%xx` escapes upper-cased, the UTF-8 bytes
 * of non-ASCII characters percent-encoded. `lastCharBytes`: how many bytes of the last character Google keeps, when
 * the line-length limit cuts through it.
 */
export function escapeRobotsPattern(value: string, lastCharBytes = 4): string {
  let escaped = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x25 && isHexDigit(value.charCodeAt(i + 1)) && isHexDigit(value.charCodeAt(i + 2))) {
      escaped += '%' + value.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (c < 0x80) {
      escaped += value[i];
    } else {
      const units = isSurrogatePair(value, i) ? 2 : 1;
      const bytes = utf8Bytes(value.codePointAt(i) ?? c);
      const kept = i + units >= value.length ? bytes.slice(0, lastCharBytes) : bytes;
      for (const b of kept) escaped += '%' + HEX[b >> 4] + HEX[b & 0xf];
      i += units - 1;
    }
  }
  return escaped;
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isSurrogatePair(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const next = text.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
}

/** A code point's UTF-8 bytes; a lone surrogate as U+FFFD, as a UTF-8 encoder writes it. */
export function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) codePoint = 0xfffd;
  if (codePoint < 0x10000) return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 0x3f), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
}

/** A pattern cut at its `*`s: `prefix`, the start of every path it matches; the pieces after it; a final `$`. */
export interface CompiledPattern {
  prefix: string;
  pieces: string[];
  anchored: boolean;
}

export function compilePattern(pattern: string): CompiledPattern {
  const anchored = pattern.endsWith('$');
  const [prefix, ...pieces] = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  return { prefix, pieces, anchored };
}

/**
 * Whether a path that starts with the pattern's prefix matches it, as robots.cc `Matches` decides: `*` any run of
 * characters, `$` the path's end when last (elsewhere a plain `$`), a prefix match otherwise. Each piece is found
 * leftmost after the previous one, which finds a match iff any exists, in time linear in the path per piece.
 */
export function matchesAfterPrefix({ prefix, pieces, anchored }: CompiledPattern, path: string): boolean {
  if (pieces.length === 0) return !anchored || path.length === prefix.length;
  let at = prefix.length;
  const lastPiece = pieces.length - 1;
  for (let k = 0; k < lastPiece; k++) {
    const found = path.indexOf(pieces[k], at);
    if (found < 0) return false;
    at = found + pieces[k].length;
  }
  const last = pieces[lastPiece];
  return anchored ? path.length - last.length >= at && path.endsWith(last) : path.indexOf(last, at) >= 0;
}
