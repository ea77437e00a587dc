/**
 * The defaults and checks of Split into Index's prompts (client/src/commands/split/splitNames.ts): names beside the original, the
 * public folder of a known location, what a typed limit, URL or name pattern may be. Checks return a reason or
 * undefined; only whether there is one is asserted, never its wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkBaseUrl, checkNamePattern, defaultBaseUrl, defaultNamePattern, folderUrlOf, indexNameOf, isGzipName, parseCount, splitReport, stemOf,
} from '../../client/src/commands/split/splitNames';

describe('Split into Index: prompt defaults', () => {
  it('names the children and the index after the original, in its kind and compression', () => {
    assert.equal(stemOf('sitemap.xml'), 'sitemap');
    assert.equal(stemOf('products-sitemap.xml.gz'), 'products-sitemap');
    assert.equal(stemOf('urllist.TXT'), 'urllist');
    assert.equal(stemOf('.xml'), 'sitemap');
    assert.equal(defaultNamePattern('sitemap.xml', false, false), 'sitemap-{n}.xml');
    assert.equal(defaultNamePattern('sitemap.xml.gz', false, true), 'sitemap-{n}.xml.gz');
    assert.equal(defaultNamePattern('sitemap.txt', true, false), 'sitemap-{n}.txt');
    assert.equal(indexNameOf('sitemap.txt'), 'sitemap-index.xml');
    assert.equal(indexNameOf('feed.xml.gz'), 'feed-index.xml');
    assert.equal(isGzipName('a.xml.GZ'), true);
    assert.equal(isGzipName('a.xml'), false);
  });

  it('offers the folder of a known location, else the first origin, else nothing', () => {
    assert.equal(folderUrlOf('https://www.example.com/maps/sitemap.xml?x=/y#z'), 'https://www.example.com/maps/');
    assert.equal(defaultBaseUrl('https://www.example.com/maps/sitemap.xml', 'https://other.example.com'), 'https://www.example.com/maps/');
    assert.equal(defaultBaseUrl('https://www.example.com/sitemap.xml', undefined), 'https://www.example.com/');
    assert.equal(defaultBaseUrl(undefined, 'https://www.example.com'), 'https://www.example.com/');
    assert.equal(defaultBaseUrl('not a url', 'https://www.example.com'), 'https://www.example.com/');
    assert.equal(defaultBaseUrl(undefined, undefined), '');
  });

  it('accepts absolute http(s) folder URLs only', () => {
    for (const ok of ['https://www.example.com/', 'http://localhost:8080/maps/', 'https://www.example.com/a%20b/']) assert.equal(checkBaseUrl(ok), undefined, ok);
    for (const bad of ['', 'www.example.com/', 'ftp://example.com/', 'https://www.example.com', 'https://www.example.com/maps', '/maps/', 'https:///x/']) {
      assert.notEqual(checkBaseUrl(bad), undefined, bad);
    }
  });

  it('accepts name patterns with {n} inside the original folder', () => {
    for (const ok of ['sitemap-{n}.xml', 'parts/sitemap-{n}.xml.gz', '{n}.txt']) assert.equal(checkNamePattern(ok), undefined, ok);
    for (const bad of ['sitemap.xml', '/abs/{n}.xml', '../up-{n}.xml', 'a/../../{n}.xml', 'what?-{n}.xml', 'c:{n}.xml', 'a\\{n}.xml']) {
      assert.notEqual(checkNamePattern(bad), undefined, bad);
    }
  });

  it('reads a typed limit: a whole number ≥ 1, digit groups allowed', () => {
    assert.equal(parseCount('50000'), 50_000);
    assert.equal(parseCount(' 52,428,800 '), 52_428_800);
    assert.equal(parseCount('1 000'), 1000);
    for (const bad of ['', '0', '-5', '1.5', '1,5000', '1.5e3', 'ten', '99999999999999999999']) assert.equal(parseCount(bad), undefined, bad);
  });

  it('reports counts and names, and where the index went', () => {
    const children = [{ name: 'a-1.xml', entries: 2 }, { name: 'a-2.xml', entries: 1 }];
    assert.match(splitReport('a.xml', children, undefined, true), /\b2 children, 3 entries: a-1\.xml, a-2\.xml\b.*\ba\.xml\b/);
    const many = Array.from({ length: 12 }, (_, k) => ({ name: `a-${k + 1}.xml`, entries: 50_000 }));
    const report = splitReport('a.xml', many, 'a-index.xml', false);
    assert.match(report, /\b12 children, 600,000 entries: a-1\.xml … a-12\.xml\b.*\ba-index\.xml\b/);
  });

  it('does not call the replaced original unsaved: autosave and VS Code for the Web have saved it already', () => {
    assert.doesNotMatch(splitReport('a.xml', [{ name: 'a-1.xml', entries: 2 }], undefined, true), /unsaved/i);
  });
});
