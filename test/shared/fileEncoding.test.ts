/**
 * sniffEncoding (shared/fileEncoding.ts) takes a first KB of printable ASCII as UTF-8 without decoding it: an oracle
 * test against the counting it skips, on samples of mostly ASCII with controls, high bytes and cut characters.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sniffEncoding } from '../../shared/fileEncoding';

/** The sniff as it was before the ASCII shortcut: decode, count U+FFFD and C0 controls. */
function counted(sample: Uint8Array): 'binary' | 'utf-8' {
  if (sample.includes(0)) return 'binary';
  const text = new TextDecoder('utf-8').decode(sample);
  let odd = 0;
  for (let k = 0; k < text.length - 1; k++) {
    const c = text.charCodeAt(k);
    if (c === 0xfffd || (c < 0x20 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return odd * 10 >= text.length && odd > 0 ? 'binary' : 'utf-8';
}

describe('sniffEncoding', () => {
  it('answers as decoding and counting would, ASCII shortcut or not', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const specials = [0x0c, 0x1b, 0x7f, 0x80, 0xc3, 0xa9, 0xe7, 0xbd, 0x91, 0xf0, 0x9f, 0x98, 0x80, 0xff, 9, 10, 13, 0x01];
    for (let round = 0; round < 3000; round++) {
      const length = 4 + random(1100);
      const bytes = new Uint8Array(length);
      const oddness = random(4) === 0 ? 0 : 1 + random(40);
      // One or two kinds of odd byte per sample: a shortcut that let one through wrongly would then decide alone.
      const palette = [specials[random(specials.length)]!, specials[random(specials.length)]!];
      for (let i = 0; i < length; i++) bytes[i] = random(100) < oddness ? palette[random(palette.length)]! : 0x20 + random(0x5f);
      bytes[0] = 0x3c; // no UTF-16 guess
      assert.equal(sniffEncoding(bytes).kind, counted(bytes.subarray(0, 1024)), `round ${round}`);
    }
  });
});
