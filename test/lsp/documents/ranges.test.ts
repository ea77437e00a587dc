/**
 * rangesOf (the ranges of a validation's problems at once, by one walk while the document has no line index yet, as
 * after a fresh open) gives what rangeOf gives span by span, odd offsets included, before and after the index exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from '../../../server/src/language/languageService';
import { rangeOf, rangesOf } from '../../../server/src/lsp/documents/ranges';
import { random } from '../../support/generate';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const TEXT = `<?xml version="1.0"?>\r\n<urlset xmlns="${NS}">\n` +
  Array.from({ length: 40 }, (_, n) => `<url>\r\n  <loc>https://example.com/${n}</loc>${n % 3 === 0 ? '\r' : '\n'}</url>\n`).join('') + '</urlset>\n';

test('rangesOf equals rangeOf for every span, odd offsets included, with and without the line index', () => {
  const rnd = random(11);
  const odd = [-5, NaN, Infinity, -Infinity, TEXT.length + 9, 2.5];
  const offset = (): number => (rnd() < 0.1 ? odd[Math.floor(rnd() * odd.length)] : Math.floor(rnd() * (TEXT.length + 1)));
  const spans = Array.from({ length: 400 }, () => ({ start: offset(), end: offset() }));
  const reference = parseDocument(TEXT, 'sitemap');
  const expected = spans.map(({ start, end }) => rangeOf(reference, start, end));
  // Fresh (as opened once, nothing converted yet), then once positionAt has built the index.
  const fresh = parseDocument(TEXT, 'sitemap', { deferUrlIndex: true });
  assert.deepEqual(rangesOf(fresh, spans), expected);
  fresh.positionAt(0);
  assert.deepEqual(rangesOf(fresh, spans), expected);
});
