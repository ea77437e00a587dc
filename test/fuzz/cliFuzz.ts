/**
 * The command-line tools under generated file trees (issue 35), as real child processes on real files: each case
 * writes one tree (fileTrees.ts) and runs a batch of invocations over it — sitemap-lint on files, a folder, stdin,
 * with --follow, with a site root over built pages, with a config file and --write-baseline, in two shards and their
 * merge; sitemap-split; sitemap-diff on files, folders and `REV:path`; sitemap-lint and sitemap-diff on URLs of the
 * case's hostile loopback server (hostileServer.ts) and sitemap-lint --live against it; the GitHub Action as the runner
 * runs it (actionFuzz.ts) — while one of its sitemaps may be changing under them (changingFile.ts), and checks every
 * run against {@link PROPERTY}.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { checkProperty, type FuzzFailure } from './checkProperty';
import { fileTree, removeTree, writeTree, type FileTree, type TreeFolders } from './fileTrees';
import { actionCase, actionEnvironment, actionInputs, type ActionCase } from './actionFuzz';
import { changingFile, keepChanging, type ChangingFile } from './changingFile';
import { GUARD_HOSTS, startHostileServer, webPlan, type HostileServer, type WebPlan } from './hostileServer';

const DIST = path.resolve(__dirname, '../../../dist');
/** Preloaded into the runs that may reach the network: no packet leaves the loopback (netGuard.ts). */
const NET_GUARD = path.join(__dirname, 'netGuard.js');

/**
 * What every run must satisfy: exit 0, 1 or 2 (no signal); on 2, exactly one stderr line besides the tools' notes;
 * never a stack frame, `node:internal`, a V8 `FATAL` or Node's crash footer; done within {@link timeBoundMs}; nothing
 * written in the site or beside it (only in the case's out/ and temp folders). The Action: exit 0 or 1, nothing on
 * stderr (its bug handler's stack goes there). With the web: no connection tried to an address outside the loopback
 * (netGuard.ts), and at most {@link MAX_REQUESTS} requests a case.
 */
export const PROPERTY = 'exit 0/1/2, one stderr line on 2, no stack, within the time bound, no write outside out/, no connection off the loopback';

/** Requests a case's server may be asked, all its runs together: a few dozen files and pages a run, 10 hops each at most. */
export const MAX_REQUESTS = 3_000;

/** A case: a tree and the options its invocations take. */
export interface CliCase {
  tree: FileTree;
  format: 'stylish' | 'json' | 'sarif' | 'csv';
  maxEntries: number;
  /** The hostile answers of the case's HTTP server, and its URL runs; none (the server serves the site as it is, for the
   * Action's live check) when undefined: half the cases, so that the fixed-seed run keeps within its time. */
  web?: WebPlan;
  /** The GitHub Action's inputs. */
  action: ActionCase;
  /** A sitemap rewritten in a loop while the tools run; none when undefined. */
  changing?: ChangingFile;
}

export const cliCase: fc.Arbitrary<CliCase> = fc.record({
  tree: fileTree,
  format: fc.constantFrom('stylish' as const, 'json' as const, 'sarif' as const, 'csv' as const),
  maxEntries: fc.integer({ min: 1, max: 5 }),
  web: fc.option(webPlan, { nil: undefined, freq: 2 }),
  action: actionCase,
  changing: fc.option(changingFile, { nil: undefined, freq: 3 }),
}, { requiredKeys: ['tree', 'format', 'maxEntries', 'action'] });

export interface Invocation {
  tool: 'sitemap-lint' | 'sitemap-split' | 'sitemap-diff' | 'action';
  args: string[];
  /** A file of the site piped to the tool's standard input. */
  stdin?: string;
  /** The whole environment, instead of the fuzzer's (the Action's runner). */
  env?: NodeJS.ProcessEnv;
  /** Time allowed beyond the case's bound (the live check's retries of timeouts: 4 × --timeout and 7 s of back-off). */
  extraMs?: number;
}

/** Where a case's runs reach: its folders, and its HTTP server's origin. */
export interface CaseWorld extends TreeFolders {
  origin: string;
}

/**
 * The tree's sitemap files as its case names them: those written (a name may be too long to be), but a FIFO, which a
 * tool named it waits on for a writer as `cat` does (test/cli/pipeInputs.test.ts writes to one); in a folder or an
 * index it is passed over, and the folder runs cover that.
 */
export function sitemapsOf(c: CliCase, site: string): string[] {
  const fifos = new Set(c.tree.specials.filter((s) => s.kind === 'fifo').map((s) => s.path));
  return c.tree.files.map((f) => f.path)
    .filter((p) => !p.endsWith('.html') && p !== '_redirects' && p !== 'vercel.json' && !fifos.has(p) && fs.existsSync(path.join(site, p)));
}

/** The invocations of one case, in the order they run (the merge and the Action after the shards and the baseline). */
export function invocationsOf(c: CliCase, folders: CaseWorld): Invocation[][] {
  // A tree whose every sitemap is a hostile entry (a link loop in its place) names one that is not there: no input at
  // all would be a usage error of two lines (the message and the usage), which is not what the run is for.
  const found = sitemapsOf(c, folders.site);
  const files = found.length > 0 ? found : ['sitemap.xml'];
  const first = files[0]!;
  const second = files[1] ?? first;
  const entry = files.includes('robots.txt') ? 'robots.txt' : first;
  const out = path.relative(folders.site, folders.out);
  const summaries = [1, 2].map((i) => path.join(out, `shard-${i}.json`));
  const independent: Invocation[] = [
    { tool: 'sitemap-lint', args: ['--format', c.format, ...files] },
    { tool: 'sitemap-lint', args: ['.'] },
    { tool: 'sitemap-lint', args: ['--format', 'json', '--follow', entry] },
    { tool: 'sitemap-lint', args: ['--format', c.format, '--site-root', '.=https://www.example.com/', '--follow', ...files] },
    { tool: 'sitemap-lint', args: ['-'], stdin: first },
    ...(c.tree.config === undefined ? [] : [{ tool: 'sitemap-lint' as const, args: ['--config', '../config.json', '--write-baseline', path.join(out, 'baseline.json'), '.'] }]),
    { tool: 'sitemap-split', args: ['--out', path.join(out, 'split'), '--max-entries', String(c.maxEntries), '--force', first] },
    { tool: 'sitemap-diff', args: ['--format', 'json', first, second] },
    { tool: 'sitemap-diff', args: ['--site-root', '.=https://www.example.com/', '.', '.'] },
    ...(c.tree.git ? [{ tool: 'sitemap-diff' as const, args: ['--format', 'markdown', `HEAD~1:${first}`, first] }] : []),
    ...summaries.map((file, i) => ({ tool: 'sitemap-lint' as const, args: ['--shard', `${i + 1}/2`, '--summary-out', file, '.'] })),
    ...(c.web === undefined ? [] : webInvocations(c, folders, files)),
  ];
  const inputs = actionInputs(c.action, files, folders.origin);
  // The Action has no timeout input: its live check's requests take the default 30 s, a timeout retried 3 times.
  const live = inputs.live.toLowerCase() === 'true' || inputs['live-origin'] !== '';
  const action: Invocation = { tool: 'action', args: [], env: actionEnvironment(inputs, folders.site, folders.out), extraMs: live ? 4 * 30_000 + 10_000 : 0 };
  return [independent, [{ tool: 'sitemap-lint', args: ['--merge-summaries', ...summaries] }, action]];
}

/** URL inputs on the case's server: a sitemap, robots.txt or an index with --follow, a diff against a file, --live. */
function webInvocations(c: CliCase, world: CaseWorld, files: readonly string[]): Invocation[] {
  const url = (file: string) => `${world.origin}/${file.split('/').map(encodeURIComponent).join('/')}`;
  const first = files[0] ?? 'sitemap.xml';
  const entry = files.find((f) => f === 'robots.txt' || f.includes('index')) ?? first;
  const out = path.relative(world.site, world.out);
  return [
    { tool: 'sitemap-lint', args: ['--timeout', '2', '--format', c.format, url(first)] },
    { tool: 'sitemap-lint', args: ['--timeout', '2', '--format', 'json', '--follow', url(entry)] },
    { tool: 'sitemap-diff', args: ['--timeout', '2', url(first), files[1] ?? first] },
    {
      tool: 'sitemap-lint',
      args: ['--timeout', '2', '--live-origin', world.origin, '--live-rate', '0', '--live-concurrency', '16', '--live-cache', path.join(out, 'live-cache.json'), '--format', 'json', ...files],
      extraMs: 30_000,
    },
  ];
}

/** Bytes of the tree's files: the time bound grows with them. */
function treeBytes(c: CliCase): number {
  return c.tree.files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);
}

/**
 * A run's time bound: 20 s, plus 1 s per 10 kB of the tree's texts. A run here takes 0.2–0.6 s on 2 busy cores; a
 * FIFO read without a writer or a loop never ends, and 20 s leaves room for a machine running `npm test` beside.
 */
export function timeBoundMs(c: CliCase): number {
  return 20_000 + Math.ceil(treeBytes(c) / 10_000) * 1_000;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** The net guard's log of a case: connections tried off the loopback, names it would not resolve. */
export function netLogOf(folders: TreeFolders): string {
  return path.join(folders.root, 'net.log');
}

/**
 * Runs one invocation in the site folder, its HOME and TMPDIR inside the case's folder, under the net guard (any run
 * may name a URL: a sitemap's child, a config's site root, the Action's live input).
 */
export function runInvocation(inv: Invocation, folders: TreeFolders, boundMs: number): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = { ...(inv.env ?? process.env), HOME: path.join(folders.root, 'home'), TMPDIR: path.join(folders.root, 'tmp'), NO_COLOR: '1' };
  delete env.NODE_EXTRA_CA_CERTS;
  Object.assign(env, { FUZZ_NET_HOSTS: JSON.stringify(GUARD_HOSTS), FUZZ_NET_LOG: netLogOf(folders) });
  const script = path.join(DIST, inv.tool === 'action' ? 'action.js' : `${inv.tool}.js`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--require', NET_GUARD, script, ...inv.args], { cwd: folders.site, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, boundMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => undefined);
    if (inv.stdin === undefined) child.stdin.end();
    else fs.createReadStream(path.join(folders.site, inv.stdin)).on('error', () => child.stdin.end()).pipe(child.stdin);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
  });
}

const CRASH_SIGNS: readonly RegExp[] = [/^\s+at \S/m, /node:internal/, /\bFATAL\b/, /^Node\.js v\d/m, /Uncaught/, /JavaScript heap out of memory/];

/** stderr lines that inform, beside a failure's one line: notes, and sitemap-split's base URL. */
const INFORMATION = /^sitemap-\w+: (note: |base URL )/;

/** What is wrong with a run, or undefined. */
export function violation(inv: Invocation, r: RunResult, boundMs: number): string | undefined {
  if (r.timedOut) return `ran past ${boundMs} ms`;
  if (r.signal !== null) return `ended by ${r.signal}`;
  if (inv.tool === 'action') return actionViolation(r);
  if (r.code === null || ![0, 1, 2].includes(r.code)) return `exit ${r.code}`;
  const sign = CRASH_SIGNS.find((re) => re.test(r.stderr));
  if (sign !== undefined) return `a crash on stderr (${sign}): ${r.stderr.slice(0, 600)}`;
  if (r.code === 2) {
    const lines = r.stderr.split('\n').filter((line) => line !== '' && !INFORMATION.test(line));
    if (lines.length !== 1) return `exit 2 with ${lines.length} stderr lines: ${r.stderr.slice(0, 600)}`;
  }
  return undefined;
}

/** The Action fails a step with exit 1 and `::error::` lines; stderr is for its bug handler's stack alone. */
function actionViolation(r: RunResult): string | undefined {
  if (r.code !== 0 && r.code !== 1) return `exit ${r.code}`;
  if (r.stderr !== '') return `stderr: ${r.stderr.slice(0, 600)}`;
  const sign = CRASH_SIGNS.find((re) => re.test(r.stdout));
  if (sign !== undefined || /action failed/.test(r.stdout)) return `a crash in the log (${sign ?? 'action failed'}): ${r.stdout.slice(0, 600)}`;
  return undefined;
}

/** Each file and folder below `dir` (links not followed) with its type, size and modification time. */
export function snapshot(dir: string, skip: ReadonlySet<string> = new Set()): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (skip.has(file)) continue;
      const stat = fs.lstatSync(file);
      seen.set(file, `${stat.mode}:${stat.isDirectory() ? 0 : stat.size}:${stat.isDirectory() ? 0 : stat.mtimeMs}`);
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
  return seen;
}

/** The paths whose entry differs between two snapshots: written, removed or created. */
export function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k));
}

/** Counts of a fuzz run, for its report. */
export interface FuzzCounts {
  cases: number;
  runs: number;
  /** Runs by exit code: a fuzzer whose runs all end in 2 tests only the argument checks. */
  exits: Record<string, number>;
}

/** Runs one case; a description of its first violation, or undefined. `concurrency` runs at once (the shards' merge last). */
export async function checkCase(c: CliCase, counts: FuzzCounts, concurrency = 2): Promise<string | undefined> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-cli-')));
  try {
    const folders = writeTree(c.tree, root);
    for (const dir of ['home', 'tmp']) fs.mkdirSync(path.join(root, dir));
    const changing = changingPath(c, folders.site);
    const skip = new Set([path.join(folders.site, '.git'), ...(changing === undefined ? [] : [changing.file])]);
    const before = [snapshot(folders.site, skip), snapshot(folders.outside)];
    counts.cases++;
    const server = await startHostileServer(c.web ?? { answers: [], rewriteOrigin: false }, folders.site);
    // The runs name the files as written, before the changing one starts to change.
    const batches = invocationsOf(c, { ...folders, origin: server.origin });
    const stop = { done: false };
    const changer = changing === undefined ? Promise.resolve(0) : keepChanging(changing.file, c.changing!.states, changing.sibling, stop);
    try {
      const found = await runBatches(c, batches, folders, counts, concurrency);
      if (found !== undefined) return found;
    } finally {
      stop.done = true;
      await changer;
      await server.close();
    }
    if (server.requests() > MAX_REQUESTS) return `${server.requests()} requests to the case's server (at most ${MAX_REQUESTS})`;
    const offLoopback = (fs.existsSync(netLogOf(folders)) ? fs.readFileSync(netLogOf(folders), 'utf8') : '').split('\n').filter((line) => line.startsWith('connect '));
    if (offLoopback.length > 0) return `tried to connect off the loopback: ${offLoopback.slice(0, 3).join('; ')}`;
    const written = [...changes(before[0], snapshot(folders.site, skip)), ...changes(before[1], snapshot(folders.outside))];
    return written.length === 0 ? undefined : `wrote outside out/: ${written.slice(0, 5).join(', ')}`;
  } finally {
    removeTree(root);
  }
}

async function runBatches(c: CliCase, batches: readonly Invocation[][], folders: TreeFolders, counts: FuzzCounts, concurrency: number): Promise<string | undefined> {
  for (const batch of batches) {
    const found = await runBatch(batch, folders, timeBoundMs(c), counts, concurrency);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The sitemap a case changes while its tools run, and the sibling its symbolic-link state points to. */
function changingPath(c: CliCase, site: string): { file: string; sibling: string } | undefined {
  const files = sitemapsOf(c, site).filter((f) => fs.lstatSync(path.join(site, f)).isFile());
  if (c.changing === undefined || files.length === 0) return undefined;
  const chosen = files[c.changing.which % files.length]!;
  const sibling = files.find((f) => f !== chosen) ?? 'robots.txt';
  return { file: path.join(site, chosen), sibling: path.join(site, sibling) };
}

async function runBatch(batch: readonly Invocation[], folders: TreeFolders, bound: number, counts: FuzzCounts, concurrency: number): Promise<string | undefined> {
  let next = 0;
  let found: string | undefined;
  const worker = async (): Promise<void> => {
    while (found === undefined && next < batch.length) {
      const inv = batch[next++];
      const started = Date.now();
      const r = await runInvocation(inv, folders, bound + (inv.extraMs ?? 0));
      if (process.env.FUZZ_TRACE) process.stderr.write(`fuzz: ${Date.now() - started} ms, exit ${r.code}: ${inv.tool} ${JSON.stringify(inv.args).slice(0, 300)}\n  ${(r.stderr || r.stdout).split('\n').slice(0, 2).join(' | ').slice(0, 300)}\n`);
      counts.runs++;
      counts.exits[String(r.code)] = (counts.exits[String(r.code)] ?? 0) + 1;
      const wrong = violation(inv, r, bound + (inv.extraMs ?? 0));
      if (wrong !== undefined && found === undefined) found = `${inv.tool} ${JSON.stringify(inv.args)}${inv.stdin === undefined ? '' : ` < ${inv.stdin}`}: ${wrong}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return found;
}

export interface FuzzOptions {
  seed: number;
  /** Cases to run at most. */
  runs: number;
  /** Stop starting cases after this long (a long run); undefined: run `runs` cases. */
  timeLimitMs?: number;
  concurrency?: number;
}

export interface FuzzReport {
  seed: number;
  counts: FuzzCounts;
  /** Undefined when none. */
  failure?: FuzzFailure;
  interrupted: boolean;
}

/** The property over `options.runs` cases from `options.seed`, a failure shrunk to its smallest case. */
export async function fuzzCli(options: FuzzOptions): Promise<FuzzReport> {
  const counts: FuzzCounts = { cases: 0, runs: 0, exits: {} };
  const property = fc.asyncProperty(cliCase, async (c) => {
    const wrong = await checkCase(c, counts, options.concurrency);
    if (wrong !== undefined) throw new Error(wrong);
  });
  return { seed: options.seed, counts, ...await checkProperty(property, options) };
}
