import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SNIFF_LENGTH, sniffSitemapRoot } from '../../server/src/language/contentDetection';

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
