/** A built folder's pages read lazily and synchronously, each at most once: its first MAX_PAGE_CHARS bytes, decoded,
 * into page facts. Synchronous reads beat an asynchronous pre-read (50,000 pages: 0.4 s against 1-2 s; issue 22 in
 * docs/performance.md), and only the pages a rule asks for are read. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_PAGE_CHARS, readPageFacts, urlsOfFile, type PageFacts, type SiteRoot } from '../language/languageService';
import { decodeFileText } from './files';

const PAGE = /\.html?$/i;

/** One buffer for every read (reads are synchronous): one byte past the cap tells a truncated page. */
let shared: Buffer | undefined;

/** The first MAX_PAGE_CHARS bytes of a regular file and whether there was more; undefined when unreadable. */
export function readPageHead(file: string): { bytes: Buffer; truncated: boolean } | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    shared ??= Buffer.allocUnsafe(MAX_PAGE_CHARS + 1);
    let length = 0;
    while (length < shared.length) {
      const read = fs.readSync(fd, shared, length, shared.length - length, null);
      if (read === 0) break;
      length += read;
    }
    const truncated = length > MAX_PAGE_CHARS;
    return { bytes: Buffer.from(shared.subarray(0, Math.min(length, MAX_PAGE_CHARS))), truncated };
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

/** `page(file)` of a BuiltSite: facts of the `.html`/`.htm` files among `files`, read on first use and kept. */
export function pageReader(folder: string, root: SiteRoot, files: ReadonlySet<string>): (file: string) => PageFacts | undefined {
  const cache = new Map<string, PageFacts | undefined>();
  return (file) => {
    if (cache.has(file)) return cache.get(file);
    const facts = files.has(file) && PAGE.test(file) ? readFacts(path.join(folder, ...file.split('/')), file, root) : undefined;
    cache.set(file, facts);
    return facts;
  };
}

function readFacts(absolute: string, file: string, root: SiteRoot): PageFacts | undefined {
  const head = readPageHead(absolute);
  if (head === undefined) return undefined;
  const url = urlsOfFile(file, root)[0];
  if (url === undefined) return undefined;
  try {
    return readPageFacts(decodeFileText(head.bytes), url, { truncated: head.truncated });
  } catch {
    return undefined; // readPageFacts never throws; a page is still not worth a crash
  }
}
