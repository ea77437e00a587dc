/** The server's site worker: one thread (dist/siteWorkerMain.js, node/siteWorkerMain.ts) that reads, summarizes and
 * keeps the closed site files and compares an open document with them, so that a file nobody opened never holds up a
 * keystroke. When it cannot start or fails, its calls reject and the caller does the work in its own thread. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CheckedProblem } from '../../node/siteProblems';
import type { SiteReply, SiteRequest, SummaryRead } from '../../node/siteWorkerThread';
import type { BuiltSiteInfo, BuiltSiteSpec, PageCheckResult } from '../../node/builtSite/builtSiteStore';
import type { PageAnswer, PageQuestion, PageRequest } from '../../node/builtSite/pageWorkerMessages';

/** Beside the bundle (dist/), or the compiled module (out/, the unit tests). Not named siteWorker.js: in out/ that is
 * this module, beside itself, and a thread started on it would answer nothing. */
const WORKER_FILES = [path.join(__dirname, 'siteWorkerMain.js'), path.join(__dirname, '..', '..', 'node', 'siteWorkerMain.js')];
/** A thread costs some megabytes and a warm-up: kept for a burst of passes, not for good (unless `keepAlive` says so).
 * `SITEMAP_SITE_WORKER_IDLE_MS` shortens it (tests). */
const IDLE_MS = Number(process.env.SITEMAP_SITE_WORKER_IDLE_MS ?? 60_000);

interface Pending {
  resolve: (body: ReplyBody) => void;
  reject: (error: unknown) => void;
}

/** A reply's one field: its id and what it answers (or the error that kept it from answering). */
interface ReplyBody {
  id: number;
  error?: string;
  [field: string]: unknown;
}

type CheckMessage = Extract<SiteRequest, { siteCheck: unknown }>['siteCheck'];
type PageCheckMessage = Extract<PageRequest, { pageCheck: unknown }>['pageCheck'];

export class SiteWorker {
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private idle: NodeJS.Timeout | undefined;
  /** The worker stopped (idle, failed, disposed): the files it held must be read again. */
  onStop: (() => void) | undefined;
  /** The same, for the built sites the worker kept (backgroundPageChecks.ts). */
  onSitesLost: (() => void) | undefined;
  /** Whether an idle worker is still wanted: what it holds serves the open documents (reading it again takes seconds). */
  keepAlive: () => boolean = () => false;

  /** `SITEMAP_LINT_WORKERS=0` keeps the server in one thread, as it does sitemap-lint. */
  constructor(private readonly enabled = process.env.SITEMAP_LINT_WORKERS !== '0') {}

  /**
   * Reads and keeps the file in the worker: its kind and entry count (and an index's or robots.txt's summary), or
   * undefined when it cannot be summarized (as in summarizeSiteFile). Rejects when no worker runs (none could
   * start, or it failed): the caller then reads the file in its own thread.
   */
  async summarize(file: string, maxFileBytes: number): Promise<{ id: number; read: SummaryRead | undefined }> {
    let id = 0;
    const body = await this.ask((n) => ({ siteSummary: { id: (id = n), file, maxFileBytes } }));
    return { id, read: body.read as SummaryRead | undefined };
  }

  /** An open document's cross-file problems against the files the worker holds. */
  async check(message: Omit<CheckMessage, 'id'>): Promise<CheckedProblem[]> {
    return (await this.ask((id) => ({ siteCheck: { id, ...message } }))).problems as CheckedProblem[];
  }

  /** Reads and keeps a site root's built site in the worker (once per key); `early`: answered before git's history. */
  async readSite(key: string, spec: BuiltSiteSpec, early = false): Promise<BuiltSiteInfo> {
    return (await this.ask((id) => ({ pageSite: { id, key, spec, early } }))).info as BuiltSiteInfo;
  }

  /** Drops a built site the worker keeps (changed on disk, HEAD moved, settings changed). */
  forgetSite(key: string): void {
    this.worker?.postMessage({ pageForget: { key } } satisfies SiteRequest);
  }

  /** The page rules for the open documents, against the sites and the closed files the worker holds. */
  async checkPages(message: Omit<PageCheckMessage, 'id'>): Promise<PageCheckResult> {
    return (await this.ask((id) => ({ pageCheck: { id, ...message } }))).result as PageCheckResult;
  }

  /** The hover's page section, the unlisted pages, the pages' histories. */
  async askPages(question: PageQuestion): Promise<PageAnswer> {
    return (await this.ask((id) => ({ pageAsk: { id, question } }))).answer as PageAnswer;
  }

  /** Whether a worker runs now (a site read by it is kept by it until it stops). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Drops the file the worker read as `id` (not a later read of the same path). */
  forget(file: string, id: number): void {
    this.worker?.postMessage({ siteForget: { file, id } } satisfies SiteRequest);
  }

  private ask(message: (id: number) => SiteRequest): Promise<ReplyBody> {
    return new Promise((resolve, reject) => {
      const worker = this.start();
      if (worker === undefined) return reject(new Error('no site worker'));
      clearTimeout(this.idle);
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      worker.postMessage(message(id));
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
      worker.on('message', (reply: SiteReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(worker, error));
      worker.on('exit', () => this.fail(worker, new Error('the summary worker exited')));
      this.worker = worker;
      return worker;
    } catch {
      this.failed = true;
      return undefined;
    }
  }

  private settle(reply: SiteReply): void {
    const body = Object.values(reply)[0] as ReplyBody;
    const pending = this.pending.get(body.id);
    if (pending === undefined) return;
    this.pending.delete(body.id);
    if (body.error !== undefined) pending.reject(new Error(body.error));
    else pending.resolve(body);
    if (this.pending.size === 0) this.idleLater();
  }

  /** Stops the worker after `ms` without a request, unless it is still wanted then (asked again a second or more later). */
  private idleLater(ms = IDLE_MS): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => (this.keepAlive() ? this.idleLater(Math.max(IDLE_MS, 1_000)) : this.stop(new Error('the summary worker was idle'))), ms);
    this.idle.unref();
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
    if (worker === undefined) return;
    void worker.terminate();
    this.onStop?.();
    this.onSitesLost?.();
  }
}

function workerFile(): string | undefined {
  return WORKER_FILES.find((file) => fs.existsSync(file));
}
