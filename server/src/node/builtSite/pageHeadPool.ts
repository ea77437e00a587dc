/** sitemap-lint's pages read on worker threads while its main thread walks the folder: the walk hands over each page as
 * it finds it, in batches; the workers (a bundle of their own, pageHeadWorker.js, from pageHeadWorker.ts) read their
 * heads and send the facts back. On two cores a walk of 50,000 folders and the reading of their pages then overlap. */
import { Worker } from 'node:worker_threads';
import type { SiteRoot } from '../../language/languageService';
import type { PagesRead } from './builtPages';

/** A batch of a folder's pages for a worker to read (pageHeadWorker.ts answers it). */
export interface PageHeadsRequest {
  pageHeads: { id: number; folder: string; root: SiteRoot; files: string[]; digests?: boolean };
}

/** `read` undefined: the worker could not read the batch (`error`). */
export interface PageHeadsReply {
  pageHeads: { id: number; read?: PagesRead; error?: string };
}

export interface PageWorkers {
  /** The bundle a worker runs (dist/pageHeadWorker.js): it answers pageHeadWorker.ts's `pageHeads`. */
  file: string;
  count: number;
  /** Each page's partsDigest too (readPages). */
  digests?: boolean;
}

/** Pages per message: a few milliseconds of reading, so the workers start early and share the work evenly. */
const BATCH = 250;
/** Below this many pages no worker is started: starting one costs more than reading them. */
const FIRST_BATCH_AT = 2 * BATCH;

/** Batches of one folder's pages, read by `workers.count` threads started once the walk has found enough pages. */
export class PageHeadPool {
  private readonly workers: PageWorker[] = [];
  private readonly batches: Array<Promise<PagesRead | undefined>> = [];
  private pending: string[] = [];
  private next = 0;

  constructor(private readonly folder: string, private readonly root: SiteRoot, private readonly how: PageWorkers) {}

  /** A page the walk found (relative to the folder, with `/`). */
  add(file: string): void {
    this.pending.push(file);
    if (this.pending.length >= (this.batches.length === 0 ? FIRST_BATCH_AT : BATCH)) this.send();
  }

  /**
   * Every batch read, in the order found; a batch a worker could not read is undefined (the caller reads those pages
   * itself). Nothing when too few pages were found: the caller reads them all. The workers end here.
   */
  async finish(): Promise<Array<PagesRead | undefined>> {
    if (this.batches.length > 0 && this.pending.length > 0) this.send();
    try {
      return await Promise.all(this.batches);
    } finally {
      await Promise.all(this.workers.map((worker) => worker.thread.terminate()));
    }
  }

  private send(): void {
    const files = this.pending;
    this.pending = [];
    const worker = this.worker(this.batches.length % this.how.count);
    const id = this.next++;
    this.batches.push(worker === undefined ? Promise.resolve(undefined) : new Promise((resolve) => {
      worker.waiting.set(id, resolve);
      worker.thread.postMessage({ pageHeads: { id, folder: this.folder, root: this.root, files, digests: this.how.digests } } satisfies PageHeadsRequest);
    }));
  }

  private worker(index: number): PageWorker | undefined {
    if (index < this.workers.length) return this.workers[index];
    try {
      const worker: PageWorker = { thread: new Worker(this.how.file), waiting: new Map() };
      worker.thread.on('message', (reply: Partial<PageHeadsReply>) => {
        const answer = reply.pageHeads; // the worker sends nothing else to this pool
        if (answer === undefined) return;
        worker.waiting.get(answer.id)?.(answer.read);
        worker.waiting.delete(answer.id);
      });
      // A worker that fails or ends leaves its batches unanswered: the caller reads those pages itself.
      const ended = (): void => {
        for (const resolve of worker.waiting.values()) resolve(undefined);
        worker.waiting.clear();
      };
      worker.thread.on('error', ended).on('exit', ended);
      this.workers.push(worker);
      return worker;
    } catch {
      return undefined;
    }
  }
}

interface PageWorker {
  thread: Worker;
  /** The batches sent to it, unanswered: the answer's resolver by id. */
  waiting: Map<number, (read: PagesRead | undefined) => void>;
}
