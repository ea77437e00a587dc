/**
 * duplicate-url: the same <loc> twice in one file, with related information pointing at the first occurrence.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose, expectDiagnostics, render, sitemapindex, stripMarks, urlset, type Options } from '../../support/fixtures';

/**
 * Asserts duplicate-url problems on the ranges marked ⟦ ⟧ after the first one, each related to the first marked range.
 */
function expectDuplicates(fixture: string, options: Options = {}): void {
  const { text, ranges } = stripMarks(fixture);
  const [first, ...rest] = ranges;
  const diagnostics = diagnose(text, options);
  assert.deepEqual(render(diagnostics), rest.map(([s, e]) => `duplicate-url@${s}-${e}`));
  for (const d of diagnostics) {
    assert.equal(d.severity, 'warning');
    assert.deepEqual(d.related?.map((r) => [r.start, r.end]), [first], 'related information: the first occurrence');
  }
}

test('duplicate-url: the second occurrence is reported on its URL, related to the first', () => {
  expectDuplicates(urlset('<url><loc>⟦https://example.com/a⟧</loc></url>\n<url><loc>https://example.com/b</loc></url>\n<url><loc>⟦https://example.com/a⟧</loc></url>'));
});

test('duplicate-url: every later occurrence points at the first one', () => {
  expectDuplicates(urlset([
    '<url><loc>⟦https://example.com/a⟧</loc></url>',
    '<url><loc>⟦https://example.com/a⟧</loc><lastmod>2024-01-01</lastmod></url>',
    '<url><loc>https://example.com/b</loc></url>',
    '<url><loc>⟦https://example.com/a⟧</loc></url>',
  ].join('\n')));
});

test('duplicate-url: the same URL written with other escapes or surrounding whitespace', () => {
  expectDuplicates(urlset('<url><loc>⟦https://example.com/?a=1&amp;b=2⟧</loc></url>\n<url><loc>\n  ⟦https://example.com/?a=1&#38;b=2⟧\n</loc></url>\n<url><loc><![CDATA[⟦https://example.com/?a=1&b=2⟧]]></loc></url>'));
});

test('duplicate-url: in a sitemap index too', () => {
  expectDuplicates(sitemapindex('<sitemap><loc>⟦https://example.com/s1.xml⟧</loc></sitemap>\n<sitemap><loc>⟦https://example.com/s1.xml⟧</loc></sitemap>'));
});

test('duplicate-url: different URLs are fine — even when they may denote the same page', () => {
  expectDiagnostics(urlset([
    '<url><loc>https://example.com/a</loc></url>',
    '<url><loc>https://example.com/a/</loc></url>',
    '<url><loc>https://example.com/A</loc></url>',
    '<url><loc>https://example.com/a?x=1</loc></url>',
    '<url><loc>https://example.com/a#top</loc></url>',
  ].join('\n')), [], { ignore: ['url-fragment'] });
});

test('duplicate-url: a duplicated <loc> inside one entry is duplicate-element, not duplicate-url', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/a</loc><⟦loc⟧>https://example.com/a</loc></url>'), ['duplicate-element']);
});
