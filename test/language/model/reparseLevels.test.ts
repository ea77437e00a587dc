/**
 * Which reparse level (model/reparse.ts) handles a typical edit, and how much text it parses, as rust-analyzer's
 * reparsing.rs `do_check` asserts: `$0…$0` marks the text the edit replaces; after it, the model equals a full parse.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, applyEdits, parseDocument, validate, type SitemapDocument, type SitemapLanguageId } from '../../../server/src/language/languageService';
import type { ReparseLevel, SitemapModel } from '../../../server/src/language/model/model';
import { NOW } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  `;
/** An entry's segment: from its start tag to the next entry's (the indentation after it included). */
const entry = (n: number): string => `<url><loc>https://example.com/${n}</loc></url>\n  `;
const NEW_ENTRY = '<url><loc>https://example.com/new</loc></url>\n  ';

/** A urlset of 20 entries, `edited(n)` standing for entry n where given. */
function urlset(edited: Record<number, string> = {}): string {
  const entries = Array.from({ length: 20 }, (_, n) => edited[n] ?? entry(n)).join('');
  return HEAD + entries.slice(0, -2) + '</urlset>\n';
}

function check(before: string, replaceWith: string, level: ReparseLevel, reparsedLength: number, languageId: SitemapLanguageId = 'sitemap'): void {
  const start = before.indexOf('$0');
  const end = before.indexOf('$0', start + 2) - 2;
  assert.ok(start >= 0 && end >= start, 'two $0 markers');
  const text = before.replace(/\$0/g, '');
  const after = text.slice(0, start) + replaceWith + text.slice(end);
  const model = parseDocument(text, languageId) as SitemapModel;
  applyEdits(model, [{ start, end, text: replaceWith }]);
  assert.equal(model.lastReparse, level);
  assert.equal(model.lastReparsedLength, reparsedLength);
  assert.equal(model.reparses[level], 1);
  sameAsFresh(model, parseDocument(after, languageId), after);
}

function sameAsFresh(model: SitemapDocument, fresh: SitemapDocument, text: string): void {
  const problems = (document: SitemapDocument) => validate(document, DEFAULT_SETTINGS, { now: NOW, location: undefined });
  const segments = (document: SitemapDocument) => (document as SitemapModel).segments.map((s) => ({ text: s.text, problems: s.problems }));
  assert.equal(model.getText(), text);
  assert.deepEqual(problems(model), problems(fresh));
  assert.deepEqual(segments(model), segments(fresh));
}

test('typing in a <loc> reparses that entry', () => {
  check(urlset({ 5: '<url><loc>https://example.com/5$0$0</loc></url>\n  ' }), 'x', 'entries', entry(5).length + 1);
});

test('adding an entry between two reparses the entry before it and the new one', () => {
  check(urlset({ 10: `$0$0${entry(10)}` }), NEW_ENTRY, 'entries', entry(9).length + NEW_ENTRY.length);
});

test('adding an entry over a selection of two replaces them', () => {
  check(urlset({ 10: `$0${entry(10)}`, 11: `${entry(11)}$0` }), NEW_ENTRY, 'entries', entry(9).length + NEW_ENTRY.length);
});

test('opening a comment that nothing after closes grows the region to the next entry, where it ends', () => {
  check(urlset({ 10: `$0$0${entry(10)}` }), '<!--', 'entries', entry(9).length + 4 + entry(10).length);
});

test('closing a comment opened above reparses from where it was opened', () => {
  const opened = urlset({ 10: `<!--${entry(10)}`, 13: `$0$0${entry(13)}` });
  check(opened, '-->', 'entries', [9, 10, 11, 12].reduce((length, n) => length + entry(n).length, 4 + 3));
});

test('opening a comment that a later one closes grows the region at once to that "-->"', () => {
  check(urlset({ 4: `$0$0${entry(4)}`, 8: `<!-- x -->${entry(8)}` }), '<!--', 'entries',
    [3, 4, 5, 6, 7].reduce((length, n) => length + entry(n).length, 4 + '<!-- x -->'.length));
});

test('typing in the root\'s namespaces or attributes reparses the head alone', () => {
  const added = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
  check(urlset().replace(`<urlset xmlns="${NS}"`, `<urlset$0$0 xmlns="${NS}"`), added, 'head', HEAD.length + added.length);
  check(urlset().replace(`<urlset xmlns="${NS}"`, `<urlset xmlns="${NS}"$0$0`), ' id="x"', 'head', HEAD.length + 7);
});

test('deleting the "<" of the first entry takes that entry into the head: the entries level yields to the head', () => {
  check(urlset({ 0: `$0<$0${entry(0).slice(1)}` }), '', 'head', HEAD.length + entry(0).length - 1);
});

test('renaming the root parses everything', () => {
  const text = urlset().replace('<urlset', '<urlset$0$0');
  check(text, 'x', 'full', text.length - 4 + 1);
});

/** The last entry's segment: the indentation after it belongs to the tail. */
const LAST_ENTRY = entry(19).length - 2;

test('deleting the root\'s end tag parses the rest of the document after the unchanged head, from the last entry', () => {
  check(urlset().replace('</urlset>', '$0</urlset>$0'), '', 'rest', HEAD.length + LAST_ENTRY + '\n'.length);
});

test('deleting the "<" of the last end tag before the tail parses the rest after the head, from that entry', () => {
  const text = urlset({ 19: '<url><loc>https://example.com/19</loc>$0<$0/url>\n  ' });
  check(text, '', 'rest', HEAD.length + LAST_ENTRY - 1 + '</urlset>\n'.length);
});

test('editing a line of a text sitemap reparses that line', () => {
  const lines = Array.from({ length: 10 }, (_, n) => `https://example.com/t/${n}\n`);
  const text = lines.map((line, n) => (n === 4 ? `https://example.com/t/$0$04\n` : line)).join('');
  check(text, 'x', 'lines', lines[4].length + 1, 'sitemap-txt');
});

test('editing a line of a robots.txt reparses that line', () => {
  const text = 'User-agent: *\nDisallow: /private/\nSitemap: https://example.com/$0$0sitemap.xml\nAllow: /\n';
  check(text, 'a', 'lines', 'Sitemap: https://example.com/asitemap.xml\n'.length, 'robots-txt');
});

test('a text sitemap whose first characters become XML is read again, as XML', () => {
  const text = '$0$0https://example.com/a\nhttps://example.com/b\n';
  const declaration = `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n`;
  check(text, declaration, 'resniff', text.length - 4 + declaration.length, 'sitemap-txt');
});

test('the counters add up over a session of edits, the opening parse counting for no level', () => {
  const text = urlset();
  const model = parseDocument(text, 'sitemap') as SitemapModel;
  assert.deepEqual(model.reparses, { resniff: 0, lines: 0, entries: 0, head: 0, rest: 0, full: 0 });
  assert.equal(model.lastReparse, undefined);
  const loc = text.indexOf('/7<');
  applyEdits(model, [{ start: loc, end: loc, text: 'x' }]);
  applyEdits(model, [{ start: loc, end: loc + 1, text: '' }]);
  const root = text.indexOf('<urlset') + 7;
  applyEdits(model, [{ start: root, end: root, text: ' id="x"' }]);
  applyEdits(model, [{ start: root, end: root, text: 'x' }]);
  assert.deepEqual(model.reparses, { resniff: 0, lines: 0, entries: 2, head: 1, rest: 0, full: 1 });
});
