/**
 * The server's summary worker: one thread (sitemap-lint's worker bundle, dist/lintWorker.js beside dist/server.js)
 * that reads, parses and summarizes closed site files, so that a 50,000-entry file nobody opened never holds up a
 * keystroke. One is enough: the point is a free main thread, not throughput, and the files of a pass are read one at a
 * time. Started on the first closed file, stopped when idle for IDLE_MS and on shutdown. When it cannot start or
 * fails, `summarize` answers undefined and the caller reads the file in its own thread, as before.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SummaryReply, SummaryRequest } from '../cli/lintWorker';
import { unpackSummary } from '../cli/packedSummary';
import type { FileSummary } from './siteFileSummary';

/** Beside the bundle (dist/), or beside the compiled cli/ module (out/, the unit tests). */
const WORKER_FILES = [path.join(__dirname, 'lintWorker.js'), path.join(__dirname, '..', 'cli', 'lintWorker.js')];
/** A thread costs some megabytes and a warm-up: kept for a burst of passes, not for good. */
const IDLE_MS = 60_000;

interface Pending {
  resolve: (read: FileSummary | undefined) => void;
  reject: (error: unknown) => void;
}

export class SiteWorker {
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private idle: NodeJS.Timeout | undefined;

  /** `SITEMAP_LINT_WORKERS=0` keeps the server in one thread, as it does sitemap-lint. */
  constructor(private readonly enabled = process.env.SITEMAP_LINT_WORKERS !== '0') {}

  /**
   * The file's summary read in the worker (undefined: it could not be summarized, as in summarizeSiteFile). Rejects
   * when no worker runs (none could start, or it failed): the caller then reads the file in its own thread.
   */
  summarize(file: string, maxFileBytes: number): Promise<FileSummary | undefined> {
    return new Promise((resolve, reject) => {
      const worker = this.start();
      if (worker === undefined) return reject(new Error('no summary worker'));
      clearTimeout(this.idle);
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ siteSummary: { id, file, maxFileBytes } } satisfies SummaryRequest);
    });
  }

  /** Whether summaries come from a worker (until it fails). */
  get available(): boolean {
    return this.enabled && !this.failed && (this.worker !== undefined || workerFile() !== undefined);
  }

  dispose(): void {
    this.failed = true;
    this.stop(new Error('the server is shutting down'));
  }

  private start(): Worker | undefined {
    if (this.worker !== undefined) return this.worker;
    const file = workerFile();
    if (!this.enabled || this.failed || file === undefined) return undefined;
    try {
      const worker = new Worker(file);
      worker.unref(); // never what keeps the server alive
      worker.on('message', (reply: SummaryReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(worker, error));
      worker.on('exit', () => this.fail(worker, new Error('the summary worker exited')));
      this.worker = worker;
      return worker;
    } catch {
      this.failed = true;
      return undefined;
    }
  }

  private settle({ siteSummary: { id, packed, lines } }: SummaryReply): void {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    this.pending.delete(id);
    pending.resolve(packed === undefined || lines === undefined ? undefined : { summary: unpackSummary(packed), lines });
    if (this.pending.size === 0) {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => this.stop(new Error('the summary worker was idle')), IDLE_MS);
      this.idle.unref();
    }
  }

  /** A worker that failed or exited unasked is not started again: the files are read in this thread from then on. */
  private fail(worker: Worker, error: unknown): void {
    if (this.worker !== worker) return; // stopped when idle: not a failure
    this.failed = true;
    this.stop(error);
  }

  private stop(reason: unknown): void {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    void worker?.terminate();
  }
}

function workerFile(): string | undefined {
  return WORKER_FILES.find((file) => fs.existsSync(file));
}
