/** Lints the inputs in order, each file once, queueing with `follow` the local files they name; many files go to worker
 * threads but are reported in input order, and the cross-file rules take each result as it comes (docs/architecture.md,
 * "sitemap-lint"). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileResult } from '../../node/lintResults';
import type { Input } from './lintInputs';
import type { LintedOne, LintOptions } from './lintContract';
import { lintInput } from './lintOne';
import { LintPool, poolSize } from './lintPool';
import { finishSiteLint, SiteLint, startBuiltSites } from './lintSite';
import { Failure } from '../io/failure';
import { MissingUrl } from '../http/urlInput';
import { statOnDisk } from '../../node/fileProbe';

/** URL inputs read ahead of the lint, beside the one linted: the network's waits overlap, a few bodies held at most. */
const URLS_AHEAD = 4;

export async function lintFiles(inputs: readonly Input[], options: LintOptions): Promise<FileResult[]> {
  const queue: Queued[] = inputs.map((input) => ({ input, bytes: input.file === undefined ? 0 : sizeOf(input.file) }));
  /** Bytes of the queued files not yet taken: what a pool would still have to read. */
  let left = queue.reduce((sum, q) => sum + q.bytes, 0);
  const seen = new Set<string>();
  const results: FileResult[] = [];
  const siteLint = new SiteLint(options);
  // Read while the files are linted: git's processes run beside the lint.
  const builtSites = options.onSiteFacts === undefined ? startBuiltSites(options, siteLint) : undefined;
  const enqueue = (file: string, parent: Input): void => {
    if (parent.url !== undefined) {
      const child = options.urls?.child(file, parent);
      if (child !== undefined) queue.push({ input: child, bytes: 0 });
      return;
    }
    if (seen.has(realPath(file))) return;
    const stat = statOnDisk(file);
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
      for (let ahead = k; ahead < Math.min(queue.length, k + URLS_AHEAD); ahead++) queue[ahead].input.url?.prefetch();
      pool ??= startPool(queue.length - k, left, options);
      for (; taken < (pool === undefined ? k + 1 : queue.length); taken++) take(taken);
      const job = work[k];
      if (job === undefined) continue;
      const linted = await unlessUnreadable(job === 'here' ? lintInput(queue[k].input, options, queue.length === 1 && builtSites === undefined && options.onSiteFacts === undefined && options.live === undefined) : job, queue[k].input, options);
      options.onProgress?.(k + 1, queue.length);
      if (linted === undefined) continue;
      const { result, children, site } = linted;
      if (site !== undefined) (options.onSiteFacts ?? ((f) => siteLint.add(f)))({ result, site }, k);
      results.push(result);
      // What a URL lists is read as a crawler reads it, --follow or not; local files are followed with --follow.
      if (options.follow || queue[k].input.url !== undefined) for (const child of children) enqueue(child, queue[k].input);
    }
  } finally {
    await pool?.close();
  }
  if (options.onSiteFacts === undefined) await finishSiteLint(siteLint, builtSites, options);
  return results;
}

interface Queued {
  input: Input;
  bytes: number;
}

function sizeOf(file: string): number {
  return statOnDisk(file)?.size ?? 0;
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
    // A listed URL that is not there: its listing's entry says so (missing-sitemap-file).
    if (e instanceof MissingUrl) return undefined;
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
