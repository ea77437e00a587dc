import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeXml, SNIFF_LENGTH, SNIFF_LINES, sniffPlainText, sniffSitemapRoot } from '../../../shared/contentDetection';
import { sitemapLanguageOf } from '../../../server/src/lsp/documents/documentStore';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

test('finds urlset and sitemapindex roots', () => {
  assert.equal(sniffSitemapRoot(`<urlset ${NS}><url><loc>https://a.example/</loc></url></urlset>`), 'urlset');
  assert.equal(sniffSitemapRoot(`<sitemapindex ${NS}></sitemapindex>`), 'sitemapindex');
  assert.equal(sniffSitemapRoot('<urlset>'), 'urlset');
  assert.equal(sniffSitemapRoot('<urlset/>'), 'urlset');
  assert.equal(sniffSitemapRoot('<urlset\n  xmlns="x">'), 'urlset');
});

test('strips a namespace prefix', () => {
  assert.equal(sniffSitemapRoot('<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">'), 'urlset');
  assert.equal(sniffSitemapRoot('<sit:sitemapindex>'), 'sitemapindex');
});

test('skips BOM, declaration, whitespace, comments, PIs and DOCTYPE', () => {
  const prolog = [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/xsl" href="//example.com/main-sitemap.xsl"?>',
    '<!-- generator="wordpress.com" -->',
    '<!DOCTYPE urlset [ <!ENTITY e "a>b]"> <!-- ] > --> <?pi ]>?> ]>',
    '\r\n\t',
  ].join('\n');
  assert.equal(sniffSitemapRoot(`${prolog}<urlset ${NS}>`), 'urlset');
  assert.equal(sniffSitemapRoot('<!DOCTYPE sitemapindex SYSTEM "x>y.dtd"><sitemapindex>'), 'sitemapindex');
});

test('is lenient about prolog errors the server reports', () => {
  assert.equal(sniffSitemapRoot(`  \n<?xml version="1.0"?>\n<urlset ${NS}>`), 'urlset');
  assert.equal(sniffSitemapRoot(`<!-- source: x -->\n<?xml version="1.0"?><urlset>`), 'urlset');
  // Declaration missing its `?>`.
  assert.equal(sniffSitemapRoot(`<?xml version="1.0" encoding="UTF-8"? <urlset ${NS}>`), 'urlset');
});

test("reads the root's name as the parser does: an XML name, whatever follows it", () => {
  assert.equal(sniffSitemapRoot(`<urlset;xmlns="x">`), 'urlset');
  assert.equal(sniffSitemapRoot(`<s[:urlset>`), undefined);
  assert.equal(sniffSitemapRoot(`<?xml version="1.0" encoding="UTF-8">>\n<urlset>`), 'urlset', 'a declaration that lost its "?>" ends at the next "<"');
});

test('rejects other roots and non-XML', () => {
  assert.equal(sniffSitemapRoot('<rss version="2.0">'), undefined);
  assert.equal(sniffSitemapRoot('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">'), undefined);
  assert.equal(sniffSitemapRoot('<urlsets>'), undefined);
  assert.equal(sniffSitemapRoot('<url>'), undefined);
  assert.equal(sniffSitemapRoot('<sitemap>'), undefined);
  assert.equal(sniffSitemapRoot('<URLSET>'), undefined);
  assert.equal(sniffSitemapRoot('< urlset>'), undefined);
  assert.equal(sniffSitemapRoot('https://example.com/\n'), undefined);
  assert.equal(sniffSitemapRoot('text <urlset>'), undefined);
  assert.equal(sniffSitemapRoot('<![CDATA[x]]><urlset>'), undefined);
  assert.equal(sniffSitemapRoot(''), undefined);
  assert.equal(sniffSitemapRoot('\uFEFF'), undefined);
});

test('an unterminated comment, PI or DOCTYPE is not a hit', () => {
  assert.equal(sniffSitemapRoot('<!-- <urlset>'), undefined);
  assert.equal(sniffSitemapRoot('<?xml version="1.0"'), undefined);
  assert.equal(sniffSitemapRoot('<!DOCTYPE urlset [ <urlset>'), undefined);
});

test('looks only at the first SNIFF_LENGTH characters', () => {
  const comment = (n: number) => `<!--${'x'.repeat(n - 7)}-->`;
  const fits = comment(SNIFF_LENGTH - '<urlset>'.length);
  assert.equal(sniffSitemapRoot(`${fits}<urlset>${'y'.repeat(10_000)}`), 'urlset');
  const tooLong = comment(SNIFF_LENGTH + 1);
  assert.equal(sniffSitemapRoot(`${tooLong}<urlset>`), undefined);
  // A name cut by the window could go on; not a hit.
  const cut = comment(SNIFF_LENGTH - '<urlset'.length);
  assert.equal(sniffSitemapRoot(`${cut}<urlsetx>`), undefined);
  assert.equal(sniffSitemapRoot(`${cut}<urlset>`), undefined);
});

// ---------------------------------------------------------------- plain text: text sitemap, robots.txt, other

test('a text sitemap by content: at least two lines, every non-blank one an http(s) URL, all on one host', () => {
  assert.equal(sniffPlainText('https://www.example.com/\nhttps://www.example.com/about\n'), 'text-sitemap');
  assert.equal(sniffPlainText('\uFEFF\n  http://Example.com/a  \r\n\r\nhttp://example.com/b?x=1#y\r\n'), 'text-sitemap');
  assert.equal(sniffPlainText('https://www.example.com/\n'), 'other', 'one URL is a note, not a sitemap');
  assert.equal(sniffPlainText('https://a.example/\nhttps://b.example/\n'), 'other', 'links to several sites: a bookmark list');
  assert.equal(sniffPlainText('# my pages\nhttps://www.example.com/\nhttps://www.example.com/a\n'), 'other');
  assert.equal(sniffPlainText('https://www.example.com/ https://www.example.com/a\nhttps://www.example.com/b\n'), 'other');
  assert.equal(sniffPlainText('ftp://example.com/a\nftp://example.com/b\n'), 'other');
  assert.equal(sniffPlainText(''), 'other');
});

test('only the first non-blank lines are looked at, within the window; a cut line is not judged', () => {
  const urls = (n: number): string => Array.from({ length: n }, (_, k) => `https://www.example.com/${k}\n`).join('');
  assert.equal(sniffPlainText(`${urls(SNIFF_LINES)}not a url\n`), 'text-sitemap');
  assert.equal(sniffPlainText(`${urls(SNIFF_LINES - 1)}not a url\n`), 'other');
  // The third line, cut by the window, would be another host's: not judged.
  assert.equal(sniffPlainText(`https://www.example.com/0\nhttps://www.example.com/a\nhttps://other.example/${'x'.repeat(SNIFF_LENGTH)}\n`), 'text-sitemap');
  assert.equal(sniffPlainText(`https://www.example.com/0\nhttps://www.example.com/a\nhttps://other.example/x\n`), 'other');
});

test('a robots.txt by content: any record among the first lines, whatever the case', () => {
  assert.equal(sniffPlainText('User-agent: *\nDisallow: /private/\nSitemap: https://www.example.com/sitemap.xml\n'), 'robots');
  assert.equal(sniffPlainText('# robots\nSITEMAP: https://www.example.com/a.xml\nsitemap : https://www.example.com/b.xml\n'), 'robots');
  assert.equal(sniffPlainText('https://www.example.com/\nhttps://www.example.com/a\nuser-agent:*\n'), 'robots');
});

test('XML in a text sitemap: a sitemap root or a declaration at the start', () => {
  assert.equal(looksLikeXml(`\uFEFF\n<?xml version="1.0"?><urlset ${NS}>`), true);
  assert.equal(looksLikeXml('<?xml version="1.0"?>\n<rss version="2.0">'), true);
  assert.equal(looksLikeXml(`<sitemapindex ${NS}>`), true);
  assert.equal(looksLikeXml('<?xml-stylesheet href="a.xsl"?>\n<rss>'), false);
  assert.equal(looksLikeXml('https://www.example.com/\n<urlset>'), false);
});

test('sitemapLanguageOf (other LSP clients): urllist.txt and text sitemaps by content; never a robots.txt look-alike', () => {
  const urls = 'https://www.example.com/\nhttps://www.example.com/a\n';
  const robots = 'User-agent: *\nDisallow:\nSitemap: https://www.example.com/sitemap.xml\n';
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/urllist.txt', 'https://www.example.com/\n'), 'sitemap-txt');
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/URLLIST-2.txt', ''), 'sitemap-txt');
  assert.equal(sitemapLanguageOf('text', 'file:///site/pages.txt', urls), 'sitemap-txt');
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/notes.txt', 'https://www.example.com/\n'), undefined);
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/sitemap-robots.txt', robots), undefined);
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/sitemap.txt', 'https://www.example.com/\nnot a url\n'), 'sitemap-txt');
  // Our own client's choice (the user's, when made by hand) stands.
  assert.equal(sitemapLanguageOf('sitemap-txt', 'file:///site/sitemap-robots.txt', robots), 'sitemap-txt');
});

test('sitemapLanguageOf: robots.txt as sent by our client, and plain text named robots.txt', () => {
  const robots = 'User-agent: *\nSitemap: https://www.example.com/sitemap.xml\n';
  assert.equal(sitemapLanguageOf('robots-txt', 'file:///site/robots.txt', robots), 'robots-txt');
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/ROBOTS.TXT', ''), 'robots-txt');
  assert.equal(sitemapLanguageOf('text', 'file:///c%3A/site/robots.txt?x', robots), 'robots-txt');
  assert.equal(sitemapLanguageOf('plaintext', 'file:///site/my-robots.txt', robots), undefined);
});
