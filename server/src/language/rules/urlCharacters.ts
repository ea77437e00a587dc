/** The characters of URLs and IRIs (RFC 3986, RFC 3987) and IP address literals, for rules/url.ts. */

/** Legal as-is in path, query and fragment: RFC 3986 `pchar` without pct-encoded, plus '/'. ('?' is legal too, but also ends the path: it is handled apart.) */
export const C_PQF = 1;
/** RFC 3986 `userinfo` characters without pct-encoded: unreserved / sub-delims / ':'. */
export const C_USERINFO = 2;
/**
 * Characters we accept in a host name: ALPHA / DIGIT / '-' / '.' / '_'.
 * Leniency: '_' is not a valid DNS host name character (RFC 1123) but it is legal in an RFC 3986
 * reg-name, browsers accept it, and some real sub-domains use it.
 */
export const C_HOST = 4;
/** Never legal anywhere in a URI: controls, space, `"`, `<`, `>`, `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}`, DEL ('[' and ']' only inside an IP literal, which is parsed separately). */
export const C_ILLEGAL = 8;
export const C_HEX = 16;

export const CLASS = new Uint8Array(128);
(() => {
  const set = (chars: string, flag: number): void => {
    for (let k = 0; k < chars.length; k++) CLASS[chars.charCodeAt(k)] |= flag;
  };
  const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const DIGIT = '0123456789';
  const UNRESERVED = ALPHA + DIGIT + '-._~';
  const SUB_DELIMS = "!$&'()*+,;=";
  set(UNRESERVED + SUB_DELIMS + ':@/', C_PQF);
  set(UNRESERVED + SUB_DELIMS + ':', C_USERINFO);
  set(ALPHA + DIGIT + '-._', C_HOST);
  set(DIGIT + 'ABCDEFabcdef', C_HEX);
  for (let c = 0; c < 0x20; c++) CLASS[c] |= C_ILLEGAL;
  set(' "<>[\\]^`{|}\x7f', C_ILLEGAL);
})();


export function isHex(c: number): boolean {
  return c < 128 && (CLASS[c] & C_HEX) !== 0;
}

export function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

export function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/** RFC 3987 `ucschar`. */
export function isUcsChar(cp: number): boolean {
  if (cp < 0x10000) {
    return (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xf900 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef);
  }
  // Planes 1–14 without each plane's last two code points (xFFFE, xFFFF); plane 14 starts at E1000.
  return cp <= 0xefffd && (cp & 0xffff) <= 0xfffd && !(cp >= 0xe0000 && cp <= 0xe0fff);
}

/** RFC 3987 `iprivate` (legal in the query only). */
export function isIPrivate(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd);
}

/** Code point starting at `i` (non-ASCII unit `c` given); a lone surrogate is returned as itself. */
export function codePointAt(value: string, i: number, c: number): number {
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
    const d = value.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
  }
  return c;
}

export function codePointLength(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** RFC 3986 IPv4address: four dec-octets 0–255 without leading zeros. */
export function isIPv4(s: string, start: number, end: number): boolean {
  let parts = 0;
  let k = start;
  while (true) {
    const ds = k;
    let v = 0;
    while (k < end && k - ds < 4) {
      const c = s.charCodeAt(k);
      if (c < 48 || c > 57) break;
      v = v * 10 + (c - 48);
      k++;
    }
    const n = k - ds;
    if (n === 0 || n > 3 || v > 255 || (n > 1 && s.charCodeAt(ds) === 48)) return false;
    parts++;
    if (k === end) return parts === 4;
    if (s.charCodeAt(k) !== 0x2e || parts === 4) return false;
    k++;
  }
}

/** RFC 3986 IPv6address between the brackets (`start`..`end` exclusive). */
export function isIPv6(s: string, start: number, end: number): boolean {
  let groups = 0;
  let compressed = false;
  let k = start;
  if (k === end) return false;
  if (s.charCodeAt(k) === 0x3a) {
    if (s.charCodeAt(k + 1) !== 0x3a) return false;
    compressed = true;
    k += 2;
    if (k === end) return true;
  }
  while (true) {
    const gs = k;
    while (k < end && isHex(s.charCodeAt(k))) k++;
    if (k < end && s.charCodeAt(k) === 0x2e) {
      // ls32 as a dotted IPv4 address: must be the last piece.
      if (!isIPv4(s, gs, end)) return false;
      groups += 2;
      break;
    }
    if (k === gs || k - gs > 4) return false;
    groups++;
    if (k === end) break;
    if (s.charCodeAt(k) !== 0x3a) return false;
    k++;
    if (k === end) return false; // a single trailing ':'
    if (s.charCodeAt(k) === 0x3a) {
      if (compressed) return false;
      compressed = true;
      k++;
      if (k === end) break;
    }
  }
  return compressed ? groups <= 7 : groups === 8;
}
