/**
 * The model's chunked list against sums computed afresh: random splices of the array it indexes (small and large, at
 * the ends and across chunks), in-place replacements, and after each one every prefix sum, every upper bound and
 * every item's index agree.
 */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { ChunkedList, type Chunk } from '../../../server/src/language/model/chunkedList';
import { random } from '../../support/generate';

interface Item {
  a: number;
  b: number;
  chunk: Chunk | undefined;
  place: number;
}

const COLUMNS = [(item: Item): number => item.a, (item: Item): number => item.b];

function listOf(items: Item[], chunkLength: number): ChunkedList<Item> {
  return new ChunkedList(items, {
    columns: COLUMNS,
    place: (item, chunk, place) => {
      item.chunk = chunk;
      item.place = place;
    },
    chunkLength,
  });
}

/** Values with zeros among them, as segments without line breaks or entries have. */
function items(rnd: () => number, count: number): Item[] {
  return Array.from({ length: count }, () => ({ a: Math.floor(rnd() * 40), b: rnd() < 0.6 ? 0 : 1, chunk: undefined, place: 0 }));
}

function assertAgrees(list: ChunkedList<Item>, naive: Item[], where: string): void {
  assert.equal(list.size, naive.length, `${where}: size`);
  naive.forEach((item, k) => assert.equal(item.chunk!.start + item.place, k, `${where}: index of item ${k}`));
  COLUMNS.forEach((value, column) => {
    const prefix = [0];
    for (const item of naive) prefix.push(prefix[prefix.length - 1] + value(item));
    assert.equal(list.total(column), prefix[naive.length], `${where}: total ${column}`);
    for (let k = -1; k <= naive.length + 1; k++) {
      assert.equal(list.prefix(column, k), prefix[Math.max(0, Math.min(k, naive.length))], `${where}: prefix(${column}, ${k})`);
    }
    for (let target = 0; target <= prefix[naive.length] + 1; target++) {
      let expected = 0;
      while (expected < naive.length && prefix[expected + 1] <= target) expected++;
      assert.equal(list.upperBound(column, target), expected, `${where}: upperBound(${column}, ${target})`);
    }
  });
}

describe('ChunkedList', () => {
  for (const chunkLength of [1, 4, 16]) {
    it(`agrees with an array under random splices and replacements (chunks of ${chunkLength})`, () => {
      for (let seed = 1; seed <= 4; seed++) {
        const rnd = random(seed * 7919 + chunkLength);
        const naive = items(rnd, Math.floor(rnd() * 120));
        const list = listOf(naive, chunkLength);
        assertAgrees(list, naive, `seed ${seed}, built`);
        for (let step = 0; step < 150; step++) {
          const where = `seed ${seed}, step ${step}`;
          const start = Math.floor(rnd() * (naive.length + 1));
          const op = rnd();
          if (op < 0.3 && start < naive.length) {
            const [item] = items(rnd, 1);
            const old = naive[start];
            naive[start] = item;
            list.set(start, old);
          } else {
            // Mostly one segment becoming two or none, sometimes large runs (a paste, a deleted selection).
            const large = rnd() < 0.1;
            const deleteCount = Math.floor(rnd() * (large ? 60 : 3));
            const inserted = items(rnd, Math.floor(rnd() * (large ? 60 : 3)));
            const deleted = naive.splice(start, deleteCount, ...inserted).length;
            list.splice(start, deleted, inserted.length);
          }
          assertAgrees(list, naive, where);
        }
      }
    });
  }

  it('empties and fills again', () => {
    const rnd = random(5);
    const naive = items(rnd, 50);
    const list = listOf(naive, 4);
    naive.splice(0, 50);
    list.splice(0, 50, 0);
    assertAgrees(list, naive, 'emptied');
    naive.push(...items(rnd, 30));
    list.splice(0, 0, 30);
    assertAgrees(list, naive, 'filled');
  });

  it('keeps chunks bounded after many single removals and insertions', () => {
    const rnd = random(9);
    const naive = items(rnd, 400);
    const list = listOf(naive, 8);
    for (let step = 0; step < 390; step++) {
      const at = Math.floor(rnd() * naive.length);
      naive.splice(at, 1);
      list.splice(at, 1, 0);
    }
    for (let step = 0; step < 400; step++) {
      const at = Math.floor(rnd() * (naive.length + 1));
      const inserted = items(rnd, 1);
      naive.splice(at, 0, ...inserted);
      list.splice(at, 0, 1);
    }
    assertAgrees(list, naive, 'after');
    const sizes = new Map<Chunk, number>();
    for (const item of naive) sizes.set(item.chunk!, (sizes.get(item.chunk!) ?? 0) + 1);
    for (const size of sizes.values()) assert.ok(size <= 16, `a chunk of ${size} items (at most 2 × 8)`);
    assert.ok(sizes.size <= naive.length / 2, `${sizes.size} chunks for ${naive.length} items`);
  });
});
