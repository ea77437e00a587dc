import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLastmod, daysInMonth, isLeapYear } from '../../../../server/src/language/rules/lastmod';
import type { ValueProblem } from '../../../../server/src/language/rules/valueProblem';

const NOW = Date.UTC(2024, 5, 1, 0, 0, 0); // 2024-06-01T00:00:00Z
const DAY = 86_400_000;

function run(value: string, now = NOW) {
  const raw: ValueProblem[] = [];
  const ms = checkLastmod(value, now, raw);
  return { ms, problems: raw.map(({ rule, start, end }) => ({ rule, start, end })), raw };
}

function valid(value: string, expected?: number): number {
  const { ms, problems } = run(value);
  assert.deepEqual(problems, [], `expected no problems for ${JSON.stringify(value)}`);
  assert.equal(typeof ms, 'number');
  if (expected !== undefined) assert.equal(ms, expected, `epoch of ${value}`);
  return ms!;
}

function invalid(value: string, start: number, end: number): void {
  const { ms, problems } = run(value);
  assert.deepEqual(problems, [{ rule: 'invalid-lastmod', start, end }], `problems for ${JSON.stringify(value)}`);
  assert.equal(ms, undefined);
}

/** A format (shape) error: range is the whole value without surrounding whitespace. */
function badShape(value: string): void {
  const s = value.length - value.trimStart().length;
  const e = value.trimEnd().length;
  invalid(value, e > s ? s : 0, e > s ? e : value.length);
}

test('all six W3C Datetime forms are valid, with their epoch (start of the period, UTC)', () => {
  valid('2005', Date.UTC(2005, 0, 1));
  valid('2005-03', Date.UTC(2005, 2, 1));
  valid('2005-03-17', Date.UTC(2005, 2, 17));
  valid('2005-03-17T10:20Z', Date.UTC(2005, 2, 17, 10, 20));
  valid('2005-03-17T10:20:30Z', Date.UTC(2005, 2, 17, 10, 20, 30));
  valid('2005-03-17T10:20:30.4Z', Date.UTC(2005, 2, 17, 10, 20, 30, 400));
  valid('2005-03-17T10:20:30.45Z', Date.UTC(2005, 2, 17, 10, 20, 30, 450));
  valid('2005-03-17T10:20:30.456Z', Date.UTC(2005, 2, 17, 10, 20, 30, 456));
  valid('2005-03-17T10:20:30.4567891234Z', Date.UTC(2005, 2, 17, 10, 20, 30, 456)); // truncated
  valid('2005-03-17T10:20:30.9999999999999999999Z', Date.UTC(2005, 2, 17, 10, 20, 30, 999));
});

test('time zone offsets are applied', () => {
  valid('2004-12-23T18:00:15+00:00', Date.UTC(2004, 11, 23, 18, 0, 15));
  valid('2004-12-23T18:00:15-00:00', Date.UTC(2004, 11, 23, 18, 0, 15));
  valid('2004-12-23T18:00:15+01:00', Date.UTC(2004, 11, 23, 17, 0, 15));
  valid('2004-12-23T18:00:15-05:30', Date.UTC(2004, 11, 23, 23, 30, 15));
  valid('2004-02-29T23:59:59.999+01:00', Date.UTC(2004, 1, 29, 22, 59, 59, 999));
  valid('2005-01-01T00:00-14:00', Date.UTC(2005, 0, 1, 14));
  valid('2005-01-01T00:00+14:00', Date.UTC(2004, 11, 31, 10));
  valid('1997-07-16T19:20+01:00', Date.UTC(1997, 6, 16, 18, 20));
});

test('calendar edges', () => {
  valid('2024-02-29');
  valid('2000-02-29');
  valid('2023-02-28');
  valid('2023-12-31T23:59:59Z');
  valid('2023-01-31');
  valid('2023-04-30');
  valid('0001-01-01', Date.parse('0001-01-01T00:00:00Z'));
  valid('0099-06-15', Date.parse('0099-06-15T00:00:00Z')); // no Date.UTC 1900s quirk
  valid('1969-12-31T23:59:59Z', -1000);
  valid('1600-02-29', Date.parse('1600-02-29T00:00:00Z'));
  assert.ok(isLeapYear(2000) && isLeapYear(2024) && !isLeapYear(1900) && !isLeapYear(2023));
  assert.equal(daysInMonth(2023, 2), 28);
  assert.equal(daysInMonth(2024, 2), 29);
  assert.equal(daysInMonth(2024, 4), 30);
  assert.equal(daysInMonth(2024, 12), 31);
});

test('surrounding XML whitespace is tolerated', () => {
  valid(' 2005-01-01 ', Date.UTC(2005, 0, 1));
  valid('\n\t2005-01-01T10:00Z\r\n', Date.UTC(2005, 0, 1, 10));
});

test('shape errors: range is the whole value (without surrounding whitespace)', () => {
  for (const v of [
    '',
    '   ',
    '05',
    '200',
    '20050',
    '2005-',
    '2005-1',
    '2005-1-1',
    '2005-01-1',
    '2005/01/01',
    '2005.01.01',
    '01-01-2005',
    '20050101',
    '12005-01-01',
    '-2005',
    '+2005',
    '2005-01-01T',
    '2005-01-01T10',
    '2005-01-01T10Z',
    '2005-01-01T10:0Z',
    '2005-01-01T1:00Z',
    '2005-01-01T10:00', // a time without a zone
    '2005-01-01T10:00:00', // a time without a zone
    '2005-01-01T10:00:00.5', // a time without a zone
    '2005-01-01t10:00Z', // lower-case t
    '2005-01-01T10:00z', // lower-case z
    '2005-01-01 10:00Z',
    '2005-01-01T10:00:00.Z',
    '2005-01-01T10:00:00,5Z',
    '2005-01-01T10:00:0Z',
    '2005-01-01T10:00:00+0100',
    '2005-01-01T10:00:00+01',
    '2005-01-01T10:00:00+1:00',
    '2005-01-01T10:00:00+01:0',
    '2005-01-01T10:00:00+01:000',
    '2005-01-01T10:00:00 +01:00',
    '2005-01-01T10:00:00UTC',
    '2005-01-01T10:00:00GMT+1',
    '2005-01-01T10:00:00ZZ',
    '2005-01-01T10:00:00Zx',
    '2005-01-01Z',
    '2005-01-01+01:00',
    '2005-01Z',
    '2005-01-01x',
    '2005-01-01T10:00:00.123+01:00x',
    'yesterday',
    'Mon, 01 Jan 2024 00:00:00 GMT',
    '２００５',
    '2005-01-01T10:00:00.+01:00',
    ' 2005/01 ',
    '\t2005-01-01T10:00\n',
  ]) {
    badShape(v);
  }
});

test('impossible fields: range is the field', () => {
  invalid('2023-13-01', 5, 7);
  invalid('2023-13', 5, 7);
  invalid('2023-00', 5, 7);
  invalid('2023-00-10', 5, 7);
  invalid('2023-02-30', 8, 10);
  invalid('2023-02-29', 8, 10);
  invalid('1900-02-29', 8, 10);
  invalid('2023-04-31', 8, 10);
  invalid('2023-01-32', 8, 10);
  invalid('2023-01-00', 8, 10);
  invalid('2023-01-01T25:00Z', 11, 13);
  invalid('2023-01-01T24:00Z', 11, 13); // no ISO 8601 24:00
  invalid('2023-01-01T24:00:00Z', 11, 13);
  invalid('2023-01-01T10:60Z', 14, 16);
  invalid('2023-01-01T10:00:60Z', 17, 19); // no leap seconds
  invalid('2016-12-31T23:59:60Z', 17, 19);
  invalid('2023-01-01T10:00:99.5+01:00', 17, 19);
  invalid('0000-01-01', 0, 4);
  invalid('0000', 0, 4);
  invalid(' 2023-02-30 ', 9, 11); // offsets relative to the value given
});

test('time zone offsets beyond ±14:00 or with minute ≥ 60 are invalid: range is the offset / its minute', () => {
  valid('2023-01-01T10:00+14:00');
  valid('2023-01-01T10:00-14:00');
  valid('2023-01-01T10:00+13:59');
  invalid('2023-01-01T10:00+15:00', 16, 22);
  invalid('2023-01-01T10:00-15:00', 16, 22);
  invalid('2023-01-01T10:00+14:01', 16, 22);
  invalid('2023-01-01T10:00:00+99:00', 19, 25);
  invalid('2023-01-01T10:00:00.5-14:30', 21, 27);
  invalid('2023-01-01T10:00+01:60', 20, 22);
});

test('future-lastmod: later than now + 24 h, whole value; the epoch is still returned', () => {
  // exactly now + 24 h is not yet in the future
  let r = run('2024-06-02T00:00:00Z');
  assert.deepEqual(r.problems, []);
  assert.equal(r.ms, NOW + DAY);
  r = run('2024-06-02T01:00:00+01:00');
  assert.deepEqual(r.problems, []);
  r = run('2024-06-02T00:00:01Z');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 20 }]);
  assert.equal(r.ms, NOW + DAY + 1000);
  r = run('2024-06-02T00:00:00.001Z');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 24 }]);
  r = run('2024-06-01T23:59:59-01:00'); // = 2024-06-02T00:59:59Z
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 25 }]);
  r = run('2024-06-03');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 10 }]);
  r = run('2024-06-02'); // start of the day = now + 24 h
  assert.deepEqual(r.problems, []);
  r = run('2025');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 4 }]);
  assert.equal(r.ms, Date.UTC(2025, 0, 1));
  r = run('2024'); // the current year starts in the past
  assert.deepEqual(r.problems, []);
  r = run('2024-07');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 7 }]);
  r = run('  2099-01-01\n');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 2, end: 12 }]);
  r = run('9999-12-31T23:59:59Z');
  assert.deepEqual(r.problems, [{ rule: 'future-lastmod', start: 0, end: 20 }]);
  // an invalid value is never also reported as future
  r = run('2099-02-30');
  assert.deepEqual(r.problems, [{ rule: 'invalid-lastmod', start: 8, end: 10 }]);
});

test('the clock passed in decides what is future', () => {
  assert.deepEqual(run('1995-01-01', Date.UTC(1995, 0, 1)).problems, []);
  assert.deepEqual(run('2005-01-01T00:00Z', 0).problems, [{ rule: 'future-lastmod', start: 0, end: 17 }]);
});

test('messages are non-empty', () => {
  for (const v of ['', 'x', '2023-02-30', '2023-01-01T10:00', '2023-01-01T10:00+15:00', '2099', '0000']) {
    for (const p of run(v).raw) assert.ok(p.message.length > 0);
  }
});
