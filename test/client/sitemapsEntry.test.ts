/** Where a click on a Sitemaps view node selects its entry in the parent (client/src/sitemapsView/sitemapsEntry.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listedEntrySpan } from '../../client/src/sitemapsView/sitemapsEntry';

const URL_TEXT = 'https://e.com/gone.xml';
const TEXT = `<!-- ${URL_TEXT} -->\n<sitemapindex>\n<sitemap><loc>${URL_TEXT}</loc></sitemap>\n<sitemap><loc>${URL_TEXT}</loc></sitemap>\n</sitemapindex>\n`;
const offsetAt = (text: string) => ({ line, character }: { line: number; character: number }) =>
  text.split('\n').slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + character;
const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

describe('Sitemaps view: a listed node\'s entry', () => {
  it('is the server\'s range, not the same URL in a comment or an earlier entry', () => {
    const start = TEXT.lastIndexOf(URL_TEXT);
    assert.deepEqual(listedEntrySpan({ url: URL_TEXT, range: at(3, 14, 14 + URL_TEXT.length) }, TEXT, offsetAt(TEXT)), { start, end: start + URL_TEXT.length });
  });

  it('is the range when the URL is written with references', () => {
    const text = '<loc>https://e.com/a.xml?x=1&amp;y=&#50;</loc>';
    assert.deepEqual(listedEntrySpan({ url: 'https://e.com/a.xml?x=1&y=2', range: at(0, 5, 40) }, text, offsetAt(text)), { start: 5, end: 40 });
  });

  it('falls back to the URL\'s first occurrence when the text moved since the tree was read, and to none without a URL', () => {
    const edited = `\n\n${TEXT}`;
    const first = edited.indexOf(URL_TEXT);
    assert.deepEqual(listedEntrySpan({ url: URL_TEXT, range: at(3, 14, 14 + URL_TEXT.length) }, edited, offsetAt(edited)), { start: first, end: first + URL_TEXT.length });
    assert.equal(listedEntrySpan({ url: 'https://e.com/other.xml' }, TEXT, offsetAt(TEXT)), undefined);
    assert.equal(listedEntrySpan({}, TEXT, offsetAt(TEXT)), undefined);
  });
});
