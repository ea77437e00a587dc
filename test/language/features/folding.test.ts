/** Folding ranges: the root and every multi-line entry. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getFoldingRanges, parseDocument } from '../../../server/src/language/languageService';
import { NS } from '../../support/fixtures';

const TEXT = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`
  + '  <url>\n    <loc>https://www.example.com/a</loc>\n  </url>\n'
  + '  <url><loc>https://www.example.com/b</loc></url>\n'
  + '  <url>\n    <loc>https://www.example.com/c</loc>\n  </url>\n  <!-- a comment -->\n'
  + '</urlset>\n';

describe('folding ranges', () => {
  it('the root and each entry spanning lines, from the start tag to the end tag', () => {
    const ranges = getFoldingRanges(parseDocument(TEXT, 'sitemap'));
    assert.deepEqual(ranges.map((r) => [TEXT.slice(r.start, r.start + 10), TEXT.slice(r.end, r.end + 8)]), [
      ['<urlset xm', '</urlset'],
      ['<url>\n    ', '</url>\n '],
      ['<url>\n    ', '</url>\n '],
    ]);
    assert.ok(TEXT.slice(ranges[2].start).startsWith('<url>\n    <loc>https://www.example.com/c'));
  });

  it('honours the client\'s limit', () => {
    assert.equal(getFoldingRanges(parseDocument(TEXT, 'sitemap'), { maxRanges: 2 }).length, 2);
  });

  it('none in a text sitemap', () => {
    assert.deepEqual(getFoldingRanges(parseDocument('https://www.example.com/\n', 'sitemap-txt')), []);
  });
});
