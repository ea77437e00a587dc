/** Each page's last significant change (language/site/pageContent.ts): its changes walked newest first, the blobs
 * before and after each read in one `git cat-file --batch` process, until one changes the content. A page's walk
 * stops at its first content change, and reads each of its versions once (cached by blob id for the walk: a version
 * is the newer side of one change and the older of the next). The newest version of a page with no uncommitted
 * change is its working file, read from disk rather than through git: a template commit after every page's last edit
 * costs one file and two blobs a page. An uncommitted page is its working file against its newest blob. With a bound
 * per page (sitemap-lint's, from its `<lastmod>`s: lastmodJudgement's contentHistoryBound), a walk also stops once
 * the changes left are all at or before it (no verdict can depend on them), and its versions are asked for at once. */
import * as fs from 'node:fs';
import { CONTENT_PARTS, changedParts, pageParts, type ContentChange, type PageContent } from '../../language/languageService';
import { decodeFileText } from '../files';
import { BlobReader, MAX_BLOB_BYTES } from './blobReader';
import { partsDigest } from './partsDigest';
import type { HistoryIndex, PageChange } from './gitLog';
import type { GitProcessOptions } from './gitProcess';

/** What a change changed, as bits: one per content part (CONTENT_PARTS' order), then the page's addition. */
const ADDED = 1 << CONTENT_PARTS.length;

/** `significant` of a page whose walk stopped at its bound, or that was not walked (no `<lastmod>` needs it). */
export const CONTENT_NOT_NEEDED = -2;

/** Per page id; pages not walked keep -1 and 0 (CONTENT_NOT_NEEDED and 0 with a bound). */
export interface ContentHistory {
  /** The index in `commits` of the page's newest content change; -1 when none is known, CONTENT_NOT_NEEDED. */
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
  /**
   * The instant a page's walk may stop at: once every change not yet read is at or before it (the earlier of its
   * dates), the page's last content change is CONTENT_NOT_NEEDED. Default -Infinity: walked to its last content change.
   */
  bound?(id: number): number;
  /** The partsDigest of a working file (absolute), read elsewhere (sitemap-lint's page workers); undefined when unknown. */
  workingDigest?(file: string): string | undefined;
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
  const reader = lazyReader(request);
  let next = 0;
  const walker = async (): Promise<void> => {
    while (next < request.pages.length && request.options.signal?.aborted !== true) await walkPage(request, request.pages[next++], reader, result);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_PAGES, request.pages.length) }, walker));
  const failure = await reader.close();
  if (failure !== undefined) result.failure = failure;
  return result;
}

type Reader = Pick<BlobReader, 'read' | 'close'>;

/** The walks' cat-file, started on the first question: none when no walk reads a version (every bound met at once). */
function lazyReader(request: ContentRequest): Reader {
  let reader: BlobReader | undefined;
  return {
    read: (hex, answer) => (reader ??= new BlobReader(request.folder, request.options)).read(hex, answer),
    close: () => reader?.close() ?? Promise.resolve(undefined),
  };
}

type Versions = (blob: number) => Promise<PageContent | undefined>;

/** A page's versions by blob, each asked of cat-file once (cached by its id for the page's walk). */
function versionsOf(reader: Reader, index: HistoryIndex): Versions {
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
async function walkPage(request: ContentRequest, id: number, reader: Reader, into: ContentHistory): Promise<void> {
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
  const needed = changesNeeded(changes, request.index, request.bound?.(id) ?? -Infinity);
  const committedFile = !working.uncommitted && newest !== undefined && needed > 0;
  const digest = committedFile ? request.workingDigest?.(working.file) : undefined;
  const version = withWorkingFile(versions, committedFile ? newest : undefined, working.file, digest === undefined);
  // A bounded walk knows the versions it may need: asked for at once, one round trip to cat-file, not one a change
  // (the newest not when its digest stands for it).
  if (needed < changes.length) {
    for (const change of changes.slice(0, needed)) {
      if (!isEdit(change, request.index)) continue;
      for (const blob of [change.before, change.after]) if (blob !== newest || digest === undefined) void version(blob);
    }
  }
  for (const [k, change] of changes.entries()) {
    if (k === needed) {
      into.significant[id] = CONTENT_NOT_NEEDED;
      return;
    }
    if (change.before < 0) {
      into.significant[id] = change.commit;
      into.changed[id] = ADDED;
      return;
    }
    if (!isEdit(change, request.index)) continue;
    if (digest !== undefined && change.after === newest) {
      const before = await version(change.before);
      if (before === undefined) return;
      if (partsDigest(before) === digest) continue; // the template alone changed
    }
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

/**
 * The versions with the newest one read from the working file (the page has no uncommitted change: the file on disk is
 * that version) rather than through git; `now`: read at once, else (a digest stands for it) only if asked. From git
 * when the file cannot be read.
 */
function withWorkingFile(versions: Versions, newest: number | undefined, file: string, now: boolean): Versions {
  if (newest === undefined) return versions;
  let onDisk: PageContent | undefined | null = now ? partsOfFile(file) : null;
  return (blob) => {
    if (blob !== newest) return versions(blob);
    if (onDisk === null) onDisk = partsOfFile(file);
    return onDisk !== undefined ? Promise.resolve(onDisk) : versions(blob);
  };
}

/** A change from one version to another (not the page's addition, not its deletion, not the same blob again). */
function isEdit(change: PageChange, index: HistoryIndex): boolean {
  return change.before >= 0 && change.after >= 0 && !index.blobs.same(change.before, change.after);
}

/**
 * How many of the page's changes (newest first) its walk may have to read: the first k such that every change from
 * the k-th on is at or before `bound` (the earlier of its dates) or cannot be the last content change (an addition is
 * taken as no date at all, lastmodJudgement's changeSpan; a deletion or the same blob again is no content change).
 * All of them when the bound is -Infinity.
 */
function changesNeeded(changes: readonly PageChange[], index: HistoryIndex, bound: number): number {
  if (bound === -Infinity) return changes.length;
  let k = changes.length;
  while (k > 0) {
    const change = changes[k - 1];
    const commit = index.commits[change.commit];
    if (change.before >= 0 && isEdit(change, index) && Math.min(commit.time, commit.authorTime) > bound) break;
    k--;
  }
  return k;
}

/** A working file's parts; undefined when it is not a readable regular file within MAX_BLOB_BYTES (a FIFO is not read). */
export function partsOfFile(file: string): PageContent | undefined {
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
