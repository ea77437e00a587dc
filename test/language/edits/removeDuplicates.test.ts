/** Remove Duplicate URLs: text in → exact text out, and the count. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, removeDuplicateUrls, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { applyOffsetEdits } from '../../support/cursor';
import { NS } from '../../support/fixtures';

function deduplicated(text: string, removed: number, languageId: SitemapLanguageId = 'sitemap'): string {
  const result = removeDuplicateUrls(parseDocument(text, languageId));
  assert.equal(result.status, 'removed', JSON.stringify(result));
  if (result.status !== 'removed') throw new Error('unreachable');
  assert.equal(result.removed, removed);
  return applyOffsetEdits(text, result.edits);
}

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">`;

describe('removeDuplicateUrls', () => {
  it('keeps the first, removes later ones with their leading whitespace; comments stay', () => {
    const text = `${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url>\n    <loc>https://e.com/b</loc>\n  </url>\n  <!-- keep me -->\n  <url><loc>https://e.com/a</loc><priority>0.1</priority></url>\n  <url><loc>https://e.com/b</loc></url>\n  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/c</loc></url>\n</urlset>\n`;
    assert.equal(deduplicated(text, 3),
      `${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url>\n    <loc>https://e.com/b</loc>\n  </url>\n  <!-- keep me -->\n  <url><loc>https://e.com/c</loc></url>\n</urlset>\n`);
  });

  it('compares canonical URLs (&amp; and &#38; are the same), keeps CRLF and a prefixed root', () => {
    const text = `<sm:urlset xmlns:sm="${NS}">\r\n  <sm:url><sm:loc>https://e.com/?a&amp;b</sm:loc></sm:url>\r\n  <sm:url><sm:loc> https://e.com/?a&#38;b </sm:loc></sm:url>\r\n</sm:urlset>\r\n`;
    assert.equal(deduplicated(text, 1), `<sm:urlset xmlns:sm="${NS}">\r\n  <sm:url><sm:loc>https://e.com/?a&amp;b</sm:loc></sm:url>\r\n</sm:urlset>\r\n`);
  });

  it('removes the last entry of a one-line document without touching the root tags', () => {
    const text = `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/a</loc></url></urlset>`;
    assert.equal(deduplicated(text, 1), `<urlset xmlns="${NS}"><url><loc>https://e.com/a</loc></url></urlset>`);
  });

  it('removes lines of a text sitemap, keeping the missing last line break missing', () => {
    assert.equal(deduplicated('https://e.com/a\r\nhttps://e.com/b\r\nhttps://e.com/a\r\n', 1, 'sitemap-txt'), 'https://e.com/a\r\nhttps://e.com/b\r\n');
    assert.equal(deduplicated('https://e.com/a\nhttps://e.com/b\nhttps://e.com/b\nhttps://e.com/b', 2, 'sitemap-txt'), 'https://e.com/a\nhttps://e.com/b');
  });

  it('does nothing without duplicates', () => {
    assert.deepEqual(removeDuplicateUrls(parseDocument(`${HEAD}\n  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/A</loc></url>\n</urlset>\n`, 'sitemap')), { status: 'no-duplicates' });
    assert.deepEqual(removeDuplicateUrls(parseDocument('https://e.com/a\n\nhttps://e.com/b\n', 'sitemap-txt')), { status: 'no-duplicates' });
  });
});
