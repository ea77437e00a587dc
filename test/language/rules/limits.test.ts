/**
 * The protocol's limits: too-many-entries, file-too-large, legacy-size-limit. Small limits (settings.limits)
 * stand in for 50,000 entries and 50 MB.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS } from '../../../server/src/language/languageService';
import { describeSize, formatLimitMegabytes } from '../../../shared/byteSize';
import { diagnose, expectDiagnostics, render, sitemapindex, stripMarks, urlset } from '../../support/fixtures';

function limits(overrides: Partial<typeof DEFAULT_SETTINGS.limits>) {
  return { settings: { limits: { ...DEFAULT_SETTINGS.limits, ...overrides } } };
}

function urls(count: number, from = 0): string {
  const out: string[] = [];
  for (let k = from; k < from + count; k++) out.push(`<url><loc>https://example.com/p${k}</loc></url>`);
  return out.join('\n');
}

// ------------------------------------------------------------------------------------------------ too-many-entries

test('too-many-entries: reported on the start tag of the first entry over the limit, related to the root name', () => {
  const { text, ranges } = stripMarks(urlset(`${urls(2)}\n⟦<url>⟧<loc>https://example.com/third</loc></url>\n${urls(2, 3)}`).replace('<urlset', '<⟦urlset⟧'));
  const diagnostics = diagnose(text, limits({ maxEntries: 2 }));
  assert.deepEqual(render(diagnostics), [`too-many-entries@${ranges[1][0]}-${ranges[1][1]}`]);
  assert.equal(diagnostics[0].severity, 'error');
  assert.deepEqual(diagnostics[0].related?.map((r) => [r.start, r.end]), [ranges[0]]);
  assert.equal(text.slice(ranges[0][0], ranges[0][1]), 'urlset');
});

test('too-many-entries: the whole start tag, attributes included, in an index too', () => {
  const { text, ranges } = stripMarks(sitemapindex(
    '<sitemap><loc>https://example.com/s1.xml</loc></sitemap>\n⟦<sitemap xmlns:x="urn:x">⟧<loc>https://example.com/s2.xml</loc></sitemap>',
  ).replace('<sitemapindex', '<⟦sitemapindex⟧'));
  const diagnostics = diagnose(text, limits({ maxEntries: 1 }));
  assert.deepEqual(render(diagnostics), [`too-many-entries@${ranges[1][0]}-${ranges[1][1]}`]);
  assert.deepEqual(diagnostics[0].related?.map((r) => [r.start, r.end]), [ranges[0]]);
});

test('too-many-entries: up to the limit is fine; other root children do not count', () => {
  expectDiagnostics(urlset(urls(3)), [], limits({ maxEntries: 3 }));
  expectDiagnostics(
    urlset(`${urls(2)}\n<x:note xmlns:x="urn:x"/>\n<!-- c -->`),
    [],
    limits({ maxEntries: 2 }),
  );
});

// ------------------------------------------------------------------------------------------------ file-too-large

test('file-too-large: more UTF-8 bytes than sitemap.limits.maxBytes, reported on the root name', () => {
  const text = urlset(urls(1));
  const bytes = Buffer.byteLength(text);
  expectDiagnostics(urlset(urls(1)).replace('<urlset', '<⟦urlset⟧'), ['file-too-large'], limits({ maxBytes: bytes - 1, legacyMaxBytes: 10 }));
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc></sitemap>').replace('<sitemapindex', '<⟦sitemapindex⟧'), ['file-too-large'], limits({ maxBytes: 10, legacyMaxBytes: 5 }));
});

test('file-too-large: bytes are UTF-8 bytes, not characters', () => {
  const text = urlset('<url><loc>https://example.com/küche</loc></url>');
  const bytes = Buffer.byteLength(text);
  assert.equal(bytes, text.length + 1);
  expectDiagnostics(text, [], limits({ maxBytes: bytes }));
  expectDiagnostics(text.replace('<urlset', '<⟦urlset⟧'), ['file-too-large'], limits({ maxBytes: text.length }));
});

test('file-too-large: within the limit is fine', () => {
  expectDiagnostics(urlset(urls(5)), []);
  expectDiagnostics(urlset(urls(1)), [], limits({ maxBytes: Buffer.byteLength(urlset(urls(1))) }));
});

// ------------------------------------------------------------------------------------------------ legacy-size-limit

test('legacy-size-limit: over the old 10 MB limit but within the current one, information on the root name', () => {
  const text = urlset(urls(1));
  const bytes = Buffer.byteLength(text);
  const diagnostics = diagnose(text, limits({ legacyMaxBytes: bytes - 1 }));
  const root = text.indexOf('urlset');
  assert.deepEqual(render(diagnostics), [`legacy-size-limit@${root}-${root + 'urlset'.length}`]);
  assert.equal(diagnostics[0].severity, 'information');
});

test('legacy-size-limit: a file too large for the current limit gets only file-too-large', () => {
  expectDiagnostics(urlset(urls(1)).replace('<urlset', '<⟦urlset⟧'), ['file-too-large'], limits({ maxBytes: 100, legacyMaxBytes: 50 }));
});

test('legacy-size-limit: up to the old limit is fine', () => {
  const text = urlset(urls(1));
  expectDiagnostics(text, [], limits({ legacyMaxBytes: Buffer.byteLength(text) }));
});

// ------------------------------------------------------------------------------------------------ sizes in messages

test('file-too-large and legacy-size-limit print sizes as the status bar does (byteSize.ts)', () => {
  const text = urlset(urls(30_000)); // about 1.4 MB
  const bytes = Buffer.byteLength(text);
  const limit = bytes - 1; // 1 byte over: the figure must still read as over the limit
  const tooLarge = diagnose(text, limits({ maxBytes: limit, legacyMaxBytes: 1_000_000 }));
  assert.deepEqual(tooLarge.map((d) => d.rule), ['file-too-large']);
  assert.ok(tooLarge[0].message.includes(describeSize(bytes, limit)), tooLarge[0].message);
  assert.ok(tooLarge[0].message.includes(`${formatLimitMegabytes(limit)} MB`), tooLarge[0].message);
  const legacy = diagnose(text, limits({ legacyMaxBytes: 1_000_000 }));
  assert.deepEqual(legacy.map((d) => d.rule), ['legacy-size-limit']);
  assert.ok(legacy[0].message.includes(describeSize(bytes, 1_000_000)), legacy[0].message);
});
