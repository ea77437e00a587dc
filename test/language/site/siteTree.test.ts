/** The Sitemaps view's tree from the site files' facts (language/site/siteTree.ts): the first level, what a robots.txt
 * or an index lists (missing files marked), and the newest lastmod. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newestLastmodOf, siteTreeChildren, siteTreeTopLevel, type SiteTreeFile } from '../../../server/src/language/languageService';

const files: SiteTreeFile[] = [
  { path: '/s/a.xml', kind: 'sitemap', listed: [] },
  { path: '/s/index.xml', kind: 'index', listed: [{ url: 'https://e.com/a.xml', target: '/s/a.xml' }, { url: 'https://e.com/gone.xml', target: '/s/gone.xml' }, { url: 'https://other.org/x.xml', target: undefined }] },
  { path: '/s/orphan.txt', kind: 'text', listed: [] },
  { path: '/s/robots.txt', kind: 'robots', listed: [{ url: 'https://e.com/index.xml', target: '/s/index.xml' }] },
  { path: '/s/self.xml', kind: 'index', listed: [{ url: 'https://e.com/self.xml', target: '/s/self.xml' }] },
];
const byPath = new Map(files.map((f) => [f.path, f]));

describe('the Sitemaps view\'s tree', () => {
  it('puts robots.txt files first, then the files nothing else lists, in the files\' order', () => {
    assert.deepEqual(siteTreeTopLevel(files).map((i) => [i.kind, i.path, i.hasChildren]), [
      ['robots', '/s/robots.txt', true],
      ['text', '/s/orphan.txt', false],
      ['index', '/s/self.xml', true],
    ]);
  });

  it('gives what a file lists in its order, a file not among the site files as missing', () => {
    assert.deepEqual(siteTreeChildren(byPath.get('/s/robots.txt')!, byPath), [{ kind: 'index', path: '/s/index.xml', url: 'https://e.com/index.xml', hasChildren: true }]);
    assert.deepEqual(siteTreeChildren(byPath.get('/s/index.xml')!, byPath), [
      { kind: 'sitemap', path: '/s/a.xml', url: 'https://e.com/a.xml', hasChildren: false },
      { kind: 'missing', path: '/s/gone.xml', url: 'https://e.com/gone.xml', hasChildren: false },
      { kind: 'missing', path: undefined, url: 'https://other.org/x.xml', hasChildren: false },
    ]);
  });

  it('carries where each URL is written in the listing file to its node, missing or not', () => {
    const listing: SiteTreeFile = { path: '/s/i.xml', kind: 'index', listed: [{ url: 'https://e.com/a.xml', target: '/s/a.xml', entry: { start: 90, end: 109 } }, { url: 'https://e.com/b.xml', target: undefined, entry: { start: 140, end: 159 } }] };
    assert.deepEqual(siteTreeChildren(listing, byPath).map((i) => [i.kind, i.entry]), [['sitemap', { start: 90, end: 109 }], ['missing', { start: 140, end: 159 }]]);
  });

  it('finds the newest lastmod as written, none without a valid one', () => {
    const e = (lastmod: number, lastmodText: string) => ({ lastmod, lastmodText });
    assert.equal(newestLastmodOf([e(Date.UTC(2024, 0, 2), '2024-01-02'), e(Date.UTC(2024, 4, 1), '2024-05-01T00:00:00Z'), e(NaN, 'junk')]), '2024-05-01T00:00:00Z');
    assert.equal(newestLastmodOf([e(NaN, 'junk'), e(NaN, '')]), undefined);
  });
});
