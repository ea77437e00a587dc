/** Document links: every loc opens its URL; in an index, a workspace file when the caller maps the URL to one. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDocumentLinks, parseDocument } from '../../../server/src/language/languageService';
import { NS } from '../../support/fixtures';

describe('document links', () => {
  it('links each loc to its decoded URL, and only URLs a browser can open', () => {
    const text = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/?a=1&amp;b=2</loc></url>\n  <url><loc>https://www.example.com/küche</loc></url>\n`
      + '  <url><loc>ftp://www.example.com/</loc></url>\n  <url><loc>https://www.example.com/a b</loc></url>\n</urlset>\n';
    const links = findDocumentLinks(parseDocument(text, 'sitemap'), { resolveFile: () => '/never/in/a/urlset.xml' });
    assert.deepEqual(links.map((l) => [text.slice(l.start, l.end), l.target, l.isFile]), [
      ['https://www.example.com/?a=1&amp;b=2', 'https://www.example.com/?a=1&b=2', false],
      ['https://www.example.com/küche', 'https://www.example.com/küche', false],
    ]);
  });

  it('in an index, a loc that maps to a workspace file links to the file', () => {
    const text = `<sitemapindex xmlns="${NS}">\n  <sitemap><loc>https://www.example.com/a.xml</loc></sitemap>\n  <sitemap><loc>https://www.example.com/b.xml</loc></sitemap>\n</sitemapindex>\n`;
    const links = findDocumentLinks(parseDocument(text, 'sitemap'), { resolveFile: (url) => (url.endsWith('/a.xml') ? 'file:///site/public/a.xml' : undefined) });
    assert.deepEqual(links.map((l) => [l.target, l.isFile]), [['file:///site/public/a.xml', true], ['https://www.example.com/b.xml', false]]);
  });

  it('links the lines of a text sitemap', () => {
    const text = 'https://www.example.com/a\nnot a url\n';
    assert.deepEqual(findDocumentLinks(parseDocument(text, 'sitemap-txt')).map((l) => [l.start, l.end, l.target]), [[0, 25, 'https://www.example.com/a']]);
  });
});
