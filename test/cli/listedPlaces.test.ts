import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ListedPlaces } from '../../server/src/cli/lint/listedPlaces';
import type { SiteSummary } from '../../server/src/language/languageService';

function summary(kind: SiteSummary['kind'], entries: Array<[string, number]>): SiteSummary {
  return { kind, anchorStart: 0, anchorEnd: 0, entries: entries.map(([url, start]) => ({ url, start, end: start + 10, lastmodText: '', lastmod: NaN, lastmodStart: 0, lastmodEnd: 0 })) };
}

describe('ListedPlaces (where --live places a verdict)', () => {
  it('every place of a URL, in the order listed, across files; each URL once; an index lists no page', () => {
    const places = new ListedPlaces([
      { path: 'a.xml', summary: summary('urlset', [['https://e.com/1', 5], ['https://e.com/2', 40], ['https://e.com/1', 90]]) },
      { path: 'index.xml', summary: summary('sitemapindex', [['https://e.com/1', 7]]) },
      { path: 'b.txt', summary: summary('text', [['https://e.com/3', 0], ['https://e.com/1', 20]]) },
    ]);
    assert.deepEqual([...places.urls()], ['https://e.com/1', 'https://e.com/2', 'https://e.com/3']);
    assert.deepEqual([...places.placesOf('https://e.com/1')], [
      { path: 'a.xml', start: 5, end: 15 }, { path: 'a.xml', start: 90, end: 100 }, { path: 'b.txt', start: 20, end: 30 },
    ]);
    assert.deepEqual([...places.placesOf('https://e.com/2')], [{ path: 'a.xml', start: 40, end: 50 }]);
    assert.deepEqual([...places.placesOf('https://e.com/unlisted')], []);
  });
});
