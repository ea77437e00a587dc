/** Set lastmod from Git History for the selected entries (every entry when no range is given): each entry's value is
 * its page's last content change as lastmodJudgement.ts's `lastmodFromHistory` dates it (a template change is no
 * news), in the entry's own form, so the lastmod rules accept what it writes. An entry git cannot date is left alone. */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit, TimeZoneOffset } from '../sitemapLanguageTypes';
import { rootStructure } from '../features/structure';
import { systemTimeZoneOffset } from '../features/clock';
import { lastmodFromHistory, type SourceHistory } from '../site/lastmodJudgement';
import { unescapeXml } from '../syntax/xmlText';
import { allEntries, lastmodEditable, lastmodTarget, selectedEntries, writeLastmod } from './lastmodTargets';
import { firstValidLastmod, styleOf } from './lastmodStyle';

export interface LastmodFromHistoryOptions {
  /** What git says of the source of the page at `url` (the entry's `<loc>`, decoded); undefined when it cannot say. */
  historyOf: (url: string) => SourceHistory | undefined;
  /** When the history was read (`BuiltSite.now`): an uncommitted change is dated then. */
  now: number;
  timeZoneOffset?: TimeZoneOffset;
}

/** `entries` were changed; `unchanged` already held their value; `undated` have no `<loc>` or no history git can date. */
export type LastmodFromHistoryResult =
  | { status: 'set'; edits: OffsetEdit[]; entries: number; unchanged: number; undated: number }
  | { status: 'unchanged'; unchanged: number; undated: number }
  | { status: 'no-entries' }
  | { status: 'not-editable' };

/** `ranges` are absolute offsets (a cursor is an empty range); none means the whole file. */
export function setLastmodFromHistory(model: SitemapModel, ranges: ReadonlyArray<{ start: number; end: number }>, options: LastmodFromHistoryOptions): LastmodFromHistoryResult {
  if (!lastmodEditable(model)) return { status: 'not-editable' };
  const indexes = ranges.length === 0 ? allEntries(model) : selectedEntries(model, ranges);
  if (indexes.length === 0) return { status: 'no-entries' };
  const root = rootStructure(model);
  const fileSample = firstValidLastmod(model);
  const zone = options.timeZoneOffset ?? systemTimeZoneOffset;
  const edits: OffsetEdit[] = [];
  let unchanged = 0;
  let undated = 0;
  for (const index of indexes) {
    const url = model.segments[index].url;
    const target = lastmodTarget(model, index, root);
    const history = url === undefined ? undefined : options.historyOf(unescapeXml(url));
    const own = target?.current !== undefined && styleOf(target.current) !== undefined ? target.current : undefined;
    const value = history === undefined ? undefined : lastmodFromHistory(history, options.now, own ?? fileSample, zone);
    if (target === undefined || value === undefined) undated++;
    else if (target.current === value) unchanged++;
    else edits.push(writeLastmod(target, value));
  }
  if (edits.length === 0) return { status: 'unchanged', unchanged, undated };
  return { status: 'set', edits, entries: edits.length, unchanged, undated };
}
