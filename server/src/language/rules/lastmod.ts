/** `<lastmod>` values: W3C Datetime (https://www.w3.org/TR/NOTE-datetime), upper-case `T` and `Z` only, surrounding XML
 * whitespace tolerated as the schema collapses it. A wrong shape is reported on the whole trimmed value, an impossible
 * field (month 13, 2023-02-30, zone beyond ±14:00) on that field alone, where the fix goes. */
import type { ValueProblem } from './valueProblem';

const MS_PER_DAY = 86_400_000;
/** `future-lastmod` allows this much slack for clock skew and time zones. */
export const FUTURE_TOLERANCE_MS = MS_PER_DAY;

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57 ? c - 48 : -1;
}

/** Two digits at `i` as a number, or -1. */
function two(s: string, i: number): number {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

export function isLeapYear(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil); avoids Date.UTC's 0–99 → 1900s quirk. */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * The fast entry path's check of a `<lastmod>` value already matched as a W3C Datetime shape (PLAIN_LASTMOD), read
 * in place in `text`: its instant, as checkLastmod gives it, when every field is in range, else NaN (the general path
 * then reports it). No slice and none of checkLastmod's problem paths: this runs once per entry of a cold parse.
 */
export function plainLastmodAt(text: string, s: number, e: number): number {
  const year = two(text, s) * 100 + two(text, s + 2);
  const n = e - s;
  const month = n >= 7 ? two(text, s + 5) : 1;
  const day = n >= 10 ? two(text, s + 8) : 1;
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  let clock = 0;
  if (n > 10) {
    const hour = two(text, s + 11);
    const minute = two(text, s + 14);
    let k = s + 16;
    let second = 0;
    let millis = 0;
    if (text.charCodeAt(k) === 0x3a /* : */) {
      second = two(text, k + 1);
      k += 3;
      if (text.charCodeAt(k) === 0x2e /* . */) {
        // Digits past milliseconds add 0: truncation, as in checkLastmod.
        for (let scale = 100, d = digit(text, ++k); d >= 0; d = digit(text, ++k), scale = (scale / 10) | 0) millis += d * scale;
      }
    }
    let zone = 0;
    if (text.charCodeAt(k) !== 0x5a /* Z */) {
      const zh = two(text, k + 1);
      const zm = two(text, k + 4);
      if (zm > 59 || zh * 60 + zm > 14 * 60) return NaN;
      zone = (text.charCodeAt(k) === 0x2d ? -1 : 1) * (zh * 60 + zm);
    }
    if (hour > 23 || minute > 59 || second > 59) return NaN;
    clock = ((hour * 60 + minute - zone) * 60 + second) * 1000 + millis;
  }
  return daysFromCivil(year, month, day) * MS_PER_DAY + clock;
}

/** The whole value is wrong (an empty or blank value: the whole string). Not a closure: one per call costs GC. */
function shape(problems: ValueProblem[], value: string, s: number, e: number, message: string): false {
  problems.push({ rule: 'invalid-lastmod', start: e > s ? s : 0, end: e > s ? e : value.length, message });
  return false;
}

/** One field is out of range: value[start, start + length). */
function field(problems: ValueProblem[], start: number, length: number, message: string): false {
  problems.push({ rule: 'invalid-lastmod', start, end: start + length, message });
  return false;
}

/**
 * The fields of the value being checked, filled in by readFields (module-level, so that a check allocates nothing
 * for them). Absent fields keep the defaults of a partial date: January, the 1st, 00:00 UTC.
 */
const fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, millis: 0, tzMinutes: 0, hasTime: false };

const FORMAT =
  'Not a W3C Datetime: use YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss with a time zone (Z or ±hh:mm), e.g. 2024-05-31T14:30:00+02:00.';

/**
 * Check one `<lastmod>` value. Returns the instant it denotes in epoch milliseconds (for a partial
 * date, the start of that year/month/day in UTC; fractions beyond milliseconds are truncated) when
 * it is valid, otherwise undefined. A valid value later than `nowMs` + 24 h also gets `future-lastmod`.
 */
export function checkLastmod(value: string, nowMs: number, problems: ValueProblem[]): number | undefined {
  let s = 0;
  let e = value.length;
  while (s < e && isXmlSpace(value.charCodeAt(s))) s++;
  while (e > s && isXmlSpace(value.charCodeAt(e - 1))) e--;
  if (!readFields(value, problems, s, e) || !checkCalendarAndClock(value, problems, s)) return undefined;
  const f = fields;
  const ms = daysFromCivil(f.year, f.month, f.day) * MS_PER_DAY + ((f.hour * 60 + f.minute - f.tzMinutes) * 60 + f.second) * 1000 + f.millis;
  if (ms > nowMs + FUTURE_TOLERANCE_MS) {
    problems.push({
      rule: 'future-lastmod',
      start: s,
      end: e,
      message: 'Last modification date is in the future.',
    });
  }
  return ms;
}

/**
 * Reads value[s, e) into `fields`. A value of the wrong shape is one problem on all of it, whatever its fields say;
 * so is an empty one. Returns false when it reported a problem.
 */
function readFields(value: string, problems: ValueProblem[], s: number, e: number): boolean {
  const n = e - s;
  if (n === 0) return shape(problems, value, s, e, 'Date is empty: use YYYY-MM-DD or a full W3C Datetime.');
  if (!readDate(value, s, n)) return shape(problems, value, s, e, FORMAT);
  if (n <= 10) return true;
  const zoneAt = readClock(value, s, n);
  if (zoneAt < 0) return shape(problems, value, s, e, FORMAT);
  if (zoneAt === n) return shape(problems, value, s, e, 'A time needs a time zone: add Z (UTC) or an offset such as +02:00.');
  return checkZone(value, problems, s, e, zoneAt);
}

/**
 * YYYY | YYYY-MM | YYYY-MM-DD (the first 10 of `n` characters at `s`; what follows is readClock's). Resets
 * `fields` and fills in the date; false when the shape is wrong.
 */
function readDate(value: string, s: number, n: number): boolean {
  if (n < 4 || n === 5 || n === 6 || n === 8 || n === 9) return false;
  const y0 = digit(value, s), y1 = digit(value, s + 1), y2 = digit(value, s + 2), y3 = digit(value, s + 3);
  if (y0 < 0 || y1 < 0 || y2 < 0 || y3 < 0) return false;
  const f = fields;
  f.year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  f.month = f.day = 1;
  f.hour = f.minute = f.second = f.millis = f.tzMinutes = 0;
  f.hasTime = n > 10;
  if (n >= 7 && (value.charCodeAt(s + 4) !== 0x2d || (f.month = two(value, s + 5)) < 0)) return false;
  if (n >= 10 && (value.charCodeAt(s + 7) !== 0x2d || (f.day = two(value, s + 8)) < 0)) return false;
  return true;
}

/**
 * "T" hh ":" mm [ ":" ss [ "." s+ ] ] after the date. Fills in the clock; returns the offset (relative to `s`)
 * where the time zone should start, or -1 when the shape is wrong.
 */
function readClock(value: string, s: number, n: number): number {
  const f = fields;
  if (value.charCodeAt(s + 10) !== 0x54 /* T */) return -1;
  if (n < 16 || (f.hour = two(value, s + 11)) < 0 || value.charCodeAt(s + 13) !== 0x3a || (f.minute = two(value, s + 14)) < 0) {
    return -1;
  }
  let k = 16;
  if (k < n && value.charCodeAt(s + k) === 0x3a) {
    if ((f.second = two(value, s + k + 1)) < 0) return -1;
    k += 3;
    if (k < n && value.charCodeAt(s + k) === 0x2e) {
      k++;
      const fs = k;
      let scale = 100;
      while (k < n) {
        const d = digit(value, s + k);
        if (d < 0) break;
        f.millis += d * scale; // digits past milliseconds add 0: truncation
        scale = (scale / 10) | 0;
        k++;
      }
      if (k === fs) return -1;
    }
  }
  return k;
}

/**
 * TZD = "Z" | ( "+" | "-" ) hh ":" mm, the rest of the value from `s + k`. Reports a wrong shape on the whole
 * value, an impossible offset on the zone alone (checked ahead of the calendar's fields).
 */
function checkZone(value: string, problems: ValueProblem[], s: number, e: number, k: number): boolean {
  const n = e - s;
  const z = value.charCodeAt(s + k);
  if (z === 0x5a /* Z */ && k + 1 === n) return true;
  if ((z !== 0x2b && z !== 0x2d) || k + 6 !== n) return shape(problems, value, s, e, FORMAT);
  const th = two(value, s + k + 1);
  const tm = two(value, s + k + 4);
  if (th < 0 || tm < 0 || value.charCodeAt(s + k + 3) !== 0x3a) return shape(problems, value, s, e, FORMAT);
  fields.tzMinutes = (z === 0x2d ? -1 : 1) * (th * 60 + tm);
  if (tm > 59) return field(problems, s + k + 4, 2, `Time zone minute ${value.slice(s + k + 4, s + k + 6)} does not exist (00–59).`);
  if (th * 60 + tm > 14 * 60) return field(problems, s + k, 6, 'Time zone offsets range from -14:00 to +14:00.');
  return true;
}

/** Every field of a well-shaped value in range; the first one that is not is reported on just that field. */
function checkCalendarAndClock(value: string, problems: ValueProblem[], s: number): boolean {
  const { year, month, day } = fields;
  // Year 0000 is not a valid xsd:date / xsd:dateTime year in XML Schema 1.0, which validators use.
  if (year === 0) return field(problems, s, 4, 'Year 0000 does not exist.');
  if (month < 1 || month > 12) return field(problems, s + 5, 2, `Month ${value.slice(s + 5, s + 7)} does not exist (01–12).`);
  if (day < 1 || day > daysInMonth(year, month)) {
    return field(problems, s + 8, 2, `Day ${value.slice(s + 8, s + 10)} does not exist in ${value.slice(s, s + 7)} (1–${daysInMonth(year, month)}).`);
  }
  if (!fields.hasTime) return true;
  // W3C Datetime: hh 00–23 (no ISO 8601 "24:00"), mm 00–59, ss 00–59. A leap second ("60") is rejected too:
  // W3C Datetime does not allow it, JavaScript dates cannot represent it, and no file is stamped with one.
  if (fields.hour > 23) return field(problems, s + 11, 2, `Hour ${value.slice(s + 11, s + 13)} does not exist (00–23).`);
  if (fields.minute > 59) return field(problems, s + 14, 2, `Minute ${value.slice(s + 14, s + 16)} does not exist (00–59).`);
  if (fields.second > 59) return field(problems, s + 17, 2, `Second ${value.slice(s + 17, s + 19)} does not exist (00–59).`);
  return true;
}
