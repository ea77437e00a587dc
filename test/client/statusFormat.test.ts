/**
 * The status bar's text and level (client/src/status/statusFormat.ts): the format the issue shows, the thresholds (warning
 * at ≥ 90 % of either limit, error past one), configured limits, and sizes as byteSize.ts prints them everywhere.
 * The tooltip is checked for its exact numbers only, never its wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_LIMITS, describeStatus, entryNoun, resolveLimits, statusLevel } from '../../client/src/status/statusFormat';
import { formatMegabytes } from '../../shared/byteSize';

const MB = 1024 * 1024;
const stripIcon = (text: string): string => text.replace(/^\$\([\w-]+\) /, '');

describe('status bar text', () => {
  it('reads like the issue: entries and MB against the limits', () => {
    const view = describeStatus({ kind: 'urlset', entries: 12_345, bytes: 2.85 * MB }, DEFAULT_LIMITS, 'en-US');
    assert.equal(stripIcon(view.text), '12,345 / 50,000 URLs · 2.85 / 50 MB');
    assert.match(view.text, /^\$\([\w-]+\) /, 'starts with a codicon');
  });

  it('calls entries URLs in a sitemap and a text sitemap, sitemaps in an index', () => {
    assert.equal(entryNoun('urlset'), 'URLs');
    assert.equal(entryNoun('text'), 'URLs');
    assert.equal(entryNoun('sitemapindex'), 'sitemaps');
    assert.equal(stripIcon(describeStatus({ kind: 'sitemapindex', entries: 3, bytes: 2048 }, DEFAULT_LIMITS, 'en-US').text),
      '3 / 50,000 sitemaps · <0.01 / 50 MB');
    assert.equal(stripIcon(describeStatus({ kind: 'text', entries: 0, bytes: 0 }, DEFAULT_LIMITS, 'en-US').text),
      '0 / 50,000 URLs · 0.00 / 50 MB');
  });

  it('uses the configured limits', () => {
    const limits = resolveLimits(1000, 10_485_760);
    assert.equal(stripIcon(describeStatus({ kind: 'urlset', entries: 950, bytes: 5 * MB }, limits, 'en-US').text),
      '950 / 1,000 URLs · 5.00 / 10 MB');
    assert.equal(stripIcon(describeStatus({ kind: 'urlset', entries: 1, bytes: 10_000_001 }, resolveLimits(1000, 10_000_000), 'en-US').text),
      '1 / 1,000 URLs · 9.55 / 9.54 MB');
  });

  it('falls back to the defaults for junk limits, as the server does', () => {
    assert.deepEqual(resolveLimits(undefined, 'x'), DEFAULT_LIMITS);
    assert.deepEqual(resolveLimits(0, -5), DEFAULT_LIMITS);
    assert.deepEqual(resolveLimits(Number.NaN, Infinity), DEFAULT_LIMITS);
    assert.deepEqual(resolveLimits(10.7, 2048.2), { maxEntries: 10, maxBytes: 2048 });
  });

  it('follows the locale', () => {
    assert.equal(stripIcon(describeStatus({ kind: 'urlset', entries: 12_345, bytes: 2.85 * MB }, DEFAULT_LIMITS, 'de-DE').text),
      '12.345 / 50.000 URLs · 2,85 / 50 MB');
    // An unknown locale is not an error.
    assert.ok(describeStatus({ kind: 'urlset', entries: 1, bytes: 1 }, DEFAULT_LIMITS, 'not a locale!').text.length > 0);
  });
});

describe('status bar level', () => {
  const { maxEntries, maxBytes } = DEFAULT_LIMITS;

  it('is normal below 90 % of both limits', () => {
    assert.equal(statusLevel(0, 0, DEFAULT_LIMITS), 'normal');
    assert.equal(statusLevel(44_999, Math.ceil(0.9 * maxBytes) - 1, DEFAULT_LIMITS), 'normal');
  });

  it('warns from 90 % of either limit up to the limit itself', () => {
    assert.equal(statusLevel(45_000, 0, DEFAULT_LIMITS), 'warning');
    assert.equal(statusLevel(0, Math.ceil(0.9 * maxBytes), DEFAULT_LIMITS), 'warning');
    assert.equal(statusLevel(maxEntries, maxBytes, DEFAULT_LIMITS), 'warning');
  });

  it('is an error past either limit, and only then is the item meant to be clicked', () => {
    assert.equal(statusLevel(maxEntries + 1, 0, DEFAULT_LIMITS), 'error');
    assert.equal(statusLevel(0, maxBytes + 1, DEFAULT_LIMITS), 'error');
    assert.equal(describeStatus({ kind: 'urlset', entries: maxEntries + 1, bytes: 0 }, DEFAULT_LIMITS).overLimit, true);
    assert.equal(describeStatus({ kind: 'urlset', entries: maxEntries, bytes: maxBytes }, DEFAULT_LIMITS).overLimit, false);
    const icon = (entries: number) => /^\$\([\w-]+\)/.exec(describeStatus({ kind: 'urlset', entries, bytes: 0 }, DEFAULT_LIMITS).text)?.[0];
    assert.equal(new Set([icon(1), icon(45_000), icon(maxEntries + 1)]).size, 3, 'the icon changes with the level, not only the colour');
  });
});

describe('status bar MB', () => {
  const max = DEFAULT_LIMITS.maxBytes;
  const size = (bytes: number): string => stripIcon(describeStatus({ kind: 'urlset', entries: 1, bytes }, DEFAULT_LIMITS, 'en-US').text).split(' · ')[1];

  it('prints the size as the problems and VS Code do: two decimals, rounded, never past the limit while within it', () => {
    assert.equal(size(12_436_070), '11.86 / 50 MB');
    assert.equal(size(12_436_070), `${formatMegabytes(12_436_070, max)} / 50 MB`);
    assert.equal(size(max - 1), '50.00 / 50 MB');
    assert.equal(size(max + 1), '50.01 / 50 MB');
  });
});

describe('status bar tooltip', () => {
  it('has the exact numbers', () => {
    const view = describeStatus({ kind: 'urlset', entries: 12_345, bytes: 2_936_012 }, DEFAULT_LIMITS, 'en-US');
    for (const n of ['12,345', '50,000', '2,936,012', '52,428,800']) assert.ok(view.tooltip.includes(n), n);
  });
});
