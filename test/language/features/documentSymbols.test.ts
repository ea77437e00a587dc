/** The outline: the root, one symbol per entry named by its decoded URL, capped by sitemap.symbols.maxItems. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDocumentSymbols, parseDocument, type DocumentSymbolData } from '../../../server/src/language/languageService';
import { benchSitemap } from '../../support/generate';
import { NS } from '../../support/fixtures';

const TEXT = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`
  + '  <url>\n    <loc>https://www.example.com/?a=1&amp;b=2</loc>\n    <lastmod>2024-03-01</lastmod>\n  </url>\n'
  + '  <url><loc>https://www.example.com/b</loc></url>\n'
  + '  <url>\n    <priority>0.5</priority>\n  </url>\n'
  + '</urlset>\n';

function slice(text: string, symbol: DocumentSymbolData): [string, string] {
  return [text.slice(symbol.start, symbol.end), text.slice(symbol.selectionStart, symbol.selectionEnd)];
}

describe('document symbols', () => {
  it('one root symbol with one child per entry, named by its decoded loc', () => {
    const [root, ...others] = findDocumentSymbols(parseDocument(TEXT, 'sitemap'));
    assert.equal(others.length, 0);
    assert.equal(root.name, 'urlset');
    assert.equal(root.kind, 'root');
    assert.deepEqual(slice(TEXT, root), [TEXT.slice(TEXT.indexOf('<urlset'), TEXT.indexOf('</urlset>') + 9), 'urlset']);
    assert.deepEqual(root.children!.map((c) => [c.name, c.kind, c.detail]), [
      ['https://www.example.com/?a=1&b=2', 'url', '2024-03-01'],
      ['https://www.example.com/b', 'url', undefined],
      ['<url> without <loc>', 'url', undefined],
    ]);
    const [first, second] = root.children!;
    assert.deepEqual(slice(TEXT, first), ['<url>\n    <loc>https://www.example.com/?a=1&amp;b=2</loc>\n    <lastmod>2024-03-01</lastmod>\n  </url>', 'https://www.example.com/?a=1&amp;b=2']);
    assert.deepEqual(slice(TEXT, second), ['<url><loc>https://www.example.com/b</loc></url>', 'https://www.example.com/b']);
    for (const child of root.children!) assert.ok(child.start >= root.start && child.end <= root.end && child.selectionStart >= child.start && child.selectionEnd <= child.end);
  });

  it('is capped, saying so in the root\'s detail and in a last symbol covering the rest', () => {
    const text = benchSitemap(10);
    const [root] = findDocumentSymbols(parseDocument(text, 'sitemap'), { maxItems: 4 });
    assert.equal(root.children!.length, 5);
    const more = root.children![4];
    assert.equal(more.kind, 'more');
    assert.match(more.name, /\b6\b/);
    assert.match(root.detail!, /10/);
    assert.match(root.detail!, /\b4\b/);
    assert.ok(text.slice(more.start, more.end).startsWith('<url>') && text.slice(more.start, more.end).endsWith('</url>'));
    assert.equal(text.slice(more.start, more.end).split('<url>').length - 1, 6);
  });

  it('stops before the entries\' JSON would pass maxBytes (names and details as JSON strings, plus the caller\'s overhead)', () => {
    // Non-ASCII, a quote and a backslash: the estimate may exceed the real size, never fall short of it.
    const entry = (n: number): string => `  <url><loc>https://www.example.com/küche/${n}/&quot;\\/😀</loc><lastmod>2024-03-01</lastmod></url>\n`;
    const text = `<urlset xmlns="${NS}">\n${Array.from({ length: 100 }, (_, n) => entry(n)).join('')}</urlset>\n`;
    const document = parseDocument(text, 'sitemap');
    const overhead = 150;
    const cost = (s: DocumentSymbolData): number => overhead + Buffer.byteLength(JSON.stringify(s.name)) + Buffer.byteLength(JSON.stringify(s.detail));
    const [root] = findDocumentSymbols(document, { maxBytes: 5000, entryOverheadBytes: overhead });
    const shown = root.children!.slice(0, -1);
    const more = root.children![shown.length];
    assert.ok(shown.length > 0 && shown.length < 100, `${shown.length}`);
    assert.ok(shown.reduce((sum, s) => sum + cost(s), 0) <= 5000);
    assert.equal(more.kind, 'more');
    assert.match(more.name, new RegExp(`\\b${100 - shown.length}\\b`));
    assert.match(root.detail!, new RegExp(`\\b${shown.length}\\b`));
    // ASCII names without escapes are estimated exactly: the next entry would not have fit.
    const plain = parseDocument(benchSitemap(100), 'sitemap');
    const [plainRoot] = findDocumentSymbols(plain, { maxBytes: 5000, entryOverheadBytes: overhead });
    const fitting = plainRoot.children!.slice(0, -1);
    const [next] = findDocumentSymbols(plain, { maxItems: fitting.length + 1 })[0].children!.slice(fitting.length);
    const total = fitting.reduce((sum, s) => sum + cost(s), 0);
    assert.ok(total <= 5000 && total + cost(next) > 5000, `${total} + ${cost(next)}`);
  });

  it('costs one look-up per shown entry, whatever the size (5,000 of 50,000 well under a second)', () => {
    const document = parseDocument(benchSitemap(50_000), 'sitemap');
    // CPU time, not wall-clock time: what the look-ups cost, whatever else the machine runs.
    const t0 = process.cpuUsage();
    const [root] = findDocumentSymbols(document);
    const spent = process.cpuUsage(t0);
    const elapsed = (spent.user + spent.system) / 1000;
    assert.equal(root.children!.length, 5001);
    assert.ok(elapsed < 1000, `${elapsed} ms of CPU`);
  });

  it('a sitemap index and a text sitemap', () => {
    const index = `<sitemapindex xmlns="${NS}">\n  <sitemap>\n    <loc>https://www.example.com/a.xml</loc>\n  </sitemap>\n</sitemapindex>\n`;
    const [root] = findDocumentSymbols(parseDocument(index, 'sitemap'));
    assert.deepEqual([root.name, root.children!.map((c) => [c.name, c.kind])], ['sitemapindex', [['https://www.example.com/a.xml', 'sitemap']]]);
    const text = 'https://www.example.com/a\n\nhttps://www.example.com/b\n';
    assert.deepEqual(findDocumentSymbols(parseDocument(text, 'sitemap-txt')).map((s) => [s.name, s.kind, text.slice(s.start, s.end)]), [
      ['https://www.example.com/a', 'line', 'https://www.example.com/a'],
      ['https://www.example.com/b', 'line', 'https://www.example.com/b'],
    ]);
  });
});
