/**
 * unknown-root, bad-namespace, no-entries, and namespace awareness: the sitemap namespace may be bound to a
 * prefix, other namespaces are never reported by the core rules, an undeclared prefix is xml-syntax.
 */
import { test } from 'node:test';
import { expectDiagnostics, NS, sitemapindex, urlset } from '../../support/fixtures';

const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const ENTRY = '<url><loc>https://example.com/</loc></url>';
const INDEX_ENTRY = '<sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>';

const EXTENSIONS = [
  `xmlns="${NS}"`,
  'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"',
  'xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"',
  'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"',
  'xmlns:xhtml="http://www.w3.org/1999/xhtml"',
  'xmlns:my="https://example.com/ns/mine"',
].join(' ');

// ------------------------------------------------------------------------------------------------ unknown-root

test('unknown-root: <rss>, <html> or a misspelt root is reported on the root name', () => {
  expectDiagnostics(`${DECL}\n<⟦rss⟧ version="2.0"><channel><title>x</title></channel></rss>\n`, ['unknown-root']);
  expectDiagnostics(`<⟦html⟧><body/></html>`, ['unknown-root']);
  expectDiagnostics(`${DECL}\n<⟦urlsets⟧ xmlns="${NS}">${ENTRY}</urlsets>\n`, ['unknown-root']);
  expectDiagnostics(`${DECL}\n<⟦sitemap⟧ xmlns="${NS}"><loc>https://example.com/</loc></sitemap>\n`, ['unknown-root']);
});

test('unknown-root: <urlset> and <sitemapindex> are the two roots', () => {
  expectDiagnostics(urlset(ENTRY), []);
  expectDiagnostics(sitemapindex(INDEX_ENTRY), []);
});

// ------------------------------------------------------------------------------------------------ bad-namespace

test('bad-namespace: a wrong namespace is reported on the attribute value', () => {
  for (const wrong of [
    'http://www.google.com/schemas/sitemap/0.84', // Google's old namespace
    'https://www.sitemaps.org/schemas/sitemap/0.9', // https
    'http://www.sitemaps.org/schemas/sitemap/0.9/', // trailing slash
    'http://www.sitemap.org/schemas/sitemap/0.9', // typo
    'http://www.sitemaps.org/schemas/sitemap/0.90',
    'HTTP://WWW.SITEMAPS.ORG/schemas/sitemap/0.9', // namespace names compare as strings
  ]) {
    expectDiagnostics(urlset(ENTRY, `xmlns="⟦${wrong}⟧"`), ['bad-namespace']);
    expectDiagnostics(sitemapindex(INDEX_ENTRY, `xmlns="⟦${wrong}⟧"`), ['bad-namespace']);
  }
});

test('bad-namespace: a root without the namespace is reported on the root name', () => {
  expectDiagnostics(`${DECL}\n<⟦urlset⟧>\n${ENTRY}\n</urlset>\n`, ['bad-namespace']);
  expectDiagnostics(`${DECL}\n<⟦sitemapindex⟧>\n${INDEX_ENTRY}\n</sitemapindex>\n`, ['bad-namespace']);
  // The namespace is bound to a prefix the root does not use.
  expectDiagnostics(`${DECL}\n<⟦urlset⟧ xmlns:sm="${NS}">\n${ENTRY}\n</urlset>\n`, ['bad-namespace']);
});

test('bad-namespace: a prefixed root bound to a wrong namespace is reported on the binding value', () => {
  expectDiagnostics(
    `${DECL}\n<sm:urlset xmlns:sm="⟦http://www.sitemaps.org/schemas/sitemap/0.8⟧"><sm:url><sm:loc>https://example.com/</sm:loc></sm:url></sm:urlset>\n`,
    ['bad-namespace'],
  );
});

test('bad-namespace: the right namespace, with or without schema headers', () => {
  expectDiagnostics(urlset(ENTRY), []);
  expectDiagnostics(urlset(ENTRY, `xmlns='${NS}'`), []);
  expectDiagnostics(
    urlset(ENTRY, `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} ${NS}/sitemap.xsd" xmlns="${NS}"`),
    [],
  );
  expectDiagnostics(
    sitemapindex(INDEX_ENTRY, `xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} ${NS}/siteindex.xsd"`),
    [],
  );
});

// ------------------------------------------------------------------------------------------------ namespaces

test('namespaces: the sitemap namespace may be bound to a prefix', () => {
  expectDiagnostics(
    `${DECL}\n<sm:urlset xmlns:sm="${NS}">\n<sm:url><sm:loc>https://example.com/</sm:loc><sm:lastmod>2024-01-01</sm:lastmod><sm:changefreq>daily</sm:changefreq><sm:priority>0.5</sm:priority></sm:url>\n</sm:urlset>\n`,
    [],
  );
  expectDiagnostics(
    `${DECL}\n<sm:sitemapindex xmlns:sm="${NS}">\n<sm:sitemap><sm:loc>https://example.com/s.xml</sm:loc><sm:lastmod>2024-01-01</sm:lastmod></sm:sitemap>\n</sm:sitemapindex>\n`,
    [],
  );
  // Rules still apply to prefixed elements.
  expectDiagnostics(
    `${DECL}\n<sm:urlset xmlns:sm="${NS}">\n<sm:url><sm:loc>https://example.com/</sm:loc><sm:priority>⟦high⟧</sm:priority><⟦sm:lastmodified⟧>x</sm:lastmodified></sm:url>\n</sm:urlset>\n`,
    ['invalid-priority', 'unknown-element'],
  );
});

test('namespaces: valid Google image, video, news and xhtml elements inside entries get no problem', () => {
  const body = [
    '<url>',
    '  <loc>https://example.com/page</loc>',
    '  <lastmod>2024-05-01</lastmod>',
    '  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/page"/>',
    '  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/page"/>',
    '  <image:image><image:loc>https://cdn.example.net/a.jpg?a=1&amp;b=2</image:loc></image:image>',
    '  <video:video><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description><video:content_loc>https://cdn.example.net/v.mp4</video:content_loc><video:duration>600</video:duration></video:video>',
    '  <news:news><news:publication><news:name>Paper</news:name><news:language>en</news:language></news:publication><news:publication_date>2025-06-14T09:30:00Z</news:publication_date><news:title>Title</news:title></news:news>',
    '  <my:anything><my:loc>not checked</my:loc><my:priority>9</my:priority></my:anything>',
    '</url>',
  ].join('\n');
  expectDiagnostics(urlset(body, EXTENSIONS), []);
});

test('namespaces: elements of other namespaces directly in the root are allowed too', () => {
  expectDiagnostics(urlset(`${ENTRY}\n<my:note>generated</my:note>`, EXTENSIONS), []);
});

test('namespaces: an undeclared prefix is xml-syntax on the prefix (extension-namespace for the extensions\' own prefixes)', () => {
  expectDiagnostics(
    urlset('<url><loc>https://example.com/</loc><⟦image⟧:image><⟦image⟧:loc>https://example.com/a.jpg</image:loc></image:image></url>'),
    ['extension-namespace', 'extension-namespace'],
  );
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><⟦img⟧:image><⟦img⟧:loc>https://example.com/a.jpg</img:loc></img:image></url>'), ['xml-syntax', 'xml-syntax']);
  // On attributes too.
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" ⟦xsi⟧:schemaLocation="${NS} ${NS}/sitemap.xsd"`), ['xml-syntax']);
  // Declared on the element itself is fine.
  expectDiagnostics(
    urlset('<url><loc>https://example.com/</loc><image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>https://example.com/a.jpg</image:loc></image:image></url>'),
    [],
  );
});

test('namespaces: unprefixed children of a prefixed root are in no namespace, so they are not entries', () => {
  // <url> here is not the sitemap's <url>, and the urlset is empty: bad-namespace names the real slip on each.
  expectDiagnostics(`${DECL}\n<⟦sm:urlset⟧ xmlns:sm="${NS}">\n<⟦url⟧><loc>https://www.example.com/</loc></url>\n</sm:urlset>\n`, ['no-entries', 'bad-namespace']);
  // Foreign elements directly in the root are still left alone.
  expectDiagnostics(`${DECL}\n<sm:urlset xmlns:sm="${NS}" xmlns:x="urn:x">\n<sm:url><sm:loc>https://www.example.com/</sm:loc></sm:url><x:note/>\n</sm:urlset>\n`, []);
});

// ------------------------------------------------------------------------------------------------ no-entries

test('no-entries: an empty <urlset> or <sitemapindex> is reported on the root name', () => {
  expectDiagnostics(`${DECL}\n<⟦urlset⟧ xmlns="${NS}">\n</urlset>\n`, ['no-entries']);
  expectDiagnostics(`${DECL}\n<⟦urlset⟧ xmlns="${NS}"/>\n`, ['no-entries']);
  expectDiagnostics(`${DECL}\n<⟦sitemapindex⟧ xmlns="${NS}">\n<!-- nothing yet -->\n</sitemapindex>\n`, ['no-entries']);
});

test('no-entries: one entry is enough', () => {
  expectDiagnostics(urlset(ENTRY), []);
  expectDiagnostics(sitemapindex(INDEX_ENTRY), []);
});
