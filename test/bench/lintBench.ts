/**
 * `sitemap-lint` figures (`BENCH_LINT=0` skips them): the bundled binary as a child process, wall clock from spawn to
 * exit (node's start-up included), against `xmllint --noout --schema` (test/fixtures/schemas/sitemap.xsd) on the same
 * generated files, median of BENCH_LINT_RUNS runs (default 5) alternating the two: one 50,000-entry file. Then issue
 * 33's many files (printLintManyFiles: `BENCH_LINT_MANY=0` skips it, `BENCH_LINT_MANY=only` runs it alone from bench.ts,
 * `BENCH_LINT_MANY_RUNS` sets its runs). Then the peak RSS the linter reports itself (process.resourceUsage().maxRSS under
 * SITEMAP_LINT_REPORT_RSS=1) on a 200,000-entry `.xml.gz`, against the document: its uncompressed bytes, which is
 * also what V8 holds for its decoded text (one byte per character for text that is all Latin-1, as these sitemaps and
 * nearly all real ones are); `BENCH_LINT_SCHEMA=0` skips these. Then issue 20's multilingual shape against
 * `xmllint --noout`: one language's sitemap, and a folder of three (`BENCH_LINT_CROSS_FILE_ENTRIES` entries each,
 * default 50,000; 0 skips). `BENCH_LINT_BIN` runs another build instead.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as zlib from 'node:zlib';
import { benchCrossFileAlternatesSitemap, benchSitemap } from '../support/generate';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_LINT_RUNS ?? 5);
/** `BENCH_LINT_BIN`: another build's sitemap-lint.js, to compare. */
const BIN = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
export const XSD = path.resolve(__dirname, '../../../test/fixtures/schemas/sitemap.xsd');

interface Command {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** The exit status that means it ran as it should. */
  ok: number;
}

/** One run of a command: wall-clock ms from spawn to exit, and its stderr. */
function run(c: Command): { ms: number; stderr: string } {
  const start = performance.now();
  const r = spawnSync(c.command, c.args, { env: c.env ?? process.env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (r.status !== c.ok) throw new Error(`${c.command} ${c.args.slice(0, 3).join(' ')} … failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  return { ms, stderr: r.stderr };
}

/** Medians of RUNS runs of each command, interleaved so that a change in the machine's load touches all alike. */
function compare(...commands: Command[]): number[] {
  const times: number[][] = commands.map(() => []);
  for (let k = 0; k < RUNS; k++) commands.forEach((c, i) => times[i].push(run(c).ms));
  return times.map(upperMedian);
}

export function hasXmllint(): boolean {
  return spawnSync('xmllint', ['--version']).status === 0;
}

/** One run of `xmllint --noout` on the files, process start to exit (ms); NaN without xmllint. */
export function timeXmllintNoout(files: string[]): number {
  if (!hasXmllint()) return NaN;
  return run({ command: 'xmllint', args: ['--noout', ...files], ok: 0 }).ms;
}

/**
 * The generated files are clean but for the size rules: only the 200,000-entry one has an error (too-many-entries).
 * `--max-warnings 0` makes a warning fail the run too (200 copies of one file would be 398,000 cross-file duplicates).
 */
const lint = (files: string[], env?: NodeJS.ProcessEnv, ok = 0): Command => ({ command: process.execPath, args: [BIN, '--max-warnings', '0', ...files], env, ok });
const xmllint = (files: string[]): Command => ({ command: 'xmllint', args: ['--noout', '--schema', XSD, ...files], ok: 0 });

export function printLint(): void {
  if (process.env.BENCH_LINT === '0') return;
  if (process.env.BENCH_LINT_SCHEMA !== '0') printLintAgainstSchema();
  if (process.env.BENCH_LINT_SCHEMA !== '0' && process.env.BENCH_LINT_MANY !== '0') printLintManyFiles();
  printLintCrossFile();
}

/**
 * Issue 33's many files: 200 sitemaps of 2,000 entries (92 MB; each its own URLs, so no cross-file problem), linted by
 * one `sitemap-lint` process and validated by one `xmllint --noout --schema` process given all 200 (issue 10's
 * definition, kept), alternating run by run with the linter in one thread (`SITEMAP_LINT_WORKERS=0`), medians of
 * BENCH_LINT_MANY_RUNS (default BENCH_LINT_RUNS): wall clock from spawn to exit, and each child's user + system CPU
 * from `/usr/bin/time` (steadier than the wall clock on a shared machine), with the load average before and after.
 */
export function printLintManyFiles(): void {
  const runs = Number(process.env.BENCH_LINT_MANY_RUNS ?? RUNS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-many-'));
  try {
    const manyText = benchSitemap(2_000);
    const many: string[] = [];
    for (let k = 0; k < 200; k++) {
      const file = path.join(dir, `sitemap-${String(k).padStart(3, '0')}.xml`);
      fs.writeFileSync(file, manyText.replace(/\/products\//g, `/products/s${k}/`));
      many.push(file);
    }
    const load = loadAverage();
    const commands = [lint(many), lint(many, { ...process.env, SITEMAP_LINT_WORKERS: '0' }), ...(hasXmllint() ? [xmllint(many)] : [])];
    const [pooled, oneThread, schema] = compareWithCpu(runs, commands);
    const ratio = (a: number, b: number | undefined): string => (b === undefined || Number.isNaN(b) ? 'n/a' : `${(a / b).toFixed(2)}×`);
    const cpu = (value: number): string => (Number.isNaN(value) ? 'n/a' : value.toFixed(0));
    console.log(`\nMany files (issue 33): 200 sitemaps of 2,000 entries, one process each side (${process.env.BENCH_LINT_BIN || 'dist/sitemap-lint.js'} against xmllint --noout --schema sitemap.xsd given all 200), median of ${runs} runs each, alternating; ${os.availableParallelism()} cores, load average ${load} before, ${loadAverage()} after\n`);
    console.log('| 200 files of 2,000 entries | wall (ms) | CPU, user + system (ms) | wall ÷ xmllint | CPU ÷ xmllint | target |');
    console.log('|---|---:|---:|---:|---:|---|');
    console.log(`| sitemap-lint | ${pooled.ms.toFixed(0)} | ${cpu(pooled.cpu)} | ${ratio(pooled.ms, schema?.ms)} | ${ratio(pooled.cpu, schema?.cpu)} | ≤ 1.0× (wall) |`);
    console.log(`| sitemap-lint in one thread (SITEMAP_LINT_WORKERS=0) | ${oneThread.ms.toFixed(0)} | ${cpu(oneThread.cpu)} | ${ratio(oneThread.ms, schema?.ms)} | ${ratio(oneThread.cpu, schema?.cpu)} | |`);
    if (schema !== undefined) console.log(`| xmllint --noout --schema | ${schema.ms.toFixed(0)} | ${cpu(schema.cpu)} | 1.00× | 1.00× | |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** `/usr/bin/time`, when the machine has it: each child's CPU, which spawnSync does not give. */
const TIME = '/usr/bin/time';

/** Medians of `runs` runs of each command, interleaved: wall ms and the child's user + system CPU ms (NaN without /usr/bin/time). */
function compareWithCpu(runs: number, commands: Command[]): Array<{ ms: number; cpu: number }> {
  const timed = fs.existsSync(TIME);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lint-cpu-')), 'time.txt');
  const walls: number[][] = commands.map(() => []);
  const cpus: number[][] = commands.map(() => []);
  try {
    for (let k = 0; k < runs; k++) {
      commands.forEach((c, i) => {
        const wrapped = timed ? { ...c, command: TIME, args: ['-f', '%U %S', '-o', out, c.command, ...c.args] } : c;
        walls[i].push(run(wrapped).ms);
        const [user, system] = timed ? fs.readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) : [NaN, NaN];
        cpus[i].push(1000 * (user + system));
      });
    }
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
  return commands.map((_, i) => ({ ms: upperMedian(walls[i]), cpu: upperMedian(cpus[i]) }));
}

function printLintAgainstSchema(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-bench-'));
  try {
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    const one = path.join(dir, 'one.xml');
    fs.writeFileSync(one, benchSitemap(50_000));
    const oneMb = fs.statSync(one).size / 1_048_576;
    const withXmllint = hasXmllint();
    const single = withXmllint ? compare(lint([one]), xmllint([one])) : [upperMedian(Array.from({ length: RUNS }, () => run(lint([one])).ms)), NaN];

    const hugeText = benchSitemap(200_000);
    const huge = path.join(dir, 'huge.xml.gz');
    fs.writeFileSync(huge, zlib.gzipSync(hugeText));
    const documentMb = Buffer.byteLength(hugeText) / 1_048_576;
    const gz = run(lint([huge], { ...process.env, SITEMAP_LINT_REPORT_RSS: '1' }, 1));
    const rssMb = Number(/maxRSS (\d+) kB/.exec(gz.stderr)?.[1] ?? NaN) / 1024;
    const bareMb = Number(/maxRSS (\d+) kB/.exec(run({ command: process.execPath, args: ['-e', 'process.stderr.write(`maxRSS ${process.resourceUsage().maxRSS} kB`)'], ok: 0 }).stderr)?.[1] ?? NaN) / 1024;

    const ratio = (a: number, b: number): string => (Number.isNaN(b) ? 'n/a (no xmllint)' : `${(a / b).toFixed(2)}×`);
    const ms = (value: number): string => (Number.isNaN(value) ? 'n/a' : value.toFixed(0));
    console.log(`\nsitemap-lint (${process.env.BENCH_LINT_BIN || 'dist/sitemap-lint.js'} as a child process against xmllint --noout --schema sitemap.xsd, median of ${RUNS} runs each, interleaved; ${os.availableParallelism()} cores, load average ${load} at the start)\n`);
    console.log('| input | sitemap-lint (ms) | xmllint --schema (ms) | ratio | target |');
    console.log('|---|---:|---:|---:|---|');
    console.log(`| one file, 50,000 entries, ${oneMb.toFixed(1)} MB | ${ms(single[0])} | ${ms(single[1])} | ${ratio(single[0], single[1])} | ≤ 1.0× |`);
    console.log(`\n200,000 entries as .xml.gz (${(fs.statSync(huge).size / 1_048_576).toFixed(1)} MB gzipped, the document ${documentMb.toFixed(1)} MB uncompressed): peak RSS ${rssMb.toFixed(0)} MB `
      + `(${(rssMb / documentMb).toFixed(2)}× the document; node alone ${bareMb.toFixed(0)} MB, so ${((rssMb - bareMb) / documentMb).toFixed(2)}× above it), one run, ${gz.ms.toFixed(0)} ms; target ≤ 2×`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 20: cold sitemap-lint on one language's sitemap of a multilingual site (alternates listed in the other
 * sitemaps), and on a folder holding the three languages' sitemaps (read as a site), against `xmllint --noout` on the
 * same files, median of RUNS, interleaved.
 */
function printLintCrossFile(): void {
  const entries = Number(process.env.BENCH_LINT_CROSS_FILE_ENTRIES ?? 50_000);
  if (entries <= 0) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-cross-file-'));
  try {
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    const languages = ['en', 'de', 'fr'];
    const files = languages.map((language) => {
      const file = path.join(dir, 'site', `${language}-sitemap.xml`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, benchCrossFileAlternatesSitemap(entries, language, languages.filter((other) => other !== language)));
      return file;
    });
    const mb = fs.statSync(files[0]).size / 1_048_576;
    const noout = (inputs: string[]): Command => ({ command: 'xmllint', args: ['--noout', ...inputs], ok: 0 });
    const withXmllint = hasXmllint();
    const [one, oneXmllint = NaN] = withXmllint ? compare(lint([files[0]]), noout([files[0]])) : compare(lint([files[0]]));
    const [site, siteXmllint = NaN] = withXmllint ? compare(lint([path.dirname(files[0])]), noout(files)) : compare(lint([path.dirname(files[0])]));
    const ratio = (a: number, b: number): string => (Number.isNaN(b) ? 'n/a (no xmllint)' : `${(a / b).toFixed(2)}×`);
    const ms = (value: number): string => (Number.isNaN(value) ? 'n/a' : value.toFixed(0));
    console.log(`\nAlternates to other sitemaps (issue 20): cold sitemap-lint (${process.env.BENCH_LINT_BIN || 'dist/sitemap-lint.js'}) against xmllint --noout, median of ${RUNS} runs each, interleaved; ${os.availableParallelism()} cores, load average ${load} at the start\n`);
    console.log('| input | sitemap-lint (ms) | xmllint --noout (ms) | ratio | target |');
    console.log('|---|---:|---:|---:|---|');
    console.log(`| one language's sitemap, ${entries.toLocaleString('en-US')} entries with 3 alternates, 2 in other sitemaps, ${mb.toFixed(1)} MB | ${ms(one)} | ${ms(oneXmllint)} | ${ratio(one, oneXmllint)} | ≤ 3× |`);
    console.log(`| a folder of the 3 languages' sitemaps (site mode), ${(3 * entries).toLocaleString('en-US')} entries | ${ms(site)} | ${ms(siteXmllint)} | ${ratio(site, siteXmllint)} | |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
