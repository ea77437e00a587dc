/** What the cross-file rules know of a site's closed files: each one's summary, read once per mtime and size, kept in
 * the site worker when one runs (this thread then keeps only what it maps), else here; bounded by MAX_FILE_BYTES and
 * MAX_ENTRIES. */
import * as path from 'node:path';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { newestLastmodOf, type SiteFileKind, type SiteSummary } from '../../language/languageService';
import { unpackSummary } from '../../node/packedSummary';
import { stampOf, type FileStamp } from '../../node/files';
import { summarizeSiteFile } from '../../node/siteFileSummary';
import type { KnownFile } from '../../node/siteProblems';
import type { SiteWorker } from './siteWorker';

/** 50 MB: the protocol's limit for one file, uncompressed. */
export const MAX_FILE_BYTES = MAX_BYTES;
/** Entries kept over all closed files (about 250 bytes each: some 125 MB at most). */
export const MAX_ENTRIES = 500_000;

export interface ClosedFile {
  stamp: FileStamp;
  /** Undefined when the file could not be read or summarized (unreadable, invalid gzip, too large, over budget). */
  kind: SiteFileKind | undefined;
  entries: number;
  /** The newest `<lastmod>` as written (the Sitemaps view). */
  newestLastmod?: string;
  /** Read in this thread: the summary. Held by the worker: an index's or a robots.txt's only. */
  summary: SiteSummary | undefined;
  /** Read in this thread: the offset of each line's start, for the positions of related information; and the length. */
  lineStarts: Uint32Array;
  length: number;
  /** Held by the site worker (this id's read), not here. */
  workerRead?: number;
  /** Left out for the entry budget (what the Sitemaps view shows of it kept): read again once another file's summary is forgotten. */
  overBudget?: { kind: SiteFileKind; entries: number; newestLastmod: string | undefined };
}

export class ClosedSummaries {
  private readonly files = new Map<string, ClosedFile>();
  private entries = 0;

  /**
   * `report` (tests, under SITEMAP_LINT_REPORT_POOL=1) hears of each read: when the parse starts (in this thread once
   * the bytes are in: what blocks it), when the summary is done, and where it ran.
   */
  constructor(
    private readonly limits = { maxFileBytes: MAX_FILE_BYTES, maxEntries: MAX_ENTRIES },
    private readonly worker?: SiteWorker,
    private readonly report?: (message: string) => void,
  ) {
    if (worker !== undefined) worker.onStop = () => this.forgetWorkerFiles();
  }

  /** A file read and kept in this thread, for checkSiteProblems. */
  known(fsPath: string): KnownFile | undefined {
    const file = this.files.get(fsPath);
    return file?.summary === undefined || file.workerRead !== undefined ? undefined : { summary: file.summary, lines: file.lineStarts, length: file.length };
  }

  /** The file's summary when it was read already and has not changed since (the Sitemaps view: never reads). */
  peek(fsPath: string): ClosedFile | undefined {
    const cached = this.files.get(fsPath);
    const stamp = cached === undefined ? undefined : stampOf(fsPath);
    return stamp !== undefined && cached!.stamp.mtimeMs === stamp.mtimeMs && cached!.stamp.size === stamp.size ? cached : undefined;
  }

  /** The file's summary, read again only when its modification time or size changed. */
  async get(fsPath: string): Promise<ClosedFile | undefined> {
    const stamp = stampOf(fsPath);
    const cached = this.files.get(fsPath);
    if (stamp === undefined) {
      this.forget(fsPath);
      return undefined;
    }
    if (cached !== undefined && cached.stamp.mtimeMs === stamp.mtimeMs && cached.stamp.size === stamp.size) return cached;
    this.forget(fsPath);
    const read = await this.read(fsPath, stamp);
    this.forget(fsPath); // another call may have read it meanwhile
    this.files.set(fsPath, read);
    this.entries += read.entries;
    return read;
  }

  forget(fsPath: string): void {
    const cached = this.files.get(fsPath);
    if (cached === undefined) return;
    this.files.delete(fsPath);
    if (cached.workerRead !== undefined) this.worker?.forget(fsPath, cached.workerRead);
    if (cached.kind === undefined) return;
    this.entries -= cached.entries;
    for (const [file, closed] of this.files) if (closed.overBudget !== undefined) this.files.delete(file);
  }

  /** The worker stopped: what it held is gone, to be read again. */
  private forgetWorkerFiles(): void {
    for (const [file, closed] of [...this.files]) if (closed.workerRead !== undefined) this.forget(file);
  }

  /** Forgets the files under `folder` (deleted, or no longer in the workspace). */
  forgetUnder(folder: string): void {
    const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
    for (const file of [...this.files.keys()]) if (file === folder || file.startsWith(prefix)) this.forget(file);
  }

  clear(): void {
    this.files.clear();
    this.entries = 0;
  }

  private async read(fsPath: string, stamp: FileStamp): Promise<ClosedFile> {
    const none: ClosedFile = { stamp, kind: undefined, entries: 0, summary: undefined, lineStarts: new Uint32Array(0), length: 0 };
    if (stamp.size > this.limits.maxFileBytes) return none;
    const reading = (): void => this.report?.(`site: reading ${fsPath}`);
    let read: ClosedFile | undefined;
    let where = 'a worker';
    try {
      if (this.worker === undefined || !this.worker.available) throw new Error('no worker');
      reading();
      const { id, read: got } = await this.worker.summarize(fsPath, this.limits.maxFileBytes);
      read = got === undefined ? undefined : {
        stamp, kind: got.kind, entries: got.entries, summary: got.packed === undefined ? undefined : unpackSummary(got.packed),
        lineStarts: none.lineStarts, length: got.length, workerRead: id, newestLastmod: got.newestLastmod,
      };
    } catch {
      where = 'this thread';
      const got = await summarizeSiteFile(fsPath, this.limits.maxFileBytes, reading);
      for (const entry of got?.summary.entries ?? []) {
        // The strings are slices of the file's text: copies let the text go.
        entry.url = flat(entry.url);
        entry.lastmodText = flat(entry.lastmodText);
      }
      read = got === undefined ? undefined : {
        stamp, kind: got.summary.kind, entries: got.summary.entries.length, summary: got.summary, lineStarts: got.lines, length: got.length,
        newestLastmod: newestLastmodOf(got.summary.entries),
      };
    }
    this.report?.(`site: summarized ${fsPath} in ${where}`);
    if (read === undefined) return none;
    if (this.entries + read.entries > this.limits.maxEntries) {
      if (read.workerRead !== undefined) this.worker?.forget(fsPath, read.workerRead);
      return { ...none, overBudget: { kind: read.kind!, entries: read.entries, newestLastmod: read.newestLastmod } };
    }
    return read;
  }
}

function flat(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
