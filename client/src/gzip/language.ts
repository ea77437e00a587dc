/** The language of a compressed sitemap opened as text: VS Code knows none for `*.gz`, so the name without `.gz`
 * decides, refined by content detection as for the uncompressed file. Pure, for node:test. */
import { sniffPlainText, sniffSitemapRoot } from '../../../shared/contentDetection';

/**
 * package.json's language for `*.xml.gz` and `*.txt.gz` names: it gives the Explorer's row an icon, and is the first
 * language of a compressed sitemap opened as text, until the one below replaces it.
 */
export const COMPRESSED_LANGUAGE = 'compressed-sitemap';

/** `x.xml.gz` → `sitemap` (or `xml` when it holds other XML), `x.txt.gz` → `sitemap-txt` (or `plaintext` for a robots.txt); other names `undefined`. */
export function compressedLanguageOf(fileName: string, head: string): string | undefined {
  if (/\.txt\.gz$/i.test(fileName)) return sniffPlainText(head) === 'robots' ? 'plaintext' : 'sitemap-txt';
  if (!/\.xml\.gz$/i.test(fileName)) return undefined;
  if (sniffSitemapRoot(head) !== undefined || head.trim() === '') return 'sitemap'; // an empty one is a sitemap to be
  return sniffPlainText(head) === 'text-sitemap' ? 'sitemap-txt' : 'xml';
}
