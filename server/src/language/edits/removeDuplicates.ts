/** Remove Duplicate URLs: keeps each URL's first entry (canonical form, as `duplicate-url` compares) and removes the
 * later ones with the whitespace before them, so no blank line is left; comments stay. A text sitemap loses the line. */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit } from '../sitemapLanguageTypes';
import { entryUnits } from './entries';

export type RemoveDuplicatesResult =
  | { status: 'removed'; edits: OffsetEdit[]; removed: number }
  | { status: 'no-duplicates' }
  | { status: 'not-editable' };

export function removeDuplicates(model: SitemapModel): RemoveDuplicatesResult {
  const units = entryUnits(model);
  if (units === undefined) return { status: 'not-editable' };
  const text = model.getText();
  const isText = model.languageId === 'sitemap-txt';
  const seen = new Set<string>();
  const edits: OffsetEdit[] = [];
  let removed = 0;
  /** End of the content of the last line kept (text sitemaps). */
  let keptEnd = 0;
  for (const unit of units) {
    if (unit.url === undefined || !seen.has(unit.url)) {
      if (unit.url !== undefined) seen.add(unit.url);
      keptEnd = unit.end;
      continue;
    }
    removed++;
    if (isText) {
      const lineEnd = unit.start + unit.segment.text.length;
      if (unit.end < lineEnd) {
        edits.push({ start: unit.start, end: lineEnd, text: '' });
      } else {
        // The last line, without a line break: the break before it goes instead, so the file still ends without one.
        while (edits.length > 0 && edits[edits.length - 1].start >= keptEnd) edits.pop();
        edits.push({ start: keptEnd, end: unit.end, text: '' });
      }
    } else {
      let start = unit.elementStart;
      while (start > unit.start && isSpace(text.charCodeAt(start - 1))) start--;
      edits.push({ start, end: unit.end, text: '' });
    }
  }
  return removed === 0 ? { status: 'no-duplicates' } : { status: 'removed', edits: mergeAdjacent(edits), removed };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Consecutive removals that touch become one edit (clients reject nothing, but fewer edits are easier to read). */
function mergeAdjacent(edits: OffsetEdit[]): OffsetEdit[] {
  const out: OffsetEdit[] = [];
  for (const edit of edits) {
    const last = out[out.length - 1];
    if (last !== undefined && last.end === edit.start) last.end = edit.end;
    else out.push({ ...edit });
  }
  return out;
}
