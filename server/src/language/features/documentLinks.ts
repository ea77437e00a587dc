/** Links: only an index's `<loc>` that maps to a workspace file. Editors already make every http(s) URL clickable, and a
 * link per `<loc>` of a 50,000-entry sitemap would be megabytes of JSON for nothing. */
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
