/**
 * Opening a file costs work linear in its entries (issue 20), counted rather than timed: the characters the parse and
 * the validation search with indexOf / lastIndexOf, and the entries the alternate index checks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, completeParse, DEFAULT_SETTINGS, parseDocument, validate } from '../../../server/src/language/languageService';
import type { SitemapModel } from '../../../server/src/language/model/model';
import { benchCrossFileAlternatesSitemap, benchExtensionSitemap, benchSitemapOneLine } from '../../support/generate';
import { NOW } from '../../support/fixtures';

interface Work {
  /** Characters searched, per character of the text. */
  searchedPerCharacter: number;
  entriesChecked: number;
  alternatesListed: number;
}

/** Opens `text` as the server does (`deferUrlIndex`: as sitemap-lint does), counting the characters String searches cover. */
function openCounting(text: string, deferUrlIndex: boolean): Work {
  const { indexOf, lastIndexOf } = String.prototype;
  let searched = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number): number {
    const at = indexOf.call(this, search, from);
    searched += (at < 0 ? this.length : at) - Math.min(Math.max(from ?? 0, 0), this.length);
    return at;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, from?: number): number {
    const at = lastIndexOf.call(this, search, from);
    searched += Math.min(Math.max(from ?? this.length, 0), this.length) - Math.max(at, 0);
    return at;
  };
  try {
    const document = parseDocument(text, 'sitemap', { deferUrlIndex });
    const found = validate(document, DEFAULT_SETTINGS, { now: NOW });
    assert.deepEqual(found.map((d) => d.rule), [], 'the generated file is clean');
    const { entriesChecked, alternatesListed } = (document as SitemapModel).alternates;
    return { searchedPerCharacter: searched / text.length, entriesChecked, alternatesListed };
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.lastIndexOf = lastIndexOf;
  }
}

const oneLine = (text: string): string => text.replace(/\n\s*/g, '');
/** Each shape, its generator, and whether its entries have alternates. */
const SHAPES: Array<[string, (entries: number) => string, boolean]> = [
  ['alternates listed in other sitemaps, no & in the file', (n) => benchCrossFileAlternatesSitemap(n), true],
  ['alternates listed in the same file, with &amp;', benchExtensionSitemap, true],
  // Minified: a search for the next line break from any place runs to the end of the file.
  ['alternates listed in other sitemaps, on one line', (n) => oneLine(benchCrossFileAlternatesSitemap(n)), true],
  ['plain entries on one line', benchSitemapOneLine, false],
];

for (const [shape, generate, withAlternates] of SHAPES) {
  test(`opening ${shape}: the work per character does not grow with the entries`, () => {
    for (const deferUrlIndex of [false, true]) {
      const small = openCounting(generate(500), deferUrlIndex);
      const large = openCounting(generate(4_000), deferUrlIndex);
      // A search that runs to the end of the text from each entry makes the large file's figure 8× the small one's.
      assert.ok(large.searchedPerCharacter <= 1.25 * small.searchedPerCharacter + 0.5,
        `searched ${small.searchedPerCharacter.toFixed(2)} then ${large.searchedPerCharacter.toFixed(2)} characters per character (deferUrlIndex: ${deferUrlIndex})`);
      assert.ok(large.searchedPerCharacter < 10, `searched ${large.searchedPerCharacter.toFixed(2)} characters per character (deferUrlIndex: ${deferUrlIndex})`);
      assert.equal(small.entriesChecked, withAlternates ? 500 : 0);
      assert.equal(large.entriesChecked, withAlternates ? 4_000 : 0);
      // Which entries list a page is for edits: an open that is checked and closed never lists them.
      assert.equal(large.alternatesListed, 0);
    }
  });
}

test('the first edit lists each alternate of another page once, and later edits list only their own', () => {
  const text = benchCrossFileAlternatesSitemap(1_000);
  const document = parseDocument(text, 'sitemap');
  validate(document, DEFAULT_SETTINGS, { now: NOW });
  const index = (document as SitemapModel).alternates;
  // A space typed before the lastmod of an entry in the middle.
  const at = text.indexOf('<lastmod>', text.indexOf('item-000500'));
  applyEdits(document, [{ start: at, end: at, text: ' ' }]);
  validate(document, DEFAULT_SETTINGS, { now: NOW });
  // Two links to other pages per entry, listed once; the edited entry's twice (removed, then added again).
  assert.equal(index.alternatesListed, 2 * 1_000 + 2);
  applyEdits(document, [{ start: at, end: at + 1, text: '' }]);
  validate(document, DEFAULT_SETTINGS, { now: NOW });
  assert.equal(index.alternatesListed, 2 * 1_000 + 4);
});

test('completeParse lists the alternates, as the server does once the first diagnostics are out, and the first edit does not again', () => {
  const text = benchCrossFileAlternatesSitemap(1_000);
  const document = parseDocument(text, 'sitemap', { deferUrlIndex: true });
  validate(document, DEFAULT_SETTINGS, { now: NOW });
  const index = (document as SitemapModel).alternates;
  assert.equal(index.alternatesListed, 0);
  completeParse(document);
  assert.equal(index.alternatesListed, 2 * 1_000);
  const at = text.indexOf('<lastmod>', text.indexOf('item-000500'));
  applyEdits(document, [{ start: at, end: at, text: ' ' }]);
  validate(document, DEFAULT_SETTINGS, { now: NOW });
  assert.equal(index.alternatesListed, 2 * 1_000 + 2);
});
