/**
 * Rules on the shape of one entry: missing-loc, duplicate-element, unknown-element and element-order.
 */
import { test } from 'node:test';
import { expectDiagnostics, NS, sitemapindex, urlset } from '../../support/fixtures';

const IMAGE = `xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"`;
const PICTURE = '<image:image><image:loc>https://example.com/a.jpg</image:loc></image:image>';

// ------------------------------------------------------------------------------------------------ missing-loc

test('missing-loc: an entry without <loc> is reported on the entry name', () => {
  expectDiagnostics(urlset('<⟦url⟧><lastmod>2024-01-01</lastmod></url>'), ['missing-loc']);
  expectDiagnostics(urlset('<⟦url⟧></url>'), ['missing-loc']);
  expectDiagnostics(urlset('<⟦url⟧/>'), ['missing-loc']);
  expectDiagnostics(sitemapindex('<⟦sitemap⟧><lastmod>2024-01-01</lastmod></sitemap>'), ['missing-loc']);
  // A <loc> of another namespace is not the entry's <loc>.
  expectDiagnostics(urlset(`<⟦url⟧>${PICTURE}</url>`, IMAGE), ['missing-loc']);
});

test('missing-loc: an empty <loc> is reported on the loc name', () => {
  expectDiagnostics(urlset('<url><⟦loc⟧></loc></url>'), ['missing-loc']);
  expectDiagnostics(urlset('<url><⟦loc⟧>\n   \n</loc></url>'), ['missing-loc']);
  expectDiagnostics(urlset('<url><⟦loc⟧/><lastmod>2024-01-01</lastmod></url>'), ['missing-loc']);
  expectDiagnostics(sitemapindex('<sitemap><⟦loc⟧></loc></sitemap>'), ['missing-loc']);
});

test('missing-loc: every entry with a <loc> is fine', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>\n<url>\n  <loc>\n    https://example.com/a\n  </loc>\n</url>'), []);
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc></sitemap>'), []);
});

// ------------------------------------------------------------------------------------------------ duplicate-element

test('duplicate-element: a second <loc>, <lastmod>, <changefreq> or <priority> is reported on its name', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><⟦loc⟧>https://example.com/b</loc></url>'), ['duplicate-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod><⟦lastmod⟧>2024-01-02</lastmod></url>'), ['duplicate-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><changefreq>daily</changefreq><⟦changefreq⟧>daily</changefreq></url>'), ['duplicate-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><priority>0.5</priority><⟦priority⟧>0.6</priority></url>'), ['duplicate-element']);
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc><lastmod>2024-01-01</lastmod><⟦lastmod⟧>2024-01-02</lastmod></sitemap>'), ['duplicate-element']);
});

test('duplicate-element: every copy after the first is reported, and its value is still checked', () => {
  expectDiagnostics(
    urlset('<url><loc>https://example.com/</loc><⟦loc⟧>⟦nope⟧</loc><⟦loc⟧>https://example.com/c</loc></url>'),
    ['duplicate-element', 'invalid-url', 'duplicate-element'],
  );
});

test('duplicate-element: the same fields in different entries, and several extension elements, are fine', () => {
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/a</loc><priority>0.5</priority>${PICTURE}${PICTURE}</url>\n<url><loc>https://example.com/b</loc><priority>0.5</priority></url>`, IMAGE),
    [],
  );
});

// ------------------------------------------------------------------------------------------------ unknown-element

test('unknown-element: an entry of the other file type is reported on its name', () => {
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc></sitemap>\n<⟦url⟧><loc>https://example.com/</loc></url>'), ['unknown-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>\n<⟦sitemap⟧><loc>https://example.com/s.xml</loc></sitemap>'), ['unknown-element']);
});

test('unknown-element: <priority> or <changefreq> in a <sitemap> is reported on the name', () => {
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc><⟦priority⟧>0.5</priority></sitemap>'), ['unknown-element']);
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc><⟦changefreq⟧>daily</changefreq></sitemap>'), ['unknown-element']);
});

test('unknown-element: misspellings and wrong case are reported on the name', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><⟦lastmodified⟧>2024-01-01</lastmodified></url>'), ['unknown-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><⟦Priority⟧>0.5</Priority></url>'), ['unknown-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>\n<⟦URL⟧><loc>https://example.com/b</loc></URL>'), ['unknown-element']);
});

test('unknown-element: a sitemap element inside a value element is reported on its name', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/<⟦loc⟧>x</loc></loc></url>'), ['unknown-element']);
});

test('unknown-element: text directly inside an entry or the root is reported on the trimmed text', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc> ⟦oops, text⟧ </url>'), ['unknown-element']);
  expectDiagnostics(sitemapindex('<sitemap><loc>https://example.com/s.xml</loc>⟦x⟧</sitemap>'), ['unknown-element']);
  expectDiagnostics(urlset('⟦stray⟧\n<url><loc>https://example.com/</loc></url>'), ['unknown-element']);
  // CDATA text counts as text.
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><![CDATA[⟦text⟧]]></url>'), ['unknown-element']);
});

test('unknown-element: the entry-less <url> keeps missing-loc as well', () => {
  expectDiagnostics(urlset('<⟦url⟧>\n  ⟦https://example.com/⟧\n</url>'), ['missing-loc', 'unknown-element']);
});

test('unknown-element: whitespace, comments and other namespaces are allowed anywhere', () => {
  expectDiagnostics(
    urlset(`<!-- a -->\n<url>\n  <!-- b -->\n  <loc>https://example.com/</loc>\n  ${PICTURE}\n</url>\n<x:note xmlns:x="https://other.example.com/ns"/>`, IMAGE),
    [],
  );
});

// ------------------------------------------------------------------------------------------------ element-order

test('element-order: a child before one that should follow it is reported on the first out-of-order child', () => {
  expectDiagnostics(urlset('<url><lastmod>2024-01-01</lastmod><⟦loc⟧>https://example.com/</loc></url>'), ['element-order']);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc><priority>0.5</priority><⟦changefreq⟧>daily</changefreq></url>'), ['element-order']);
  expectDiagnostics(sitemapindex('<sitemap><lastmod>2024-01-01</lastmod><⟦loc⟧>https://example.com/s.xml</loc></sitemap>'), ['element-order']);
});

test('element-order: reported once per entry', () => {
  expectDiagnostics(
    urlset('<url><priority>0.5</priority><⟦changefreq⟧>daily</changefreq><lastmod>2024-01-01</lastmod><loc>https://example.com/</loc></url>\n'
      + '<url><changefreq>daily</changefreq><⟦loc⟧>https://example.com/b</loc></url>'),
    ['element-order', 'element-order'],
  );
});

test('element-order: sitemap elements after an element of another namespace', () => {
  expectDiagnostics(urlset(`<url>${PICTURE}<⟦loc⟧>https://example.com/</loc></url>`, IMAGE), ['element-order']);
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc>${PICTURE}<⟦priority⟧>0.5</priority></url>`, IMAGE), ['element-order']);
});

test('element-order: schema order, optional children left out, other namespaces last', () => {
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority>${PICTURE}</url>\n`
      + '<url><loc>https://example.com/b</loc><priority>0.5</priority></url>', IMAGE),
    [],
  );
});
