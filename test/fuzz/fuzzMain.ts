/**
 * `npm run fuzz -- [--seed N] [--minutes M] [--runs N]`: the command-line fuzzer (cliFuzz.ts) for as long as asked —
 * by default a random seed for 10 minutes. Prints the seed first (a run is repeated with it), then the counts, and for
 * a failure the shrunk case as JSON: pasted into a regression test, `writeTree(case.tree, dir)` (fileTrees.ts) writes
 * it again. Exit 1 on a failure.
 */
import { fuzzCli } from './cliFuzz';

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

async function main(): Promise<number> {
  const seed = numberOption('seed', Math.floor(Math.random() * 2 ** 31));
  const minutes = numberOption('minutes', 10);
  const runs = numberOption('runs', Number.MAX_SAFE_INTEGER);
  const concurrency = numberOption('concurrency', 2);
  process.stdout.write(`fuzz: seed ${seed}, up to ${minutes} min${runs < Number.MAX_SAFE_INTEGER ? `, ${runs} cases` : ''}\n`);
  const started = Date.now();
  const report = await fuzzCli({ seed, runs, timeLimitMs: minutes * 60_000, concurrency });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`fuzz: seed ${seed}: ${report.counts.cases} cases (trees written, shrinking's included), ${report.counts.runs} tool runs in ${seconds} s, exits ${JSON.stringify(report.counts.exits)}\n`);
  if (report.failure === undefined) {
    process.stdout.write('fuzz: no failure\n');
    return 0;
  }
  process.stdout.write(`fuzz: FAILED after ${report.failure.shrinks} shrinks: ${report.failure.violation}\nshrunk case:\n${report.failure.counterexample}\n`);
  return 1;
}

main().then((code) => { process.exitCode = code; }, (e: unknown) => {
  process.stderr.write(`fuzz: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
