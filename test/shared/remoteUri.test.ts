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

test("a gzip file's URI is named as its text: without .gz (what Save As suggests), the URL whole in its query", () => {
  assert.equal(toRemoteUri('https://www.example.com/sitemap.xml.gz'), 'sitemap-url:/www.example.com/sitemap.xml?https%3A%2F%2Fwww.example.com%2Fsitemap.xml.gz');
  assert.equal(toRemoteUri('https://www.example.com/s.XML.GZ?page=2'), 'sitemap-url:/www.example.com/s.XML?https%3A%2F%2Fwww.example.com%2Fs.XML.GZ%3Fpage%3D2');
  assert.equal(toRemoteUri('https://www.example.com/.gz'), 'sitemap-url:/www.example.com/.gz?https%3A%2F%2Fwww.example.com%2F.gz');
  assert.equal(toRemoteUri('https://www.example.com/a.gz/sitemap.xml'), 'sitemap-url:/www.example.com/a.gz/sitemap.xml?https%3A%2F%2Fwww.example.com%2Fa.gz%2Fsitemap.xml');
});

test('only a sitemap-url: URI with an http(s) URL in its query stands for a URL', () => {
  assert.equal(remoteUrlOf('file:///site/sitemap.xml'), undefined);
  assert.equal(remoteUrlOf('sitemap-url:/example.com/sitemap.xml'), undefined);
  assert.equal(remoteUrlOf(`sitemap-url:/x?${encodeURIComponent('file:///etc/passwd')}`), undefined);
  assert.equal(remoteUrlOf('sitemap-url:/x?%E0%A4%A'), undefined);
  assert.equal(remoteUrlOf(`sitemap-url:/x?${encodeURIComponent('https://')}`), undefined);
});
