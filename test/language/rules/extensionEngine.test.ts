/**
 * The extension rules as the engine runs them (rules/extensionElements.ts, alternateIndex.ts): what only a whole
 * document or an edit shows — reciprocity kept per entry and never recomputed for the whole file, head edits that
 * change which extension a prefix names, the limits, the clock of news-too-old. The per-rule fixtures are in
 * extensionFixtures.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, DEFAULT_SETTINGS, parseDocument, validate, type SitemapDocument } from '../../../server/src/language/languageService';
import type { SitemapModel } from '../../../server/src/language/model/model';
import { expectDiagnostics, NOW, NS, render, urlset } from '../../support/fixtures';

const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
const ROOT = `xmlns="${NS}" xmlns:image="${IMAGE}" xmlns:news="${NEWS}" xmlns:xhtml="${XHTML}"`;

const link = (language: string, href: string) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`;
const page = (n: number, language: string) => `https://example.com/${language}/${n}`;

/** Pages in English and German, each listing both versions; `oneWay` German pages do not list their English one. */
function hreflangSitemap(pairs: number, oneWay: (n: number) => boolean = () => false): string {
  const entries: string[] = [];
  for (let n = 0; n < pairs; n++) {
    entries.push(`<url><loc>${page(n, 'en')}</loc>${link('en', page(n, 'en'))}${link('de', page(n, 'de'))}</url>`);
    entries.push(`<url><loc>${page(n, 'de')}</loc>${oneWay(n) ? '' : link('en', page(n, 'en'))}${link('de', page(n, 'de'))}</url>`);
  }
  return urlset(entries.join('\n'), ROOT);
}

function diagnostics(document: SitemapDocument): string[] {
  return render(validate(document, DEFAULT_SETTINGS, { now: NOW }));
}

/** Applies an edit, and checks the document's problems against a fresh parse of its text. */
function edit(document: SitemapDocument, start: number, end: number, text: string): string[] {
  applyEdits(document, [{ start, end, text }]);
  const found = diagnostics(document);
  assert.deepEqual(found, diagnostics(parseDocument(document.getText(), 'sitemap')));
  return found;
}

test('hreflang-not-reciprocal: on the one-way href, with the partner\'s <loc> as related information', () => {
  const text = hreflangSitemap(3, (n) => n === 1);
  const found = validate(parseDocument(text, 'sitemap'), DEFAULT_SETTINGS, { now: NOW });
  assert.deepEqual(found.map((d) => d.rule), ['hreflang-not-reciprocal']);
  const [problem] = found;
  assert.equal(text.slice(problem.start, problem.end), page(1, 'de'));
  assert.equal(text.slice(problem.start - 6, problem.start), 'href="');
  const related = problem.related![0];
  assert.equal(text.slice(related.start - 5, related.end + 6), `<loc>${page(1, 'de')}</loc>`);
});

test('hreflang-not-reciprocal follows edits of either partner, checking only the entries an edit can change', () => {
  const text = hreflangSitemap(2_000, (n) => n === 1_000);
  const document = parseDocument(text, 'sitemap');
  assert.equal(diagnostics(document).length, 1);
  const index = (document as SitemapModel).alternates;
  const checked = index.entriesChecked;
  // The German page links back: the English page's problem goes.
  const backAt = text.indexOf(`<loc>${page(1_000, 'de')}</loc>`) + `<loc>${page(1_000, 'de')}</loc>`.length;
  assert.deepEqual(edit(document, backAt, backAt, link('en', page(1_000, 'en'))), []);
  // The English page's URL changes: its partners no longer list it, it lists a page that does not list it back.
  const loc = document.getText().indexOf(page(7, 'en'));
  const after = edit(document, loc + 'https://example.com/en/'.length, loc + 'https://example.com/en/'.length, 'x');
  assert.deepEqual(after.map((d) => d.split('@')[0]), ['hreflang-missing-self', 'hreflang-not-reciprocal']);
  assert.ok(index.entriesChecked - checked <= 8, `${index.entriesChecked - checked} entries checked for two edits`);
});

test('a head edit that changes which extension a prefix names reparses the entries', () => {
  const body = `<url><loc>https://example.com/a</loc><image:image><image:caption>c</image:caption></image:image></url>`;
  const document = parseDocument(urlset(body, ROOT), 'sitemap');
  assert.deepEqual(diagnostics(document).map((d) => d.split('@')[0]), ['image-missing-loc', 'image-deprecated']);
  const uri = document.getText().indexOf(IMAGE);
  // A near miss still reads as the image extension (and says so on the declaration).
  const nearMiss = edit(document, uri + 4, uri + 4, 's');
  assert.deepEqual(nearMiss.map((d) => d.split('@')[0]), ['extension-namespace', 'image-missing-loc', 'image-deprecated']);
  // Another namespace altogether: the element is not the extension's (and its prefix says it was meant to be).
  const other = edit(document, uri, uri + IMAGE.length + 1, 'https://example.com/my-images');
  assert.deepEqual(other.map((d) => d.split('@')[0]), ['extension-namespace']);
  // Undeclared: the prefix is reported on each element.
  const declaration = document.getText().indexOf(' xmlns:image=');
  const undeclared = edit(document, declaration, document.getText().indexOf('"', declaration + 14) + 1, '');
  assert.deepEqual(undeclared.map((d) => d.split('@')[0]), ['extension-namespace', 'extension-namespace']);
});

test('extension-namespace: an extension\'s own element under another namespace, on its prefix', () => {
  expectDiagnostics(
    urlset(`<url><loc>https://example.com/</loc><⟦image⟧:image><image:loc>https://example.com/a.jpg</image:loc></image:image></url>`, `xmlns="${NS}" xmlns:image="https://example.com/ns/image"`),
    ['extension-namespace'],
  );
  // Not for other names under that prefix, nor other prefixes.
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc><image:photo/><pic:image/></url>`, `xmlns="${NS}" xmlns:image="https://example.com/ns/image" xmlns:pic="https://example.com/ns/pic"`), []);
});

test('too-many-images: on the 1,001st image of a <url>, once', () => {
  const image = (n: number) => `<image:image><image:loc>https://cdn.example.net/${n}.jpg</image:loc></image:image>`;
  const images = Array.from({ length: 1_002 }, (_, n) => (n === 1_000 ? `<⟦image:image⟧><image:loc>https://cdn.example.net/${n}.jpg</image:loc></image:image>` : image(n)));
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc>${images.join('')}</url>`, ROOT), ['too-many-images']);
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc>${images.slice(0, 1_000).join('')}</url>`, ROOT), []);
});

test('news-too-many-urls: on the first news:news over sitemap.limits.maxNewsEntries', () => {
  const article = (n: number, name = 'news:news') => `<url><loc>https://example.com/${n}</loc><${name}><news:publication><news:name>P</news:name>` +
    `<news:language>en</news:language></news:publication><news:publication_date>2025-06-15</news:publication_date><news:title>T</news:title></news:news></url>`;
  const body = [article(0), article(1), `<url><loc>https://example.com/plain</loc></url>`, article(2, '⟦news:news⟧'), article(3)].join('\n');
  expectDiagnostics(urlset(body, ROOT), ['news-too-many-urls'], { settings: { limits: { ...DEFAULT_SETTINGS.limits, maxNewsEntries: 2 } } });
  expectDiagnostics(urlset(body.replace(/⟦|⟧/g, ''), ROOT), []);
});

test('news-too-old: more than 48 hours before the clock; a date alone once its day has ended everywhere', () => {
  const article = (date: string) => `<url><loc>https://example.com/a</loc><news:news><news:publication><news:name>P</news:name>` +
    `<news:language>en</news:language></news:publication><news:publication_date>${date}</news:publication_date><news:title>T</news:title></news:news></url>`;
  // NOW is 2025-06-15T12:00:00Z.
  expectDiagnostics(urlset(article('⟦2025-06-13T11:59:00Z⟧'), ROOT), ['news-too-old']);
  expectDiagnostics(urlset(article('2025-06-13T12:00:00Z'), ROOT), []);
  expectDiagnostics(urlset(article('2025-06-13T13:30:00+01:00'), ROOT), []);
  // 2025-06-12 ends at 2025-06-13T12:00Z at UTC−12: exactly 48 hours, not more.
  expectDiagnostics(urlset(article('2025-06-12'), ROOT), []);
  expectDiagnostics(urlset(article('⟦2025-06-11⟧'), ROOT), ['news-too-old']);
  // A date in the future is no news rule's concern; an invalid one is news-invalid-date only.
  expectDiagnostics(urlset(article('2025-07-01'), ROOT), []);
  expectDiagnostics(urlset(article('⟦2024⟧'), ROOT), ['news-invalid-date']);
});

test('extension elements are checked only in a <url>: an index\'s <sitemap> ignores them, the root reports them where they stand', () => {
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ${ROOT}>\n<sitemap><loc>https://example.com/s.xml</loc><image:image/></sitemap>\n</sitemapindex>\n`;
  expectDiagnostics(index, []);
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc></url><⟦image:image⟧/>`, ROOT), ['unknown-element']);
});

test('unescaped-character: in the extensions\' URLs and codes, not in their prose (captions, titles, descriptions)', () => {
  const video = `<video:video><video:thumbnail_loc>https://cdn.example.net/t.jpg</video:thumbnail_loc><video:title>Tom's "best" > yours</video:title>` +
    `<video:description>It's "live"</video:description><video:player_loc>https://example.com/p?it⟦'⟧s</video:player_loc></video:video>`;
  expectDiagnostics(urlset(`<url><loc>https://example.com/</loc>${video}</url>`, `xmlns="${NS}" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"`), ['unescaped-character']);
});
