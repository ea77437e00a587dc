/** A URL's key in a summary: 128 bits of MD5 over its UTF-8 (for spread, not security: at 2.5 billion URLs a 64-bit
 * key would collide somewhere with a chance of about 1 in 6, a 128-bit one about 1 in 10^20), its hash bucket, its table hash. */
import * as crypto from 'node:crypto';
import { BUCKETS, KEY_BYTES } from './summaryFormat';

/** The decoded URL's key, as cross-file-duplicate-url compares them: equal URLs, equal keys. */
export function writeUrlKey(url: string, into: Buffer, at: number): void {
  crypto.hash('md5', url, 'buffer').copy(into, at, 0, KEY_BYTES);
}

/** The bucket of the key at `at`: bits of its own, not the table hash's (keyHash), so that a partition's table spreads. */
export function keyBucket(keys: Buffer, at: number): number {
  return keys.readUInt32LE(at + 4) % BUCKETS;
}

/** The 32-bit hash the duplicate check's table keys on (SiteUrls.hashes). */
export function keyHash(keys: Buffer, at: number): number {
  return keys.readInt32LE(at);
}

/** The key as a string of 16 characters (what SiteUrls.urlAt gives for a summarized URL: compared, never shown). */
export function keyText(keys: Buffer, at: number): string {
  return keys.toString('latin1', at, at + KEY_BYTES);
}
