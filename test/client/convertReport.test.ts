/** Convert's notification (client/src/commands/convertReport.ts) names the lines it left out: numbers and text, a few, then a count. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeConversion, namedLines } from '../../client/src/commands/convertReport';

describe('Convert notification', () => {
  it('names each line left out by number and text', () => {
    const message = describeConversion({ status: 'converted', entries: 1, dropped: { 'non-URL line': 1 }, skippedLines: [{ line: 7, text: 'URLs:' }] }, 'xml');
    assert.match(message, /\b7\b/);
    assert.match(message, /URLs:/);
  });

  it('shortens a long line and names only the first few, counting the rest', () => {
    const long = 'x'.repeat(500);
    const lines = [2, 4, 6, 8, 10].map((line) => ({ line, text: line === 2 ? long : `line-${line}` }));
    const text = namedLines(lines);
    assert.ok(!text.includes(long) && text.includes('x'.repeat(20)));
    assert.ok(text.includes('line-4') && text.includes('line-6') && !text.includes('line-8') && !text.includes('line-10'));
    assert.match(text, /\b2\b[^]*\b4\b[^]*\b6\b/);
    assert.match(text, /\b2 more\b/);
  });
});
