/**
 * Links: every `<loc>` (every line of a text sitemap) opens its URL; in an index, a `<loc>` that maps to a workspace
 * file (the caller's resolver, through `sitemap.siteRoots`) opens that file instead. One pass over the segments,
 * reading what the parser kept (the URL and its range): no text is scanned.
 */
import type { SitemapModel } from '../model';
import { unescapeXml } from '../xmlText';

export interface DocumentLinkData {
  start: number;
  end: number;
  /** The decoded URL, or the workspace file's URI. */
  target: string;
  /** The target is a workspace file. */
  isFile: boolean;
}

export interface LinkOptions {
  /** In an index: the workspace file (URI) a URL names, when there is one. */
  resolveFile?: (url: string) => string | undefined;
}

/** What a browser can open: an absolute http(s) URL without whitespace or markup characters. */
const OPENABLE = /^https?:\/\/[^\s<>"{}|\\^`]+$/i;

export function findDocumentLinks(model: SitemapModel, options: LinkOptions = {}): DocumentLinkData[] {
  const links: DocumentLinkData[] = [];
  const resolve = model.kind === 'sitemapindex' ? options.resolveFile : undefined;
  let base = 0;
  for (const segment of model.segments) {
    if (segment.isEntry && segment.url !== undefined) {
      const url = unescapeXml(segment.url);
      const file = resolve?.(url);
      if (file !== undefined) links.push({ start: base + segment.urlStart, end: base + segment.urlEnd, target: file, isFile: true });
      else if (OPENABLE.test(url)) links.push({ start: base + segment.urlStart, end: base + segment.urlEnd, target: url, isFile: false });
    }
    base += segment.text.length;
  }
  return links;
}
