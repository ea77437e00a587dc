/** Links: only an index's `<loc>`, or a robots.txt's `Sitemap:` URL, that `resolveFile` maps to a file. Editors already
 * make every http(s) URL clickable, and a link per `<loc>` of a 50,000-entry sitemap would be megabytes of JSON for nothing. */
import type { DocumentLinkData, LinkOptions } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { unescapeXml } from '../syntax/xmlText';
import { acceptedSitemapValue } from '../rules/robotsTxtRules';

export function findDocumentLinks(model: SitemapModel, options: LinkOptions = {}): DocumentLinkData[] {
  const resolve = options.resolveFile;
  if (resolve !== undefined && model.kind === 'robots') return robotsLinks(model, resolve);
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

/** Each `Sitemap:` line robots-sitemap-url accepts (the URLs the robots.txt names, as the site checks read them). */
function robotsLinks(model: SitemapModel, resolve: (url: string) => string | undefined): DocumentLinkData[] {
  const links: DocumentLinkData[] = [];
  let base = 0;
  for (const segment of model.segments) {
    const line = segment.text.replace(/(?:\r\n|\r|\n)$/, '');
    const value = acceptedSitemapValue(line, base === 0);
    const file = value === undefined ? undefined : resolve(line.slice(value.start, value.end));
    if (value !== undefined && file !== undefined) links.push({ start: base + value.start, end: base + value.end, target: file });
    base += segment.text.length;
  }
  return links;
}
