/** `lastmod-stale` and `lastmod-inflated` decided: an entry's `<lastmod>` (a span of time) against when its page's
 * content last changed in git (stale) and when its file last changed at all (inflated), each authored … committed or
 * now when uncommitted, with a tolerance; and the value Set lastmod from Git History writes. Pure: the git facts come
 * in as numbers. */
import type { TimeZoneOffset } from '../sitemapLanguageTypes';
import { checkLastmod } from '../rules/lastmod';
import { formatLastmodLike } from '../edits/lastmodStyle';
import type { ContentChange } from './pageContent';
import type { SiteEntry } from './siteSummary';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A change this close to the `<lastmod>`, either way, is no finding: a build pushed the day after its commit, a CI
 * run queued overnight, a squash or rebase merge committed a day after the work was dated, a clock a little off.
 */
export const LASTMOD_TOLERANCE_MS = 48 * HOUR_MS;
/** A date without a time is that day in some time zone: from UTC+14:00's midnight to UTC-12:00's. */
const ZONE_AHEAD_MS = 14 * HOUR_MS;
const ZONE_BEHIND_MS = 12 * HOUR_MS;

/** The instants a `<lastmod>` can mean: one for a datetime; a whole day, month or year in any time zone for a date. */
export interface LastmodSpan {
  start: number;
  end: number;
}

/** A commit's dates, ms since the epoch (GitChange from server/src/node/git/gitHistory.ts has them). */
export interface CommitDates {
  /** Committer date: when the change landed. */
  time: number;
  /** Author date: when it was written. */
  authorTime: number;
}

/**
 * What git says of a page's source: its newest change of any kind, its newest change to its content (a built page's
 * title, description, structured data, main text or links, language/site/pageContent.ts; a mapped source's text),
 * and the work tree (`true`: the content changed and is not committed; `template`: the file changed, not its content).
 */
export interface SourceHistory {
  newest?: CommitDates;
  /**
   * Undefined when no content change is known: nothing then proves the page changed after any date. `added`: the
   * change is the page's first commit, which bounds when it was written from above only (a site's built folder
   * committed for the first time holds pages written long before).
   */
  significant?: CommitDates & { added?: boolean };
  uncommitted: boolean | 'template';
}

/** The source's content last changed at or after `earliest`; the file itself last changed by `latest`. */
export interface ChangeSpan {
  earliest: number;
  latest: number;
}

export type LastmodVerdict = 'ok' | 'stale' | 'inflated';

/** The span a valid `<lastmod>` value means, or undefined for an invalid one (`invalid-lastmod` reports it). */
export function lastmodSpan(value: string): LastmodSpan | undefined {
  const start = checkLastmod(value, Infinity, []);
  if (start === undefined) return undefined;
  const digits = value.trim().length;
  if (digits > 10) return { start, end: start };
  const date = new Date(start);
  if (digits === 10) return { start: start - ZONE_AHEAD_MS, end: start + DAY_MS + ZONE_BEHIND_MS };
  const next = digits === 7
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
    : Date.UTC(date.getUTCFullYear() + 1, 0, 1);
  return { start: start - ZONE_AHEAD_MS, end: next + ZONE_BEHIND_MS };
}

/**
 * When the source last changed, or undefined when git cannot say (untracked and unchanged, no history). An uncommitted
 * change is now. A change happened after its author date and by its committer date: the content's last change
 * starts the span (none known, or only the page's addition: unbounded, nothing proves it changed after any date), the
 * file's last change of any kind, template and all, ends it.
 */
export function changeSpan(history: SourceHistory, now: number): ChangeSpan | undefined {
  if (history.uncommitted === true) return { earliest: now, latest: now };
  const newest = history.newest;
  if (newest === undefined) return undefined;
  const latest = history.uncommitted === 'template' ? now : Math.max(newest.time, newest.authorTime);
  const content = history.significant;
  return { earliest: content === undefined || content.added === true ? -Infinity : Math.min(content.time, content.authorTime), latest };
}

/** `stale`: the source surely changed after the lastmod; `inflated`: the lastmod is surely after its last change. */
export function judgeLastmod(lastmod: LastmodSpan, change: ChangeSpan, tolerance = LASTMOD_TOLERANCE_MS): LastmodVerdict {
  if (change.earliest > lastmod.end + tolerance) return 'stale';
  if (lastmod.start > change.latest + tolerance) return 'inflated';
  return 'ok';
}

/**
 * What several entries' `<lastmod>`s of one page ask of its history at most, as one span: the latest start (the
 * likeliest to be inflated) and the earliest end (the likeliest to be stale). It may be empty (start after end).
 */
export function widestNeed(a: LastmodSpan, b: LastmodSpan): LastmodSpan {
  return { start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) };
}

/**
 * How far back a committed page's content history must be read for the lastmod rules to judge `lastmod` (widestNeed
 * of its entries'), given its newest commit: once every change not yet read has `Math.min(time, authorTime)` at or
 * before the instant returned, its last content change, whichever it is, cannot make the lastmod stale (judgeLastmod),
 * and the verdict and what it says need nothing more. -Infinity: all of it, for a lastmod inflated whatever the content
 * (the problem names the last content change, and its quick fix writes that change's date).
 */
export function contentHistoryBound(lastmod: LastmodSpan, newest: CommitDates, tolerance = LASTMOD_TOLERANCE_MS): number {
  if (lastmod.start > Math.max(newest.time, newest.authorTime) + tolerance) return -Infinity;
  return lastmod.end + tolerance;
}

/** The whole judgement from the value as written; undefined when there is nothing to judge. */
export function judgeLastmodValue(value: string, history: SourceHistory, now: number): LastmodVerdict | undefined {
  const lastmod = lastmodSpan(value);
  const change = changeSpan(history, now);
  return lastmod === undefined || change === undefined ? undefined : judgeLastmod(lastmod, change);
}

/**
 * What Set lastmod from Git History writes: the committer date of the newest change to the content (now when the
 * content changed and is not committed), in the form of `sample` (the entry's own `<lastmod>`, else the file's first
 * valid one) as Set lastmod to Now writes. Undefined when git knows no content change: no history, or none of the
 * commits read changed the content. A template change is passed over, committed or not: it is not the page's news.
 */
export function lastmodFromHistory(history: SourceHistory, now: number, sample: string | undefined, zone: TimeZoneOffset): string | undefined {
  const time = history.uncommitted === true ? now : history.significant?.time;
  return time === undefined ? undefined : formatLastmodLike(time, sample, zone);
}

const CHANGE_NAMES: Readonly<Record<ContentChange, string>> = {
  title: 'title',
  description: 'meta description',
  structuredData: 'structured data',
  text: 'main text',
  links: 'links',
  added: 'page added',
  source: 'source text',
};

/** What a change changed, as the messages say it: "main text and links changed", "page added". */
export function describeChange(changed: readonly ContentChange[]): string {
  if (changed.includes('added')) return 'page added';
  const names = changed.map((c) => CHANGE_NAMES[c]);
  if (names.length === 0) return 'content changed';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} changed`;
}

/** An entry as the lastmod rules read it. */
type LastmodEntry = Pick<SiteEntry, 'url' | 'lastmodText' | 'lastmodStart' | 'lastmodEnd'>;

/**
 * What the entries' `<lastmod>`s ask of their pages' histories, by URL (widestNeed of a URL's entries): the entries the
 * lastmod rules judge, those with a valid `<lastmod>`, and maybe more (an index's children are no pages).
 */
export function lastmodNeedsByUrl(entries: Iterable<LastmodEntry>, into = new Map<string, LastmodSpan>()): Map<string, LastmodSpan> {
  for (const entry of entries) {
    if (entry.lastmodEnd <= entry.lastmodStart) continue;
    const span = lastmodSpan(entry.lastmodText);
    if (span === undefined) continue;
    const known = into.get(entry.url);
    into.set(entry.url, known === undefined ? span : widestNeed(known, span));
  }
  return into;
}
