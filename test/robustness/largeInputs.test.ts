/**
 * The largest bad inputs of test/language/syntax/badInputs.test.ts (its header says what the bounds mean), run by
 * `npm run test:robustness` rather than `npm test`, for the time they take: 100,000 nested elements, an unterminated
 * comment or CDATA section at the top of a 10 MB file, a file over 50 MB.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS } from '../../server/src/language/languageService';
import { edit, nestedElements, open, sorted } from '../support/badInputs';
import { MB } from '../support/bounds';
import { render } from '../support/fixtures';
import { benchSitemap } from '../support/generate';

test('100,000 nested elements', (t) => nestedElements(t, 100_000));

test('an unterminated comment at the top of a 10 MB file', (t) => {
  const text = `<!--${benchSitemap(45_000)}`;
  assert.ok(text.length > 10 * MB);
  const opened = open(t, 'unterminated comment, 10 MB', text, 'sitemap', 20);
  // The comment swallows the file: it is unterminated, and there is no root; the size is over the old limit.
  assert.deepEqual(sorted(render(opened.diagnostics)), ['legacy-size-limit@0-0', 'xml-syntax@0-0', 'xml-syntax@0-4']);
  edit(t, 'unterminated comment, 10 MB', opened, text, 10, 10, 131);
});

test('an unterminated CDATA section at the top of a 10 MB file', (t) => {
  const text = `<![CDATA[${benchSitemap(45_000)}`;
  const opened = open(t, 'unterminated CDATA, 10 MB', text, 'sitemap', 41);
  // Unterminated, and outside the root (there is none).
  assert.deepEqual(sorted(render(opened.diagnostics)), ['legacy-size-limit@0-0', 'xml-syntax@0-0', 'xml-syntax@0-9', 'xml-syntax@0-9']);
  edit(t, 'unterminated CDATA, 10 MB', opened, text, 10, 11, 33);
});

test('a file over 50 MB', (t) => {
  const text = benchSitemap(220_000);
  assert.ok(text.length > DEFAULT_SETTINGS.limits.maxBytes);
  const opened = open(t, 'over 50 MB', text, 'sitemap', 680);
  // The 50,001st <url>, first over the entry limit.
  let entry = -1;
  for (let n = 0; n <= DEFAULT_SETTINGS.limits.maxEntries; n++) entry = text.indexOf('<url>', entry + 1);
  const root = text.indexOf('urlset');
  assert.deepEqual(render(opened.diagnostics), [`file-too-large@${root}-${root + 6}`, `too-many-entries@${entry}-${entry + 5}`]);
  edit(t, 'over 50 MB', opened, text, 5, 17, 700); // an edit that breaks the structure costs a full parse
});
