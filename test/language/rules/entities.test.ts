/**
 * unescaped-ampersand, unknown-entity and unescaped-character: how data values must be escaped.
 */
import { test } from 'node:test';
import { expectDiagnostics, NS, urlset } from '../../support/fixtures';

/** Text of another namespace: not a sitemap value (an extension's text elements are checked by their own rules). */
const OTHER = `xmlns="${NS}" xmlns:my="https://example.com/ns/my"`;

function loc(value: string): string {
  return urlset(`<url><loc>${value}</loc></url>`);
}

// ------------------------------------------------------------------------------------------------ unescaped-ampersand

test('unescaped-ampersand: the classic ?a=1&b=2 is reported on the "&"', () => {
  expectDiagnostics(loc('https://example.com/?a=1⟦&⟧b=2'), ['unescaped-ampersand']);
  expectDiagnostics(loc('https://example.com/?a=1⟦&⟧b=2⟦&⟧c=3'), ['unescaped-ampersand', 'unescaped-ampersand']);
});

test('unescaped-ampersand: a lone "&", one at the end, or a malformed character reference', () => {
  expectDiagnostics(loc('https://example.com/?q=salt⟦&⟧'), ['unescaped-ampersand']);
  // Read as a literal '&', the '#' that follows starts a fragment (url-fragment, not tested here).
  const fragment = { ignore: ['url-fragment'] };
  expectDiagnostics(loc('https://example.com/?q=a⟦&⟧#b'), ['unescaped-ampersand'], fragment);
  expectDiagnostics(loc('https://example.com/?q=a⟦&⟧#;'), ['unescaped-ampersand'], fragment);
  expectDiagnostics(loc('https://example.com/?q=a⟦&⟧#x;'), ['unescaped-ampersand'], fragment);
  expectDiagnostics(loc('https://example.com/?q=a⟦&⟧#38b=2'), ['unescaped-ampersand'], fragment);
});

test('unescaped-ampersand: also in attribute values', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>', `xmlns="${NS}" data-src="a⟦&⟧b"`), ['unescaped-ampersand'], { ignore: ['unexpected-attribute'] });
});

test('unescaped-ampersand: &amp;, numeric references and CDATA are the legal ways to write "&"', () => {
  expectDiagnostics(loc('https://example.com/?a=1&amp;b=2'), []);
  expectDiagnostics(loc('https://example.com/?a=1&#38;b=2&#x26;c=3'), []);
  expectDiagnostics(loc('<![CDATA[https://example.com/?a=1&b=2]]>'), []);
  expectDiagnostics(urlset('<url><loc>https://example.com/</loc></url>', `xmlns="${NS}" data-src="a&amp;b"`), [], { ignore: ['unexpected-attribute'] });
});

// ------------------------------------------------------------------------------------------------ unknown-entity

test('unknown-entity: &nbsp; and friends are reported on the whole reference', () => {
  expectDiagnostics(loc('https://example.com/a⟦&nbsp;⟧b'), ['unknown-entity']);
  expectDiagnostics(
    urlset('<url><loc>https://example.com/</loc><my:caption>⟦&copy;⟧ 2024 ⟦&mdash;⟧ Shop</my:caption></url>', OTHER),
    ['unknown-entity', 'unknown-entity'],
  );
});

test('unknown-entity: entity names are case-sensitive (&AMP; is not &amp;)', () => {
  expectDiagnostics(loc('https://example.com/?a=1⟦&AMP;⟧b=2'), ['unknown-entity']);
});

test('unknown-entity: the five predefined entities and numeric references are fine', () => {
  expectDiagnostics(loc('https://example.com/a&#160;b&#xA0;c'), []);
  expectDiagnostics(
    urlset('<url><loc>https://example.com/it&apos;s?a=1&amp;b=2</loc><my:caption>&lt;b&gt; &quot;q&quot; &apos;a&apos; &amp; &#169;</my:caption></url>', OTHER),
    [],
  );
});

// ------------------------------------------------------------------------------------------------ unescaped-character

test("unescaped-character: a raw ' in a <loc> is reported on the character", () => {
  expectDiagnostics(loc("https://example.com/it⟦'⟧s"), ['unescaped-character']);
});

test('unescaped-character: a raw " or > in a <loc> (which a URL may not hold either: invalid-url on the same character)', () => {
  expectDiagnostics(loc('https://example.com/⟦⟦"⟧⟧a⟦⟦"⟧⟧'), ['unescaped-character', 'invalid-url', 'unescaped-character', 'invalid-url']);
  expectDiagnostics(loc('https://example.com/a⟦⟦>⟧⟧b'), ['unescaped-character', 'invalid-url']);
});

test('unescaped-character: in every sitemap value, not only <loc>', () => {
  expectDiagnostics(
    urlset("<url><loc>https://example.com/</loc><changefreq>⟦⟦'⟧daily⟦'⟧⟧</changefreq></url>"),
    ['unescaped-character', 'invalid-changefreq', 'unescaped-character'],
  );
});

test('unescaped-character: escaped forms are fine', () => {
  expectDiagnostics(loc('https://example.com/it&apos;s'), []);
  // &quot; and &gt; decode to characters a URL may not hold: only invalid-url remains.
  expectDiagnostics(loc('https://example.com/a⟦&gt;⟧b'), ['invalid-url']);
});

test('unescaped-character: text of other namespaces is not a sitemap value', () => {
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><my:title>"Tom's" > "Jerry's"</my:title></url>`, OTHER),
    [],
  );
});
