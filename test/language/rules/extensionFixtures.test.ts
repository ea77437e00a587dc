/**
 * The extension fixtures (test/fixtures/extensions/ and the generated cases of test/support/extensionFixtures.ts)
 * through the language service facade: exactly the marked rule ids at the marked ranges, in document order, at the
 * tests' NOW; the good files also with a location (no scope rule on extension URLs); each entry of each file deleted
 * and typed back, the incremental model agreeing with a fresh parse. Plus what the marks cannot say:
 * hreflang-not-reciprocal's related information, and reciprocity re-judged when the other entry is edited.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, DEFAULT_SETTINGS, parseDocument, validate } from '../../../server/src/language/languageService';
import { diagnose, NOW, render, stripMarks } from '../../support/fixtures';
import { EXTENSION_FIXTURES, expectedOf, extensionCases, fileCases } from '../../support/extensionFixtures';

for (const c of extensionCases()) {
  const { text, expected } = expectedOf(c);
  const want = render(expected);
  test(`extension fixture ${c.name}: ${c.rules.length === 0 ? 'no problem' : [...new Set(c.rules)].join(', ')}`, () => {
    assert.deepEqual(render(diagnose(text)), want);
    if (c.location !== undefined) assert.deepEqual(render(diagnose(text, { context: { location: c.location } })), want, `with location ${c.location}`);
  });
}

test('extension fixtures, edited: deleting each entry or namespace declaration and typing it back gives what a fresh parse gives', () => {
  for (const c of fileCases()) {
    const { text } = stripMarks(c.fixture);
    const model = parseDocument(text, 'sitemap');
    const context = { now: NOW };
    const pieces = [...text.matchAll(/<url>[\s\S]*?<\/url>\n|\s+xmlns:\w+="[^"]*"/g)];
    assert.ok(pieces.length > 0, c.name);
    for (const piece of pieces) {
      const [start, end] = [piece.index, piece.index + piece[0].length];
      const without = text.slice(0, start) + text.slice(end);
      applyEdits(model, [{ start, end, text: '' }]);
      assert.deepEqual(render(validate(model, DEFAULT_SETTINGS, context)), render(diagnose(without)), `${c.name}: without ${JSON.stringify(piece[0].slice(0, 40))}`);
      applyEdits(model, [{ start, end: start, text: piece[0] }]);
      assert.deepEqual(render(validate(model, DEFAULT_SETTINGS, context)), render(diagnose(text)), `${c.name}: ${JSON.stringify(piece[0].slice(0, 40))} typed back`);
    }
  }
});

test('every new rule id has a bad case, and each extension a good file', () => {
  const cases = extensionCases();
  const fired = new Set(cases.flatMap((c) => c.rules));
  const newRules = [
    'extension-namespace', 'image-missing-loc', 'too-many-images', 'image-deprecated', 'video-missing-required', 'video-invalid-value',
    'news-missing-required', 'news-invalid-language', 'news-invalid-date', 'news-too-old', 'news-too-many-urls',
    'hreflang-invalid', 'hreflang-missing-self', 'hreflang-not-reciprocal', 'hreflang-duplicate', 'invalid-url',
  ];
  assert.deepEqual(newRules.filter((rule) => !fired.has(rule)), []);
  for (const extension of ['namespace', 'image', 'video', 'news', 'hreflang']) {
    const good = cases.find((c) => c.name === `${extension}-good.xml`);
    assert.ok(good !== undefined && good.rules.length === 0, `${extension}-good.xml expects no problem`);
  }
});

const fixture = (name: string): string => fs.readFileSync(path.join(EXTENSION_FIXTURES, name), 'utf8');

test('hreflang-not-reciprocal: related information on the other entry\'s <loc> value', () => {
  const { text } = stripMarks(fixture('hreflang-bad.xml'));
  const rule: string = 'hreflang-not-reciprocal';
  const problem = diagnose(text).find((d) => d.rule === rule);
  assert.ok(problem !== undefined);
  const loc = '<loc>https://www.example.com/deutsch/</loc>';
  const start = text.indexOf(loc) + '<loc>'.length;
  assert.deepEqual(problem.related?.map((r) => [r.start, r.end]), [[start, start + 'https://www.example.com/deutsch/'.length]]);
});

test('hreflang-not-reciprocal follows edits of the other entry: deleting its link back reports A, retyping it clears A', () => {
  const text = fixture('hreflang-good.xml');
  const model = parseDocument(text, 'sitemap');
  const context = { now: NOW };
  assert.deepEqual(render(validate(model, DEFAULT_SETTINGS, context)), []);
  // The deutsch entry's two identical links back to english.
  const back = '    <xhtml:link rel="alternate" hreflang="en-us" href="https://www.example.com/english/" />\n';
  const first = text.indexOf(back);
  assert.equal(text.indexOf(back, first + back.length), first + back.length, 'the two links are adjacent');
  applyEdits(model, [{ start: first, end: first + 2 * back.length, text: '' }]);
  const edited = text.slice(0, first) + text.slice(first + 2 * back.length);
  const href = 'https://www.example.com/deutsch/';
  const english = edited.indexOf(`hreflang="de" href="${href}"`) + 'hreflang="de" href="'.length;
  assert.deepEqual(render(validate(model, DEFAULT_SETTINGS, context)), [`hreflang-not-reciprocal@${english}-${english + href.length}`]);
  applyEdits(model, [{ start: first, end: first, text: back }]);
  assert.deepEqual(render(validate(model, DEFAULT_SETTINGS, context)), []);
});
