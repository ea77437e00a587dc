/**
 * Text sitemaps (language `sitemap-txt`): one absolute URL per line, nothing else. text-sitemap-line, and the
 * rules shared with XML sitemaps (invalid-url, url-too-long, encoding, mixed-hosts, out-of-scope, duplicate-url,
 * too-many-entries, file-too-large).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, applyEdits, getFixAllEdits, getQuickFixes, parseDocument, validate,
} from '../../../server/src/language/languageService';
import { diagnose, expectDiagnostics, NOW, render, type Options } from '../../support/fixtures';

const TXT: Options = { languageId: 'sitemap-txt' };

function limits(overrides: Partial<typeof DEFAULT_SETTINGS.limits>): Options {
  return { ...TXT, settings: { limits: { ...DEFAULT_SETTINGS.limits, ...overrides } } };
}

// ------------------------------------------------------------------------------------------------ text-sitemap-line

test('text-sitemap-line: headers, footers, comments and markup are reported on the trimmed line', () => {
  expectDiagnostics('⟦# Sitemap for example.com⟧\nhttps://example.com/a\n⟦END⟧\n', ['text-sitemap-line', 'text-sitemap-line'], TXT);
  expectDiagnostics('https://example.com/a\n  ⟦<url>⟧  \n', ['text-sitemap-line'], TXT);
  expectDiagnostics('⟦Total: 1 URL⟧\nhttps://example.com/a\n', ['text-sitemap-line'], TXT);
});

test('text-sitemap-line: two URLs on one line', () => {
  expectDiagnostics('⟦https://example.com/a https://example.com/b⟧\n', ['text-sitemap-line'], TXT);
  expectDiagnostics('⟦https://example.com/a\thttps://example.com/b⟧', ['text-sitemap-line'], TXT);
});

test('text-sitemap-line: one URL per line, surrounding whitespace, blank lines, CRLF and a BOM are fine', () => {
  expectDiagnostics('https://example.com/a\nhttps://example.com/b\n', [], TXT);
  expectDiagnostics('\uFEFFhttps://example.com/a\r\n\r\n   https://example.com/b   \r\n\n', [], TXT);
  expectDiagnostics('https://example.com/no-final-line-break', [], TXT);
  expectDiagnostics('', [], TXT);
});

// ------------------------------------------------------------------------------------------------ shared rules

test('invalid-url in a text sitemap: on the line, the scheme or the character', () => {
  expectDiagnostics(
    'https://example.com/a\n⟦/relative/page⟧\n⟦ftp⟧://example.com/file\n⟦example.com/page⟧\nhttps://example.com/100⟦%zz⟧\n',
    ['invalid-url', 'invalid-url', 'invalid-url', 'invalid-url'],
    TXT,
  );
});

test('url-too-long in a text sitemap', () => {
  const long = `https://example.com/${'a'.repeat(2048)}`;
  expectDiagnostics(`https://example.com/\n⟦${long}⟧\n`, ['url-too-long'], TXT);
});

test('encoding in a text sitemap: U+FFFD is reported on the character (and is no URL character)', () => {
  expectDiagnostics('https://example.com/caf⟦⟦\uFFFD⟧⟧\n', ['encoding', 'invalid-url'], TXT);
});

test('mixed-hosts and out-of-scope in a text sitemap', () => {
  expectDiagnostics('https://example.com/a\n⟦https://www.example.com/b⟧\n', ['mixed-hosts'], TXT);
  expectDiagnostics('⟦https://example.com/a⟧\nhttps://example.com/catalog/b\n', ['out-of-scope'], { ...TXT, context: { location: 'https://example.com/catalog/sitemap.txt' } });
});

test('duplicate-url in a text sitemap, related to the first line', () => {
  const text = 'https://example.com/a\nhttps://example.com/b\nhttps://example.com/a\n';
  const diagnostics = diagnose(text, TXT);
  assert.deepEqual(render(diagnostics), ['duplicate-url@44-65']);
  assert.deepEqual(diagnostics[0].related?.map((r) => [r.start, r.end]), [[0, 21]]);
});

test('too-many-entries in a text sitemap: blank lines do not count; the range is the first line over the limit', () => {
  const text = 'https://example.com/a\n\n\nhttps://example.com/b\n\n⟦https://example.com/c⟧\nhttps://example.com/d\n';
  expectDiagnostics(text, ['too-many-entries'], limits({ maxEntries: 2 }));
  expectDiagnostics('https://example.com/a\n\n\nhttps://example.com/b\n\n', [], limits({ maxEntries: 2 }));
  // Lines that are not URLs do not count either.
  expectDiagnostics('⟦# header⟧\nhttps://example.com/a\nhttps://example.com/b\n', ['text-sitemap-line'], limits({ maxEntries: 2 }));
});

test('file-too-large and legacy-size-limit in a text sitemap: an empty range at the start of the file', () => {
  expectDiagnostics('⟦⟧https://example.com/a\n', ['file-too-large'], limits({ maxBytes: 10, legacyMaxBytes: 5 }));
  expectDiagnostics('⟦⟧https://example.com/a\n', ['legacy-size-limit'], limits({ legacyMaxBytes: 10 }));
  expectDiagnostics('https://example.com/a\n', [], limits({ maxBytes: 22, legacyMaxBytes: 22 }));
});

test('XML rules do not apply to text sitemaps', () => {
  // No root, no namespace, no entities: "&" is a plain URL character here.
  expectDiagnostics('https://example.com/?a=1&b=2\n', [], TXT);
});

// ------------------------------------------------------------------------------------------------ language-mismatch

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

test('language-mismatch: a text sitemap holding XML is read as XML and says so once, on the root name', () => {
  const entries = Array.from({ length: 40 }, (_, n) => `  <url><loc>https://example.com/${n}</loc></url>\n`).join('');
  expectDiagnostics(`<?xml version="1.0" encoding="UTF-8"?>\n<⟦urlset⟧ xmlns="${NS}">\n${entries}</urlset>\n`, ['language-mismatch'], TXT);
  const document = parseDocument(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries}</urlset>\n`, 'sitemap-txt');
  assert.equal(document.entryCount, 40);
  assert.equal(document.kind, 'urlset');
  assert.equal(document.languageId, 'sitemap');
  const [problem] = diagnose(document.getText(), TXT);
  assert.equal(problem.severity, 'information');
});

test('language-mismatch: every XML rule applies, none of the text sitemap', () => {
  expectDiagnostics(
    `\uFEFF<⟦sitemapindex⟧ xmlns="${NS}">\n<sitemap><loc>https://example.com/a.xml?x=1⟦&⟧y</loc><lastmod>2024-⟦13⟧-01</lastmod></sitemap>\n</sitemapindex>\n`,
    ['language-mismatch', 'unescaped-ampersand', 'invalid-lastmod'], TXT,
  );
  // A declaration alone says XML too (the root is still being typed, or is not a sitemap's).
  expectDiagnostics(`⟦⟧⟦<?xml⟧ version="1.0"?>\n`, ['xml-syntax', 'language-mismatch'], TXT);
  expectDiagnostics(`<?xml version="1.0"?>\n<⟦⟦rss⟧⟧ version="2.0"/>\n`, ['unknown-root', 'language-mismatch'], TXT);
});

test('language-mismatch: not for a text sitemap, nor for an XML document opened as a sitemap', () => {
  expectDiagnostics('https://example.com/a\n⟦<urlset>⟧\n', ['text-sitemap-line'], TXT);
  expectDiagnostics(`<?xml version="1.0"?>\n<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>\n`, []);
});

test('language-mismatch: its quick fix changes the language to sitemap, without an edit', () => {
  const text = `<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>\n`;
  const document = parseDocument(text, 'sitemap-txt');
  const [problem] = diagnose(text, TXT);
  const fixes = getQuickFixes(document, [{ rule: problem.rule, start: problem.start, end: problem.end }]);
  assert.deepEqual(fixes.map((f) => ({ setLanguage: f.setLanguage, edits: f.edits, safe: f.safe })), [{ setLanguage: 'sitemap', edits: [], safe: false }]);
  assert.deepEqual(getQuickFixes(parseDocument('https://example.com/\n', 'sitemap-txt'), [{ rule: 'language-mismatch', start: 0, end: 0 }]), []);
  assert.deepEqual(getFixAllEdits(document), []);
});

test('language-mismatch: typing turns a text sitemap into XML and back, as a fresh parse would read it', () => {
  let text = 'https://example.com/a\nhttps://example.com/b\n';
  const document = parseDocument(text, 'sitemap-txt');
  const edits = [
    { start: 0, end: 0, text: `<urlset xmlns="${NS}">\n` }, // now XML: the URLs are stray text in the root
    { start: 1, end: 1, text: 'x' }, // <xurlset: no sitemap root, no declaration: a text sitemap again
    { start: 0, end: 0, text: '<?xml version="1.0"?>' }, // a declaration: XML
    { start: 0, end: 22, text: '' },
  ];
  for (const edit of edits) {
    applyEdits(document, [edit]);
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    const fresh = parseDocument(text, 'sitemap-txt');
    assert.equal(document.languageId, fresh.languageId, JSON.stringify(edit));
    assert.deepEqual(render(diagnose(text, TXT)), render(validate(document, DEFAULT_SETTINGS, { now: NOW })), JSON.stringify(edit));
  }
  assert.deepEqual([document.languageId, document.kind], ['sitemap-txt', 'text']);
});
