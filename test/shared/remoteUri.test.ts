import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { remoteUrlOf, toRemoteUri } from '../../shared/remoteUri';

test('a sitemap-url: URI names the URL by its host and path and gives back exactly the URL', () => {
  for (const url of [
    'https://www.example.com/sitemap.xml',
    'http://127.0.0.1:8080/blog/sitemap.xml.gz',
    'https://example.com/',
    'https://example.com/sitemap.php?page=2&lang=de',
    'https://example.com/a%3Db/sitemap.xml?x=%3D',
    'https://例え.jp/サイトマップ.xml',
  ]) {
    const uri = toRemoteUri(url);
    assert.equal(remoteUrlOf(uri), url, uri);
  }
  assert.equal(toRemoteUri('https://www.example.com/blog/sitemap.xml'), 'sitemap-url:/www.example.com/blog/sitemap.xml?https%3A%2F%2Fwww.example.com%2Fblog%2Fsitemap.xml');
});

test('only a sitemap-url: URI with an http(s) URL in its query stands for a URL', () => {
  assert.equal(remoteUrlOf('file:///site/sitemap.xml'), undefined);
  assert.equal(remoteUrlOf('sitemap-url:/example.com/sitemap.xml'), undefined);
  assert.equal(remoteUrlOf(`sitemap-url:/x?${encodeURIComponent('file:///etc/passwd')}`), undefined);
  assert.equal(remoteUrlOf('sitemap-url:/x?%E0%A4%A'), undefined);
  assert.equal(remoteUrlOf(`sitemap-url:/x?${encodeURIComponent('https://')}`), undefined);
});
