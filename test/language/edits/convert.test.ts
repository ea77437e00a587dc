/** Convert to XML / to Text: the exact text of the other form, and what was dropped. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { convertSitemap, getQuickFixes, parseDocument } from '../../../server/src/language/languageService';
import { NS } from '../../support/fixtures';

describe('convertSitemap', () => {
  it('turns a text sitemap into a urlset, escaping URLs, in the original line ending', () => {
    const result = convertSitemap(parseDocument('https://e.com/a?x=1&y=\'2\'\r\n\r\nURLs:\r\nhttps://e.com/b\r\n', 'sitemap-txt'), 'xml');
    assert.deepEqual(result, {
      status: 'converted',
      entries: 2,
      dropped: { 'non-URL line': 1 },
      skippedLines: [{ line: 3, text: 'URLs:' }],
      encodedLines: [],
      text: `<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="${NS}">\r\n  <url>\r\n    <loc>https://e.com/a?x=1&amp;y=&apos;2&apos;</loc>\r\n  </url>\r\n  <url>\r\n    <loc>https://e.com/b</loc>\r\n  </url>\r\n</urlset>\r\n`,
    });
  });

  it('keeps a URL it can repair, percent-encoded as the invalid-url quick fix encodes it, and names the lines it cannot use', () => {
    const source = 'https://www.example.com/with space\n  https://e.com/a<b>  \nVisit https://e.com/\nhttps://exa mple.com/\n\nhttps://e.com/ok\n';
    const result = convertSitemap(parseDocument(source, 'sitemap-txt'), 'xml');
    assert.equal(result.status, 'converted');
    if (result.status !== 'converted') return;
    assert.deepEqual(result.text.split('\n').filter((l) => l.includes('<loc>')).map((l) => l.trim()),
      ['<loc>https://www.example.com/with%20space</loc>', '<loc>https://e.com/a%3Cb%3E</loc>', '<loc>https://e.com/ok</loc>']);
    assert.equal(result.entries, 3);
    assert.deepEqual(result.encodedLines, [{ line: 1, text: 'https://www.example.com/with space' }, { line: 2, text: 'https://e.com/a<b>' }]);
    assert.deepEqual(result.skippedLines, [{ line: 3, text: 'Visit https://e.com/' }, { line: 4, text: 'https://exa mple.com/' }]);
    // The quick fix's own edit on the same URL gives the same text.
    const fix = getQuickFixes(parseDocument('https://e.com/a<b>\n', 'sitemap-txt'), [{ rule: 'invalid-url', start: 15, end: 16 }]);
    assert.deepEqual(fix[0]?.edits.map((e) => e.text), ['%3C', '%3E']);
  });

  it('turns a urlset into text, unescaping URLs and counting what text cannot hold', () => {
    const text = `<?xml version="1.0"?>\n<!-- generated -->\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n`
      + '  <url><loc>https://e.com/?a=1&amp;b=2</loc><lastmod>2020-01-01</lastmod><priority>0.5</priority><image:image><image:loc>https://e.com/i.png</image:loc></image:image></url>\n'
      + '  <!-- between -->\n  <url><lastmod>2020-01-01</lastmod></url>\n'
      + '  <url><loc>https://e.com/b</loc><image:image><image:loc>https://e.com/j.png</image:loc></image:image><priority>1.0</priority></url>\n</urlset>\n';
    assert.deepEqual(convertSitemap(parseDocument(text, 'sitemap'), 'text'), {
      status: 'converted',
      entries: 2,
      dropped: { comment: 2, 'lastmod': 1, 'priority': 2, 'image:image': 2, 'entry without a loc': 1 },
      text: 'https://e.com/?a=1&b=2\nhttps://e.com/b\n',
    });
  });

  it('refuses the wrong direction, an index and a broken document', () => {
    assert.deepEqual(convertSitemap(parseDocument('https://e.com/\n', 'sitemap-txt'), 'text'), { status: 'not-convertible' });
    assert.deepEqual(convertSitemap(parseDocument(`<sitemapindex xmlns="${NS}"></sitemapindex>`, 'sitemap'), 'text'), { status: 'not-convertible' });
    assert.deepEqual(convertSitemap(parseDocument(`<urlset xmlns="${NS}"><url><loc>https://e.com/</loc></urlset>`, 'sitemap'), 'text'), { status: 'not-convertible' });
  });
});
