/**
 * Lints the inputs in order (lintOne.ts), each file once; with `follow`, the local files that a robots.txt's
 * `Sitemap:` lines and an index's `<loc>`s name are queued too. Many files go to worker threads (lintPool.ts), read
 * and linted in parallel but reported in the same order. The cross-file rules take each file read from disk as its
 * result is taken (lintSite.ts): the inputs and, with `follow`, the files followed; what needs them all runs at the end.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SitemapSettings } from '../../language/sitemapLanguageTypes';
import type { FileResult } from '../../node/lintResults';
import type { Input } from './lintInputs';
import { lintInput, type LintedOne } from './lintOne';
import { LintPool, poolSize } from './lintPool';
import type { SiteContext } from './siteContext';
import { SiteLint } from './lintSite';
import { Failure } from '../io/failure';

export interface LintOptions {
  settings: SitemapSettings;
  site: SiteContext;
  follow: boolean;
  cwd: string;
  now: number;
  /** Called after each file, with the files known so far (following may add more). */
  onProgress?: (done: number, known: number) => void;
  /** Takes the files that cannot be read (a Failure: unreadable, not gzip…), which are then left out; without it, the first one fails the run. */
  onUnreadable?: (input: Input, message: string) => void;
  /** Stops between files; lintFiles then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Streams every file in windows of this many characters, read in pieces of as many bytes (tests; SITEMAP_LINT_STREAM_WINDOW for the binary). */
  streamWindow?: number;
  /** Told how each streamed file went; without it, a line on stderr with a forced window or SITEMAP_LINT_STREAM_REPORT=1. */
  onStreamed?: (name: string, windows: number, passes: number) => void;
}

export async function lintFiles(inputs: readonly Input[], options: LintOptions): Promise<FileResult[]> {
  const queue: Queued[] = inputs.map((input) => ({ input, bytes: input.file === undefined ? 0 : sizeOf(input.file) }));
  /** Bytes of the queued files not yet taken: what a pool would still have to read. */
  let left = queue.reduce((sum, q) => sum + q.bytes, 0);
  const seen = new Set<string>();
  const results: FileResult[] = [];
  const siteLint = new SiteLint(options);
  const enqueue = (file: string): void => {
    if (seen.has(realPath(file))) return;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() !== true) return;
    queue.push({ input: { name: displayName(file, options.cwd), file }, bytes: stat.size });
    left += stat.size;
  };
  // Per queue index: 'here' (lint in this thread), a pool job, or nothing for a file already linted. Files are
  // taken in queue order, and results used in that order, so the report and the following are the same either way.
  const work: Array<'here' | Promise<LintedOne> | undefined> = [];
  let pool: LintPool | undefined;
  let taken = 0;
  const take = (k: number): void => {
    const { input, bytes } = queue[k];
    left -= bytes;
    if (input.file !== undefined) {
      const key = realPath(input.file);
      if (seen.has(key)) return;
      seen.add(key);
    }
    work[k] = pool === undefined || input.file === undefined ? 'here' : quiet(pool.lint(input));
  };
  try {
    for (let k = 0; k < queue.length; k++) {
      options.signal?.throwIfAborted();
      pool ??= startPool(queue.length - k, left, options);
      for (; taken < (pool === undefined ? k + 1 : queue.length); taken++) take(taken);
      const job = work[k];
      if (job === undefined) continue;
      const linted = await unlessUnreadable(job === 'here' ? lintInput(queue[k].input, options, queue.length === 1) : job, queue[k].input, options);
      options.onProgress?.(k + 1, queue.length);
      if (linted === undefined) continue;
      const { result, children, site } = linted;
      if (site !== undefined) siteLint.add({ result, site });
      results.push(result);
      if (options.follow) for (const child of children) enqueue(child);
    }
  } finally {
    await pool?.close();
  }
  siteLint.finish();
  return results;
}

interface Queued {
  input: Input;
  bytes: number;
}

function sizeOf(file: string): number {
  return fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

/** Workers for what is left of the queue, when it is worth them (lintPool.ts). */
function startPool(files: number, bytes: number, options: LintOptions): LintPool | undefined {
  const size = poolSize(files, bytes);
  if (size === 0) return undefined;
  return new LintPool(size, { settings: options.settings, siteRoots: { ...options.site.siteRoots }, cwd: options.site.cwd, now: options.now }, options.signal);
}

/** The job's file linted; undefined when it cannot be read and the caller takes such files (`onUnreadable`). */
async function unlessUnreadable(job: Promise<LintedOne>, input: Input, options: LintOptions): Promise<LintedOne | undefined> {
  try {
    return await job;
  } catch (e) {
    if (!(e instanceof Failure) || options.onUnreadable === undefined) throw e;
    options.onUnreadable(input, e.message);
    return undefined;
  }
}

/** A job whose failure is used only when its turn comes: until then its rejection must not count as unhandled. */
function quiet<T>(job: Promise<T>): Promise<T> {
  job.catch(() => undefined);
  return job;
}

/** A followed file's name: relative to the current directory when under it, else absolute. */
function displayName(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
