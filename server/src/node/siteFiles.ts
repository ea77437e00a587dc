/**
 * Which files on disk are part of a site, told apart by name and content: what `sitemap-lint` finds in a folder and
 * what the editor scans its workspace for. A robots.txt, or a .xml/.txt (maybe .gz) file that is a sitemap by name or
 * content; gzip by its magic bytes, whatever the name.
 */
import * as path from 'node:path';
import { looksLikeXml, sniffPlainText, sniffSitemapRoot, SNIFF_LENGTH } from '../../../shared/contentDetection';
import { urlFileName } from '../../../shared/location';
import { SITEMAP_TXT_NAME, SITEMAP_XML_NAME } from '../language/languageService';
import { inflateHead, readHead } from './files';
import { sniffEncoding } from './fileEncoding';

export type SiteFileType = 'sitemap' | 'sitemap-txt' | 'robots';

/** Whether the file `name` (its base name) at `file` is a robots.txt, or a sitemap by name or by its first bytes. */
export function isSiteFile(file: string, name: string): boolean {
  const plain = name.replace(/\.gz$/i, '');
  if (plain.toLowerCase() === 'robots.txt') return true;
  const xml = /\.xml$/i.test(plain);
  if (!xml && !/\.txt$/i.test(plain) && !/\.gz$/i.test(name)) return false;
  const head = readHeadText(file);
  if (head === undefined) return false;
  if (sniffSitemapRoot(head) !== undefined) return true;
  if (xml || /\.gz$/i.test(name) && !/\.txt$/i.test(plain)) return SITEMAP_XML_NAME.test(plain);
  const kind = sniffPlainText(head);
  return kind === 'text-sitemap' || (kind !== 'robots' && SITEMAP_TXT_NAME.test(plain));
}

/** robots.txt by name, XML by content or name, else robots.txt by content, else a text sitemap. */
export function siteFileType(name: string, text: string): SiteFileType {
  const plain = name.replace(/\.gz$/i, '').toLowerCase();
  if (plain === 'robots.txt') return 'robots';
  if (looksLikeXml(text) || plain.endsWith('.xml')) return 'sitemap';
  return sniffPlainText(text) === 'robots' ? 'robots' : 'sitemap-txt';
}

/** Orders names as a folder search meets them: by UTF-16 code units, as `sort` does. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first characters of a file, gunzipped when it is gzip; undefined when unreadable. */
function readHeadText(file: string): string | undefined {
  const head = readHead(file, SNIFF_LENGTH * 4);
  const bytes = head === undefined ? undefined : inflateHead(head, 1 << 20);
  if (bytes === undefined) return undefined;
  // A UTF-16 sitemap is found by its root as a UTF-8 one is (and then reported as UTF-16: fileEncoding.ts).
  const encoding = sniffEncoding(bytes);
  const text = encoding.kind === 'utf-16le' || encoding.kind === 'utf-16be' ? new TextDecoder(encoding.kind).decode(bytes) : bytes.toString('utf8');
  return text.slice(0, SNIFF_LENGTH);
}

/** The file beside `file` named as `url` ends (an index's child found by name, its location unknown). */
export function fileBesideNamed(file: string, url: string): string | undefined {
  const name = urlFileName(url);
  return name === undefined ? undefined : path.join(path.dirname(file), name);
}
