/** Dates for completion, hover and lastmod fixes; the clock and the time zone are inputs (tests inject both). */
import type { TimeZoneOffset } from '../sitemapLanguageTypes';

export const systemTimeZoneOffset: TimeZoneOffset = (epochMs) => {
  const offset = -new Date(epochMs).getTimezoneOffset();
  return Number.isFinite(offset) ? offset : 0;
};

function pad(n: number, width = 2): string {
  return String(Math.trunc(Math.abs(n))).padStart(width, '0');
}

/** `+02:00`, `-05:30`, `+00:00`. */
export function formatOffset(minutes: number): string {
  const m = Math.round(minutes);
  return `${m < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(m) / 60))}:${pad(Math.abs(m) % 60)}`;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function utcFields(epochMs: number): Fields {
  const d = new Date(epochMs);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

function datePart(f: Fields): string {
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
}

function timePart(f: Fields): string {
  return `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** The local calendar date at `epochMs`: `2025-06-15`. */
export function localDate(epochMs: number, zone: TimeZoneOffset = systemTimeZoneOffset): string {
  return datePart(utcFields(epochMs + zone(epochMs) * 60_000));
}

/** A full W3C Datetime in local time with its offset: `2025-06-15T14:00:00+02:00`. */
export function localDateTime(epochMs: number, zone: TimeZoneOffset = systemTimeZoneOffset): string {
  const offset = zone(epochMs);
  const f = utcFields(epochMs + offset * 60_000);
  return `${datePart(f)}T${timePart(f)}${formatOffset(offset)}`;
}

/** A full W3C Datetime in UTC: `2025-06-15T12:00:00Z`. */
export function utcDateTime(epochMs: number): string {
  const f = utcFields(epochMs);
  return `${datePart(f)}T${timePart(f)}Z`;
}

export function utcDate(epochMs: number): string {
  return datePart(utcFields(epochMs));
}

/**
 * The offset of the local zone for a wall-clock time (given as if it were UTC): the offset at the instant that
 * wall-clock time denotes, so a summer date gets the summer offset whatever today is.
 */
export function offsetForWallClock(wallClockAsUtc: number, zone: TimeZoneOffset = systemTimeZoneOffset): number {
  const first = zone(wallClockAsUtc);
  return zone(wallClockAsUtc - first * 60_000);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365.25 * 86_400_000],
  ['month', 30.44 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * `3 days ago`, `in 2 hours`, `2 years 7 months ago`, `just now`. Whole units only, counted down (never rounded up):
 * 2 years and 7 months is not "3 years ago".
 */
export function relativeTime(epochMs: number, now: number): string {
  const delta = epochMs - now;
  const abs = Math.abs(delta);
  if (abs < 60_000) return 'just now';
  const sign = delta < 0 ? -1 : 1;
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    // Weeks only below a month and above two weeks, so "10 days ago" stays in days.
    if (unit === 'week' && abs < 14 * 86_400_000) continue;
    if (abs < size) continue;
    const count = Math.floor(abs / size);
    if (unit === 'year') return yearsAndMonths(count, Math.floor((abs - count * size) / UNITS[1][1]), sign, format);
    return format.format(sign * count, unit);
  }
  return format.format(sign * Math.floor(abs / 60_000), 'minute');
}

/** `2 years 7 months ago`, `in 1 year`: the months that a year count alone would hide. */
function yearsAndMonths(years: number, months: number, sign: number, format: Intl.RelativeTimeFormat): string {
  const phrase = format.format(sign * years, 'year');
  if (months === 0) return phrase;
  const monthsText = `${months} ${months === 1 ? 'month' : 'months'}`;
  return sign < 0 ? phrase.replace(/ ago$/, ` ${monthsText} ago`) : `${phrase} ${monthsText}`;
}
