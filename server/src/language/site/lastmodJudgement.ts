/** `lastmod-stale` and `lastmod-inflated` decided: an entry's `<lastmod>` (a span of time) against when its page's
 * source last changed in git (a span too: authored … committed, or now when uncommitted), with a tolerance; and the
 * value Set lastmod from Git History writes. Pure: the git facts come in as numbers. */
import type { TimeZoneOffset } from '../sitemapLanguageTypes';
import { checkLastmod } from '../rules/lastmod';
import { formatLastmodLike } from '../edits/lastmodStyle';

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
 * What git says of a page's source: its newest change, its newest one that is not a rebuild of every page, and the
 * work tree (`rebuild`: changed by a local build of every page, which proves no content change).
 */
export interface SourceHistory {
  newest?: CommitDates & { mass: boolean };
  newestContent?: CommitDates;
  uncommitted: boolean | 'rebuild';
}

/** The source last changed between `earliest` and `latest`. */
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
 * When the source last changed, or undefined when git cannot say (untracked and unchanged, no history). An
 * uncommitted change is now. Otherwise the change happened after its author date and by its committer date; a mass
 * commit (every page rebuilt) may or may not have changed this page's content, so it moves only the latest bound and
 * the earliest is the newest other commit's (none: nothing proves the page changed after any date). A local
 * rebuild not committed is a mass change now.
 */
export function changeSpan(history: SourceHistory, now: number): ChangeSpan | undefined {
  if (history.uncommitted === true) return { earliest: now, latest: now };
  const newest = history.newest;
  if (newest === undefined) return undefined;
  const latest = history.uncommitted === 'rebuild' ? now : Math.max(newest.time, newest.authorTime);
  const content = newest.mass ? history.newestContent : newest;
  return { earliest: content === undefined ? -Infinity : Math.min(content.time, content.authorTime), latest };
}

/** `stale`: the source surely changed after the lastmod; `inflated`: the lastmod is surely after its last change. */
export function judgeLastmod(lastmod: LastmodSpan, change: ChangeSpan, tolerance = LASTMOD_TOLERANCE_MS): LastmodVerdict {
  if (change.earliest > lastmod.end + tolerance) return 'stale';
  if (lastmod.start > change.latest + tolerance) return 'inflated';
  return 'ok';
}

/** The whole judgement from the value as written; undefined when there is nothing to judge. */
export function judgeLastmodValue(value: string, history: SourceHistory, now: number): LastmodVerdict | undefined {
  const lastmod = lastmodSpan(value);
  const change = changeSpan(history, now);
  return lastmod === undefined || change === undefined ? undefined : judgeLastmod(lastmod, change);
}

/**
 * What Set lastmod from Git History writes: the newest change's committer date (now when uncommitted), in the form of
 * `sample` (the entry's own `<lastmod>`, else the file's first valid one) as Set lastmod to Now writes. Undefined
 * when git cannot date the page: no history, or its newest change is a rebuild of every page. A local rebuild not
 * committed is passed over: the commits date the content it rebuilt.
 */
export function lastmodFromHistory(history: SourceHistory, now: number, sample: string | undefined, zone: TimeZoneOffset): string | undefined {
  const time = history.uncommitted === true ? now : history.newest?.mass === false ? history.newest.time : undefined;
  return time === undefined ? undefined : formatLastmodLike(time, sample, zone);
}
