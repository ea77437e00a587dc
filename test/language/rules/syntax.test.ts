/**
 * xml-syntax, encoding and doctype: well-formedness, the XML declaration, the character encoding and DOCTYPEs.
 * Ranges are asserted exactly (⟦ ⟧ marks); messages never.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDocumentSymbols, parseDocument } from '../../../server/src/language/languageService';
import { expectDiagnostics, NS, urlset } from '../../support/fixtures';

const ENTRY = '<url><loc>https://example.com/</loc></url>';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';

// ------------------------------------------------------------------------------------------------ xml-syntax

test('xml-syntax: a well-formed sitemap has no problem', () => {
  expectDiagnostics(urlset(ENTRY), []);
});

test('xml-syntax: an element left open is reported on its name', () => {
  expectDiagnostics(urlset('<⟦url⟧><loc>https://example.com/</loc>'), ['xml-syntax']);
});

test('xml-syntax: an end tag that matches nothing is reported on its name', () => {
  expectDiagnostics(urlset('<url><loc>https://example.com/</⟦lox⟧></url>'), ['xml-syntax']);
});

test('xml-syntax: a root element that is never closed is reported on the root name', () => {
  expectDiagnostics(`${DECL}\n<⟦urlset⟧ xmlns="${NS}">\n${ENTRY}\n`, ['xml-syntax']);
});

test('xml-syntax: bad attributes (no value, unquoted value, duplicate) are reported on the attribute name', () => {
  // unexpected-attribute has its own tests (attributes.test.ts): these attributes only carry the syntax errors.
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" ⟦hreflang⟧`), ['xml-syntax'], { ignore: ['unexpected-attribute'] });
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" ⟦id⟧=main`), ['xml-syntax'], { ignore: ['unexpected-attribute'] });
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" id="a" ⟦id⟧="b"`), ['xml-syntax'], { ignore: ['unexpected-attribute'] });
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" id="a"`), [], { ignore: ['unexpected-attribute'] });
});

test('xml-syntax: a second root element is reported on its name', () => {
  expectDiagnostics(`${urlset(ENTRY)}<⟦urlset⟧ xmlns="${NS}"/>\n`, ['xml-syntax']);
});

test('xml-syntax: text outside the root is reported on the trimmed text', () => {
  expectDiagnostics(`${urlset(ENTRY)}⟦trailing text⟧\n`, ['xml-syntax']);
  expectDiagnostics(`⟦leading text⟧\n<urlset xmlns="${NS}">${ENTRY}</urlset>`, ['xml-syntax']);
  // Whitespace, comments and processing instructions are fine there.
  expectDiagnostics(`${DECL}\n<!-- generated -->\n<?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n<!-- end -->\n\n`, []);
});

test('xml-syntax: unterminated comment, CDATA section and processing instruction', () => {
  expectDiagnostics(`${urlset(ENTRY)}⟦<!--⟧ never closed\n`, ['xml-syntax']);
  expectDiagnostics(`${urlset(ENTRY)}⟦<?foo⟧ never closed\n`, ['xml-syntax']);
  // An unterminated CDATA section runs to the end of the file, so every open element is left open too.
  expectDiagnostics(`${DECL}\n<⟦urlset⟧ xmlns="${NS}"><⟦url⟧><⟦loc⟧>⟦<![CDATA[⟧https://example.com/`, ['xml-syntax', 'xml-syntax', 'xml-syntax', 'xml-syntax']);
  expectDiagnostics(urlset('<url><loc><![CDATA[https://example.com/]]></loc></url>'), []);
});

test('xml-syntax: "--" inside a comment and "]]>" in text', () => {
  expectDiagnostics(urlset(`<!-- a ⟦--⟧ b -->${ENTRY}`), ['xml-syntax']);
  const other = 'xmlns:my="https://example.com/ns/my"';
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><my:caption>a⟦]]>⟧b</my:caption></url>`, `xmlns="${NS}" ${other}`),
    ['xml-syntax'],
  );
});

test('xml-syntax: a "<" that starts no tag is reported on the "<"', () => {
  // The "<" is then taken as text, which is not allowed directly in the root either.
  expectDiagnostics(urlset(`${ENTRY}\n⟦⟦<⟧⟧ \n`), ['xml-syntax', 'unknown-element']);
});

test('xml-syntax: content before the XML declaration ("leading whitespace") is reported on "<?xml"', () => {
  expectDiagnostics(`\n⟦<?xml⟧ version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
  expectDiagnostics(`   ⟦<?xml⟧ version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
  expectDiagnostics(`<!-- hi -->⟦<?xml⟧ version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
});

test('xml-syntax: the XML declaration may be omitted, or preceded by a byte-order mark only', () => {
  expectDiagnostics(`<urlset xmlns="${NS}">${ENTRY}</urlset>`, []);
  expectDiagnostics(`\uFEFF${DECL}\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, []);
  expectDiagnostics(`<?xml version='1.0' encoding='utf-8' standalone='yes'?>\r\n<urlset xmlns="${NS}">\r\n${ENTRY}\r\n</urlset>\r\n`, []);
});

test('xml-syntax: a malformed or mis-cased XML declaration is reported on its target', () => {
  expectDiagnostics(`⟦<?xml⟧ version="1.0" encoding=UTF-8?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
  expectDiagnostics(`⟦<?xml⟧ encoding="UTF-8"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
  expectDiagnostics(`⟦<?XML⟧ version="1.0"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['xml-syntax']);
});

test('xml-syntax: a declaration that lost its "?>", "?" or ">" is one problem on the declaration; the root is read', () => {
  const rest = `\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`;
  expectDiagnostics(`⟦<?xml version="1.0" encoding="UTF-8"?⟧${rest}`, ['xml-syntax']);
  expectDiagnostics(`⟦<?xml version="1.0" encoding="UTF-8"⟧${rest}`, ['xml-syntax']);
  expectDiagnostics(`⟦<?xml version="1.0" encoding="UTF-8"⟧ \r\n${rest}`, ['xml-syntax']);
  expectDiagnostics(`⟦<?xml version="1.0" encoding="UTF-8">⟧${rest}`, ['xml-syntax']);
  expectDiagnostics(`⟦<?xml version="1.0"?⟧<urlset xmlns="${NS}">${ENTRY}</urlset>`, ['xml-syntax']);
  expectDiagnostics(`\uFEFF⟦<?xml version='1.0' standalone='yes' ?⟧${rest}`, ['xml-syntax']);
  // Followed by another processing instruction whose "?>" is not the declaration's.
  expectDiagnostics(`⟦<?xml version="1.0"⟧\n<?xml-stylesheet href="/s.xsl"?>${rest}`, ['xml-syntax']);
  // What the declaration says is still checked, and the rules after it work.
  expectDiagnostics(`⟦<?xml version="1.0" encoding="⟦latin1⟧"?⟧${rest}`, ['xml-syntax', 'encoding']);
  expectDiagnostics(`⟦<?xml version="1.0"?⟧\n<urlset xmlns="${NS}"><url><loc>https://example.com/</loc><priority>⟦2⟧</priority></url></urlset>`, ['xml-syntax', 'invalid-priority']);
  // Malformed as well as unterminated: reported as malformed on its target, and the root is still read.
  expectDiagnostics(`⟦<?xml⟧ version=1.0${rest}`, ['xml-syntax']);
});

test('xml-syntax: after a declaration without "?>" every entry is read: count, outline', () => {
  const entries = Array.from({ length: 40 }, (_, n) => `  <url><loc>https://example.com/${n}</loc></url>\n`).join('');
  for (const declaration of ['<?xml version="1.0" encoding="UTF-8"?', '<?xml version="1.0" encoding="UTF-8"']) {
    const document = parseDocument(`${declaration}\n<urlset xmlns="${NS}">\n${entries}</urlset>\n`, 'sitemap');
    assert.equal(document.entryCount, 40);
    assert.equal(document.kind, 'urlset');
    const [root] = findDocumentSymbols(document);
    assert.equal(root.children?.length, 40);
  }
});

test('xml-syntax: an empty or blank document has no root (a problem at the start)', () => {
  expectDiagnostics('⟦⟧', ['xml-syntax']);
  expectDiagnostics('⟦⟧\n  \n', ['xml-syntax']);
});

test('xml-syntax: control characters are not XML characters', () => {
  expectDiagnostics(urlset(`<!-- -->${ENTRY}\n<url><loc>https://example.com/b</loc><lastmod>2024-01-01</lastmod>⟦⟦\u0001⟧⟧</url>`), ['xml-syntax', 'unknown-element']);
  expectDiagnostics(urlset('<url><loc>https://example.com/b⟦&#1;⟧</loc></url>'), ['xml-syntax'], { ignore: ['url-fragment'] });
});

// ------------------------------------------------------------------------------------------------ encoding

test('encoding: a declared encoding other than UTF-8 is reported on the encoding value', () => {
  expectDiagnostics(`<?xml version="1.0" encoding="⟦ISO-8859-1⟧"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['encoding']);
  expectDiagnostics(`<?xml version="1.0" encoding="⟦UTF-16⟧"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['encoding']);
  expectDiagnostics(`<?xml version="1.0" encoding='⟦windows-1252⟧'?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['encoding']);
});

test('encoding: UTF-8 in any case, or no encoding declared, is fine', () => {
  expectDiagnostics(`<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, []);
  expectDiagnostics(`<?xml version="1.0"?>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, []);
});

test('encoding: U+FFFD (a decoding accident) in text is reported on the character', () => {
  const other = 'xmlns:my="https://example.com/ns/my"';
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><my:caption>Caf⟦\uFFFD⟧</my:caption></url>`, `xmlns="${NS}" ${other}`),
    ['encoding'],
  );
  // In a <loc> the character is also not allowed in a URL: both rules report it.
  expectDiagnostics(urlset('<url><loc>https://example.com/caf⟦⟦\uFFFD⟧⟧</loc></url>'), ['encoding', 'invalid-url']);
  // In an attribute value.
  expectDiagnostics(urlset(ENTRY, `xmlns="${NS}" data-x="⟦\uFFFD⟧"`), ['encoding'], { ignore: ['unexpected-attribute'] });
  // The real character is fine.
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/caf%C3%A9</loc><my:caption>Café</my:caption></url>`, `xmlns="${NS}" ${other}`),
    [],
  );
});

test('encoding: a lone surrogate cannot be encoded in UTF-8', () => {
  const other = 'xmlns:my="https://example.com/ns/my"';
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><my:caption>x⟦\uD800⟧y</my:caption></url>`, `xmlns="${NS}" ${other}`),
    ['encoding'],
  );
  // A surrogate pair (an astral character) is fine.
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><my:caption>x\uD83D\uDE00y</my:caption></url>`, `xmlns="${NS}" ${other}`),
    [],
  );
});

test('encoding: U+FFFD inside a comment or a CDATA section is reported too', () => {
  expectDiagnostics(urlset(`<!-- caf⟦\uFFFD⟧ -->${ENTRY}`), ['encoding']);
  expectDiagnostics(urlset('<url><loc><![CDATA[https://example.com/caf⟦⟦\uFFFD⟧⟧]]></loc></url>'), ['encoding', 'invalid-url']);
});

// ------------------------------------------------------------------------------------------------ doctype

test('doctype: a DOCTYPE is reported on "<!DOCTYPE"', () => {
  expectDiagnostics(`${DECL}\n⟦<!DOCTYPE⟧ urlset>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['doctype']);
  expectDiagnostics(`${DECL}\n⟦<!DOCTYPE⟧ urlset SYSTEM "http://example.com/sitemap.dtd">\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['doctype']);
});

test('doctype: each entity declaration is reported on "<!ENTITY"; references to them are not expanded (entity-not-expanded)', () => {
  const doc = `${DECL}\n⟦<!DOCTYPE⟧ urlset [\n  ⟦<!ENTITY⟧ lol "lol">\n  ⟦<!ENTITY⟧ lol2 "&lol;&lol;&lol;">\n]>\n`
    + `<urlset xmlns="${NS}"><url><loc>https://example.com/⟦&lol2;⟧</loc></url></urlset>\n`;
  expectDiagnostics(doc, ['doctype', 'doctype', 'doctype', 'entity-not-expanded']);
});

test('doctype: comments and processing instructions in the internal subset are skipped whole, whatever they hold', () => {
  const subset = '[\n  <!-- ]> <!ENTITY a "b"> -->\n  <?pi ]> \' <!ENTITY ?>\n  ⟦<!ENTITY⟧ c "]>">\n]';
  expectDiagnostics(`${DECL}\n⟦<!DOCTYPE⟧ urlset ${subset}>\n<urlset xmlns="${NS}">${ENTRY}</urlset>\n`, ['doctype', 'doctype']);
});

test('doctype: a DOCTYPE after the root element is also not well-formed', () => {
  expectDiagnostics(`${urlset(ENTRY)}⟦⟦<!DOCTYPE⟧⟧ urlset>\n`, ['xml-syntax', 'doctype']);
});

test('doctype: no DOCTYPE, no problem', () => {
  expectDiagnostics(urlset(ENTRY), []);
});
