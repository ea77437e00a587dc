/** The one binary search over ascending starts (shared/sortedSearch.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lastStartAtOrBefore } from '../../shared/sortedSearch';

/** The same answer by a plain scan. */
function byScan(starts: ArrayLike<number>, count: number, at: number): number {
  let found = 0;
  for (let i = 0; i < count; i++) if (starts[i] <= at) found = i;
  return found;
}

describe('lastStartAtOrBefore', () => {
  it('finds the last start at or before the value, equal starts included', () => {
    const starts = Uint32Array.of(0, 5, 5, 9, 20);
    assert.equal(lastStartAtOrBefore(starts, 5, 0), 0);
    assert.equal(lastStartAtOrBefore(starts, 5, 4), 0);
    assert.equal(lastStartAtOrBefore(starts, 5, 5), 2);
    assert.equal(lastStartAtOrBefore(starts, 5, 19), 3);
    assert.equal(lastStartAtOrBefore(starts, 5, 1000), 4);
  });

  it('looks only below count, and gives 0 for no starts or a value before them all', () => {
    const starts = Int32Array.of(3, 6, 9, 12);
    assert.equal(lastStartAtOrBefore(starts, 2, 100), 1);
    assert.equal(lastStartAtOrBefore(starts, 0, 100), 0);
    assert.equal(lastStartAtOrBefore(starts, 4, 1), 0);
  });

  it('agrees with a scan on every value over many tables', () => {
    for (let count = 1; count <= 40; count++) {
      const starts = new Int32Array(count);
      for (let i = 1; i < count; i++) starts[i] = starts[i - 1] + ((i * 7) % 4);
      for (let at = -1; at <= starts[count - 1] + 1; at++) assert.equal(lastStartAtOrBefore(starts, count, at), byScan(starts, count, at));
    }
  });
});
