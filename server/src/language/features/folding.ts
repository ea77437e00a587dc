/** Folding: the root and every entry, from the entry index and the entries' text (no element structure). Past the
 * caller's limit the root and the first entries are kept, as VS Code keeps them when it cuts. */
import type { FoldingOptions, FoldingRangeData } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { entryExtent, rootStructure } from './structure';

export function getFoldingRanges(model: SitemapModel, options: FoldingOptions = {}): FoldingRangeData[] {
  if (model.languageId !== 'sitemap') return [];
  const max = Math.max(0, Math.floor(options.maxRanges ?? Number.MAX_SAFE_INTEGER));
  const ranges: FoldingRangeData[] = [];
  const root = rootStructure(model);
  if (root.element !== undefined && root.endTagStart >= 0 && ranges.length < max) ranges.push({ start: root.element.start, end: root.endTagStart });
  const count = model.entryCount;
  for (let n = 0; n < count && ranges.length < max; n++) {
    const index = model.entrySegment(n);
    const segment = model.segments[index];
    const extent = entryExtent(segment);
    if (extent.endTagStart < 0) continue;
    const base = model.segmentStart(index);
    // A one-line entry has nothing to fold: skip it without converting offsets.
    const inner = segment.text.slice(extent.start, extent.endTagStart);
    if (inner.indexOf('\n') < 0 && inner.indexOf('\r') < 0) continue;
    ranges.push({ start: base + extent.start, end: base + extent.endTagStart });
  }
  return ranges;
}
