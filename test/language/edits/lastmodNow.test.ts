/** Set lastmod to Now: text in → exact text out, for cursors and selections, in the file's own date form. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, setLastmodNow, type TimeZoneOffset } from '../../../server/src/language/languageService';
import { applyOffsetEdits, withSelections } from '../../support/cursor';
import { NS } from '../../support/fixtures';

/** 2025-06-15T12:34:56.789Z. */
const NOW = Date.UTC(2025, 5, 15, 12, 34, 56, 789);
const PLUS_TWO: TimeZoneOffset = () => 120;

/** `|` marks cursors; `[` … `]` a selection. */
function run(fixture: string): string {
  const { text, ranges } = withSelections(fixture);
  const result = setLastmodNow(parseDocument(text, 'sitemap'), ranges, { now: NOW, timeZoneOffset: PLUS_TWO });
  assert.equal(result.status, 'set', JSON.stringify(result));
  if (result.status !== 'set') throw new Error('unreachable');
  return applyOffsetEdits(text, result.edits);
}

const set = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body}</urlset>\n`;

describe('setLastmodNow', () => {
  it('replaces only the value, in the entry\'s own form', () => {
    assert.equal(run(set('  <url>\n    <loc>https://e.com/a</loc>\n    <lastmod> 2020-01-01 </lastmod>|\n  </url>\n')),
      set('  <url>\n    <loc>https://e.com/a</loc>\n    <lastmod> 2025-06-15 </lastmod>\n  </url>\n'));
    assert.equal(run(set('  <url><loc>https://e.com/a</loc><lastmod>2020-01-01T00:00Z</lastmod></url>|\n')),
      set('  <url><loc>https://e.com/a</loc><lastmod>2025-06-15T12:34Z</lastmod></url>\n'));
    assert.equal(run(set('  <url><loc>https://e.com/a</loc><lastmod>2020-01-01T00:00:00.5-05:00</lastmod></url>|\n')),
      set('  <url><loc>https://e.com/a</loc><lastmod>2025-06-15T14:34:56.7+02:00</lastmod></url>\n'));
    assert.equal(run(set('  <url><loc>https://e.com/a</loc><lastmod>2020-01-01T00:00:00.1234Z</lastmod></url>|\n')),
      set('  <url><loc>https://e.com/a</loc><lastmod>2025-06-15T12:34:56.7890Z</lastmod></url>\n'));
  });

  it('inserts a missing lastmod after <loc> with its indentation and line ending, in the file\'s first valid form', () => {
    const text = `<urlset xmlns="${NS}">\r\n  <url>\r\n    <loc>https://e.com/a</loc>\r\n    <priority>0.5</priority>\r\n  </url>\r\n  <url><loc>https://e.com/b</loc><lastmod>bad</lastmod></url>\r\n  <url><loc>https://e.com/c</loc><lastmod>2019-03-04T05:06:07Z</lastmod></url>\r\n</urlset>\r\n`;
    assert.equal(run(text.replace('<priority>', '|<priority>')),
      `<urlset xmlns="${NS}">\r\n  <url>\r\n    <loc>https://e.com/a</loc>\r\n    <lastmod>2025-06-15T12:34:56Z</lastmod>\r\n    <priority>0.5</priority>\r\n  </url>\r\n  <url><loc>https://e.com/b</loc><lastmod>bad</lastmod></url>\r\n  <url><loc>https://e.com/c</loc><lastmod>2019-03-04T05:06:07Z</lastmod></url>\r\n</urlset>\r\n`);
  });

  it('defaults to a local datetime with seconds and offset; keeps a prefixed root\'s prefix', () => {
    assert.equal(run(`<s:urlset xmlns:s="${NS}"><s:url>|<s:loc>https://e.com/a</s:loc></s:url></s:urlset>`),
      `<s:urlset xmlns:s="${NS}"><s:url><s:loc>https://e.com/a</s:loc><s:lastmod>2025-06-15T14:34:56+02:00</s:lastmod></s:url></s:urlset>`);
  });

  it('sets every entry touched by several cursors and selections, once each', () => {
    const body = [0, 1, 2, 3, 4].map((n) => `  <url>\n    <loc>https://e.com/${n}</loc>\n    <lastmod>2020-01-01</lastmod>\n  </url>\n`);
    // A cursor on entry 0; a selection from entry 2 to the start of the line after entry 3 (entry 4 untouched);
    // a second cursor in entry 0; a cursor in the indentation before entry 2 (belongs to entry 2).
    const fixture = set(body[0].replace('<loc>', '|<loc>').replace('</url>', '|</url>') + body[1] + '[' + body[2].replace('  <url>', '  |<url>') + body[3] + ']' + body[4]);
    const expected = set(body.map((b, n) => (n === 1 || n === 4 ? b : b.replace('2020-01-01', '2025-06-15'))).join(''));
    assert.equal(run(fixture), expected);
  });

  it('sets every entry for Select All, or a selection that holds the root\'s start or end tag', () => {
    const body = [0, 1, 2].map((n) => `  <url><loc>https://e.com/${n}</loc><lastmod>2020-01-01</lastmod></url>\n`);
    const all = set(body.map((b) => b.replace('2020-01-01', '2025-06-15')).join(''));
    assert.equal(run('[' + set(body.join('')) + ']'), all);
    assert.equal(run(set(body.join('')).replace('<urlset', '[<urlset').replace('</urlset>', '</urlset>]')), all);
    // From inside the root's start tag to the middle entry; from the middle entry into the root's end tag.
    assert.equal(run(set(body[0] + body[1].replace('<loc>', ']<loc>') + body[2]).replace('<urlset', '<url[set')),
      set(body.slice(0, 2).map((b) => b.replace('2020-01-01', '2025-06-15')).join('') + body[2]));
    assert.equal(run(set(body[0] + body[1].replace('<loc>', '[<loc>') + body[2]).replace('</urlset>', '</url]set>')),
      set(body[0] + body.slice(1).map((b) => b.replace('2020-01-01', '2025-06-15')).join('')));
  });

  it('works in a sitemap index, and finds no entry in the prolog', () => {
    assert.equal(run(`<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://e.com/1.xml</loc>|\n  </sitemap>\n</sitemapindex>`),
      `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://e.com/1.xml</loc>\n    <lastmod>2025-06-15T14:34:56+02:00</lastmod>\n  </sitemap>\n</sitemapindex>`);
    const text = `<?xml version="1.0"?>\n<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc></url></urlset>`;
    assert.deepEqual(setLastmodNow(parseDocument(text, 'sitemap'), [{ start: 3, end: 3 }], { now: NOW }), { status: 'no-entries' });
  });
});
