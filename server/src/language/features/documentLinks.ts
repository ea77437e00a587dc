/**
 * Links: in an index, a `<loc>` that maps to a workspace file (the caller's resolver, through `sitemap.siteRoots`)
 * opens that file. Nothing else: editors already make every http(s) URL clickable, and a link per `<loc>` of a
 * 50,000-entry sitemap is megabytes of JSON for nothing. One pass over the segments, reading what the parser kept.
 */
import type { DocumentLinkData, LinkOptions } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { unescapeXml } from '../syntax/xmlText';

export function findDocumentLinks(model: SitemapModel, options: LinkOptions = {}): DocumentLinkData[] {
  const resolve = options.resolveFile;
  if (model.kind !== 'sitemapindex' || resolve === undefined) return [];
  const links: DocumentLinkData[] = [];
  let base = 0;
  for (const segment of model.segments) {
    if (segment.isEntry && segment.url !== undefined) {
      const file = resolve(unescapeXml(segment.url));
      if (file !== undefined) links.push({ start: base + segment.urlStart, end: base + segment.urlEnd, target: file });
    }
    base += segment.text.length;
  }
  return links;
}
