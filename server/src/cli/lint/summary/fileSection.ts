/** A linted file's section of its shard's summary: its facts (fileFacts.ts), a sitemap's URL records grouped by hash
 * bucket behind an offset table, and with page facts its entries whole, in their order (the page rules read them). */
import type { SiteEntry } from '../../../language/languageService';
import type { LintedFile } from '../lintSite';
import { entryFacts, factsOf, isSitemapKind, placeOf } from './fileFacts';
import { BUCKETS, KEY_BYTES, RECORD_BYTES, SECTION_HEAD_BYTES } from './summaryFormat';
import { keyBucket, writeUrlKey } from './urlKey';
import { encodePageFacts } from './pageFacts';

/** The section's bytes, in the order written. */
export function encodeSection(order: number, linted: LintedFile, cwd: string, pageFacts: boolean): Buffer[] {
  const facts = Buffer.from(JSON.stringify(factsOf(order, linted, cwd)), 'utf8');
  const sitemap = isSitemapKind(linted.site.summary.kind);
  const entries = sitemap ? linted.site.summary.entries : [];
  const page = sitemap && pageFacts ? encodePageFacts(entries.map((e) => entryFacts(linted.site, e))) : Buffer.alloc(0);
  const head = Buffer.alloc(SECTION_HEAD_BYTES);
  head.writeUInt32LE(facts.length, 0);
  head.writeUInt32LE(entries.length, 4);
  head.writeDoubleLE(page.length, 8);
  const parts: Buffer[] = [head, facts];
  if (entries.length > 0) parts.push(...urlRecords(linted, entries));
  parts.push(page);
  return parts;
}

/**
 * The offset table (BUCKETS + 1 counts: bucket b's records are [offsets[b], offsets[b + 1])) and the records, each
 * bucket's in entry order, so that the first listing of a URL in a file stays the first.
 */
function urlRecords(linted: LintedFile, entries: readonly SiteEntry[]): [Buffer, Buffer] {
  const keys = Buffer.alloc(entries.length * KEY_BYTES);
  const buckets = new Uint16Array(entries.length);
  const offsets = new Uint32Array(BUCKETS + 1);
  entries.forEach((e, k) => {
    writeUrlKey(e.url, keys, k * KEY_BYTES);
    buckets[k] = keyBucket(keys, k * KEY_BYTES);
    offsets[buckets[k] + 1]++;
  });
  for (let b = 0; b < BUCKETS; b++) offsets[b + 1] += offsets[b];
  const next = offsets.slice(0, BUCKETS);
  const records = Buffer.alloc(entries.length * RECORD_BYTES);
  entries.forEach((e, k) => {
    const at = next[buckets[k]]++ * RECORD_BYTES;
    keys.copy(records, at, k * KEY_BYTES, (k + 1) * KEY_BYTES);
    placeOf(linted.site, e.start, e.end).forEach((n, i) => records.writeUInt32LE(n, at + KEY_BYTES + 4 * i));
  });
  const table = Buffer.alloc(offsets.length * 4);
  offsets.forEach((n, b) => table.writeUInt32LE(n, 4 * b));
  return [table, records];
}
