/**
 * positionsAt (many offsets at once, by one walk over the segments while the model's trees are not built) gives what
 * positionAt gives, for every offset of texts with every kind of line break; and linting a clean document — parse,
 * validate, place its problems — builds no trees. The byte length a caller passes is the one the model keeps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, parseDocument, positionsAt, validate, type SitemapLanguageId } from '../../../server/src/language/languageService';
import type { SitemapModel } from '../../../server/src/language/model/model';
import { random } from '../../support/generate';
import { NOW } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(count: number, lineBreak: string, between = lineBreak): string {
  const entries = Array.from({ length: count }, (_, n) =>
    `<url>${lineBreak}  <loc>https://example.com/p/${n}</loc>${lineBreak}  <lastmod>2024-01-0${(n % 9) + 1}</lastmod>${lineBreak}</url>${between}`);
  return `<?xml version="1.0"?>${lineBreak}<urlset xmlns="${NS}">${lineBreak}${entries.join('')}</urlset>${lineBreak}`;
}

const TEXTS: Array<{ name: string; languageId: SitemapLanguageId; text: string }> = [
  { name: 'LF', languageId: 'sitemap', text: urlset(6, '\n') },
  { name: 'CRLF', languageId: 'sitemap', text: urlset(6, '\r\n') },
  { name: 'lone CR', languageId: 'sitemap', text: urlset(6, '\r') },
  { name: 'LF then a lone CR', languageId: 'sitemap', text: urlset(4, '\n\r') },
  { name: 'entries on one line', languageId: 'sitemap', text: urlset(6, '', '') },
  { name: 'mixed breaks, problems, an unclosed entry', languageId: 'sitemap', text: urlset(3, '\r\n', '\n').replace('</urlset>', '<url><loc>ftp://x</loc>\r<url>\n\r\n</urlset>') },
  { name: 'no root', languageId: 'sitemap', text: 'not xml\r\nat all\n' },
  // Everything after the root element is one segment: offsets in it are counted on from the one before (issue 35).
  { name: 'entries after the root, mixed breaks', languageId: 'sitemap', text: `${urlset(2, '\n')}${'<url>\r\n<loc>x</loc>\r<url>\n\r'.repeat(4)}<url>\r` },
  { name: 'text sitemap', languageId: 'sitemap-txt', text: 'https://example.com/a\r\nhttps://example.com/b\r\rnot a url\nhttps://example.com/c' },
  { name: 'robots.txt', languageId: 'robots-txt', text: 'User-agent: *\r\nSitemap: /relative.xml\nSitemap: https://example.com/s.xml\r' },
  { name: 'empty', languageId: 'sitemap', text: '' },
];

for (const { name, languageId, text } of TEXTS) {
  test(`positionsAt equals positionAt for every offset: ${name}`, () => {
    const reference = parseDocument(text, languageId);
    const expected = Array.from({ length: text.length + 3 }, (_, o) => reference.positionAt(o - 1));
    const doc = parseDocument(text, languageId);
    // In a shuffled order, with repeats and offsets outside the text.
    const rng = random(text.length + 7);
    const order = Array.from({ length: text.length + 3 }, (_, k) => k);
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(rng() * (k + 1));
      [order[k], order[j]] = [order[j], order[k]];
    }
    const offsets = [...order, ...order.slice(0, 5)].map((k) => k - 1);
    const got = positionsAt(doc, offsets);
    assert.equal((doc as SitemapModel).treeBuilds, 0);
    assert.deepEqual(got, offsets.map((o) => expected[o + 1]));
    // Once the trees exist, the same.
    assert.deepEqual(doc.lineCount, reference.lineCount);
    assert.deepEqual(positionsAt(reference, offsets), got);
  });
}

test('linting a clean document (parse, validate, place its problems) builds no trees; an edit builds them', () => {
  const text = urlset(50, '\n');
  const doc = parseDocument(text, 'sitemap');
  const problems = validate(doc, { ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, legacyMaxBytes: 100 } }, { location: undefined, now: NOW });
  assert.deepEqual(problems.map((p) => p.rule), ['legacy-size-limit']);
  const [start, end] = positionsAt(doc, [problems[0].start, problems[0].end]);
  assert.deepEqual([start, end], [{ line: 1, character: 1 }, { line: 1, character: 7 }]);
  assert.equal(doc.entryCount, 50);
  assert.equal(doc.lineCount, 4 * 50 + 4);
  assert.equal(doc.length, text.length);
  assert.equal((doc as SitemapModel).treeBuilds, 0);
  (doc as SitemapModel).applyEdit(text.indexOf('p/7<'), text.indexOf('p/7<') + 3, 'q/7\n');
  assert.equal((doc as SitemapModel).treeBuilds, 1);
  assert.equal(doc.lineCount, 4 * 50 + 5);
  assert.deepEqual(doc.positionAt(text.length + 1), { line: 4 * 50 + 4, character: 0 });
});

test('the byte length a caller passes is the one kept; without one the text is counted', () => {
  const text = urlset(3, '\n').replace('p/1', 'p/é');
  assert.equal(parseDocument(text, 'sitemap').byteLength, Buffer.byteLength(text));
  assert.equal(parseDocument(text, 'sitemap', { byteLength: 12_345 }).byteLength, 12_345);
});
