/** The wait before validating a document again: none after a fast validation, the slow one's cost (bounded) after. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { countedCost, MAX_VALIDATION_DELAY_MS, SLOW_VALIDATION_MS, SMALL_DOCUMENT_BYTES, validationDelay } from '../../../server/src/lsp/documents/diagnostics';

describe('validationDelay', () => {
  it('is zero after a fast validation, however recent', () => {
    assert.equal(validationDelay(0.3, 0), 0);
    assert.equal(validationDelay(SLOW_VALIDATION_MS - 0.1, 0), 0);
  });

  it('is a slow validation\'s cost, less the time since it ended', () => {
    assert.equal(validationDelay(40, 0), 40);
    assert.equal(validationDelay(40, 15), 25);
    assert.equal(validationDelay(40, 40), 0);
    assert.equal(validationDelay(40, 1000), 0);
  });

  it('never exceeds its bound', () => {
    assert.equal(validationDelay(5000, 0), MAX_VALIDATION_DELAY_MS);
    assert.equal(validationDelay(5000, 50), MAX_VALIDATION_DELAY_MS - 50);
    assert.equal(validationDelay(5000, 50, 1000), 950);
  });

  it('counts no cost for a small document, so that its next keystroke never waits (issue 33)', () => {
    // An 81-URL sitemap (10 KB) whose validation measured 500 ms under load: the next one waits for nothing.
    assert.equal(validationDelay(countedCost(500, 10_000), 0), 0);
    assert.equal(countedCost(500, SMALL_DOCUMENT_BYTES - 1), 0);
    // A large document's slow validation still makes the next wait (the burst of a 50,000-entry file).
    assert.equal(countedCost(40, SMALL_DOCUMENT_BYTES), 40);
    assert.equal(validationDelay(countedCost(40, 11_000_000), 0), 40);
  });
});
