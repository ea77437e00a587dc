/** Sort Entries by URL: text in → exact text out, and the edit's span. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, sortEntries, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { compareCodePoints } from '../../../server/src/language/edits/sortEntries';
import { applyOffsetEdits } from '../../support/cursor';
import { NS } from '../../support/fixtures';

function sorted(text: string, languageId: SitemapLanguageId = 'sitemap'): string {
  const result = sortEntries(parseDocument(text, languageId));
  assert.equal(result.status, 'sorted', JSON.stringify(result));
  if (result.status !== 'sorted') throw new Error('unreachable');
  return applyOffsetEdits(text, [result.edit]);
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">`;

describe('sortEntries', () => {
  it('moves entries with their leading comments; the whitespace before </urlset> stays', () => {
    const text = `${HEAD}\n  <!-- c first -->\n  <url><loc>https://e.com/c</loc></url>\n  <url>\n    <loc>https://e.com/a</loc>\n  </url>\n  <!-- b -->\n  <url><loc>https://e.com/b</loc></url>\n</urlset>\n`;
    assert.equal(sorted(text),
      `${HEAD}\n  <url>\n    <loc>https://e.com/a</loc>\n  </url>\n  <!-- b -->\n  <url><loc>https://e.com/b</loc></url>\n  <!-- c first -->\n  <url><loc>https://e.com/c</loc></url>\n</urlset>\n`);
  });

  it('replaces only the span from the first to the last moved entry', () => {
    const text = `${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/c</loc></url>\n  <url><loc>https://e.com/b</loc></url>\n  <url><loc>https://e.com/d</loc></url>\n</urlset>\n`;
    const result = sortEntries(parseDocument(text, 'sitemap'));
    assert.equal(result.status, 'sorted');
    if (result.status !== 'sorted') return;
    assert.equal(result.moved, 2);
    assert.equal(text.slice(result.edit.start, result.edit.end), '\n  <url><loc>https://e.com/c</loc></url>\n  <url><loc>https://e.com/b</loc></url>');
  });

  it('counts as moved only the entries whose place changed (zeta, alpha, mid, alpha: 3)', () => {
    const urls = ['zeta', 'alpha', 'mid', 'alpha'].map((u) => `  <url><loc>https://e.com/${u}</loc></url>\n`).join('');
    const result = sortEntries(parseDocument(`${HEAD}\n${urls}</urlset>\n`, 'sitemap'));
    assert.equal(result.status, 'sorted');
    if (result.status !== 'sorted') return;
    assert.equal(result.moved, 3);
    const lines = sortEntries(parseDocument('https://e.com/zeta\nhttps://e.com/alpha\nhttps://e.com/mid\nhttps://e.com/alpha\n', 'sitemap-txt'));
    assert.equal(lines.status === 'sorted' ? lines.moved : -1, 3);
  });

  it('keeps CRLF and a prefixed root; compares decoded URLs', () => {
    const text = `<?xml version="1.0"?>\r\n<sm:urlset xmlns:sm="${NS}">\r\n\t<sm:url><sm:loc>https://e.com/?a=1&amp;b=2</sm:loc></sm:url>\r\n\t<sm:url><sm:loc>https://e.com/?a=1&amp;a=2</sm:loc></sm:url>\r\n</sm:urlset>`;
    assert.equal(sorted(text), `<?xml version="1.0"?>\r\n<sm:urlset xmlns:sm="${NS}">\r\n\t<sm:url><sm:loc>https://e.com/?a=1&amp;a=2</sm:loc></sm:url>\r\n\t<sm:url><sm:loc>https://e.com/?a=1&amp;b=2</sm:loc></sm:url>\r\n</sm:urlset>`);
  });

  it('is stable and puts entries without a URL last, in their order', () => {
    const text = `${HEAD}\n  <url><loc>https://e.com/b</loc><lastmod>2020-01-01</lastmod></url>\n  <url><lastmod>2021-01-01</lastmod></url>\n  <url><loc>https://e.com/b</loc><lastmod>2022-01-01</lastmod></url>\n  <url></url>\n  <url><loc>https://e.com/a</loc></url>\n</urlset>\n`;
    assert.equal(sorted(text), `${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/b</loc><lastmod>2020-01-01</lastmod></url>\n  <url><loc>https://e.com/b</loc><lastmod>2022-01-01</lastmod></url>\n  <url><lastmod>2021-01-01</lastmod></url>\n  <url></url>\n</urlset>\n`);
  });

  it('sorts a sitemap index', () => {
    const text = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://e.com/2.xml</loc></sitemap><sitemap><loc>https://e.com/1.xml</loc></sitemap></sitemapindex>`;
    assert.equal(sorted(text), `<sitemapindex xmlns="${NS}"><sitemap><loc>https://e.com/1.xml</loc></sitemap><sitemap><loc>https://e.com/2.xml</loc></sitemap></sitemapindex>`);
  });

  it('sorts a text sitemap: URL lines only, blank lines, CRLF and the missing last break stay in place', () => {
    assert.equal(sorted('https://e.com/c\r\n\r\nhttps://e.com/a\r\nhttps://e.com/b', 'sitemap-txt'), 'https://e.com/a\r\n\r\nhttps://e.com/b\r\nhttps://e.com/c');
    assert.equal(sorted('\ufeffhttps://e.com/b\nhttps://e.com/a\n', 'sitemap-txt'), '\ufeffhttps://e.com/a\nhttps://e.com/b\n');
  });

  it('reports an already sorted document, and refuses one with xml-syntax errors', () => {
    assert.deepEqual(sortEntries(parseDocument(`${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/b</loc></url>\n</urlset>\n`, 'sitemap')), { status: 'already-sorted', entries: 2 });
    assert.deepEqual(sortEntries(parseDocument('https://e.com/a\nhttps://e.com/b\n', 'sitemap-txt')), { status: 'already-sorted', entries: 2 });
    assert.deepEqual(sortEntries(parseDocument(`${HEAD}\n  <url><loc>https://e.com/b</loc></url>\n  <url><loc>https://e.com/a</loc>\n</urlset>\n`, 'sitemap')), { status: 'not-editable' });
  });

  it('orders by code point, not UTF-16 unit', () => {
    assert.ok(compareCodePoints('\u{10000}', '\uffff') > 0);
    assert.ok(compareCodePoints('\uffff', '\u{10000}') < 0);
    assert.ok(compareCodePoints('a', 'ab') < 0);
    assert.equal(compareCodePoints('ab', 'ab'), 0);
  });
});
