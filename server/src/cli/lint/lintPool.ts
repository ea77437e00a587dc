/** Worker threads for many files (lintWorker.ts), the next input going to the first worker free. A worker costs tens of
 * milliseconds to start, so small runs stay in one thread: `poolSize` says how many the remaining inputs are worth. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Input } from './lintInputs';
import type { LintedOne } from './lintContract';
import { Failure } from '../io/failure';
import type { WorkerInit, WorkerLinted, WorkerLoaded, WorkerReply } from './lintWorker';
import { isPackedSitemap, receivedSummary, sitemapSummary } from '../../node/packedSummary';

/** Beside this module: dist/lintWorker.js next to the bundle, out/…/cli/lintWorker.js next to the compiled module. */
const WORKER_FILE = path.join(__dirname, 'lintWorker.js');
/** More threads than this mostly add start-up and memory: the main thread still gathers every result. */
const MAX_WORKERS = 8;
/** Below this much left to read, one thread is done before workers would be up (docs/performance.md, sitemap-lint). */
const MIN_BYTES = 4 << 20;

/**
 * How many workers to start for `files` inputs of `bytes` bytes in all: 0 (stay in this thread) for a single file or
 * little to read, or when fewer than two cores are free, else one per free core, at most MAX_WORKERS.
 * `SITEMAP_LINT_WORKERS=n` sets n whatever the size and the load (0: never).
 */
export function poolSize(files: number, bytes: number): number {
  const size = wanted(files, bytes, os.availableParallelism(), os.loadavg()[0]);
  return size > 0 && fs.existsSync(WORKER_FILE) ? size : 0;
}

/**
 * `load`: the system's load average over the last minute (0 where the system has none, as on Windows). Workers cost
 * CPU of their own (a start and a JIT warm-up each, about 0.9 s more than one thread for 200 files): with a core
 * taken by other processes they lost to one thread on 2 cores, 4.3 s against 2.2 s at load 5 (docs/performance.md),
 * so, like `make --load-average`, they run only on the cores the load leaves free.
 */
export function wanted(files: number, bytes: number, cores: number, load: number): number {
  const forced = process.env.SITEMAP_LINT_WORKERS;
  if (forced !== undefined && forced !== '') return Math.max(0, Math.floor(Number(forced)) || 0);
  if (files < 2 || bytes < MIN_BYTES) return 0;
  // Two units of the load are not counted: the average lags a minute, so what ran just before (a build, the previous
  // lint) is still in it, and at load 2 on 2 cores two workers still beat one thread (1.25× against 1.62× xmllint).
  const free = Math.round(cores - Math.max(0, load - 2));
  const size = Math.min(cores, free, MAX_WORKERS, files);
  return size < 2 ? 0 : size;
}

interface Job {
  input: Input;
  resolve: (linted: LintedOne) => void;
  reject: (error: unknown) => void;
}

/**
 * Files posted to a worker ahead of its answers: with one, a worker waited for the main thread to take its result and
 * post the next file (about 45 gaps, 90–110 ms of a worker's 1.3 s on 200 files); with two, the next is already there.
 */
const IN_FLIGHT = 2;

export class LintPool {
  /** Per worker, the jobs posted to it, oldest first: it answers them in that order (lintWorker.ts). */
  private readonly posted = new Map<Worker, Job[]>();
  private readonly waiting: Job[] = [];
  private readonly workers: Worker[] = [];
  /**
   * Per worker, settled once its modules are loaded (or it has exited). Node 20 aborts the whole process (V8's fatal
   * "IsGraphAsync") when a worker is terminated while it still loads an ES module through require, as the unbundled
   * build loads htmlparser2: an abort right after the start waits for this before terminating.
   */
  private readonly loaded = new Map<Worker, Promise<void>>();
  /** Set once the pool can take no more work (closed, aborted, a worker lost): every job then rejects with it. */
  private stopped: unknown;
  private done = 0;
  private readonly onAbort = (): void => void this.stop(this.signal!.reason);

  constructor(size: number, init: WorkerInit, private readonly signal?: AbortSignal) {
    for (let k = 0; k < size; k++) {
      const worker = new Worker(WORKER_FILE, { workerData: init });
      this.loaded.set(worker, new Promise((resolve) => {
        worker.on('message', (message: WorkerReply | WorkerLoaded) => ('loaded' in message ? resolve() : this.settle(worker, message)));
        worker.once('exit', () => resolve());
      }));
      worker.on('error', (error) => void this.stop(error));
      worker.on('exit', () => void this.stop(new Error('a lint worker exited')));
      this.workers.push(worker);
      this.posted.set(worker, []);
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Reads and lints `input` in a worker; rejects with a Failure as readInput would throw it. */
  lint(input: Input): Promise<LintedOne> {
    return new Promise((resolve, reject) => {
      if (this.stopped !== undefined) return reject(this.stopped);
      this.waiting.push({ input, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Stops every worker; waiting and running jobs reject. Under SITEMAP_LINT_REPORT_POOL=1 (tests, bench) it says on
   * stderr how many workers linted how many files.
   */
  close(): Promise<void> {
    if (process.env.SITEMAP_LINT_REPORT_POOL === '1') process.stderr.write(`sitemap-lint: ${this.workers.length} workers linted ${this.done} files\n`);
    return this.stop(new Error('the lint pool is closed'));
  }

  /** Posts waiting jobs to the workers with the fewest posted, up to IN_FLIGHT each. */
  private dispatch(): void {
    for (let depth = 0; depth < IN_FLIGHT; depth++) {
      for (const worker of this.workers) {
        const jobs = this.posted.get(worker)!;
        if (this.waiting.length === 0) return;
        if (jobs.length > depth) continue;
        const job = this.waiting.shift()!;
        jobs.push(job);
        worker.postMessage(job.input);
      }
    }
  }

  private settle(worker: Worker, reply: WorkerReply): void {
    const job = this.posted.get(worker)?.shift();
    if (job === undefined) return;
    this.done++;
    if ('linted' in reply) job.resolve(unpack(reply.linted));
    else if ('failure' in reply) job.reject(new Failure(reply.failure));
    else job.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
    this.dispatch();
  }

  private async stop(reason: unknown): Promise<void> {
    if (this.stopped === undefined) {
      this.stopped = reason;
      this.signal?.removeEventListener('abort', this.onAbort);
      for (const job of [...[...this.posted.values()].flat(), ...this.waiting]) job.reject(reason);
      for (const jobs of this.posted.values()) jobs.length = 0;
      this.waiting.length = 0;
    }
    await Promise.all(this.workers.map(async (w) => {
      await this.loaded.get(w);
      await w.terminate();
    }));
  }
}

function unpack({ result, children, site }: WorkerLinted): LintedOne {
  return { result, children, site: site === undefined ? undefined : { ...site, summary: isPackedSitemap(site.summary) ? sitemapSummary(site.summary) : receivedSummary(site.summary) } };
}
