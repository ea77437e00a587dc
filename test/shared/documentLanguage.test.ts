/**
 * The one decision of which language a file is (shared/documentLanguage.ts), as a table per former place: the server's
 * open documents, workspace symbols, the site files of lint and the site scan, merge and split, the editor's detection.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  compressedLanguageOf, detectedLanguageOf, isGzipName, isListableSitemapName, isRobotsName, isSiteFile, languageOfContent,
  languageOfDocument, languageOfSiteFile, mayBeSiteFile, maySearchSymbolsIn, readingOfDocument, siteFileType, splitsAsXml,
  symbolLanguageOf, uriFileName, withoutGzip,
} from '../../shared/documentLanguage';

const URLSET = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const RSS = '<?xml version="1.0"?>\n<rss version="2.0">\n';
const DECLARATION_ONLY = '<?xml version="1.0"?>\n';
const URLS = 'https://www.example.com/\nhttps://www.example.com/a\n';
const MIXED_HOSTS = 'https://a.example/\nhttps://b.example/\n';
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const NOTES = 'hello\n';

type Row<A extends unknown[], R> = [...A, R];

function table<A extends unknown[], R>(fn: (...args: A) => R, rows: Array<Row<A, R>>): void {
  for (const row of rows) {
    const args = row.slice(0, -1) as A;
    assert.deepEqual(fn(...args), row[row.length - 1], JSON.stringify(args));
  }
}

describe('names', () => {
  it('gzip, robots.txt and a URI\'s file name', () => {
    table(isGzipName, [['sitemap-1.xml.gz', true], ['SITEMAP.XML.GZ', true], ['sitemap.xml', false], ['gz', false], ['a.tgz', false]]);
    table(withoutGzip, [['sitemap.txt.gz', 'sitemap.txt'], ['sitemap.xml', 'sitemap.xml'], ['a.gz.gz', 'a.gz']]);
    table(isRobotsName, [['robots.txt', true], ['ROBOTS.TXT', true], ['Robots.Txt', true], ['robots.txt.gz', false], ['my-robots.txt', false], ['robots.text', false]]);
    table(uriFileName, [
      ['file:///site/sitemap.xml', 'sitemap.xml'], ['file:///site/robots.txt?x', 'robots.txt'], ['file:///site/urllist.txt#top', 'urllist.txt'],
      ['untitled:Untitled-1', 'untitled:Untitled-1'], ['C:\\site\\sitemap.txt', 'sitemap.txt'], ['https://a.example/maps/?page=a/b.xml', ''],
    ]);
  });

  it('sitemaps an index may list (completion): sitemap*.xml, .xml.gz and .txt, no index', () => {
    table(isListableSitemapName, [
      ['sitemap.xml', true], ['sitemap-1.xml.gz', true], ['products-sitemap.xml', true], ['sitemap.txt', true], ['SITEMAP_2.XML', true],
      ['sitemap_index.xml', false], ['sitemap-index.xml.gz', false], ['sitemapindex.xml', false], ['foo.xml', false],
      ['urllist.txt', false], ['sitemap.txt.gz', false], ['robots.txt', false],
    ]);
  });
});

describe('documents sent by a client (documentStore)', () => {
  it('our own languages as sent; xml by root; plain text by name or content, never a robots.txt look-alike', () => {
    table(languageOfDocument, [
      ['sitemap', 'file:///a/feed.xml', RSS, 'sitemap'],
      ['sitemap-txt', 'file:///a/sitemap-robots.txt', ROBOTS, 'sitemap-txt'],
      ['robots-txt', 'file:///a/robots.txt', '', 'robots-txt'],
      ['xml', 'file:///a/foo.xml', URLSET, 'sitemap'],
      ['xml', 'file:///a/idx.xml', INDEX, 'sitemap'],
      ['xml', 'file:///a/sitemap.xml', RSS, undefined],
      ['plaintext', 'file:///a/ROBOTS.TXT', '', 'robots-txt'],
      ['text', 'file:///c%3A/a/robots.txt?x', ROBOTS, 'robots-txt'],
      ['plaintext', 'file:///a/my-robots.txt', ROBOTS, undefined],
      ['plaintext', 'file:///a/urllist.txt', NOTES, 'sitemap-txt'],
      ['plaintext', 'file:///a/URLLIST-2.txt#x', '', 'sitemap-txt'],
      ['plaintext', 'file:///a/sitemap.txt?v=1', NOTES, 'sitemap-txt'],
      ['plaintext', 'file:///a/sitemap-robots.txt', ROBOTS, undefined],
      ['text', 'file:///a/pages.txt', URLS, 'sitemap-txt'],
      ['plaintext', 'file:///a/pages.txt', MIXED_HOSTS, undefined],
      ['plaintext', 'file:///a/notes.txt', NOTES, undefined],
      ['plaintext', 'file:///a/notes.txt?name=sitemap.txt', NOTES, undefined],
      ['html', 'file:///a/sitemap.txt', URLS, undefined],
    ]);
  });
});

describe('content alone (merge, listing indexes, the model, split)', () => {
  it('XML by a sitemap root or a declaration, else a text sitemap', () => {
    table(languageOfContent, [[URLSET, 'sitemap'], [INDEX, 'sitemap'], [DECLARATION_ONLY, 'sitemap'], [RSS, 'sitemap'], [URLS, 'sitemap-txt'], ['', 'sitemap-txt'], ['<rss/>', 'sitemap-txt']]);
  });

  it('a text sitemap whose content is XML is read as XML (the model\'s readingOf); other languages as opened', () => {
    table(readingOfDocument, [
      ['sitemap-txt', URLSET, 'sitemap'], ['sitemap-txt', DECLARATION_ONLY, 'sitemap'], ['sitemap-txt', URLS, 'sitemap-txt'],
      ['sitemap', URLS, 'sitemap'], ['robots-txt', URLSET, 'robots-txt'],
    ]);
  });

  it('split: XML as merge reads it, and any text starting with markup (sitemap-split and the editor\'s prompt alike)', () => {
    table(splitsAsXml, [
      [URLSET, true], [DECLARATION_ONLY, true], ['\uFEFF \n<rss/>', true], ['<', true], [URLS, false], ['', false], ['x<urlset>', false],
      // XML allows no other white space: the editor's prompt used to take these for XML while sitemap-split read text.
      ['\u00a0<urlset/>', false], [' \uFEFF<urlset/>', false], ['\f<urlset/>', false],
    ]);
  });
});

describe('workspace symbols', () => {
  it('candidates by name: .xml and text sitemaps by name', () => {
    table(maySearchSymbolsIn, [['foo.xml', true], ['FOO.XML', true], ['sitemap.txt', true], ['urllist-2.txt', true], ['notes.txt', false], ['sitemap.xml.gz', false], ['robots.txt', false]]);
  });

  it('a text sitemap by name, a sitemap by name or by root; the head is read only for other .xml', () => {
    const never = () => assert.fail('read');
    table((name: string, head: () => string | undefined) => symbolLanguageOf(name, head), [
      ['sitemap.txt', never, 'sitemap-txt'], ['urllist.txt', never, 'sitemap-txt'], ['sitemap.xml', never, 'sitemap'],
      ['news-sitemap.xml', never, 'sitemap'], ['a.sitemap.xml', never, 'sitemap'], ['x-sitemap-1.xml', never, 'sitemap'],
      ['notes.txt', never, undefined], ['sitemap-1.xml.gz', never, undefined],
      ['foo.xml', () => URLSET, 'sitemap'], ['foo.xml', () => RSS, undefined], ['foo.xml', () => undefined, undefined],
    ]);
  });
});

describe('site files (sitemap-lint\'s folders, the site scan, the cross-file rules)', () => {
  it('candidates by name: .xml, .txt, .gz', () => {
    table(mayBeSiteFile, [['a.xml', true], ['robots.txt', true], ['a.GZ', true], ['a.html', false], ['xml', false]]);
  });

  it('robots.txt by name; sitemaps by root, else by name unless the content says otherwise', () => {
    const never = () => assert.fail('read');
    table((name: string, head: () => string | undefined) => isSiteFile(name, head), [
      ['robots.txt', never, true], ['ROBOTS.TXT.gz', never, true], ['page.html', never, false], ['notes.md', never, false],
      ['foo.xml', () => URLSET, true], ['foo.xml', () => RSS, false], ['sitemap.xml', () => RSS, true], ['sitemap.xml', () => undefined, false],
      ['sitemap-1.xml.gz', () => '', true], ['data.xml.gz', () => '', false], ['blob.gz', () => URLSET, true], ['blob.gz', () => URLS, false],
      ['pages.txt', () => URLS, true], ['notes.txt', () => NOTES, false], ['urllist.txt', () => NOTES, true],
      ['sitemap.txt.gz', () => URLS, true], ['sitemap.txt', () => ROBOTS, false], ['notes.txt', () => URLSET, true],
    ]);
  });

  it('their type: robots.txt by name, XML by content or name, robots.txt by content, else a text sitemap', () => {
    table(siteFileType, [
      ['robots.txt', URLSET, 'robots'], ['robots.TXT.gz', '', 'robots'], ['foo.txt', URLSET, 'sitemap'], ['foo.xml', URLS, 'sitemap'],
      ['sitemap.xml.gz', '', 'sitemap'], ['sitemap.txt', ROBOTS, 'robots'], ['sitemap.txt.gz', URLS, 'sitemap-txt'], ['<stdin>', NOTES, 'sitemap-txt'],
    ]);
    table(languageOfSiteFile, [['sitemap', 'sitemap'], ['sitemap-txt', 'sitemap-txt'], ['robots', 'robots-txt']]);
  });
});

describe('the editor', () => {
  it('content detection switches xml, plain text and text sitemaps', () => {
    table(detectedLanguageOf, [
      ['xml', URLSET, 'sitemap'], ['xml', INDEX, 'sitemap'], ['xml', RSS, undefined], ['plaintext', URLS, 'sitemap-txt'],
      ['plaintext', ROBOTS, undefined], ['plaintext', MIXED_HOSTS, undefined], ['sitemap-txt', ROBOTS, 'plaintext'],
      ['sitemap-txt', URLS, undefined], ['sitemap-txt', URLSET, undefined], ['json', URLS, undefined],
    ]);
  });

  it('a compressed file by the name without .gz, refined by content', () => {
    table(compressedLanguageOf, [
      ['/a/sitemap-1.xml.gz', URLSET, 'sitemap'], ['/a/new.xml.gz', '  \n', 'sitemap'], ['/a/data.XML.GZ', RSS, 'xml'],
      ['/a/odd.xml.gz', URLS, 'sitemap-txt'], ['/a/sitemap.txt.gz', URLS, 'sitemap-txt'], ['/a/sitemap.txt.gz', '', 'sitemap-txt'],
      ['/a/robots.txt.gz', ROBOTS, 'plaintext'], ['/a/archive.tar.gz', '', undefined], ['/a/sitemap.xml', URLSET, undefined],
    ]);
  });
});
