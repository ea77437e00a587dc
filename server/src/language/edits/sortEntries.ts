/** Sort Entries by URL: stable, by decoded URL in code-point order, entries without a URL last. An XML entry moves with
 * its leading trivia (entries.ts); a text sitemap's URL lines move among their own places, so other lines stay. One
 * edit from the first moved unit to the last: the prolog and the root's tags are never touched. */
import type { SitemapModel } from '../model/model';
import { unescapeXml } from '../syntax/xmlText';
import { entryUnits } from './entries';
import type { OffsetEdit } from '../sitemapLanguageTypes';

export type SortResult =
  | { status: 'sorted'; edit: OffsetEdit; moved: number; entries: number }
  | { status: 'already-sorted'; entries: number }
  | { status: 'not-editable' };

export function sortEntries(model: SitemapModel): SortResult {
  const all = entryUnits(model);
  if (all === undefined) return { status: 'not-editable' };
  // Text sitemaps keep non-URL lines in place; XML moves every element (those without a URL to the end).
  const units = model.languageId === 'sitemap-txt' ? all.filter((u) => u.url !== undefined) : all;
  const keyed = units.map((unit, index) => ({ unit, index, key: unit.url === undefined ? undefined : unescapeXml(unit.url) }));
  const sorted = [...keyed].sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index);
  let first = 0;
  while (first < sorted.length && sorted[first].index === first) first++;
  if (first === sorted.length) return { status: 'already-sorted', entries: units.length };
  let last = sorted.length - 1;
  while (sorted[last].index === last) last--;
  const text = model.getText();
  let out = '';
  for (let k = first; k <= last; k++) {
    out += text.slice(units[sorted[k].index].start, units[sorted[k].index].end);
    if (k < last) out += text.slice(units[k].end, units[k + 1].start); // the gap between places: line breaks, blank lines
  }
  return { status: 'sorted', edit: { start: units[first].start, end: units[last].end, text: out }, moved: movedCount(sorted), entries: units.length };
}

/** Entries whose place changed: inside the edited span, one that was already in its place is not counted. */
function movedCount(sorted: ReadonlyArray<{ index: number }>): number {
  let moved = 0;
  sorted.forEach((entry, place) => { if (entry.index !== place) moved++; });
  return moved;
}

function compareKeys(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return compareCodePoints(a, b);
}

/** Code-point order (JavaScript's `<` compares UTF-16 units, which puts U+10000… before U+E000…U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && x <= 0xdfff && !(y >= 0xd800 && y <= 0xdfff) && y >= 0xe000) return 1;
    if (y >= 0xd800 && y <= 0xdfff && !(x >= 0xd800 && x <= 0xdfff) && x >= 0xe000) return -1;
    return x - y;
  }
  return a.length - b.length;
}
