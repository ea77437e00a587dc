/** A repository of built pages for the benches, imported with `git fast-import`: every page in the first and the middle
 * commit (builds), a few at random in the others (content changes). gitHistoryBench and siteBench share it. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GIT_TEST_ENV, runGit } from '../support/gitRepository';
import { random } from '../support/generate';

export interface BenchRepository {
  files: number;
  commits: number;
  pagePath(n: number): string;
  /** Page `n` as commit `version` writes it (commits are written in order). */
  page(n: number, version: number): string;
  /** The commits that write every page (builds); default the first and the middle one. */
  isBuild?(k: number): boolean;
}

/** Pages a content commit changes (a post, its listing pages). */
const PAGES_PER_COMMIT = 20;
const PAGES_PER_SECTION = 100;
/** The first commit's date (s); each next one an hour later. */
export const FIRST_COMMIT_SECONDS = 1_700_000_000;

export function sectionPagePath(n: number): string {
  return `public/section-${Math.floor(n / PAGES_PER_SECTION)}/page-${n % PAGES_PER_SECTION}/index.html`;
}

function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/** The pages commit `k` writes. */
function pagesOf(k: number, spec: BenchRepository, next: () => number): number[] {
  return isBuild(k, spec) ? Array.from({ length: spec.files }, (_, n) => n) : Array.from({ length: PAGES_PER_COMMIT }, () => Math.floor(next() * spec.files));
}

function isBuild(k: number, spec: BenchRepository): boolean {
  return spec.isBuild?.(k) ?? (k === 0 || k === Math.floor(spec.commits / 2));
}

/** Builds the repository in `dir` (made by the caller) and checks out its files; the commit time (ms) of each page's
 * newest change that was not a build (its first build's when none). */
export function buildBenchRepository(dir: string, spec: BenchRepository): Float64Array {
  runGit(dir, ['init', '-q', '-b', 'main']);
  const next = random(22);
  const newest = new Float64Array(spec.files);
  // The stream goes through a file, a commit at a time: three builds of 50,000 pages pass V8's longest string.
  const stream = path.join(dir, '.git', 'fast-import-stream');
  const fd = fs.openSync(stream, 'w');
  for (let k = 0; k < spec.commits; k++) {
    const parts: string[] = [];
    const seconds = FIRST_COMMIT_SECONDS + k * 3600;
    const pages = pagesOf(k, spec, next);
    if (k === 0 || !isBuild(k, spec)) for (const n of pages) newest[n] = seconds * 1000;
    parts.push(`commit refs/heads/main\nauthor Bench <bench@example.com> ${seconds} +0000\ncommitter Bench <bench@example.com> ${seconds} +0000\n${data(`commit ${k}`)}`);
    for (const n of pages) parts.push(`M 100644 inline ${spec.pagePath(n)}\n${data(spec.page(n, k))}`);
    parts.push('\n');
    fs.writeSync(fd, parts.join(''));
  }
  fs.closeSync(fd);
  const input = fs.openSync(stream, 'r');
  const imported = spawnSync('git', ['-C', dir, 'fast-import', '--quiet'], { stdio: [input, 'pipe', 'pipe'], env: GIT_TEST_ENV, maxBuffer: 1 << 30 });
  fs.closeSync(input);
  fs.rmSync(stream);
  if (imported.status !== 0) throw new Error(`git fast-import failed: ${imported.stderr}`);
  runGit(dir, ['reset', '-q', '--hard', 'main']);
  return newest;
}
