/** A built folder's pages read synchronously, each at most once, as heads: the first PAGE_HEAD_CHUNK bytes, more (up
 * to MAX_PAGE_CHARS) only when the head goes on past them; only the facts are kept, never the text. What cannot be read
 * as a page is noted once per reason. Synchronous reads beat asynchronous ones (docs/performance.md). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_PAGE_CHARS, PAGE_HEAD_CHUNK, pageHeadOf, pageParts, type PageFacts, type PageReadNote, type SiteRoot } from '../../language/languageService';
import { decodeFileText } from '../files';
import { partsOfFile } from '../git/contentHistory';
import { partsDigest } from '../git/partsDigest';
import { yieldToEventLoop } from '../folderWalk';

const PAGE = /\.html?$/i;
/** Google reads the first 15 MB of an HTML file and indexes only that (its crawler documentation). */
export const GOOGLE_HTML_BYTES = 15 * 1024 * 1024;
/** O_NONBLOCK: a FIFO that took a page's name after the walk opens without waiting for a writer, and reads nothing. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** One buffer for every read (reads are synchronous): one byte past the cap tells a truncated page. */
let shared: Buffer | undefined;

export interface PageHead {
  /** A view of one shared buffer: decode it before the next read. */
  bytes: Buffer;
  /** Whether the file goes on past `bytes`. */
  truncated: boolean;
  /** The file's size, when it was asked (a read that filled `bytes`). */
  size?: number;
}

/**
 * The first `wanted` bytes (at most MAX_PAGE_CHARS) of a regular file, and whether there was more; undefined when
 * unreadable, 'not-a-file' when it is no regular file. A read that fills them asks the file's size (one fstat).
 */
export function readPageHead(file: string, wanted = MAX_PAGE_CHARS): PageHead | 'not-a-file' | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    shared ??= Buffer.allocUnsafe(MAX_PAGE_CHARS + 1);
    const length = readInto(fd, Math.min(wanted, MAX_PAGE_CHARS) + 1);
    if (length <= wanted) return { bytes: shared.subarray(0, length), truncated: false };
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return 'not-a-file';
    return { bytes: shared.subarray(0, wanted), truncated: true, size: stat.size };
  } catch {
    return undefined; // a folder named like a page, a file gone or unreadable, a FIFO with nothing to read
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

/** Reads up to `count` bytes from the start into the shared buffer; how many came. */
function readInto(fd: number, count: number): number {
  let length = 0;
  while (length < count) {
    const read = fs.readSync(fd, shared!, length, count - length, length);
    length += read;
    // A regular file reads short only at its end: no second call to find it (50,000 system calls saved).
    if (read === 0 || length < count) break;
  }
  return length;
}

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to do
  }
}

export interface PageReader {
  (file: string): PageFacts | undefined;
  /** What could not be read as a page so far, once per reason. */
  notes(): PageReadNote[];
  /** Pages read elsewhere (a worker thread, pageHeadPool.ts): each taken when first asked, as if read then, its
   * notes in the order asked. */
  absorb(read: PagesRead): void;
}

/** Pages read in one go: `facts[i]` is `files[i]`'s; `unread`: why page `i` could not be read as one. */
export interface PagesRead {
  files: string[];
  facts: Array<PageFacts | undefined>;
  unread: Array<[number, PageReadNote['reason']]>;
  /** When asked: the partsDigest of page `i`'s whole text (null: it could not be read whole). */
  digests?: Array<string | null>;
}

/**
 * The facts of `files` (pages among the folder's files, relative with `/`), read in order: a page worker's task. With
 * `digests` (sitemap-lint's lastmod rules), each page's partsDigest too, from the head read when it held the whole
 * file, else from a read of it whole: the git history then compares the working file by it (WorkingDigests).
 */
export function readPages(folder: string, root: SiteRoot, files: string[], digests = false): PagesRead {
  const unread: PagesRead['unread'] = [];
  const digestOf: Array<string | null> = digests ? files.map(() => null) : [];
  const facts = files.map((file, i) => {
    if (!PAGE.test(file)) return undefined;
    const absolute = folder + path.sep + nativePath(file);
    const whole = digests ? (bytes: Buffer) => void (digestOf[i] = partsDigest(pageParts(decodeFileText(bytes)))) : undefined;
    const read = readFacts(absolute, file, root, (reason) => unread.push([i, reason]), whole);
    if (digests && digestOf[i] === null) {
      const parts = partsOfFile(absolute);
      if (parts !== undefined) digestOf[i] = partsDigest(parts);
    }
    return read;
  });
  return digests ? { files, facts, unread, digests: digestOf } : { files, facts, unread };
}

/**
 * `page(file)` of a BuiltSite: facts of the `.html`/`.htm` files among `files`, read on first use and kept. `special`:
 * the files the walk found that are no regular files (a FIFO, a socket, a device), never opened.
 */
export function pageReader(folder: string, root: SiteRoot, files: ReadonlySet<string>, special: ReadonlySet<string> = new Set()): PageReader {
  const cache = new Map<string, PageFacts | undefined>();
  const notes = new Map<PageReadNote['reason'], PageReadNote>();
  const note = (reason: PageReadNote['reason'], file: string): void => {
    const held = notes.get(reason);
    if (held === undefined) notes.set(reason, { kind: 'page-unread', reason, file, count: 1 });
    else held.count++;
  };
  const elsewhere = new Map<string, { facts: PageFacts | undefined; reasons: PageReadNote['reason'][] }>();
  const reader = (file: string): PageFacts | undefined => {
    if (cache.has(file)) return cache.get(file);
    let facts: PageFacts | undefined;
    const read = elsewhere.get(file);
    if (read !== undefined) {
      elsewhere.delete(file);
      facts = read.facts;
      for (const reason of read.reasons) note(reason, file);
    } else if (special.has(file)) note('not-a-file', file);
    else if (files.has(file) && PAGE.test(file)) facts = readFacts(folder + path.sep + nativePath(file), file, root, note);
    cache.set(file, facts);
    return facts;
  };
  const absorb = (read: PagesRead): void => {
    read.files.forEach((file, i) => elsewhere.set(file, { facts: read.facts[i], reasons: [] }));
    for (const [i, reason] of read.unread) elsewhere.get(read.files[i]!)!.reasons.push(reason);
  };
  return Object.assign(reader, { notes: () => [...notes.values()].map((n) => ({ ...n })), absorb });
}

/** A `/`-separated relative path with the platform's separators. */
function nativePath(file: string): string {
  return path.sep === '/' ? file : file.split('/').join(path.sep);
}

/** Pages read between two turns of the event loop while reading ahead: a few milliseconds. */
const PAGES_PER_TURN = 100;

/**
 * Reads every page into `page`'s cache, a few at a time, until done or `stop()`: what the page rules will ask for,
 * read while git's processes run (their output is read between turns) rather than after them.
 */
export async function readAhead(page: (file: string) => unknown, files: Iterable<string>, stop: () => boolean): Promise<void> {
  let count = 0;
  for (const file of files) {
    if (!PAGE.test(file)) continue;
    page(file);
    if (++count % PAGES_PER_TURN === 0) {
      await yieldToEventLoop();
      if (stop()) return;
    }
  }
}

/**
 * The head's chunk, then (when the head goes on past it) up to MAX_PAGE_CHARS; what could not be read, noted. `whole`:
 * given the file's bytes when the chunk held all of them.
 */
function readFacts(absolute: string, file: string, root: SiteRoot, note: (reason: PageReadNote['reason'], file: string) => void, whole?: (bytes: Buffer) => void): PageFacts | undefined {
  let head = readPageHead(absolute, PAGE_HEAD_CHUNK);
  if (head === 'not-a-file') return void note('not-a-file', file);
  if (head === undefined) return undefined;
  if (whole !== undefined && !head.truncated) whole(head.bytes);
  const size = head.size;
  let read = finishedWithin(head.bytes, file, root) ?? pageHeadOf(decodeFileText(head.bytes), file, root, head.truncated);
  if (read !== undefined && !read.complete) {
    head = readPageHead(absolute, MAX_PAGE_CHARS);
    if (head === 'not-a-file') return void note('not-a-file', file);
    if (head !== undefined) read = pageHeadOf(decodeFileText(head.bytes), file, root, head.truncated);
  }
  const facts = read?.facts;
  if (facts === undefined) return undefined;
  if (facts.problems.some((p) => p.kind === 'not-text')) note('not-text', file);
  else if (facts.problems.some((p) => p.kind === 'head-unfinished')) note('head-unfinished', file);
  if (size !== undefined && size > GOOGLE_HTML_BYTES) note('too-large', file);
  return facts;
}

/** What is decoded and parsed of a chunk first: most heads end within it, and decoding the whole chunk (a 16 KiB string
 * per page, for the collector) cost more than parsing the head. */
export const FIRST_DECODE_BYTES = 4 * 1024;

/**
 * The head read from the chunk's first FIRST_DECODE_BYTES alone, when it finished within them (at the body, or past
 * an early end's lookahead): the parser stops there, so more text would give the same facts (a character cut at the
 * prefix's end can only come after where it stopped). Undefined otherwise: the caller decodes the whole chunk.
 */
function finishedWithin(bytes: Buffer, file: string, root: SiteRoot): ReturnType<typeof pageHeadOf> {
  if (bytes.length <= FIRST_DECODE_BYTES) return undefined;
  const read = pageHeadOf(decodeFileText(bytes.subarray(0, FIRST_DECODE_BYTES)), file, root, true);
  return read?.complete === true ? read : undefined;
}
