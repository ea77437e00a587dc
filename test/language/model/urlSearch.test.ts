/**
 * The URL index behind workspace symbols (server/src/language/model/urlSearch.ts): decoded URLs, case-insensitive
 * substring search (regular-expression characters taken literally), one match per URL, the `<loc>` value's range.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, parseDocument } from '../../../server/src/language/languageService';
import { indexEntryUrls, searchUrls, type UrlMatch, type UrlSearchIndex } from '../../../server/src/language/model/urlSearch';
import { NS } from '../../support/fixtures';

function search(index: UrlSearchIndex, query: string, limit = Infinity): UrlMatch[] {
  const found: UrlMatch[] = [];
  searchUrls(index, query, (match) => {
    found.push(match);
    return found.length < limit;
  });
  return found;
}

const names = (matches: UrlMatch[]): string[] => matches.map((m) => m.url);

const TEXT = [
  `<urlset xmlns="${NS}">`,
  '  <url><loc>https://www.example.com/A?x=(1)&amp;y=[2]</loc></url>',
  '  <url>',
  '    <loc>',
  '      https://www.example.com/about/about/',
  '    </loc>',
  '  </url>',
  '  <url><lastmod>2024-01-01</lastmod></url>',
  '  <url><loc><![CDATA[https://www.example.com/cdata?a=1&b=2]]></loc></url>',
  '</urlset>',
].join('\n');

describe('URL search index', () => {
  const index = indexEntryUrls(parseDocument(TEXT, 'sitemap'));

  it('holds the decoded URL of every entry that has one, in document order', () => {
    assert.deepEqual(names(search(index, '')), [
      'https://www.example.com/A?x=(1)&y=[2]',
      'https://www.example.com/about/about/',
      'https://www.example.com/cdata?a=1&b=2',
    ]);
  });

  it('matches case-insensitively, literally, once per URL', () => {
    assert.deepEqual(names(search(index, 'a?X=(1)&Y=[2]')), ['https://www.example.com/A?x=(1)&y=[2]']);
    assert.deepEqual(names(search(index, 'ABOUT')), ['https://www.example.com/about/about/']);
    assert.deepEqual(names(search(index, '.*')), []);
    assert.deepEqual(names(search(index, '&amp;')), []);
    assert.deepEqual(names(search(index, 'www.example.com')).length, 3);
  });

  it('never matches across two URLs', () => {
    assert.deepEqual(search(index, '2]https'), []);
    assert.deepEqual(search(index, '2]\u0000https'), []);
  });

  it('stops when told to', () => {
    assert.equal(search(index, 'https', 2).length, 2);
  });

  it('gives the range of the <loc> value as written', () => {
    const [first] = search(index, 'A?x');
    assert.deepEqual([first.start, first.end], [{ line: 1, character: 12 }, { line: 1, character: 53 }]);
    const [multiline] = search(index, 'about');
    assert.deepEqual([multiline.start, multiline.end], [{ line: 4, character: 6 }, { line: 4, character: 42 }]);
  });

  it('agrees with the model\'s positionAt whatever the line ends', () => {
    const urls = Array.from({ length: 30 }, (_, i) => `https://www.example.com/p${i}`);
    const ends = ['\n', '\r\n', '\r'];
    const xml = `<urlset xmlns="${NS}">${urls.map((u, i) => `<url>${ends[i % 3]}<loc>${ends[(i + 1) % 3].repeat(i % 2)}${u}</loc></url>${ends[(i + 2) % 3].repeat(i % 4)}`).join('')}</urlset>`;
    const lines = urls.map((u, i) => `${u}${ends[i % 3]}`).join('');
    for (const [text, languageId] of [[xml, 'sitemap'], [lines, 'sitemap-txt']] as const) {
      const doc = parseDocument(text, languageId);
      const matches = search(indexEntryUrls(doc), '');
      assert.deepEqual(names(matches), urls);
      for (const m of matches) {
        const at = text.indexOf(`${m.url}${languageId === 'sitemap' ? '<' : ''}`);
        assert.deepEqual([m.start, m.end], [doc.positionAt(at), doc.positionAt(at + m.url.length)], m.url);
      }
    }
  });

  it('indexes text sitemaps and follows edits of the model', () => {
    const doc = parseDocument('https://www.example.com/a\nnot a url\nhttps://www.example.com/B\n', 'sitemap-txt');
    assert.deepEqual(search(indexEntryUrls(doc), 'b').map((m) => [m.url, m.start.line, m.start.character, m.end.character]),
      [['https://www.example.com/B', 2, 0, 25]]);
    applyEdits(doc, [{ start: 0, end: 0, text: 'https://www.example.com/new-b\n' }]);
    assert.deepEqual(names(search(indexEntryUrls(doc), 'b')), ['https://www.example.com/new-b', 'https://www.example.com/B']);
  });

  it('is empty for a document without entries', () => {
    assert.deepEqual(search(indexEntryUrls(parseDocument('<rss/>', 'sitemap')), ''), []);
  });
});
