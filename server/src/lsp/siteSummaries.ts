/**
 * What the cross-file rules know of the closed files of a site: each file's summary (summarizeForSite), read from
 * disk once per modification time and size, never the document itself. Bounded: files past MAX_FILE_BYTES (the
 * protocol's limit, uncompressed) and summaries past MAX_ENTRIES in all are not kept (such a file still exists for
 * missing-sitemap-file, its entries are not compared).
 */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { parseDocument, summarizeForSite, type SiteSummary, type SitemapLanguageId } from '../language/languageService';
import { decodeFileText, isGzip, stampOf, type FileStamp } from './files';
import { siteFileType } from './siteFiles';

/** 50 MB: the protocol's limit for one file, uncompressed. */
export const MAX_FILE_BYTES = 52_428_800;
/** Entries kept over all closed files (about 250 bytes each: some 125 MB at most). */
export const MAX_ENTRIES = 500_000;

const gunzip = promisify(zlib.gunzip);

const LANGUAGES: Record<ReturnType<typeof siteFileType>, SitemapLanguageId> = { sitemap: 'sitemap', 'sitemap-txt': 'sitemap-txt', robots: 'robots-txt' };

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

  constructor(private readonly limits = { maxFileBytes: MAX_FILE_BYTES, maxEntries: MAX_ENTRIES }) {}

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
    let bytes: Buffer;
    try {
      if (stamp.size > this.limits.maxFileBytes) return none;
      bytes = await fsp.readFile(fsPath);
      if (isGzip(bytes)) bytes = await gunzip(bytes, { maxOutputLength: this.limits.maxFileBytes });
    } catch {
      return none; // unreadable, invalid gzip, or inflating past the limit
    }
    const text = decodeFileText(bytes);
    let summary: SiteSummary;
    try {
      summary = summarizeForSite(parseDocument(text, LANGUAGES[siteFileType(path.basename(fsPath), text)]));
    } catch {
      return none; // a bug in the parser must not take the server down over a file nobody opened
    }
    if (this.entries + summary.entries.length > this.limits.maxEntries) return { ...none, overBudget: true };
    for (const entry of summary.entries) {
      // The strings are slices of the file's text: copies let the text go.
      entry.url = flat(entry.url);
      entry.lastmodText = flat(entry.lastmodText);
    }
    return { stamp, summary, lineStarts: lineStartsOf(text) };
  }
}

function flat(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

function lineStartsOf(text: string): Uint32Array {
  const starts = [0];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) starts.push(k + 1);
  }
  return Uint32Array.from(starts);
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
