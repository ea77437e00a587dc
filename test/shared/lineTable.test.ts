import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { parseDocument } from '../../server/src/language/languageService';
import { LineTableBuilder, lineTableOf, positionIn } from '../../shared/lineTable';

/** A text of random lines with `\n`, `\r\n` and lone `\r` breaks (or `\n` only). */
function randomText(seed: number, breaks: readonly string[]): string {
  let state = seed;
  const next = (n: number): number => (state = (state * 1103515245 + 12345) & 0x7fffffff) % n;
  let text = '';
  for (let line = 0; line < 200; line++) text += 'x'.repeat(next(12)) + 'é'.repeat(next(2)) + breaks[next(breaks.length)];
  return text;
}

describe('lineTable', () => {
  for (const [name, breaks] of [['\\n only', ['\n']], ['mixed breaks', ['\n', '\r\n', '\r', '\n\n']]] as const) {
    it(`places every offset where the document does (${name})`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const text = randomText(seed, breaks);
        const doc = parseDocument(text, 'sitemap-txt');
        const lines = lineTableOf(text);
        for (let offset = 0; offset <= text.length; offset++) {
          if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // inside a CRLF: no position of its own
          assert.deepEqual(positionIn(lines, text.length, offset), doc.positionAt(offset), `offset ${offset}`);
        }
      }
    });
  }

  it('gives the same table whatever line count it is told, and the document\'s is exact', () => {
    for (let seed = 1; seed <= 5; seed++) {
      for (const breaks of [['\n'], ['\n', '\r\n', '\r', '\n\n']]) {
        const text = randomText(seed, breaks).repeat(8);
        const table = lineTableOf(text);
        const doc = parseDocument(text, 'sitemap-txt');
        assert.equal(doc.lineCount, table.length);
        for (const lines of [0, 1, table.length - 1, table.length, table.length + 1, 5 * table.length]) assert.deepEqual(lineTableOf(text, lines), table, `told ${lines}`);
      }
    }
  });

  it('builds the same table from pieces, over several of its blocks (CRLFs split between pieces)', () => {
    const lines: string[] = [];
    for (let n = 0; n < 150_000; n++) lines.push(`${n % 10 === 0 ? '' : 'u'}${['\n', '\r\n', '\r'][n % 3]}`);
    const text = lines.join('');
    const builder = new LineTableBuilder();
    for (let at = 0, piece = 1; at < text.length; at += piece, piece = (piece * 7) % 101 + 1) builder.push(text.slice(at, at + piece));
    const built = builder.finish();
    assert.equal(built.length, text.length);
    assert.ok(built.lines.length > 2 << 16);
    assert.deepEqual(built.lines, lineTableOf(text));
  });

  it('clamps offsets outside the text', () => {
    const lines = lineTableOf('ab\ncd');
    assert.deepEqual(positionIn(lines, 5, -3), { line: 0, character: 0 });
    assert.deepEqual(positionIn(lines, 5, 99), { line: 1, character: 2 });
  });
});
