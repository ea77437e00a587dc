/** Set lastmod to Now for the selected entries, in the form (precision, fraction digits, `Z` or offset) of the entry's
 * own `<lastmod>`, else the file's first valid one, else a local datetime with seconds and offset. A missing one is
 * inserted after `<loc>` (lastmodTargets.ts). */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit, TimeZoneOffset } from '../sitemapLanguageTypes';
import { rootStructure } from '../features/structure';
import { systemTimeZoneOffset } from '../features/clock';
import { lastmodEditable, lastmodTarget, selectedEntries, writeLastmod } from './lastmodTargets';
import { firstValidLastmod, formatLastmodLike, styleOf } from './lastmodStyle';

export interface LastmodNowOptions {
  now: number;
  timeZoneOffset?: TimeZoneOffset;
}

export type LastmodNowResult =
  | { status: 'set'; edits: OffsetEdit[]; entries: number; value: string }
  | { status: 'no-entries' }
  | { status: 'not-editable' };

/** `ranges` are absolute offsets (a cursor is an empty range). */
export function setLastmodNow(model: SitemapModel, ranges: ReadonlyArray<{ start: number; end: number }>, options: LastmodNowOptions): LastmodNowResult {
  if (!lastmodEditable(model)) return { status: 'not-editable' };
  const touched = selectedEntries(model, ranges);
  if (touched.length === 0) return { status: 'no-entries' };
  const root = rootStructure(model);
  const fileSample = firstValidLastmod(model);
  const edits: OffsetEdit[] = [];
  let value = '';
  for (const index of touched) {
    const target = lastmodTarget(model, index, root);
    if (target === undefined) continue;
    const own = target.current !== undefined && styleOf(target.current) !== undefined ? target.current : undefined;
    value = formatLastmodLike(options.now, own ?? fileSample, options.timeZoneOffset ?? systemTimeZoneOffset);
    edits.push(writeLastmod(target, value));
  }
  return { status: 'set', edits, entries: edits.length, value };
}
