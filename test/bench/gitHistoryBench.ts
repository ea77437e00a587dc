/** readGitHistory's speed check (not a timed test): `node out/test/bench/gitHistoryBench.js` imports BENCH_GIT_FILES pages
 * (50,000) × BENCH_GIT_COMMITS commits (1,000) with `git fast-import`, then prints the median of BENCH_GIT_RUNS reads (5)
 * and of the bare `git log` for reference. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readGitHistory } from '../../server/src/node/gitHistory';
import { GIT_TEST_ENV, runGit } from '../support/gitRepository';
import { random } from '../support/generate';

const FILES = Number(process.env.BENCH_GIT_FILES ?? 50_000);
const COMMITS = Number(process.env.BENCH_GIT_COMMITS ?? 1_000);
const RUNS = Number(process.env.BENCH_GIT_RUNS ?? 5);
/** Pages a content commit changes (a post, its listing pages); the first commit and the middle one write every page. */
const PAGES_PER_COMMIT = 20;
const PAGES_PER_SECTION = 100;

function pagePath(n: number): string {
  return `public/section-${Math.floor(n / PAGES_PER_SECTION)}/page-${n % PAGES_PER_SECTION}/index.html`;
}

/** A small page: the log reads trees, never blobs, so their size does not matter to it. */
function page(n: number, version: number): string {
  return `<!doctype html><html><head><title>Page ${n}</title></head><body><p>Version ${version} of page ${n}.</p></body></html>\n`;
}

function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/** The fast-import stream of one commit (every page for the first and the middle one, else a few at random). */
function commitStream(k: number, next: () => number): string {
  const date = 1_700_000_000 + k * 3600;
  const pages = k === 0 || k === Math.floor(COMMITS / 2) ? Array.from({ length: FILES }, (_, n) => n) : Array.from({ length: PAGES_PER_COMMIT }, () => Math.floor(next() * FILES));
  const header = `commit refs/heads/main\nauthor Bench <bench@example.com> ${date} +0000\ncommitter Bench <bench@example.com> ${date} +0000\n${data(`commit ${k}`)}`;
  return header + pages.map((n) => `M 100644 inline ${pagePath(n)}\n${data(page(n, k))}`).join('') + '\n';
}

function buildRepository(dir: string): void {
  runGit(dir, ['init', '-q', '-b', 'main']);
  const next = random(22);
  const stream = Array.from({ length: COMMITS }, (_, k) => commitStream(k, next)).join('');
  const imported = spawnSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: stream, env: GIT_TEST_ENV, maxBuffer: 1 << 30 });
  if (imported.status !== 0) throw new Error(`git fast-import failed: ${imported.stderr}`);
  runGit(dir, ['reset', '-q', '--hard', 'main']);
}

/** The commands readGitHistory runs, timed alone for reference. */
const COMMANDS: Array<[string, string[]]> = [
  ['rev-parse', ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository', '--absolute-git-dir']],
  ['ls-files', ['ls-files', '-z', '--full-name', '--', '.']],
  ['status', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', '.']],
  ['log', ['log', '-z', '--name-only', '--no-renames', '--format=%x00%H%x00%ct%x00%at%x00%s', '--', '.']],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-history-bench-'));
  try {
    let start = performance.now();
    buildRepository(dir);
    console.log(`built ${FILES} pages × ${COMMITS} commits in ${((performance.now() - start) / 1000).toFixed(1)} s (${dir})`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      start = performance.now();
      const history = await readGitHistory(dir, { builtFolders: ['public'] });
      times.push(performance.now() - start);
      if (history.status !== 'ok' || !history.lastChange(pagePath(0))) throw new Error(`read failed: ${history.status} ${history.detail ?? ''}`);
      if (run === 0) console.log(`mass commits: ${history.massCommits.length}; uncommitted: ${history.uncommitted.size}`);
    }
    console.log(`| readGitHistory (rev-parse, ls-files, then status ∥ log) | ${median(times).toFixed(0)} ms | runs: ${times.map((t) => t.toFixed(0)).join(', ')} |`);
    for (const [name, args] of COMMANDS) {
      const alone: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        start = performance.now();
        spawnSync('git', ['-C', dir, ...args], { maxBuffer: 1 << 30 });
        alone.push(performance.now() - start);
      }
      console.log(`| git ${name} alone (spawnSync) | ${median(alone).toFixed(0)} ms | |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
