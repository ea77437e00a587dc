/**
 * Recognises sitemaps by their content: an XML sitemap whose name does not say so (`feed.xml`, `baidusitemap.xml`…),
 * a text sitemap (`urllist.txt`, `links.txt`), and a robots.txt-like file that only looks like a text sitemap by name
 * (`sitemap-robots.txt`). Pure: no `vscode` import, so it runs under node:test. The editor glue lives in extension.ts.
 */

export type SitemapRoot = 'urlset' | 'sitemapindex';

/** Only this many characters of a document are looked at. */
export const SNIFF_LENGTH = 4096;

/**
 * Returns the local name of the document element if it is `urlset` or `sitemapindex`.
 *
 * Skips what may come before the root in the first {@link SNIFF_LENGTH} characters: a byte-order mark, the XML
 * declaration and other processing instructions (`<?xml-stylesheet …?>`), comments, a DOCTYPE (internal subset
 * included) and whitespace. A namespace prefix is ignored (`<sm:urlset>` counts); whether the namespace is right is
 * the language server's business. Deliberately lenient about what the server reports as errors (whitespace before
 * the declaration, a declaration missing its `?>`), so that such files still reach the server.
 */
export function sniffSitemapRoot(text: string): SitemapRoot | undefined {
  const windowed = text.length > SNIFF_LENGTH;
  const s = windowed ? text.slice(0, SNIFF_LENGTH) : text;
  let i = s.charCodeAt(0) === 0xfeff ? 1 : 0;

  for (;;) {
    i = skipWhitespace(s, i);
    if (i >= s.length || s[i] !== '<') return undefined;

    if (s.startsWith('<?', i)) {
      i = skipProcessingInstruction(s, i);
    } else if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i + 4);
      i = end < 0 ? -1 : end + 3;
    } else if (s.startsWith('<!DOCTYPE', i)) {
      i = skipDoctype(s, i + 9);
    } else {
      return rootName(s, i + 1, windowed);
    }
    if (i < 0) return undefined;
  }
}

/**
 * Whether a text sitemap's content is XML: a sitemap root (as {@link sniffSitemapRoot} finds it) or an XML
 * declaration at the start. Depends on the first {@link SNIFF_LENGTH} characters only.
 */
export function looksLikeXml(text: string): boolean {
  return sniffSitemapRoot(text) !== undefined || /^\uFEFF?[ \t\r\n]*<\?xml[ \t\r\n?]/.test(text.slice(0, SNIFF_LENGTH));
}

export type PlainTextKind = 'text-sitemap' | 'robots' | 'other';

/** Only this many non-blank lines (within {@link SNIFF_LENGTH} characters) are looked at. */
export const SNIFF_LINES = 20;

/** A robots.txt record: a directive name and a colon (comments and unknown lines say nothing). */
const ROBOTS_RECORD = /^[ \t]*(?:user-agent|disallow|allow|sitemap|crawl-delay|host|clean-param|request-rate|visit-time|noindex)[ \t]*:/i;
/** An absolute http(s) URL alone on its line; group 1 is its authority. */
const URL_LINE = /^[ \t]*https?:\/\/([^\s/?#]+)[^\s]*[ \t]*$/i;

/**
 * What a plain-text file is by its first non-blank lines: `robots` when one is a robots.txt record (`User-agent:`,
 * `Disallow:`, `Sitemap:`…); `text-sitemap` when there are at least two and every one is an absolute http(s) URL,
 * all on one host (a text sitemap lists one site; a file of links to several sites is a bookmark list); else `other`.
 */
export function sniffPlainText(text: string): PlainTextKind {
  const windowed = text.length > SNIFF_LENGTH;
  const lines = (windowed ? text.slice(0, SNIFF_LENGTH) : text).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  // A line cut off by the window might go on.
  if (windowed && lines.length > 1) lines.pop();
  let host: string | undefined;
  let urls = 0;
  let seen = 0;
  for (const line of lines) {
    if (seen === SNIFF_LINES) break;
    if (line.trim() === '') continue;
    seen++;
    if (ROBOTS_RECORD.test(line)) return 'robots';
    const url = URL_LINE.exec(line);
    const lineHost = url?.[1].toLowerCase();
    if (lineHost === undefined || (host !== undefined && lineHost !== host)) host = '';
    else if (host === undefined) host = lineHost;
    if (lineHost !== undefined) urls++;
  }
  return urls >= 2 && urls === seen && host !== '' ? 'text-sitemap' : 'other';
}

function rootName(s: string, start: number, windowed: boolean): SitemapRoot | undefined {
  let end = start;
  while (end < s.length && !isNameEnd(s.charCodeAt(end))) end++;
  // A name cut off by the window might continue (`<urlset` of `<urlsetx>`); at the real end of the text it is a
  // document being typed, which is still worth recognising.
  if (end === s.length && windowed) return undefined;
  const qname = s.slice(start, end);
  const local = qname.slice(qname.indexOf(':') + 1);
  return local === 'urlset' || local === 'sitemapindex' ? local : undefined;
}

/** Returns the index after the PI, or -1 if it does not end inside `s`. */
function skipProcessingInstruction(s: string, start: number): number {
  const close = s.indexOf('?>', start + 2);
  // A markup `<` before the `?>` means the PI lost its terminator (`<?xml version="1.0"? <urlset …>`); resume there.
  const nextTag = s.indexOf('<', start + 2);
  if (nextTag >= 0 && (close < 0 || nextTag < close)) return nextTag;
  return close < 0 ? -1 : close + 2;
}

/** Returns the index after the DOCTYPE's closing `>`, or -1. `start` is just after `<!DOCTYPE`. */
function skipDoctype(s: string, start: number): number {
  let inSubset = false;
  let i = start;
  while (i < s.length) {
    const c = s[i];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (inSubset && s.startsWith('<!--', i)) {
      const close = s.indexOf('-->', i + 4);
      if (close < 0) return -1;
      i = close + 3;
    } else if (inSubset && s.startsWith('<?', i)) {
      const close = s.indexOf('?>', i + 2);
      if (close < 0) return -1;
      i = close + 2;
    } else if (c === '[') {
      inSubset = true;
      i++;
    } else if (c === ']') {
      inSubset = false;
      i++;
    } else if (c === '>' && !inSubset) {
      return i + 1;
    } else {
      i++;
    }
  }
  return -1;
}

function skipWhitespace(s: string, i: number): number {
  while (i < s.length && isWhitespace(s.charCodeAt(i))) i++;
  return i;
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isNameEnd(c: number): boolean {
  return isWhitespace(c) || c === 0x2f /* / */ || c === 0x3e /* > */ || c === 0x3c /* < */;
}
