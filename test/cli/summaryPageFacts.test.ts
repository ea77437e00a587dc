/** A summary's page facts (cli/lint/summary/pageFacts.ts): entries out as they went in, bytes that are not entries refused. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodePageFacts, encodePageFacts } from '../../server/src/cli/lint/summary/pageFacts';
import type { EntryFacts, Place } from '../../server/src/cli/lint/summary/fileFacts';

const ENTRIES: EntryFacts[] = [
  ['https://www.example.com/', [2, 4, 2, 28], Date.UTC(2024, 4, 1), '2024-05-01', [2, 47, 2, 57]],
  ['https://www.example.com/caf\u00e9/\u{1F600}', [5, 0, 7, 3], null, '', null],
  // A lastmod before its <loc>, on an earlier line; a date that is not one.
  ['https://www.example.com/b', [9, 130_000, 9, 130_025], null, 'yesterday', [8, 1, 8, 10]],
  ['https://www.example.com/a', [3_000_000, 0, 3_000_001, 0], Date.UTC(2025, 0, 1, 10), '2025-01-01T10:00Z', [3_000_002, 5, 3_000_002, 22]],
];

/** The entry as EntryFacts, its lent places copied. */
const copied = (url: string, place: Readonly<Place>, lastmod: number | null, text: string, lastmodPlace: Readonly<Place> | null): EntryFacts =>
  [url, [...place] as Place, lastmod, text, lastmodPlace && [...lastmodPlace] as Place];

describe('summary page facts', () => {
  it('decodes what it encoded', () => {
    assert.deepEqual(decodePageFacts(encodePageFacts(ENTRIES), ENTRIES.length, copied), ENTRIES);
    assert.deepEqual(decodePageFacts(encodePageFacts([]), 0, copied), []);
  });

  it('refuses bytes cut short, left over, or fewer entries than said', () => {
    const bytes = encodePageFacts(ENTRIES);
    assert.equal(decodePageFacts(bytes.subarray(0, bytes.length - 1), ENTRIES.length, copied), undefined);
    assert.equal(decodePageFacts(bytes, ENTRIES.length - 1, copied), undefined);
    assert.equal(decodePageFacts(bytes, ENTRIES.length + 1, copied), undefined);
    assert.equal(decodePageFacts(Buffer.from([0xff, 0xff, 0xff]), 1, copied), undefined);
  });
});
