/** A built folder's pages read synchronously, each at most once (its first MAX_PAGE_CHARS bytes, decoded, into page
 * facts): when first asked for, or ahead while git runs. Synchronous reads beat asynchronous ones (docs/performance.md). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_PAGE_CHARS, pageFactsOf, type PageFacts, type SiteRoot } from '../../language/languageService';
import { decodeFileText } from '../files';
import { yieldToEventLoop } from '../folderWalk';

const PAGE = /\.html?$/i;

/** One buffer for every read (reads are synchronous): one byte past the cap tells a truncated page. */
let shared: Buffer | undefined;

/**
 * The first MAX_PAGE_CHARS bytes of a regular file and whether there was more; undefined when unreadable. The bytes
 * are a view of one shared buffer: decode them before the next read.
 */
export function readPageHead(file: string): { bytes: Buffer; truncated: boolean } | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    shared ??= Buffer.allocUnsafe(MAX_PAGE_CHARS + 1);
    let length = 0;
    while (length < shared.length) {
      const wanted = shared.length - length;
      const read = fs.readSync(fd, shared, length, wanted, null);
      length += read;
      // A regular file reads short only at its end: no second call to find it (50,000 system calls saved).
      if (read < wanted) break;
    }
    return { bytes: shared.subarray(0, Math.min(length, MAX_PAGE_CHARS)), truncated: length > MAX_PAGE_CHARS };
  } catch {
    return undefined; // a folder named like a page, a file gone or unreadable
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // nothing to do
  }
}

export type PageReader = (file: string) => PageFacts | undefined;

/** `page(file)` of a BuiltSite: facts of the `.html`/`.htm` files among `files`, read on first use and kept. */
export function pageReader(folder: string, root: SiteRoot, files: ReadonlySet<string>): PageReader {
  const cache = new Map<string, PageFacts | undefined>();
  return (file) => {
    if (cache.has(file)) return cache.get(file);
    const facts = files.has(file) && PAGE.test(file) ? readFacts(folder + path.sep + nativePath(file), file, root) : undefined;
    cache.set(file, facts);
    return facts;
  };
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
export async function readAhead(page: PageReader, files: Iterable<string>, stop: () => boolean): Promise<void> {
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

function readFacts(absolute: string, file: string, root: SiteRoot): PageFacts | undefined {
  const head = readPageHead(absolute);
  return head === undefined ? undefined : pageFactsOf(decodeFileText(head.bytes), file, root, head.truncated);
}
