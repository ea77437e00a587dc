/**
 * parseDocument's `deferUrlIndex` (a linter's parse: the URL index is filled only if duplicates need it) changes nothing a
 * validation finds — with no duplicate, with pairs and triples, in urlsets, indexes and text sitemaps — and a document
 * parsed once still edits like any other: after each edit of a sequence (making and unmaking duplicates), it validates
 * as a fresh parse of its text does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, DEFAULT_SETTINGS, parseDocument, validate, type SitemapDocument, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { NOW } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (paths: string[]) => `<urlset xmlns="${NS}">\n${paths.map((p) => `<url><loc>https://example.com/${p}</loc></url>\n`).join('')}</urlset>\n`;
const index = (paths: string[]) => `<sitemapindex xmlns="${NS}">\n${paths.map((p) => `<sitemap><loc>https://example.com/${p}.xml</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
const lines = (paths: string[]) => paths.map((p) => `https://example.com/${p}\n`).join('');

const LISTS = [[], ['a'], ['a', 'b', 'c'], ['a', 'b', 'a'], ['a', 'a', 'a', 'b', 'b'], ['x', 'a&amp;b', 'a&amp;b', 'y']];
const FORMS: Array<[SitemapLanguageId, (paths: string[]) => string]> = [['sitemap', urlset], ['sitemap', index], ['sitemap-txt', lines]];

const found = (doc: SitemapDocument) => validate(doc, DEFAULT_SETTINGS, { now: NOW }).map((d) => `${d.rule}@${d.start}-${d.end}`);

test('a document parsed once validates as one parsed for editing', () => {
  for (const [languageId, form] of FORMS) {
    for (const list of LISTS) {
      const text = form(list);
      assert.deepEqual(found(parseDocument(text, languageId, { deferUrlIndex: true })), found(parseDocument(text, languageId)), text);
    }
  }
});

test('a document parsed once edits like any other', () => {
  const text = urlset(['a', 'b', 'c', 'd']);
  const steps = [
    // b → a (a duplicate), then back, then c → d and a new entry repeating d.
    { from: 'b</loc>', to: 'a</loc>' }, { from: 'a</loc>', to: 'b</loc>', last: true },
    { from: 'c</loc>', to: 'd</loc>' }, { from: '</urlset>', to: '<url><loc>https://example.com/d</loc></url>\n</urlset>' },
  ];
  for (const validateFirst of [false, true]) {
    const doc = parseDocument(text, 'sitemap', { deferUrlIndex: true });
    let current = text;
    if (validateFirst) found(doc);
    for (const step of steps) {
      const start = step.last ? current.lastIndexOf(step.from) : current.indexOf(step.from);
      applyEdits(doc, [{ start, end: start + step.from.length, text: step.to }]);
      current = current.slice(0, start) + step.to + current.slice(start + step.from.length);
      assert.deepEqual(found(doc), found(parseDocument(current, 'sitemap')), current);
    }
  }
});
