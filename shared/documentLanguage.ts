/** Which language a file or document is, decided here alone for client, language layer and server: by its name, then
 * where that leaves it open by its first characters (contentDetection.ts). Pure. */
import { looksLikeXml, sniffPlainText, sniffSitemapRoot } from './contentDetection';

/** The server's languages; `robots-txt` is a robots.txt, checked for its `Sitemap:` lines only. */
export type SitemapLanguageId = 'sitemap' | 'sitemap-txt' | 'robots-txt';
/** What a file found in a site folder is. */
export type SiteFileType = 'sitemap' | 'sitemap-txt' | 'robots';

/** The sitemap file names of the `sitemap` language (package.json's `filenamePatterns`), whatever the content. */
export const SITEMAP_XML_NAME = /^sitemap.*\.xml$|[-_.]sitemap\.xml$|-sitemap-.*\.xml$/i;
/** The names of text sitemaps: `sitemap*.txt` and `urllist*.txt` (the classic name). */
export const SITEMAP_TXT_NAME = /^(?:sitemap|urllist).*\.txt$/i;

const GZIP_NAME = /\.gz$/i;
const XML_NAME = /\.xml$/i;
const TXT_NAME = /\.txt$/i;
const XML_GZIP_NAME = /\.xml\.gz$/i;
const TXT_GZIP_NAME = /\.txt\.gz$/i;
/** What a site file may be named: the others are never opened. */
const SITE_FILE_NAME = /\.(?:xml|txt|gz)$/i;
/** Sitemaps an index may list (completion), and index names among them. */
const LISTABLE_SITEMAP_NAME = /sitemap[^/]*\.(?:xml|xml\.gz|txt)$/i;
const INDEX_NAME = /sitemap[-_]?index[^/]*\.xml(?:\.gz)?$/i;
/** A document that starts with markup is split as XML, even when it is not yet a sitemap. */
const MARKUP_START = /^\uFEFF?[ \t\r\n]*</;

export function isGzipName(name: string): boolean {
  return GZIP_NAME.test(name);
}

/** `sitemap.xml.gz` → `sitemap.xml`: the name a compressed file has once inflated. */
export function withoutGzip(name: string): string {
  return name.replace(GZIP_NAME, '');
}

/** A base name that is `robots.txt`, in any case (`.gz` is not removed: callers decide whether it counts). */
export function isRobotsName(name: string): boolean {
  return name.toLowerCase() === 'robots.txt';
}

/** The last segment of a URI, its query and fragment dropped. */
export function uriFileName(uri: string): string {
  const bare = uri.replace(/[?#].*$/, '');
  return bare.slice(Math.max(bare.lastIndexOf('/'), bare.lastIndexOf('\\')) + 1);
}

/**
 * A client's document: `sitemap`, `sitemap-txt` and `robots-txt` as sent by our own client; for other LSP clients
 * also `xml` whose root is `<urlset>`/`<sitemapindex>`, plain text named robots.txt, and plain text that is a text
 * sitemap by name (unless it reads like a robots.txt) or by content.
 */
export function languageOfDocument(languageId: string, uri: string, text: string): SitemapLanguageId | undefined {
  switch (languageId) {
    case 'sitemap':
    case 'sitemap-txt':
    case 'robots-txt':
      return languageId;
    case 'xml':
      return sniffSitemapRoot(text) !== undefined ? 'sitemap' : undefined;
    case 'plaintext':
    case 'text': {
      const name = uriFileName(uri);
      if (isRobotsName(name)) return 'robots-txt';
      const kind = sniffPlainText(text);
      if (kind === 'robots') return undefined;
      return kind === 'text-sitemap' || SITEMAP_TXT_NAME.test(name) ? 'sitemap-txt' : undefined;
    }
    default:
      return undefined;
  }
}

/** A document's language by its content alone: XML (a sitemap root or an XML declaration) or a text sitemap. */
export function languageOfContent(text: string): 'sitemap' | 'sitemap-txt' {
  return looksLikeXml(text) ? 'sitemap' : 'sitemap-txt';
}

/** How a document opened as `openedAs` is read: a text sitemap whose content is XML is read as XML. */
export function readingOfDocument(openedAs: SitemapLanguageId, text: string): SitemapLanguageId {
  return openedAs === 'sitemap-txt' ? languageOfContent(text) : openedAs;
}

/** Whether a document to split is XML: XML by {@link languageOfContent}, or any text that starts with markup. */
export function splitsAsXml(text: string): boolean {
  return languageOfContent(text) === 'sitemap' || MARKUP_START.test(text);
}

/**
 * The editor's content detection, for a document of language `from`: `xml` whose root is `<urlset>`/`<sitemapindex>`
 * → `sitemap`, plain text that is a text sitemap by content → `sitemap-txt`, a `sitemap-txt` (by name) that reads like
 * a robots.txt → `plaintext`; `undefined` to keep it.
 */
export function detectedLanguageOf(from: string, head: string): string | undefined {
  if (from === 'xml') return sniffSitemapRoot(head) !== undefined ? 'sitemap' : undefined;
  const kind = sniffPlainText(head);
  if (from === 'plaintext' && kind === 'text-sitemap') return 'sitemap-txt';
  if (from === 'sitemap-txt' && kind === 'robots') return 'plaintext';
  return undefined;
}

/**
 * A compressed file opened as text: `x.xml.gz` → `sitemap` (or `xml` when it holds other XML, `sitemap-txt` when it
 * holds a text sitemap), `x.txt.gz` → `sitemap-txt` (or `plaintext` for a robots.txt); other names `undefined`.
 */
export function compressedLanguageOf(fileName: string, head: string): string | undefined {
  if (TXT_GZIP_NAME.test(fileName)) return sniffPlainText(head) === 'robots' ? 'plaintext' : 'sitemap-txt';
  if (!XML_GZIP_NAME.test(fileName)) return undefined;
  if (sniffSitemapRoot(head) !== undefined || head.trim() === '') return 'sitemap'; // an empty one is a sitemap to be
  return sniffPlainText(head) === 'text-sitemap' ? 'sitemap-txt' : 'xml';
}

/** Files workspace symbols may index: `.xml` (a sitemap by name or content) and text sitemaps by name. */
export function maySearchSymbolsIn(name: string): boolean {
  return XML_NAME.test(name) || SITEMAP_TXT_NAME.test(name);
}

/**
 * Workspace symbols' language of a file named `name`: `sitemap-txt` by name, `sitemap` by name or (any other `.xml`)
 * by the root in its first characters (`head`, read only then); `undefined` for other files.
 */
export function symbolLanguageOf(name: string, head: () => string | undefined): SitemapLanguageId | undefined {
  if (SITEMAP_TXT_NAME.test(name)) return 'sitemap-txt';
  if (!XML_NAME.test(name)) return undefined;
  if (SITEMAP_XML_NAME.test(name)) return 'sitemap';
  const text = head();
  return text !== undefined && sniffSitemapRoot(text) !== undefined ? 'sitemap' : undefined;
}

/** What {@link isSiteFile} may accept, by name alone. */
export function mayBeSiteFile(name: string): boolean {
  return SITE_FILE_NAME.test(name);
}

/**
 * Whether a file named `name` belongs to a site: a robots.txt (maybe .gz), or a .xml/.txt/.gz file that is a sitemap
 * by its root, else by its name unless its content says otherwise. `head`: its first characters, inflated when gzip;
 * read only when the name leaves the question open, `undefined` when unreadable.
 */
export function isSiteFile(name: string, head: () => string | undefined): boolean {
  const plain = withoutGzip(name);
  if (isRobotsName(plain)) return true;
  const xml = XML_NAME.test(plain);
  if (!xml && !TXT_NAME.test(plain) && !isGzipName(name)) return false;
  const text = head();
  if (text === undefined) return false;
  if (sniffSitemapRoot(text) !== undefined) return true;
  if (xml || (isGzipName(name) && !TXT_NAME.test(plain))) return SITEMAP_XML_NAME.test(plain);
  const kind = sniffPlainText(text);
  return kind === 'text-sitemap' || (kind !== 'robots' && SITEMAP_TXT_NAME.test(plain));
}

/** A site file's type: robots.txt by name, XML by content or name, else robots.txt by content, else a text sitemap. */
export function siteFileType(name: string, text: string): SiteFileType {
  const plain = withoutGzip(name);
  if (isRobotsName(plain)) return 'robots';
  if (looksLikeXml(text) || XML_NAME.test(plain)) return 'sitemap';
  return sniffPlainText(text) === 'robots' ? 'robots' : 'sitemap-txt';
}

/** The server's language of a site file's type. */
export function languageOfSiteFile(type: SiteFileType): SitemapLanguageId {
  return type === 'robots' ? 'robots-txt' : type;
}

/** A sitemap an index could list (completion offers it): a `sitemap*` .xml, .xml.gz or .txt name that is no index's. */
export function isListableSitemapName(name: string): boolean {
  return LISTABLE_SITEMAP_NAME.test(name) && !INDEX_NAME.test(name);
}
