/** A URL as an entry lists it: valid (url.ts) and meant for search engines — no `#fragment` (url-fragment), no host they
 * cannot reach (local-url: localhost, private and link-local addresses, `.local`, `.test`, `.localhost`). */
import { checkUrl, MAX_URL_LENGTH, type UrlParts } from './url';
import type { ValueProblem } from './valueProblem';

const DOTTED_IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

// Most files list one host thousands of times, and checkUrl returns the same host string while it stays the same.
let lastHost = '';
let lastHostIsLocal = false;

/** checkUrl, then the two rules on what the URL points at. Offsets are relative to `value`, as for checkUrl. */
export function checkListedUrl(value: string, problems: ValueProblem[]): UrlParts | undefined {
  const before = problems.length;
  const parts = checkUrl(value, problems);
  if (parts === undefined) return undefined;
  // The first '#' starts the fragment (checkUrl reads it so too): it ends the authority, the path and the query.
  const hash = value.indexOf('#');
  if (hash >= 0) {
    problems.push({ rule: 'url-fragment', start: hash, end: value.length, message: 'Search engines drop the #fragment: this entry stands for the page without it, which may be listed already or not be meant at all.' });
  }
  if (parts.host !== lastHost) {
    lastHost = parts.host;
    lastHostIsLocal = isLocalHost(parts.host);
  }
  if (lastHostIsLocal) {
    problems.push({ rule: 'local-url', start: parts.hostStart, end: parts.hostEnd, message: `${parts.host} is a local or private address that search engines cannot reach: a development build's URL?` });
  }
  if (problems.length === before) listedUrls.remember(value, parts);
  return parts;
}

/**
 * The scheme and authority of the last URL accepted without a problem, as char codes (a typed array keeps no slice of
 * the document alive): a URL made of them and what PLAIN_REST allows is clean without parsing, so a file of one host
 * checks each URL with a compare and a native regular expression.
 */
export class PlainUrls {
  private authorityLength = 0;
  private authorityCodes = new Uint16Array(64);
  /** Whether the remembered scheme and authority are their own comparison key: then so is each URL isPlain accepts. */
  keyedAsIs = false;

  /** Whether the URL is short enough and plain after the remembered authority. */
  isPlain(value: string): boolean {
    const n = this.authorityLength;
    if (n === 0 || value.length <= n || value.length >= MAX_URL_LENGTH) return false;
    const codes = this.authorityCodes;
    for (let k = n - 1; k >= 0; k--) if (value.charCodeAt(k) !== codes[k]) return false;
    PLAIN_REST.lastIndex = n;
    return PLAIN_REST.test(value);
  }

  /**
   * isPlain of `text.slice(start, end)` without reading a slice (the fast path's links, in the document's own flat
   * string); `text` at `end` is no URL character (the attribute's closing quote), so a match that stops there is whole.
   */
  isPlainAt(text: string, start: number, end: number): boolean {
    const n = this.authorityLength;
    const length = end - start;
    if (n === 0 || length <= n || length >= MAX_URL_LENGTH) return false;
    const codes = this.authorityCodes;
    for (let k = n - 1; k >= 0; k--) if (text.charCodeAt(start + k) !== codes[k]) return false;
    PLAIN_REST_FROM.lastIndex = start + n;
    return PLAIN_REST_FROM.test(text) && PLAIN_REST_FROM.lastIndex === end;
  }

  /** Remembers the authority of a URL accepted without a problem. */
  remember(value: string, parts: UrlParts): void {
    if (value.charCodeAt(parts.hostStart - 1) !== 0x2f) return; // user info: not worth a shortcut
    let end = parts.hostEnd;
    while (end < value.length && !isAuthorityEnd(value.charCodeAt(end))) end++; // the port
    if (end > this.authorityCodes.length) this.authorityCodes = new Uint16Array(end);
    for (let k = 0; k < end; k++) this.authorityCodes[k] = value.charCodeAt(k);
    this.authorityLength = end;
    this.keyedAsIs = isPlainlyKeyed(value, end);
  }
}

/**
 * `http://` or `https://` and an authority with no capital letter and no port: the URL (`url` up to `end`) is its own
 * comparison key (hreflang.ts urlKey).
 */
export function isPlainlyKeyed(url: string, end = url.length): boolean {
  const at = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : -1;
  if (at < 0) return false;
  for (let k = at; k < end; k++) {
    const c = url.charCodeAt(k);
    if (c === 0x2f || c === 0x3f || c === 0x23) return true;
    if ((c >= 0x41 && c <= 0x5a) || c === 0x3a) return false;
  }
  return true;
}

/**
 * After the authority: a path and query of plain characters and well-formed escapes, and the end of the URL. Runs
 * of plain characters between escapes (not an alternation per character, which costs a backtracking entry each).
 */
const PLAIN_REST = /(?:[/?][A-Za-z0-9\-._~!$&'()*+,;=:@/?]*(?:%[0-9A-Fa-f]{2}[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*)*)?$/y;
/** The same without the end of the string: where it stops is the end of the path and query (isPlainAt). */
const PLAIN_REST_FROM = /(?:[/?][A-Za-z0-9\-._~!$&'()*+,;=:@/?]*(?:%[0-9A-Fa-f]{2}[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*)*)?/y;

const listedUrls = new PlainUrls();

/** Whether checkListedUrl would find nothing, known without parsing (PlainUrls). */
export function isPlainListedUrl(value: string): boolean {
  return listedUrls.isPlain(value);
}

function isAuthorityEnd(c: number): boolean {
  return c === 0x2f || c === 0x3f || c === 0x23;
}

/** `host` as checkUrl returns it in UrlParts: valid, lower-cased, an IPv6 literal in brackets. */
export function isLocalHost(host: string): boolean {
  if (host.charCodeAt(0) === 0x5b) return isLocalIPv6(host.slice(1, -1));
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.test')) return true;
  return DOTTED_IPV4.test(host) && isLocalIPv4(host.split('.').map(Number));
}

/** 0.0.0.0, 127/8, 10/8, 172.16/12, 192.168/16, 169.254/16. */
function isLocalIPv4([a, b, c, d]: number[]): boolean {
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) ||
    (a === 0 && b === 0 && c === 0 && d === 0);
}

/** ::1, ::, fc00::/7, fe80::/10, and an IPv4-mapped local address (::ffff:127.0.0.1). */
function isLocalIPv6(address: string): boolean {
  const groups = expandIPv6(address);
  const first = groups[0];
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return true;
  if (groups.slice(0, 5).some((g) => g !== 0)) return false;
  if (groups[5] === 0xffff) return isLocalIPv4([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
  return groups[5] === 0 && groups[6] === 0 && (groups[7] === 1 || groups[7] === 0);
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 counts as two). */
function expandIPv6(address: string): number[] {
  const toGroups = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap((g) => {
    if (!g.includes('.')) return [parseInt(g, 16)];
    const [a, b, c, d] = g.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  }));
  const gap = address.indexOf('::');
  if (gap < 0) return toGroups(address);
  const head = toGroups(address.slice(0, gap));
  const tail = toGroups(address.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
