/**
 * `npm run fuzz -- [--target cli|lsp|all] [--seed N] [--minutes M] [--runs N] [--concurrency N]`: the fuzzers for as
 * long as asked — the command-line tools (cliFuzz.ts) and the language server (lspFuzz.ts); by default both, a random
 * seed, 10 minutes. With `all` the time (and `--runs`) is split in halves: the command-line fuzzer first, then the
 * language server's, each with the same seed. Prints the seed first (a run is repeated with it), then each target's
 * counts, and for a failure the shrunk case as JSON: a tree (`writeTree(case.tree, dir)`, fileTrees.ts) or a workspace
 * and its actions (`checkCase`, lspFuzz.ts, replays it). Exit 1 on a failure.
 */
import { fuzzCli } from './cliFuzz';
import { fuzzLsp } from './lspFuzz';

const TARGETS = ['cli', 'lsp', 'all'] as const;
type Target = typeof TARGETS[number];

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

function numberOption(name: string, fallback: number): number {
  const given = option(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} wants a number, not ${given}`);
  return value;
}

function targetOption(): Target {
  const given = option('target') ?? 'all';
  if (!(TARGETS as readonly string[]).includes(given)) throw new Error(`--target wants cli, lsp or all, not ${given}`);
  return given as Target;
}

interface Budget {
  seed: number;
  runs: number;
  timeLimitMs: number;
}

/** A failure's lines, or undefined. */
type Failure = { violation: string; counterexample: string; shrinks: number } | undefined;

function printFailure(target: string, seed: number, failure: Failure): boolean {
  if (failure === undefined) {
    process.stdout.write(`fuzz ${target}: no failure\n`);
    return true;
  }
  process.stdout.write(`fuzz ${target}: seed ${seed} FAILED after ${failure.shrinks} shrinks: ${failure.violation}\nshrunk case:\n${failure.counterexample}\n`);
  return false;
}

async function runCli(budget: Budget, concurrency: number): Promise<boolean> {
  const started = Date.now();
  const report = await fuzzCli({ ...budget, concurrency });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`fuzz cli: seed ${budget.seed}: ${report.counts.cases} cases (trees written, shrinking's included), ${report.counts.runs} tool runs in ${seconds} s, exits ${JSON.stringify(report.counts.exits)}\n`);
  return printFailure('cli', budget.seed, report.failure);
}

async function runLsp(budget: Budget): Promise<boolean> {
  const started = Date.now();
  const report = await fuzzLsp(budget);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const { cases, actions, requests, answers, peakMb } = report.counts;
  process.stdout.write(`fuzz lsp: seed ${budget.seed}: ${cases} cases (servers started, shrinking's included), ${actions} actions, ${requests} requests in ${seconds} s, answers ${JSON.stringify(answers)}, memory peak ${peakMb ?? '?'} MB\n`);
  return printFailure('lsp', budget.seed, report.failure);
}

async function main(): Promise<number> {
  const target = targetOption();
  const seed = numberOption('seed', Math.floor(Math.random() * 2 ** 31));
  const minutes = numberOption('minutes', 10);
  const runs = numberOption('runs', Number.MAX_SAFE_INTEGER);
  const concurrency = numberOption('concurrency', 2);
  process.stdout.write(`fuzz: target ${target}, seed ${seed}, up to ${minutes} min${runs < Number.MAX_SAFE_INTEGER ? `, ${runs} cases` : ''}\n`);
  const share = target === 'all' ? 2 : 1;
  const budget: Budget = { seed, runs: Math.max(1, Math.ceil(runs / share)), timeLimitMs: (minutes * 60_000) / share };
  let ok = true;
  if (target !== 'lsp') ok = await runCli(budget, concurrency) && ok;
  if (target !== 'cli') ok = await runLsp(budget) && ok;
  return ok ? 0 : 1;
}

main().then((code) => { process.exitCode = code; }, (e: unknown) => {
  process.stderr.write(`fuzz: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
