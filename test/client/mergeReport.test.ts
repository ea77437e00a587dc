/**
 * Merge's count-dependent messages (client/src/commands/mergeReport.ts): the verb agrees with the number of missing children
 * ("1 of 4 children has", "2 of 4 children have"), the first few are named and the rest counted, and the summary
 * gives the count of URLs listed twice and of children left out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeSummary, missingChildrenText } from '../../client/src/commands/mergeReport';
import type { MergeIndexChild } from '../../shared/protocol';

const child = (n: number, problem?: MergeIndexChild['problem']): MergeIndexChild => ({ loc: `https://e.com/part-${n}.xml`, ...(problem ? { problem } : { entries: 2 }) });

describe('Merge messages', () => {
  it('makes the verb agree with the number of missing children', () => {
    assert.match(missingChildrenText([child(1), child(2, 'not-found'), child(3), child(4)]), /^1 of 4 children has\b/);
    assert.match(missingChildrenText([child(1), child(2, 'not-found'), child(3, 'unreadable'), child(4)]), /^2 of 4 children have\b/);
  });

  it('names the first missing children and counts the rest', () => {
    const text = missingChildrenText([1, 2, 3, 4, 5].map((n) => child(n, 'not-found')));
    assert.ok(['part-1', 'part-2', 'part-3'].every((p) => text.includes(p)) && !text.includes('part-4'));
    assert.match(text, /\b2 more\b/);
  });

  it('counts URLs listed twice and children left out in the summary', () => {
    const text = mergeSummary('sitemap.xml', {
      version: 1, children: [child(1), child(2, 'not-found'), child(3)],
      merged: { text: '', entries: 4, bytes: 0, addedNamespaces: [], droppedLines: 0, duplicateUrls: 7 },
    });
    assert.match(text, /\b7\b/);
    assert.match(text, /\b1 child\b/);
  });
});
