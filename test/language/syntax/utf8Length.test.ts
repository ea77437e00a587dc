/**
 * The language layer counts UTF-8 bytes without Node's Buffer: both counts equal Buffer.byteLength, on every mix of
 * ASCII, two-, three- and four-byte characters and lone surrogates (which UTF-8 writes as U+FFFD, three bytes).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textUtf8Length, utf8Length } from '../../../server/src/language/syntax/textMetrics';

const PIECES = ['a', '<loc>', 'é', 'ü', '€', '中文', '😀', '\ud83d', '\ude00', '\ufeff', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff'];

/** A deterministic pseudo-random text of `count` pieces. */
function mixed(seed: number, count: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    text += PIECES[state % PIECES.length];
  }
  return text;
}

test('textUtf8Length and utf8Length count what Buffer.byteLength counts', () => {
  const texts = ['', 'plain ascii', '\ud83d', '\ude00\ud83d', '😀x😀', ...Array.from({ length: 300 }, (_, i) => mixed(i + 1, i % 40))];
  for (const text of texts) {
    const expected = Buffer.byteLength(text);
    assert.equal(textUtf8Length(text), expected, JSON.stringify(text));
    assert.equal(utf8Length(text), expected, JSON.stringify(text));
  }
});

test('textUtf8Length restarts its search on every call', () => {
  const text = 'é'.repeat(3) + 'a'.repeat(10) + '中';
  assert.equal(textUtf8Length(text), textUtf8Length(text));
  assert.equal(textUtf8Length('a' + text), Buffer.byteLength('a' + text));
});
