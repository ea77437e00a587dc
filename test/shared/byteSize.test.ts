/**
 * The one size format (shared/byteSize.ts): MB of 1,048,576 bytes, two decimals rounded to nearest as
 * VS Code rounds (`11.86`), never on the wrong side of a limit it is compared with, `<0.01` for a tiny file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeLimit, describeSize, formatCount, formatLimitMegabytes, formatMegabytes, MEGABYTE } from '../../shared/byteSize';

const LIMIT = 52_428_800;

/** VS Code's own size display (`ByteSize.formatSize` in vs/base/common/numbers.ts) for sizes of 1 MB and more. */
const vscodeFigure = (bytes: number): string => (bytes / 1024 / 1024).toFixed(2);

describe('formatMegabytes', () => {
  it('uses the protocol\'s MB: 50 MB is 52,428,800 bytes', () => {
    assert.equal(MEGABYTE, 1024 * 1024);
    assert.equal(formatMegabytes(LIMIT), '50.00');
    assert.equal(formatLimitMegabytes(LIMIT), '50');
  });

  it('shows the figure VS Code shows for the same file', () => {
    for (const bytes of [12_436_070, 12_437_000, 1_048_576, 3_000_000, 10_485_760, 33_333_333, 52_000_000]) {
      assert.equal(formatMegabytes(bytes), vscodeFigure(bytes), String(bytes));
    }
    assert.equal(formatMegabytes(12_436_070), '11.86');
  });

  it('never rounds onto the other side of the limit it is compared with', () => {
    assert.equal(formatMegabytes(LIMIT - 1, LIMIT), '50.00');
    assert.equal(formatMegabytes(LIMIT, LIMIT), '50.00');
    assert.equal(formatMegabytes(LIMIT + 1, LIMIT), '50.01');
    assert.equal(formatMegabytes(LIMIT + 1), '50.00', 'without a limit: plain rounding');
    // A limit that is not a round number of hundredths: 10,000,000 bytes is 9.54 MB.
    assert.equal(formatLimitMegabytes(10_000_000), '9.54');
    assert.equal(formatMegabytes(10_000_000, 10_000_000), '9.54');
    assert.equal(formatMegabytes(9_999_000, 10_000_000), '9.54');
    assert.equal(formatMegabytes(10_001_000, 10_000_000), '9.55');
  });

  it('shows a tiny file as under 0.01 MB and an empty one as 0.00', () => {
    assert.equal(formatMegabytes(1), '<0.01');
    assert.equal(formatMegabytes(5242), '<0.01');
    assert.equal(formatMegabytes(5243), '0.01');
    assert.equal(formatMegabytes(0), '0.00');
    assert.equal(formatLimitMegabytes(200), '<0.01');
  });

  it('follows the locale only in its separators', () => {
    assert.equal(formatMegabytes(12_436_070, undefined, 'de-DE'), '11,86');
    assert.equal(formatMegabytes(12_436_070, undefined, 'not a locale!'), '11.86');
  });
});

describe('describeSize', () => {
  it('gives the MB figure with its unit and the exact bytes', () => {
    assert.equal(describeSize(12_436_070), '11.86 MB (12,436,070 bytes)');
    assert.equal(describeSize(LIMIT + 1, LIMIT), '50.01 MB (52,428,801 bytes)');
    assert.equal(describeLimit(LIMIT), '50 MB (52,428,800 bytes)');
  });
});

describe('formatCount', () => {
  it('writes a count as toLocaleString(\'en-US\') does, without Intl', () => {
    for (const n of [0, 1, 9, 10, 999, 1000, 1001, 49_999, 50_000, 50_001, 123_456, 1_000_000, 9_999_999, 2 ** 31, 2 ** 53 - 1]) {
      assert.equal(formatCount(n), n.toLocaleString('en-US'));
    }
  });
});
