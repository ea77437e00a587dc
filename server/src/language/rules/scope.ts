/** Which URLs a sitemap may list (sitemaps.org "sitemap file location"): its own origin under its directory, plus the
 * hosts the user allows. A string comparison first; both sides are normalised only when it disagrees and they could
 * still be the same resource (docs/architecture.md, "The value checks"). */
import { checkUrl, type UrlParts } from './url';
import type { ValueProblem } from './valueProblem';

export interface SitemapScope {
  /** Where the sitemap itself lives, parsed with checkUrl. */
  location?: UrlParts;
  allowed: AllowedHosts;
}

export interface AllowedHosts {
  /** Full origins, `scheme://host[:port]` with default ports removed. */
  origins: Set<string>;
  /** Hosts given without a scheme: they match any scheme and any port. */
  hosts: Set<string>;
}

/**
 * Parse the user's allowed-hosts setting: `https://shop.example.com` → an origin, `shop.example.com` → a host (any
 * scheme and port), `shop.example.com:8080` → its http and https origins; a path after them is ignored, anything else
 * is. IDN hosts are stored in both their Unicode and punycode forms.
 */
export function parseAllowedHosts(list: readonly string[]): AllowedHosts {
  const origins = new Set<string>();
  const hosts = new Set<string>();
  const scratch: ValueProblem[] = [];
  const addOrigin = (p: UrlParts): void => {
    origins.add(p.origin);
    const ascii = toAsciiHost(p.host);
    if (ascii !== p.host) origins.add(originOf(p.scheme, ascii, p.port));
  };
  for (const raw of Array.isArray(list) ? list : []) {
    if (typeof raw !== 'string') continue;
    let entry = raw.trim();
    if (entry === '') continue;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(entry)) {
      const p = checkUrl(entry, scratch);
      if (p) addOrigin(p);
      continue;
    }
    if (entry.startsWith('//')) entry = entry.slice(2);
    const cut = entry.search(/[/?#]/);
    if (cut >= 0) entry = entry.slice(0, cut);
    if (entry === '') continue;
    const viaHttp = checkUrl('http://' + entry, scratch);
    const viaHttps = checkUrl('https://' + entry, scratch);
    if (!viaHttp || !viaHttps || entry.includes('@')) continue;
    if (viaHttp.port !== '' || viaHttps.port !== '') {
      addOrigin(viaHttp);
      addOrigin(viaHttps);
    } else {
      hosts.add(viaHttp.host);
      hosts.add(toAsciiHost(viaHttp.host));
    }
  }
  return { origins, hosts };
}

/** The location's path up to and including its last '/' (`/catalog/` for `/catalog/sitemap.xml`). */
export function scopeDirectory(location: UrlParts): string {
  const path = location.path;
  return path.slice(0, path.lastIndexOf('/') + 1) || '/';
}

// One-entry caches: a file is checked against one location, thousands of times.
let dirCacheLocation: UrlParts | undefined;
let dirCacheRaw = '/';
let dirCacheNormalised: string | undefined;

/** True when `url` may be listed by a sitemap with this scope. */
export function isInScope(url: UrlParts, scope: SitemapScope): boolean {
  const allowed = scope.allowed;
  if (allowed.origins.size > 0 || allowed.hosts.size > 0) {
    if (allowed.origins.has(url.origin) || allowed.hosts.has(url.host)) return true;
    if (hasNonAscii(url.host)) {
      const ascii = toAsciiHost(url.host);
      if (allowed.hosts.has(ascii) || allowed.origins.has(originOf(url.scheme, ascii, url.port))) return true;
    }
  }
  const location = scope.location;
  if (!location) return true; // nothing to compare with

  if (url.origin !== location.origin) {
    if (url.scheme !== location.scheme || url.port !== location.port) return false;
    if (!hasNonAscii(url.host) && !hasNonAscii(location.host)) return false;
    if (toAsciiHost(url.host) !== toAsciiHost(location.host)) return false;
  }

  if (location !== dirCacheLocation) {
    dirCacheLocation = location;
    dirCacheRaw = scopeDirectory(location);
    dirCacheNormalised = undefined;
  }
  const path = url.path;
  if (path.startsWith(dirCacheRaw)) {
    if (!mayHaveDotSegment(path)) return true;
  } else if (!needsNormalising(path) && !needsNormalising(location.path)) {
    return false;
  }
  if (dirCacheNormalised === undefined) {
    const locPath = normalisePath(location.path);
    dirCacheNormalised = locPath.slice(0, locPath.lastIndexOf('/') + 1) || '/';
  }
  return normalisePath(path).startsWith(dirCacheNormalised);
}

function originOf(scheme: string, host: string, port: string): string {
  return scheme + '://' + host + (port ? ':' + port : '');
}

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return true;
  return false;
}

/** '/.' (a possible dot segment) or an escaped dot ('%2E'). */
function mayHaveDotSegment(path: string): boolean {
  if (path.includes('/.')) return true;
  for (let i = path.indexOf('%2'); i >= 0; i = path.indexOf('%2', i + 1)) {
    if ((path.charCodeAt(i + 2) | 0x20) === 0x65) return true;
  }
  return false;
}

function needsNormalising(path: string): boolean {
  return path.includes('%') || path.includes('/.') || hasNonAscii(path);
}

const HEX = '0123456789ABCDEF';

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

function isUnreservedByte(b: number): boolean {
  return (
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) ||
    b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e
  );
}

function pct(b: number): string {
  return '%' + HEX[b >> 4] + HEX[b & 15];
}

/** RFC 3986 §6.2.2 syntax-based normalisation of a path, IRI characters mapped to UTF-8 escapes (RFC 3987 §3.1). */
export function normalisePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x25) {
      const h = hexVal(path.charCodeAt(i + 1));
      const l = hexVal(path.charCodeAt(i + 2));
      if (h >= 0 && l >= 0) {
        const b = h * 16 + l;
        out += isUnreservedByte(b) ? String.fromCharCode(b) : pct(b);
        i += 2;
      } else out += '%';
    } else if (c < 0x80) {
      out += path[i];
    } else {
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < path.length) {
        const d = path.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          i++;
        }
      }
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd; // lone surrogate: already reported by checkUrl
      if (cp < 0x800) out += pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 63));
      else if (cp < 0x10000) out += pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
      else {
        out += pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 63)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
      }
    }
  }
  return removeDotSegments(out);
}

/** RFC 3986 §5.2.4 for an absolute path ('/'-prefixed). */
function removeDotSegments(path: string): string {
  if (!path.includes('/.')) return path;
  const segments = path.split('/');
  const out: string[] = [];
  for (let k = 1; k < segments.length; k++) {
    const seg = segments[k];
    const last = k === segments.length - 1;
    if (seg === '.' || seg === '..') {
      if (seg === '..') out.pop();
      if (last) out.push('');
    } else out.push(seg);
  }
  return '/' + out.join('/');
}

// ---- punycode (RFC 3492), encoder only

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

function digitChar(d: number): string {
  return String.fromCharCode(d < 26 ? 97 + d : 22 + d);
}

export function punycodeEncode(label: string): string {
  const input = Array.from(label, (ch) => ch.codePointAt(0)!);
  let output = '';
  for (const cp of input) if (cp < 0x80) output += String.fromCharCode(cp);
  const basic = output.length;
  let handled = basic;
  if (basic > 0) output += '-';
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  while (handled < input.length) {
    let m = Infinity;
    for (const cp of input) if (cp >= n && cp < m) m = cp;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const cp of input) {
      if (cp < n) delta++;
      if (cp === n) {
        let q = delta;
        for (let k = BASE; ; k += BASE) {
          const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
          if (q < t) break;
          output += digitChar(t + ((q - t) % (BASE - t)));
          q = Math.floor((q - t) / (BASE - t));
        }
        output += digitChar(q);
        bias = adapt(delta, handled + 1, handled === basic);
        delta = 0;
        handled++;
      }
    }
    delta++;
    n++;
  }
  return output;
}

/** Host with each non-ASCII label replaced by `xn--` + punycode; ASCII hosts are returned unchanged. */
export function toAsciiHost(host: string): string {
  if (!hasNonAscii(host)) return host;
  return host
    .split('.')
    .map((label) => (hasNonAscii(label) ? 'xn--' + punycodeEncode(label) : label))
    .join('.');
}
