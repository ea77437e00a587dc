/**
 * relativeTime counts whole units down, never up: the lastmod hover must not call 2 years 7 months "3 years ago".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { relativeTime } from '../../../server/src/language/features/clock';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 86_400_000;
const before = (ms: number): string => relativeTime(NOW - ms, NOW);

describe('relativeTime', () => {
  it('2 years 7 months is not rounded up to 3 years', () => {
    assert.equal(relativeTime(Date.UTC(2024, 3, 20), NOW), '2 years 7 months ago');
    assert.equal(relativeTime(Date.UTC(2024, 3, 20) + 2 * (NOW - Date.UTC(2024, 3, 20)), NOW), 'in 2 years 7 months');
  });

  it('whole years and months at their boundaries', () => {
    const year = 365.25 * DAY;
    assert.equal(before(2 * year), '2 years ago');
    assert.equal(before(2 * year - DAY), '1 year 11 months ago');
    assert.equal(before(year + 31 * DAY), '1 year 1 month ago');
    assert.equal(before(year), '1 year ago');
    assert.equal(before(year - DAY), '11 months ago');
    assert.equal(before(61 * DAY), '2 months ago');
    assert.equal(before(59 * DAY), '1 month ago');
  });

  it('days, hours and minutes count down too', () => {
    assert.equal(before(14 * DAY - 1), '13 days ago');
    assert.equal(before(14 * DAY), '2 weeks ago');
    assert.equal(before(DAY - 1), '23 hours ago');
    assert.equal(before(3_600_000 - 1), '59 minutes ago');
    assert.equal(before(59_999), 'just now');
  });
});
