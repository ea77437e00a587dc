/** Recognises sitemaps by their content: XML sitemaps not named so (`feed.xml`), text sitemaps (`urllist.txt`), and
 * robots.txt-like files named as text sitemaps. Pure (no `vscode`), so it runs under node:test; the editor glue is in
 * extension.ts. */
import { isWhitespace } from './xmlChars';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from './xmlTokenizer';

export type SitemapRoot = 'urlset' | 'sitemapindex';

/** Only this many characters of a document are looked at. */
export const SNIFF_LENGTH = 4096;

/**
 * The local name of the document element if it is `urlset` or `sitemapindex`, a prefix ignored (`<sm:urlset>` counts).
 * Skips what may precede the root in the first SNIFF_LENGTH characters as the tokenizer reads it, and is lenient about
 * what the server reports (whitespace before the declaration, a declaration missing its `?>`), so that such files reach
 * the server.
 */
export function sniffSitemapRoot(text: string): SitemapRoot | undefined {
  const windowed = text.length > SNIFF_LENGTH;
  const s = windowed ? text.slice(0, SNIFF_LENGTH) : text;
  const tokenizer = new XmlTokenizer(s);
  for (;;) {
    const type = tokenizer.scan();
    if (type === TokenType.StartTagOpen) return rootName(tokenizer, windowed);
    if ((type === TokenType.ProcessingInstruction || type === TokenType.XmlDeclaration) && resumeAtMarkup(type, tokenizer, s)) continue;
    if (!isProlog(type, tokenizer)) return undefined;
  }
}

/** Whether a token may precede the root: whitespace, a comment, a PI, a DOCTYPE — terminated within the window. */
function isProlog(type: TokenType, token: XmlTokenizer): boolean {
  switch (type) {
    case TokenType.Text:
      return token.error === TokenError.None && isBlank(token.tokenText());
    case TokenType.Comment:
    case TokenType.ProcessingInstruction:
      return token.error !== TokenError.UnterminatedComment && token.error !== TokenError.UnterminatedProcessingInstruction;
    case TokenType.XmlDeclaration:
    case TokenType.DoctypeOpen:
    case TokenType.DoctypeText:
    case TokenType.SubsetOpen:
    case TokenType.SubsetText:
    case TokenType.SubsetComment:
    case TokenType.SubsetProcessingInstruction:
    case TokenType.EntityDeclaration:
    case TokenType.SubsetClose:
    case TokenType.DoctypeClose:
      return token.error !== TokenError.UnterminatedDoctype;
    default:
      return false;
  }
}

/**
 * A PI or declaration that lost its `?>` ends at the next markup `<` (`<?xml version="1.0"? <urlset …>`), whatever
 * stands between: resume there.
 */
function resumeAtMarkup(type: TokenType, tokenizer: XmlTokenizer, s: string): boolean {
  const lt = s.indexOf('<', tokenizer.tokenStart + 2);
  const lostTerminator = type === TokenType.XmlDeclaration ? tokenizer.declaration!.missing !== '' : lt < tokenizer.tokenEnd;
  if (lt < 0 || !lostTerminator) return false;
  tokenizer.resume(lt, TokenizerState.Content);
  return true;
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

function rootName(token: XmlTokenizer, windowed: boolean): SitemapRoot | undefined {
  // A name cut off by the window might continue (`<urlset` of `<urlsetx>`); at the real end of the text it is a
  // document being typed, which is still worth recognising.
  if (token.tokenEnd === SNIFF_LENGTH && windowed) return undefined;
  const qname = token.tokenText().slice(1);
  const local = qname.slice(qname.indexOf(':') + 1);
  return local === 'urlset' || local === 'sitemapindex' ? local : undefined;
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isWhitespace(s.charCodeAt(i))) return false;
  return true;
}
