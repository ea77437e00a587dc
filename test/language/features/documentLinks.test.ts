/** Document links: only an index entry or a robots.txt Sitemap: URL that maps to a file; editors link http(s) URLs themselves. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDocumentLinks, parseDocument } from '../../../server/src/language/languageService';
import { NS } from '../../support/fixtures';

describe('document links', () => {
  it('in an index, links a loc that maps to a workspace file to the file, and nothing else', () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap><loc>https://www.example.com/a.xml?x=1&amp;y=2</loc></sitemap>\n  <sitemap><loc>https://www.example.com/b.xml</loc></sitemap>\n</sitemapindex>\n`;
    const asked: string[] = [];
    const links = findDocumentLinks(parseDocument(text, 'sitemap'), {
      resolveFile: (url) => {
        asked.push(url);
        return url.includes('/a.xml') ? 'file:///site/public/a.xml' : undefined;
      },
    });
    assert.deepEqual(links.map((l) => [text.slice(l.start, l.end), l.target]), [['https://www.example.com/a.xml?x=1&amp;y=2', 'file:///site/public/a.xml']]);
    // The resolver sees decoded URLs.
    assert.deepEqual(asked, ['https://www.example.com/a.xml?x=1&y=2', 'https://www.example.com/b.xml']);
  });

  it("in a robots.txt, links each Sitemap: line's URL robots-sitemap-url accepts (any spelling crawlers read, the first line too), and nothing else", () => {
    const text = 'Sitemap: https://www.example.com/a.xml\r\nUser-agent: *\nDisallow: /https://www.example.com/x.xml\n'
      + 'Sitemaps:  https://www.example.com/b.xml   # b\nSitemap: /c.xml\nSitemap: https://www.example.com/d.xml https://www.example.com/e.xml\n';
    const links = findDocumentLinks(parseDocument(text, 'robots-txt'), { resolveFile: (url) => `sitemap-url:${url}` });
    assert.deepEqual(links.map((l) => [text.slice(l.start, l.end), l.target]), [
      ['https://www.example.com/a.xml', 'sitemap-url:https://www.example.com/a.xml'],
      ['https://www.example.com/b.xml', 'sitemap-url:https://www.example.com/b.xml'],
    ]);
    assert.deepEqual(findDocumentLinks(parseDocument(text, 'robots-txt'), { resolveFile: () => undefined }), []);
    assert.deepEqual(findDocumentLinks(parseDocument(text, 'robots-txt')), []);
  });

  it('links nothing in a urlset or a text sitemap, even with a resolver', () => {
    const text = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/a.xml</loc></url>\n</urlset>\n`;
    assert.deepEqual(findDocumentLinks(parseDocument(text, 'sitemap'), { resolveFile: () => 'file:///site/public/a.xml' }), []);
    assert.deepEqual(findDocumentLinks(parseDocument('https://www.example.com/a.xml\n', 'sitemap-txt'), { resolveFile: () => 'file:///site/public/a.xml' }), []);
  });
});
