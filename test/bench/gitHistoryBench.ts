/** readGitHistory's speed check (not a timed test): `node out/test/bench/gitHistoryBench.js` imports BENCH_GIT_FILES pages
 * (50,000) × BENCH_GIT_COMMITS commits (1,000) with `git fast-import`, then prints the median of BENCH_GIT_RUNS reads (5)
 * and of the bare `git log` for reference. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readGitHistory } from '../../server/src/node/git/gitHistory';
import { buildBenchRepository, sectionPagePath as pagePath } from './benchRepository';
import { median } from './median';

const FILES = Number(process.env.BENCH_GIT_FILES ?? 50_000);
const COMMITS = Number(process.env.BENCH_GIT_COMMITS ?? 1_000);
const RUNS = Number(process.env.BENCH_GIT_RUNS ?? 5);

/** A small page: the log reads trees, never blobs, so their size does not matter to it. */
function page(n: number, version: number): string {
  return `<!doctype html><html><head><title>Page ${n}</title></head><body><p>Version ${version} of page ${n}.</p></body></html>\n`;
}

function buildRepository(dir: string): void {
  buildBenchRepository(dir, { files: FILES, commits: COMMITS, pagePath, page });
}

/** The commands readGitHistory runs, timed alone for reference. */
const COMMANDS: Array<[string, string[]]> = [
  ['rev-parse', ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository', '--absolute-git-dir']],
  ['ls-files', ['ls-files', '-z', '--full-name', '--', '.']],
  ['status', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', '.']],
  ['log', ['log', '-z', '--raw', '--no-abbrev', '--no-renames', '--format=%x00%H%x00%ct%x00%at%x00%s', '--', '.']],
];

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
      if (run === 0) console.log(`page 0's last content change: ${history.lastContentChange(pagePath(0))?.commit ?? 'none'}; uncommitted: ${history.uncommitted.size}`);
    }
    console.log(`| readGitHistory (rev-parse, ls-files, then status ∥ log, then cat-file) | ${median(times).toFixed(0)} ms | runs: ${times.map((t) => t.toFixed(0)).join(', ')} |`);
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
