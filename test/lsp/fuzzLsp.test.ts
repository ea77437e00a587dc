/**
 * The language server fuzzer's fixed-seed run (issue 35; test/fuzz/lspFuzz.ts): generated workspaces and editors, each
 * case a fresh server over stdio taking opens, edits anywhere, settings right and wrong, files changed on disk and every
 * request and command, held to the fuzzer's property. Long runs: `npm run fuzz -- --target lsp --seed N --minutes M`
 * (docs/development.md, "The fuzzer").
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzLsp } from '../fuzz/lspFuzz';

/** Cases of the fixed-seed run (docs/development.md gives its time). */
const CASES = 12;
const SEED = 35;

it(`the language server holds the fuzzer's property on ${CASES} generated editors (seed ${SEED})`, { timeout: 600_000 }, async (t) => {
  const report = await fuzzLsp({ seed: SEED, runs: CASES });
  t.diagnostic(`seed ${SEED}: ${report.counts.cases} cases, ${report.counts.actions} actions, ${report.counts.requests} requests, answers ${JSON.stringify(report.counts.answers)}, memory peak ${report.counts.peakMb} MB`);
  assert.equal(report.failure, undefined, report.failure && `${report.failure.violation}\nshrunk case:\n${report.failure.counterexample}`);
});
