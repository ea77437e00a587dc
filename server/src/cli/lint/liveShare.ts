/** `--live --shard I/N`: each shard's share of the per-origin budget, which is the whole matrix's (every job is given the
 * same --live-concurrency and --live-rate). Shares follow the bytes of each shard's sitemaps, which every shard works out
 * alike from the same checkout, so that the shards end together and the matrix asks an origin as hard as one run would,
 * not harder, and no slower: an even split would leave a small shard's budget idle while a large one is still asking. */
import { uncompressedSize } from '../../node/files';
import type { Input } from './lintInputs';
import type { Part } from './lintArgs';

export interface LiveBudget {
  concurrency: number;
  requestsPerSecond: number;
}

/** Each shard's bytes (index 0 is shard 1, `shardOf` a file's shard): its files' sizes, a gzip file's uncompressed size by its trailer. */
export function shardBytes(inputs: readonly Input[], count: number, shardOf: (file: string) => number): number[] {
  const bytes = new Array<number>(count).fill(0);
  for (const { file } of inputs) if (file !== undefined) bytes[shardOf(file) - 1] += uncompressedSize(file);
  return bytes;
}

/**
 * Shard `part`'s budget: the rate in proportion to its bytes; the concurrency one for each shard with bytes, the rest
 * apportioned by bytes (largest remainders), so that the shares of the shards that ask add up to it exactly. With more
 * such shards than --live-concurrency, each has 1 (the rate bounds them). A matrix with no bytes is split evenly; a
 * shard with none asks nothing (its 1 and even rate share keep its limits from reading as none). Rate 0 (no limit) stays 0.
 */
export function liveShare(whole: LiveBudget, part: Part, bytes: readonly number[]): LiveBudget {
  const total = bytes.reduce((sum, b) => sum + b, 0);
  const weights = bytes.map((b) => (total > 0 ? b / total : 1 / bytes.length));
  const asking = weights.filter((w) => w > 0).length;
  const rest = apportioned(Math.max(0, whole.concurrency - asking), weights);
  const k = part.index - 1;
  if (weights[k] === 0) return { concurrency: 1, requestsPerSecond: whole.requestsPerSecond / bytes.length };
  return { concurrency: 1 + rest[k], requestsPerSecond: whole.requestsPerSecond * weights[k] };
}

/** `seats` split in proportion to `weights` (Hamilton's method: the floors, then one each to the largest remainders, ties to the first). */
function apportioned(seats: number, weights: readonly number[]): number[] {
  const quotas = weights.map((w) => seats * w);
  const shares = quotas.map(Math.floor);
  let left = seats - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = quotas.map((q, k) => ({ k, remainder: q - Math.floor(q) })).sort((a, b) => b.remainder - a.remainder || a.k - b.k);
  for (const { k } of byRemainder) {
    if (left <= 0) break;
    shares[k]++;
    left--;
  }
  return shares;
}

/** What the note says a shard asks of each origin. */
export function liveShareNote(whole: LiveBudget, share: LiveBudget, part: Part): string {
  const rate = (n: number) => (n === 0 ? 'no rate limit' : `${Number(n.toPrecision(3))} a second`);
  const over = part.count > whole.concurrency ? `; with more shards than --live-concurrency, up to ${part.count} at once in all` : '';
  return `live: shard ${part.index}/${part.count} asks each origin at most ${share.concurrency} at once, ${rate(share.requestsPerSecond)}: `
    + `its share, by its sitemaps' bytes, of the whole matrix's ${whole.concurrency} at once and ${rate(whole.requestsPerSecond)}${over}.`;
}

