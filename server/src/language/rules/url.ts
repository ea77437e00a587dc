/** `<loc>` values: absolute http(s) URLs per RFC 3986/3987, by a hand-written char-code scan (it runs on every `<loc>`)
 * that allocates only what the caller keeps. Stricter than the RFCs in the host, which must resolve, more lenient than
 * DNS: docs/architecture.md, "The value checks". */
import {
  C_HOST, C_ILLEGAL, C_PQF, C_USERINFO, CLASS, codePointAt, codePointLength, hexValue, isAlnum, isHex, isIPrivate, isIPv4, isIPv6, isUcsChar,
} from './urlCharacters';
import type { ValueProblem } from './valueProblem';

export interface UrlParts {
  scheme: 'http' | 'https';
  /** Lower-cased; an IPv6 literal keeps its brackets. */
  host: string;
  /** Where the host is written in the value (brackets of an IPv6 literal included). */
  hostStart: number;
  hostEnd: number;
  /** '' when absent, empty, or the scheme's default (80/443); otherwise the decimal port without leading zeros. */
  port: string;
  /** Raw path (no query, no fragment); '/' when empty. */
  path: string;
  /** `${scheme}://${host}` + (port ? ':' + port : '') */
  origin: string;
}

/** Sitemaps.org: `<loc>` must be *less than* 2,048 characters. */
export const MAX_URL_LENGTH = 2048;
/** At most this many per-character problems (illegal characters, bad escapes) are reported for one URL. */
export const MAX_CHAR_PROBLEMS_PER_URL = 10;

/** Runs of C_PQF characters; the same plus '?'; and of ALPHA / DIGIT / '-' / '.' (fast paths of checkUrl). */
const PATH_RUN = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]*/y;
const QUERY_RUN = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*/y;
const HOST_RUN = /[A-Za-z0-9\-.]*/y;

function describeChar(value: string, start: number, end: number): string {
  const c = value.charCodeAt(start);
  switch (c) {
    case 0x20: return 'a space';
    case 0x09: return 'a tab';
    case 0x0a: return 'a line feed';
    case 0x0d: return 'a carriage return';
  }
  const cp = end - start === 2 ? codePointAt(value, start, c) : c;
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `the control character ${hex}`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `the unpaired surrogate ${hex}`;
  return `'${value.slice(start, end)}' (${hex})`;
}

/** Quote a piece of the value for a message, shortened when long. */
function quote(s: string): string {
  return s.length > 40 ? `"${s.slice(0, 37)}…"` : `"${s}"`;
}

// ---------------------------------------------------------------------------------------------
// Per-call state, kept at module level so that the hot path allocates nothing for it.

let charProblems = 0;

function pushIllegal(value: string, problems: ValueProblem[], start: number, end: number, where: string): void {
  if (charProblems++ >= MAX_CHAR_PROBLEMS_PER_URL) return;
  const c = value.charCodeAt(start);
  let message: string;
  if (c === 0x23) message = 'A URL can contain only one \'#\'; encode this one as %23.';
  else if (c === 0x5b || c === 0x5d) message = `'${value[start]}' is only allowed around an IPv6 address; encode it as ${c === 0x5b ? '%5B' : '%5D'}.`;
  else if (c === 0x40) message = `'@' is not allowed in the ${where}; encode it as %40.`;
  else {
    const what = describeChar(value, start, end);
    message = `${what[0].toUpperCase()}${what.slice(1)} is not allowed in a URL ${where}`;
    message += c >= 0x20 && c < 0x7f ? `; encode it as %${c.toString(16).toUpperCase()}.` : '.';
  }
  problems.push({ rule: 'invalid-url', start, end, message });
}

/** `value[i]` is '%': report it unless two hex digits follow. Returns true when the escape is well-formed. */
function checkEscape(value: string, problems: ValueProblem[], i: number): boolean {
  if (isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) return true;
  // Range: the '%' and the (up to two) letters/digits that were meant to be its hex digits.
  let end = i + 1;
  while (end < i + 3 && end < value.length && isAlnum(value.charCodeAt(end))) end++;
  if (charProblems++ < MAX_CHAR_PROBLEMS_PER_URL) {
    problems.push({
      rule: 'invalid-url',
      start: i,
      end,
      message: `Bad percent-escape ${quote(value.slice(i, end))}: '%' must be followed by two hex digits (write a literal '%' as %25).`,
    });
  }
  return false;
}

// Cache of the last valid host (most sitemaps list one host 50,000 times). The raw host is also kept as
// char codes: comparing against a typed array is much faster than `startsWith(s, pos)` or a sliced string.
let cachedHostLength = 0;
let cachedHostCodes = new Uint16Array(256);
let cachedHost = '';
let cachedOriginHttps = false;
let cachedOriginPort = '';
let cachedOrigin = '';

/** Whether value[start, end) equals the cached raw host (a char loop: `startsWith(s, pos)` is several times slower here). */
function isCachedHost(value: string, start: number, end: number): boolean {
  if (cachedHostLength !== end - start) return false;
  const codes = cachedHostCodes;
  for (let k = end - 1, j = cachedHostLength - 1; j >= 0; k--, j--) {
    if (value.charCodeAt(k) !== codes[j]) return false;
  }
  return true;
}

function setCachedHost(value: string, start: number, end: number): void {
  const n = end - start;
  if (n > cachedHostCodes.length) cachedHostCodes = new Uint16Array(n);
  for (let j = 0; j < n; j++) cachedHostCodes[j] = value.charCodeAt(start + j);
  cachedHostLength = n;
  cachedHost = value.slice(start, end).toLowerCase();
  cachedOrigin = '';
}

/** Test hook: forget the host/origin cache. */
export function resetUrlCache(): void {
  cachedHost = cachedOriginPort = cachedOrigin = '';
  cachedHostLength = 0;
}

// ---------------------------------------------------------------------------------------------
// checkUrl, one step per part of the grammar: scheme "://" authority path [ "?" query ] [ "#" fragment ].

/**
 * Check one URL. `value` is entity-decoded and trimmed. Problems go into `problems` with offsets
 * relative to `value`. Returns the parts when the URL is usable for scope checks (absolute
 * http/https URL with a valid host and port), otherwise undefined.
 */
export function checkUrl(value: string, problems: ValueProblem[]): UrlParts | undefined {
  charProblems = 0;
  checkLength(value, problems);
  const schemeEnd = checkScheme(value, problems);
  if (schemeEnd < 0 || !checkDoubleSlash(value, problems, schemeEnd)) return undefined;
  const https = schemeEnd === 5; // checkScheme accepts only "http" and "https"
  const authStart = schemeEnd + 3;

  scanAuthority(value, authStart);
  const authEnd = authority.end;
  if (authority.at >= 0) checkUserinfo(value, problems, authStart, authority.at);
  const hostStart = authority.at >= 0 ? authority.at + 1 : authStart;
  let hostOk: boolean;
  let hostCached = false;
  if (value.charCodeAt(hostStart) === 0x5b) {
    hostOk = checkIpLiteral(value, problems, hostStart);
  } else {
    // A registered name (or IPv4 address) up to the port's ':'.
    const hostEnd = (authority.hostEnd = authority.colon >= 0 ? authority.colon : authEnd);
    authority.portStart = hostEnd < authEnd ? hostEnd + 1 : -1;
    if (hostEnd === hostStart) {
      problems.push({ rule: 'invalid-url', start: 0, end: authEnd, message: 'URL has no host name.' });
      return undefined;
    }
    hostCached = isCachedHost(value, hostStart, hostEnd);
    hostOk = hostCached || checkRegName(value, problems, hostStart, hostEnd);
  }
  const hostEnd = authority.hostEnd;
  const port = checkPort(value, problems, authority.portStart, authEnd);

  // Path, query and fragment are checked even when the host or port is bad: all the value's problems at once.
  const pathEnd = checkPathQueryFragment(value, problems, authEnd);
  if (!hostOk || port === PORT_INVALID) return undefined;
  return urlParts(value, https, hostStart, hostEnd, hostCached, port, authEnd, pathEnd);
}

/** Sitemaps.org's limit, counted in characters (code points), not UTF-16 units; reported, but the URL is still checked. */
function checkLength(value: string, problems: ValueProblem[]): void {
  const len = value.length;
  if (len >= MAX_URL_LENGTH && codePointLength(value) >= MAX_URL_LENGTH) {
    problems.push({
      rule: 'url-too-long',
      start: 0,
      end: len,
      message: `URL is ${codePointLength(value)} characters long; it must be shorter than ${MAX_URL_LENGTH}.`,
    });
  }
}

/**
 * scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":", and it must be http or https (any case).
 * Returns the offset of the ':', or -1 when a problem was reported.
 */
function checkScheme(value: string, problems: ValueProblem[]): number {
  const len = value.length;
  let i = 0;
  let dotInScheme = false;
  if (len > 0 && (value.charCodeAt(0) | 0x20) >= 97 && (value.charCodeAt(0) | 0x20) <= 122) {
    for (i = 1; i < len; i++) {
      const c = value.charCodeAt(i);
      if (isAlnum(c) || c === 0x2b || c === 0x2d) continue;
      if (c === 0x2e) {
        dotInScheme = true;
        continue;
      }
      break;
    }
  }
  // "example.com:8080/x" parses as scheme "example.com"; report it as what it is: a missing scheme.
  if (i === 0 || i >= len || value.charCodeAt(i) !== 0x3a || dotInScheme) {
    problems.push({
      rule: 'invalid-url',
      start: 0,
      end: len,
      message: len === 0 ? 'URL is empty.' : 'URL is not absolute: it must start with http:// or https://.',
    });
    return -1;
  }
  const isHttp =
    (i === 4 || (i === 5 && (value.charCodeAt(4) | 0x20) === 0x73)) &&
    (value.charCodeAt(0) | 0x20) === 0x68 &&
    (value.charCodeAt(1) | 0x20) === 0x74 &&
    (value.charCodeAt(2) | 0x20) === 0x74 &&
    (value.charCodeAt(3) | 0x20) === 0x70;
  if (!isHttp) {
    problems.push({
      rule: 'invalid-url',
      start: 0,
      end: i,
      message: `Unsupported scheme ${quote(value.slice(0, i))}: a sitemap may only list http and https URLs.`,
    });
    return -1;
  }
  return i;
}

/** The "//" after "http:" / "https:" (without it there is no authority, so nothing more is checked). */
function checkDoubleSlash(value: string, problems: ValueProblem[], schemeEnd: number): boolean {
  const i = schemeEnd + 1;
  if (value.charCodeAt(i) === 0x2f && value.charCodeAt(i + 1) === 0x2f) return true;
  let end = i;
  while (end < value.length && value.charCodeAt(end) === 0x2f) end++;
  problems.push({
    rule: 'invalid-url',
    start: 0,
    end,
    message: `Missing '//' after '${value.slice(0, schemeEnd)}:'; write ${schemeEnd === 5 ? 'https' : 'http'}://host/path.`,
  });
  return false;
}

/**
 * Where the parts of the authority lie in the URL being checked, filled in by scanAuthority, then by the host
 * checks (module-level, like charProblems, so that the per-URL path allocates nothing for it).
 */
const authority = {
  /** The first '/', '?' or '#' after "//", or the end of the value. */
  end: 0,
  /** The last '@' (userinfo ends there), or -1. */
  at: -1,
  /** The first ':' after the last '@' (a reg-name's port separator), or -1. */
  colon: -1,
  /** End of the host (the ']' of an IPv6 literal included). */
  hostEnd: 0,
  /** The offset after the port's ':', or -1 when there is no ':'. */
  portStart: -1,
};

/** authority = [ userinfo "@" ] host [ ":" port ], up to the first '/', '?' or '#'; userinfo up to the last '@'. */
function scanAuthority(value: string, authStart: number): void {
  const len = value.length;
  // Fast path: a plain host name up to '/', '?', '#' or the end (the common case).
  HOST_RUN.lastIndex = authStart;
  HOST_RUN.test(value);
  let authEnd = HOST_RUN.lastIndex;
  let at = -1;
  let colon = -1;
  const ae = value.charCodeAt(authEnd);
  if (authEnd < len && ae !== 0x2f && ae !== 0x3f && ae !== 0x23) authEnd = authStart; // anything else: full scan
  for (; authEnd < len; authEnd++) {
    const c = value.charCodeAt(authEnd);
    if (c <= 0x40) {
      if (c === 0x2f || c === 0x3f || c === 0x23) break;
      if (c === 0x40) {
        at = authEnd;
        colon = -1;
      } else if (c === 0x3a && colon < 0) colon = authEnd;
    }
  }
  authority.end = authEnd;
  authority.at = at;
  authority.colon = colon;
}

/** userinfo = *( unreserved / pct-encoded / sub-delims / ":" ), IRI: plus ucschar. Legal, if unwise. */
function checkUserinfo(value: string, problems: ValueProblem[], start: number, end: number): void {
  for (let k = start; k < end; k++) {
    const c = value.charCodeAt(k);
    if (c < 0x80) {
      if (CLASS[c] & C_USERINFO) continue;
      if (c === 0x25) checkEscape(value, problems, k);
      else pushIllegal(value, problems, k, k + 1, 'user name or password');
    } else {
      const cp = codePointAt(value, k, c);
      const n = cp > 0xffff ? 2 : 1;
      if (!isUcsChar(cp)) pushIllegal(value, problems, k, k + n, 'user name or password');
      k += n - 1;
    }
  }
}

/**
 * IP-literal = "[" IPv6address "]", then nothing or ":port". IPvFuture and RFC 6874 zone ids are rejected: no
 * crawler fetches them. Sets authority.hostEnd and authority.portStart; returns whether the literal is valid.
 */
function checkIpLiteral(value: string, problems: ValueProblem[], hostStart: number): boolean {
  const authEnd = authority.end;
  authority.portStart = -1;
  const close = value.indexOf(']', hostStart);
  if (close < 0 || close >= authEnd) {
    authority.hostEnd = authEnd;
    problems.push({ rule: 'invalid-url', start: hostStart, end: authEnd, message: "IPv6 address is missing its closing ']'." });
    return false;
  }
  const hostEnd = (authority.hostEnd = close + 1);
  if (hostEnd < authEnd && value.charCodeAt(hostEnd) !== 0x3a) {
    problems.push({
      rule: 'invalid-url',
      start: hostStart,
      end: authEnd,
      message: "Unexpected characters after the IPv6 address; only ':port' may follow it.",
    });
    return false;
  }
  if (hostEnd < authEnd) authority.portStart = hostEnd + 1;
  if (!isIPv6(value, hostStart + 1, close)) {
    problems.push({
      rule: 'invalid-url',
      start: hostStart,
      end: hostEnd,
      message: `Invalid IPv6 address ${quote(value.slice(hostStart, hostEnd))}.`,
    });
    return false;
  }
  return true;
}

const PORT_ABSENT = -1;
const PORT_INVALID = -2;

/** port = *DIGIT, 0–65535; empty means absent (RFC 3986 §3.2.3). Returns the number, PORT_ABSENT or PORT_INVALID. */
function checkPort(value: string, problems: ValueProblem[], start: number, end: number): number {
  if (start < 0 || start >= end) return PORT_ABSENT;
  let port = 0;
  let digitsOnly = true;
  for (let k = start; k < end; k++) {
    const c = value.charCodeAt(k);
    if (c < 48 || c > 57) {
      digitsOnly = false;
      break;
    }
    if (port <= 65535) port = port * 10 + (c - 48); // capped: past 65535 it is invalid anyway
  }
  if (digitsOnly && port <= 65535) return port;
  problems.push({
    rule: 'invalid-url',
    start,
    end,
    message: `Invalid port ${quote(value.slice(start, end))}: a port is a number from 0 to 65535.`,
  });
  return PORT_INVALID;
}

/**
 * path [ "?" query ] [ "#" fragment ] from the end of the authority to the end of the value: every character must be
 * legal in its section, and every '%' an escape. Returns where the path ends.
 */
function checkPathQueryFragment(value: string, problems: ValueProblem[], authEnd: number): number {
  const len = value.length;
  let pathEnd = len;
  let section = 0; // 0 path, 1 query, 2 fragment
  // Fast path: skip runs of plain characters with sticky regexes (about twice as fast as the loop);
  // the loop below then handles the rest from wherever they stopped.
  PATH_RUN.lastIndex = authEnd;
  PATH_RUN.test(value);
  let from = PATH_RUN.lastIndex;
  if (from < len && value.charCodeAt(from) === 0x3f) {
    section = 1;
    pathEnd = from;
    QUERY_RUN.lastIndex = from + 1;
    QUERY_RUN.test(value);
    from = QUERY_RUN.lastIndex;
  }
  for (let k = from; k < len; k++) {
    const c = value.charCodeAt(k);
    if (c < 0x80) {
      if (CLASS[c] & C_PQF) continue;
      if (c === 0x3f) {
        // '?' is legal in query and fragment; the first one ends the path.
        if (section === 0) {
          section = 1;
          pathEnd = k;
        }
      } else if (c === 0x25) checkEscape(value, problems, k);
      else if (c === 0x23 && section < 2) {
        if (section === 0) pathEnd = k;
        section = 2;
      } else pushIllegal(value, problems, k, k + 1, SECTION_NAMES[section]);
    } else {
      const cp = codePointAt(value, k, c);
      const n = cp > 0xffff ? 2 : 1;
      if (!isUcsChar(cp) && !(section === 1 && isIPrivate(cp))) pushIllegal(value, problems, k, k + n, SECTION_NAMES[section]);
      k += n - 1;
    }
  }
  return pathEnd;
}

const SECTION_NAMES = ['path', 'query', 'fragment'];

/** The parts of a valid URL; host and origin strings come from the cache while the host stays the same. */
function urlParts(
  value: string, https: boolean, hostStart: number, hostEnd: number, hostCached: boolean, portNumber: number, authEnd: number, pathEnd: number,
): UrlParts {
  if (!hostCached && !isCachedHost(value, hostStart, hostEnd)) setCachedHost(value, hostStart, hostEnd);
  const host = cachedHost;
  const port = portNumber === PORT_ABSENT || portNumber === (https ? 443 : 80) ? '' : String(portNumber);
  if (cachedOrigin === '' || cachedOriginHttps !== https || cachedOriginPort !== port) {
    cachedOrigin = (https ? 'https://' : 'http://') + host + (port ? ':' + port : '');
    cachedOriginHttps = https;
    cachedOriginPort = port;
  }
  return {
    scheme: https ? 'https' : 'http',
    host,
    hostStart,
    hostEnd,
    port,
    path: pathEnd === authEnd ? '/' : value.slice(authEnd, pathEnd),
    origin: cachedOrigin,
  };
}

/**
 * A registered name (see "The value checks" in docs/architecture.md for what it accepts and why): labels of ALPHA,
 * DIGIT, '-', '_', non-ASCII or escaped non-ASCII bytes, with lengths counted as written. Reports illegal characters
 * one by one, else one problem on the whole host. Returns validity.
 */
function checkRegName(value: string, problems: ValueProblem[], start: number, end: number): boolean {
  let reason = '';
  let charReported = false;
  let labelStart = start;
  let labelNumeric = true;
  for (let k = start; k <= end; k++) {
    const c = k < end ? value.charCodeAt(k) : 0x2e; // a virtual '.' closes the last label
    if (c === 0x2e) {
      if (!reason) reason = labelProblem(value, labelStart, k, end);
      if (k < end) {
        labelStart = k + 1;
        labelNumeric = true;
      }
      continue;
    }
    if (c < 0x80) {
      const f = CLASS[c];
      if (f & C_HOST) {
        if (c === 0x2d && k === labelStart && !reason) reason = "a label starts with '-'";
        if (c < 48 || c > 57) labelNumeric = false;
        continue;
      }
      labelNumeric = false;
      if (c === 0x25) {
        // pct-encoded is legal in a reg-name (RFC 3986 §3.2.2); accept it for UTF-8 bytes of an IDN only,
        // since an escaped ASCII character ('%2E' is '.') would hide the host's real structure.
        if (checkEscape(value, problems, k)) {
          if (hexValue(value.charCodeAt(k + 1)) < 8 && !reason) reason = 'it percent-encodes an ASCII character';
          k += 2;
        } else charReported = true;
      } else if (f & C_ILLEGAL) {
        pushIllegal(value, problems, k, k + 1, 'host');
        charReported = true;
      } else if (!reason) {
        reason = `'${value[k]}' is not allowed in a host name`;
      }
    } else {
      labelNumeric = false;
      const cp = codePointAt(value, k, c);
      const n = cp > 0xffff ? 2 : 1;
      if (!isUcsChar(cp)) {
        pushIllegal(value, problems, k, k + n, 'host');
        charReported = true;
      }
      k += n - 1;
    }
  }
  if (!reason && end - start > 253) reason = 'it is longer than 253 characters';
  if (!reason && labelNumeric && !isIPv4(value, start, end)) reason = 'it looks like an IPv4 address but is not a valid one';
  if (reason && !charReported) {
    problems.push({
      rule: 'invalid-url',
      start,
      end,
      message: `Invalid host ${quote(value.slice(start, end))}: ${reason}.`,
    });
  }
  return !reason && !charReported;
}

/** What is wrong with the label value[labelStart, dot) that a '.' (or the host's end, `dot === end`) closes, or ''. */
function labelProblem(value: string, labelStart: number, dot: number, end: number): string {
  if (dot === labelStart) return dot === end ? 'it ends with a dot' : 'it has an empty label';
  if (dot - labelStart > 63) return 'a label is longer than 63 characters';
  if (value.charCodeAt(dot - 1) === 0x2d) return "a label ends with '-'";
  return '';
}
