/** The HTTP `Link` header (RFC 8288): links with their relation types, read for `rel="canonical"`, which Google
 * reads as it reads `<link rel="canonical">` (the way to give a PDF its canonical). */
import { parseWebUrl } from '../../../../shared/webUrl';

export interface HeaderLink {
  /** The target resolved against the URL of the answer; undefined when it is not a URL. */
  href: string | undefined;
  /** The target as written between `<` and `>`. */
  written: string;
  /** The relation types, lowercase (`rel="canonical alternate"` is two). */
  rels: string[];
}

/** Every link of a `Link` header value (repeated headers joined by ", "), in order. Never throws. */
export function parseLinkHeader(value: string | undefined, baseUrl: string): HeaderLink[] {
  if (value === undefined) return [];
  const links: HeaderLink[] = [];
  let at = 0;
  while (at < value.length) {
    const open = value.indexOf('<', at);
    if (open < 0) break;
    const close = value.indexOf('>', open + 1);
    if (close < 0) break;
    const written = value.slice(open + 1, close).trim();
    const params = readParams(value, close + 1);
    at = params.end;
    // An `anchor` makes the link about another resource than the answer's: not this page's canonical.
    const anchor = params.values.get('anchor');
    if (anchor !== undefined && parseWebUrl(anchor, baseUrl)?.href !== parseWebUrl(baseUrl)?.href) continue;
    const rels = (params.values.get('rel') ?? '').toLowerCase().split(/[\t ]+/).filter((rel) => rel !== '');
    links.push({ href: parseWebUrl(written, baseUrl)?.href, written, rels });
  }
  return links;
}

/** The links whose relation types include `canonical`. */
export function canonicalLinks(value: string | undefined, baseUrl: string): HeaderLink[] {
  return parseLinkHeader(value, baseUrl).filter((link) => link.rels.includes('canonical'));
}

/** `; name=value; name="quoted"` from `start` up to the comma that ends the link (or the end); the first of each name
 * counts (RFC 8288 §3: later occurrences of `rel` are ignored). */
function readParams(value: string, start: number): { values: Map<string, string>; end: number } {
  const values = new Map<string, string>();
  let at = start;
  while (at < value.length) {
    const char = value[at]!;
    if (char === ',') return { values, end: at + 1 };
    if (char !== ';') {
      at++;
      continue;
    }
    const name = /^;[\t ]*([^=;,\s]*)[\t ]*/.exec(value.slice(at, at + 256))!;
    at += name[0].length;
    let paramValue = '';
    if (value[at] === '=') {
      const read = readParamValue(value, at + 1);
      paramValue = read.value;
      at = read.end;
    }
    const key = name[1]!.toLowerCase().replace(/\*$/, '');
    if (key !== '' && !values.has(key)) values.set(key, paramValue);
  }
  return { values, end: at };
}

/** A token or a quoted-string (backslash escapes undone), after optional spaces. */
function readParamValue(value: string, start: number): { value: string; end: number } {
  let at = start;
  while (value[at] === ' ' || value[at] === '\t') at++;
  if (value[at] !== '"') {
    const token = /^[^;,]*/.exec(value.slice(at))![0];
    return { value: token.trim(), end: at + token.length };
  }
  let text = '';
  for (at++; at < value.length && value[at] !== '"'; at++) {
    if (value[at] === '\\' && at + 1 < value.length) at++;
    text += value[at];
  }
  return { value: text, end: Math.min(at + 1, value.length) };
}
