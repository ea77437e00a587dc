/**
 * What the cross-file rules know of the closed files of a site: each file's summary (summarizeForSite), read from
 * disk once per modification time and size, never the document itself; read in the summary worker (siteWorker.ts)
 * when one runs, else in this thread. Bounded: files past MAX_FILE_BYTES (the protocol's limit, uncompressed) and
 * summaries past MAX_ENTRIES in all are not kept (such a file still exists for missing-sitemap-file, its entries are
 * not compared).
 */
import * as path from 'node:path';
import type { SiteSummary } from '../language/languageService';
import { stampOf, type FileStamp } from './files';
import { summarizeSiteFile, type FileSummary } from './siteFileSummary';
import type { SiteWorker } from './siteWorker';

/** 50 MB: the protocol's limit for one file, uncompressed. */
export const MAX_FILE_BYTES = 52_428_800;
/** Entries kept over all closed files (about 250 bytes each: some 125 MB at most). */
export const MAX_ENTRIES = 500_000;

export interface ClosedFile {
  stamp: FileStamp;
  /** Undefined when the file could not be read or summarized (unreadable, invalid gzip, too large, over budget). */
  summary: SiteSummary | undefined;
  /** Offset of each line's start, for the positions of related information. */
  lineStarts: Uint32Array;
  /** Left out for the entry budget: read again once another file's summary is forgotten. */
  overBudget?: boolean;
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
  ) {}

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
    this.entries += read.summary?.entries.length ?? 0;
    return read;
  }

  forget(fsPath: string): void {
    const cached = this.files.get(fsPath);
    if (cached === undefined) return;
    this.files.delete(fsPath);
    if (cached.summary === undefined) return;
    this.entries -= cached.summary.entries.length;
    for (const [file, closed] of this.files) if (closed.overBudget === true) this.files.delete(file);
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
    const none: ClosedFile = { stamp, summary: undefined, lineStarts: new Uint32Array(0) };
    if (stamp.size > this.limits.maxFileBytes) return none;
    const reading = (): void => this.report?.(`site: reading ${fsPath}`);
    let read: FileSummary | undefined;
    let where = 'a worker';
    try {
      if (this.worker === undefined || !this.worker.available) throw new Error('no worker');
      reading();
      read = await this.worker.summarize(fsPath, this.limits.maxFileBytes);
    } catch {
      where = 'this thread';
      read = await summarizeSiteFile(fsPath, this.limits.maxFileBytes, reading);
      for (const entry of read?.summary.entries ?? []) {
        // The strings are slices of the file's text: copies let the text go.
        entry.url = flat(entry.url);
        entry.lastmodText = flat(entry.lastmodText);
      }
    }
    this.report?.(`site: summarized ${fsPath} in ${where}`);
    if (read === undefined) return none;
    if (this.entries + read.summary.entries.length > this.limits.maxEntries) return { ...none, overBudget: true };
    return { stamp, summary: read.summary, lineStarts: read.lines };
  }
}

function flat(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

/** The LSP position of `offset` in a closed file. */
export function positionIn(file: ClosedFile, offset: number): { line: number; character: number } {
  const starts = file.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - (starts[lo] ?? 0) };
}
