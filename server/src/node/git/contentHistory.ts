/** Each page's last significant change (language/site/pageContent.ts): its changes walked newest first, the blobs
 * before and after each read in one `git cat-file --batch` process, until one changes the content. A page's walk
 * stops at its first content change, and reads each of its versions once (cached by blob id for the walk: a version
 * is the newer side of one change and the older of the next). The newest version of a page with no uncommitted
 * change is its working file, read from disk rather than through git: a template commit after every page's last edit
 * costs one file and two blobs a page. An uncommitted page is its working file against its newest blob. */
import * as fs from 'node:fs';
import { CONTENT_PARTS, changedParts, pageParts, type ContentChange, type PageContent } from '../../language/languageService';
import { decodeFileText } from '../files';
import { BlobReader, MAX_BLOB_BYTES } from './blobReader';
import type { HistoryIndex } from './gitLog';
import type { GitProcessOptions } from './gitProcess';

/** What a change changed, as bits: one per content part (CONTENT_PARTS' order), then the page's addition. */
const ADDED = 1 << CONTENT_PARTS.length;

/** Per page id; pages not walked keep -1 and 0. */
export interface ContentHistory {
  /** The index in `commits` of the page's newest content change; -1 when none is known. */
  significant: Int32Array;
  /** What that change changed (bits). */
  changed: Uint8Array;
  /** 1: the working file's content differs from its newest commit's; 2: it differs, but not in content. */
  worktree: Uint8Array;
  /** What the working file changed (bits), when it differs in content and both could be read. */
  worktreeChanged: Uint8Array;
  /** git's message when cat-file failed (the pages it could not answer for are then undated). */
  failure?: string;
}

export const WORKTREE_CONTENT = 1;
export const WORKTREE_TEMPLATE = 2;

/** Pages walked at once: enough questions in flight to keep cat-file busy, few enough to bound the versions held. */
const CONCURRENT_PAGES = 32;

/** The kinds of change the bits say, in CONTENT_PARTS' order. */
export function changeKinds(bits: number): ContentChange[] {
  if (bits & ADDED) return ['added'];
  return CONTENT_PARTS.filter((_, k) => (bits & (1 << k)) !== 0);
}

function bitsOf(older: PageContent, newer: PageContent): number {
  let bits = 0;
  for (const part of changedParts(older, newer)) bits |= 1 << CONTENT_PARTS.indexOf(part);
  return bits;
}

export interface ContentRequest {
  /** Where cat-file runs (the repository's folder). */
  folder: string;
  index: HistoryIndex;
  /** The page ids to walk. */
  pages: readonly number[];
  /** A page's working file (absolute), and whether it has uncommitted changes. */
  workingFile(id: number): { file: string; uncommitted: boolean };
  options: GitProcessOptions;
}

export async function readContentHistory(request: ContentRequest): Promise<ContentHistory> {
  const size = request.index.newest.length;
  const result: ContentHistory = {
    significant: new Int32Array(size).fill(-1),
    changed: new Uint8Array(size),
    worktree: new Uint8Array(size),
    worktreeChanged: new Uint8Array(size),
  };
  if (request.pages.length === 0) return result;
  const reader = new BlobReader(request.folder, request.options);
  let next = 0;
  const walker = async (): Promise<void> => {
    while (next < request.pages.length && request.options.signal?.aborted !== true) await walkPage(request, request.pages[next++], reader, result);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_PAGES, request.pages.length) }, walker));
  const failure = await reader.close();
  if (failure !== undefined) result.failure = failure;
  return result;
}

type Versions = (blob: number) => Promise<PageContent | undefined>;

/** A page's versions by blob, each asked of cat-file once (cached by its id for the page's walk). */
function versionsOf(reader: BlobReader, index: HistoryIndex): Versions {
  const cache = new Map<string, Promise<PageContent | undefined>>();
  return (blob) => {
    const hex = index.blobs.hex(blob);
    let version = cache.get(hex);
    if (version === undefined) {
      version = new Promise((resolve) => reader.read(hex, (bytes) => resolve(bytes === undefined ? undefined : pageParts(decodeFileText(bytes)))));
      cache.set(hex, version);
    }
    return version;
  };
}

/** The page's working file against its newest blob, then its commits newest first until one changed its content. */
async function walkPage(request: ContentRequest, id: number, reader: BlobReader, into: ContentHistory): Promise<void> {
  const { changes } = request.index.changesOf(id);
  const versions = versionsOf(reader, request.index);
  const working = request.workingFile(id);
  const newest = changes.length === 0 || changes[0].after < 0 ? undefined : changes[0].after;
  if (working.uncommitted) {
    const now = partsOfFile(working.file);
    const committed = newest === undefined ? undefined : await versions(newest);
    const bits = now === undefined || committed === undefined ? 0 : bitsOf(committed, now);
    if (bits !== 0 || now === undefined || committed === undefined) {
      into.worktree[id] = WORKTREE_CONTENT;
      into.worktreeChanged[id] = bits;
      return;
    }
    into.worktree[id] = WORKTREE_TEMPLATE;
  }
  // Unchanged since its last commit: the file on disk is that version, read without a round trip through git.
  const onDisk = working.uncommitted || newest === undefined ? undefined : partsOfFile(working.file);
  const version = (blob: number): Promise<PageContent | undefined> => (blob === newest && onDisk !== undefined ? Promise.resolve(onDisk) : versions(blob));
  for (const change of changes) {
    if (change.before < 0) {
      into.significant[id] = change.commit;
      into.changed[id] = ADDED;
      return;
    }
    if (change.after < 0 || request.index.blobs.hex(change.before) === request.index.blobs.hex(change.after)) continue;
    const [before, after] = await Promise.all([version(change.before), version(change.after)]);
    // A version git could not give (too large, missing in a partial clone): what came before it is unknown.
    if (before === undefined || after === undefined) return;
    const bits = bitsOf(before, after);
    if (bits !== 0) {
      into.significant[id] = change.commit;
      into.changed[id] = bits;
      return;
    }
  }
}

/** A working file's parts; undefined when it is not a readable regular file within MAX_BLOB_BYTES (a FIFO is not read). */
function partsOfFile(file: string): PageContent | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_BLOB_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let length = 0;
    while (length < bytes.length) {
      const read = fs.readSync(fd, bytes, length, bytes.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return pageParts(decodeFileText(bytes.subarray(0, length)));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
