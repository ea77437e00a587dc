/**
 * Site summaries packed to cross threads (server/src/node/packedSummary.ts) come back equal, whatever their characters
 * and size, and a received one brings its URL columns (hashes equal to urlHash, ranges, URLs) when packed with hashes;
 * a lint worker's sitemap, packed from its document's columns as bytes, stands for the summary summarizeForSite makes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packedSitemapOf, packedSitemapSummary, packSitemap, packSummary, receivedSummary, sitemapSummary, unpackSummary } from '../../server/src/node/packedSummary';
import {
  parseDocument, sitemapColumns, summarizeForSite, unescapeXml, type SiteEntry, type SitemapLanguageId, type SiteSummary,
} from '../../server/src/language/languageService';
import { urlHash, urlHashOfEscaped } from '../../server/src/language/model/urlHash';

const URLS = ['https://example.com/a', 'https://example.com/caf\u00e9', 'https://example.com/\u65e5\u672c', 'https://example.com/\u{1f600}', 'https://example.com/'];

function summary(count: number, urls: readonly string[]): SiteSummary {
  const entries: SiteEntry[] = [];
  for (let k = 0; k < count; k++) {
    const lastmodText = k % 3 === 0 ? '' : `2024-0${1 + (k % 9)}-01`;
    entries.push({
      url: `${urls[k % urls.length]}?n=${k}`, start: 100 * k, end: 100 * k + 40, lastmod: lastmodText === '' ? NaN : Date.parse(lastmodText),
      lastmodText, lastmodStart: lastmodText === '' ? 0 : 100 * k + 50, lastmodEnd: lastmodText === '' ? 0 : 100 * k + 60,
    });
  }
  return { kind: 'urlset', entries, anchorStart: 1, anchorEnd: 7 };
}

test('packed summaries come back equal, with their URL columns', () => {
  for (const urls of [URLS.slice(0, 1), URLS.slice(0, 2), URLS]) {
    for (const count of [0, 1, 5, 3000]) {
      const original = summary(count, urls);
      for (const hashes of [false, true]) {
        const packed = packSummary(original, hashes);
        assert.deepEqual(unpackSummary(packed), original);
        const received = receivedSummary(packed);
        assert.deepEqual(received.entries, original.entries);
        assert.deepEqual([received.kind, received.anchorStart, received.anchorEnd], ['urlset', 1, 7]);
        if (!hashes) {
          assert.equal(received.urls, undefined);
          continue;
        }
        const columns = received.urls!;
        assert.deepEqual([...columns.hashes], original.entries.map((e) => urlHash(e.url)));
        assert.deepEqual([...columns.ranges], original.entries.flatMap((e) => [e.start, e.end]));
        original.entries.forEach((e, k) => assert.equal(columns.urlAt(k), e.url));
      }
    }
  }
});

/** A urlset with escapes of each kind, characters beyond Latin-1, entries without `<lastmod>` and one without a `<loc>`. */
function escapedUrlset(count: number, wide: boolean): string {
  const entries: string[] = [];
  for (let k = 0; k < count; k++) {
    const path = [`a?x=${k}&amp;y=2`, `q&apos;s/${k}`, `p${k}`, `t&lt;&gt;&quot;${k}`, wide ? `\u65e5\u672c/${k}` : `caf\u00e9/${k}`][k % 5];
    const lastmod = k % 3 === 0 ? '' : `<lastmod>2024-0${1 + (k % 9)}-01</lastmod>`;
    entries.push(k % 7 === 6 ? '<url><lastmod>2024-01-01</lastmod></url>' : `<url>\n  <loc>https://example.com/${path}</loc>${lastmod}\n</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

test('a sitemap packed from its columns stands for the summary summarizeForSite makes', () => {
  const texts: Array<[string, SitemapLanguageId]> = [];
  for (const count of [0, 1, 7, 2500]) for (const wide of [false, true]) texts.push([escapedUrlset(count, wide), 'sitemap']);
  texts.push(['https://example.com/a\nhttps://example.com/b?x=1&y=2\n\nhttps://example.com/\u65e5\n', 'sitemap-txt']);
  texts.push(['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url>', 'sitemap']);
  // All ASCII, yet a character reference makes a URL wider than Latin-1.
  texts.push(['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/caf&#233;</loc></url><url><loc>https://example.com/&#x65E5;</loc></url></urlset>', 'sitemap']);
  for (const [text, language] of texts) {
    const doc = parseDocument(text, language);
    const original = summarizeForSite(doc);
    const packed = packSitemap(sitemapColumns(doc));
    assert.equal(packed.wide, /[^\u0000-\u00ff]|&#x65e5;/i.test(text));
    assert.deepEqual(packedSitemapOf(packedSitemapSummary(doc)!), packed);
    const summary = sitemapSummary(packed);
    assert.deepEqual([summary.kind, summary.anchorStart, summary.anchorEnd], [original.kind, original.anchorStart, original.anchorEnd]);
    assert.deepEqual(summary.entries, original.entries);
    const columns = summary.urls!;
    assert.deepEqual([...columns.hashes], original.entries.map((e) => urlHash(e.url)));
    assert.deepEqual([...columns.ranges], original.entries.flatMap((e) => [e.start, e.end]));
    original.entries.forEach((e, k) => assert.equal(columns.urlAt(k), e.url));
    assert.equal(packedSitemapOf(summary), packed);
  }
});

test('urlHashOfEscaped hashes the URL an escaped form stands for', () => {
  const escapes = ['&amp;', '&apos;', '&lt;', '&gt;', '&quot;'];
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let k = 0; k < 3000; k++) {
    let escaped = '';
    for (let n = next(12); n > 0; n--) escaped += next(3) === 0 ? escapes[next(5)] : String.fromCharCode([0x61 + next(26), 0xe9, 0x65e5, 0x2f][next(4)]);
    const before = 'x&amp;'.slice(0, next(7));
    const text = `${before}${escaped}&lt;`;
    assert.equal(urlHashOfEscaped(text, before.length, before.length + escaped.length), urlHash(unescapeXml(escaped)), escaped);
  }
});
