/**
 * The command-line fuzzer's fixed-seed run (issue 35; test/fuzz/cliFuzz.ts): generated file trees, each through a
 * batch of sitemap-lint, sitemap-split and sitemap-diff runs (on files, and in half the trees on URLs of a hostile
 * loopback server, --live included) and the GitHub Action, as child processes, every run held to the fuzzer's
 * property. Long runs with other seeds: `npm run fuzz -- --seed N --minutes M` (docs/development.md, "The fuzzer").
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzCli } from '../fuzz/cliFuzz';

/**
 * Cases of the fixed-seed run: 6 trees, 93 runs, as long as the 8 trees of file runs alone took before the URL runs,
 * the live check and the Action joined them (13–16 s alone on this machine's 2 cores; docs/development.md).
 */
const CASES = 6;
const SEED = 35;

it(`the command-line tools hold the fuzzer's property on ${CASES} generated trees (seed ${SEED})`, { timeout: 600_000 }, async (t) => {
  const report = await fuzzCli({ seed: SEED, runs: CASES });
  t.diagnostic(`seed ${SEED}: ${report.counts.cases} cases, ${report.counts.runs} tool runs, exits ${JSON.stringify(report.counts.exits)}`);
  assert.equal(report.failure, undefined, report.failure && `${report.failure.violation}\nshrunk case:\n${report.failure.counterexample}`);
});
