import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { describeLimit, describeSize, formatLimitMegabytes, formatMegabytes, MEGABYTE } from '../../shared/byteSize';

describe('byteSize without a locale', () => {
  it('builds no Intl.NumberFormat (the first one of a process costs sitemap-lint 20–25 ms)', () => {
    const original = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(original, { construct: (target, args) => (built++, new target(...(args as []))) });
    try {
      describeSize(12_087_808, 10 * MEGABYTE);
      describeLimit(50 * MEGABYTE);
      formatMegabytes(1);
    } finally {
      Intl.NumberFormat = original;
    }
    assert.equal(built, 0);
  });

  it('writes what Intl.NumberFormat en-US writes', () => {
    const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const upToTwo = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const sizes = [0, 1, 5243, 10_485, 104_857, 999_999, 1_048_576, 10_485_760, 10_485_761, 12_436_070, 52_428_800,
      52_428_801, 123_456_789, 1_073_741_824, 99_999_999_999];
    for (let n = 0; n < 3000; n++) sizes.push(Math.floor((n * 7_919 ** 2) % 2_000_000_000));
    for (const bytes of sizes) {
      const scaled = Math.round((bytes / MEGABYTE) * 100) / 100;
      if (bytes === 0 || scaled > 0) {
        assert.equal(formatMegabytes(bytes), two.format(scaled), `${bytes}`);
        assert.equal(formatLimitMegabytes(bytes), upToTwo.format(scaled), `${bytes}`);
      }
      assert.equal(describeSize(bytes), `${formatMegabytes(bytes)} MB (${whole.format(bytes)} bytes)`);
    }
  });
});
