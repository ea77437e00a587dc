/**
 * Site summaries packed to cross threads (server/src/node/packedSummary.ts) come back equal, whatever their characters
 * and size, and a received one brings its URL columns (hashes equal to urlHash, ranges, URLs) when packed with hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packSummary, receivedSummary, unpackSummary } from '../../server/src/node/packedSummary';
import type { SiteEntry, SiteSummary } from '../../server/src/language/languageService';
import { urlHash } from '../../server/src/language/model/urlHash';

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
