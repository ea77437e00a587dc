/**
 * decodedByteLength (the CLI's byte length of a decoded file, from its bytes) equals Buffer.byteLength of the text
 * TextDecoder makes of them — a BOM dropped, malformed bytes as U+FFFD — or says it does not know.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodedByteLength } from '../../server/src/cli/lint/lintInputs';
import { random } from '../support/generate';

function textLength(bytes: Uint8Array): number {
  return Buffer.byteLength(new TextDecoder('utf-8').decode(bytes));
}

test('decodedByteLength: valid UTF-8 with and without a BOM, and malformed bytes left to a count', () => {
  const cases: number[][] = [
    [], [0x41], [0xef, 0xbb, 0xbf], [0xef, 0xbb, 0xbf, 0x41], [0xef, 0xbb], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf],
    [...Buffer.from('<loc>https://example.com/é€😀</loc>')], [0xef, 0xbb, 0xbf, ...Buffer.from('é')],
    [0x80], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xef, 0xbb, 0xbf, 0xff],
  ];
  for (const bytes of cases) {
    const b = Uint8Array.from(bytes);
    const got = decodedByteLength(b);
    if (got !== undefined) assert.equal(got, textLength(b), JSON.stringify(bytes));
    else assert.ok(new TextDecoder().decode(b).includes('\ufffd'), JSON.stringify(bytes));
  }
  assert.equal(decodedByteLength(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])), 1);
  assert.equal(decodedByteLength(Uint8Array.from([0xc3])), undefined);
});

test('decodedByteLength: random byte strings from a small alphabet of lead, continuation and BOM bytes', () => {
  const rng = random(11);
  const alphabet = [0x41, 0x0a, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xef, 0xbb, 0xbf, 0xf0, 0x9f, 0x98, 0x80, 0xff];
  let known = 0;
  for (let n = 0; n < 20_000; n++) {
    const b = Uint8Array.from({ length: Math.floor(rng() * 8) }, () => alphabet[Math.floor(rng() * alphabet.length)]);
    const got = decodedByteLength(b);
    if (got === undefined) continue;
    known++;
    assert.equal(got, textLength(b), JSON.stringify([...b]));
  }
  assert.ok(known > 1_000);
});
