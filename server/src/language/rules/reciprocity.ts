/** hreflang-not-reciprocal, from the model's alternate index (alternateIndex.ts). Offsets are absolute. */
import type { Problem } from './catalogue';
import type { SitemapModel } from '../model/model';

export function checkReciprocity(model: SitemapModel, problems: Problem[]): void {
  if (model.kind !== 'urlset') return;
  for (const [entry, unreciprocated] of model.alternates.unreciprocated((url) => model.urls.find(url))) {
    const start = model.segmentStart(entry.index);
    for (const { alternate, partner } of unreciprocated) {
      const partnerStart = model.segmentStart(partner.index);
      problems.push({
        rule: 'hreflang-not-reciprocal', start: start + alternate.hrefStart, end: start + alternate.hrefEnd,
        message: 'This alternate is listed in this file and does not list this page back: search engines ignore one-way alternates.',
        related: [{ start: partnerStart + partner.urlStart, end: partnerStart + partner.urlEnd, message: 'The alternate\'s entry, which has no link back.' }],
      });
    }
  }
}
