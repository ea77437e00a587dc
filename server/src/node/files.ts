/** Small synchronous file reads for the server's look-ups around a document (never the documents themselves). */
import * as fs from 'node:fs';
import { isFolderOnDisk, statOnDisk } from './fileProbe';
import { isGzip, sniffedText } from '../../../shared/fileEncoding';
import { inflateLimit } from '../../../shared/protocolLimits';
import { zlib } from './lazyZlib';
import { SNIFF_LENGTH, sniffSitemapRoot } from '../../../shared/contentDetection';

/** robots.txt files are small; Google reads at most 500 KiB. */
export const MAX_ROBOTS_BYTES = 512 * 1024;

export interface FileStamp {
  mtimeMs: number;
  size: number;
}

/** Modification time and size of a regular file, or `undefined` when there is none. */
export function stampOf(fsPath: string): FileStamp | undefined {
  const stat = statOnDisk(fsPath);
  return stat !== undefined && stat.isFile() ? { mtimeMs: stat.mtimeMs, size: stat.size } : undefined;
}

/** Whether a folder is at `fsPath` (a watched path that came: watchedFiles.ts). */
export function isFolder(fsPath: string): boolean {
  return isFolderOnDisk(fsPath);
}

/** The first `maxBytes` bytes of a regular file, or `undefined` if it cannot be read. */
export function readHead(fsPath: string, maxBytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(fsPath, 'r');
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return undefined;
    // A buffer the file's size (one byte more, to see it grew), not `maxBytes`: sitemap-lint reads the heads of a few
    // hundred pages for the lines of its problems, and zeroing 1 MiB for each cost 100 ms.
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(maxBytes, stat.size + 1));
    let length = 0;
    while (length < maxBytes) {
      if (length === buffer.length) buffer = grown(buffer, Math.min(maxBytes, 2 * buffer.length + 4096));
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // nothing to do
      }
    }
  }
}

/** `buffer`'s bytes at the start of a new buffer of `size` bytes. */
function grown(buffer: Buffer, size: number): Buffer {
  const bigger = Buffer.allocUnsafe(size);
  buffer.copy(bigger);
  return bigger;
}

/** The first `maxBytes` bytes of a regular file as text (a robots.txt; {@link decodeFileText}), or `undefined` if it cannot be read. */
export function readHeadText(fsPath: string, maxBytes: number): string | undefined {
  const head = readHead(fsPath, maxBytes);
  return head === undefined ? undefined : decodeFileText(head);
}

// gzip's magic bytes, told as the web build's files.ts tells them.
export { isGzip };

/**
 * A file's first bytes, gunzipped as far as they go when they are gzip (a head is a cut-off stream); undefined when
 * they are corrupt gzip. A head that inflates past `maxBytes` (a gzip bomb's: 4 KB of it is 4 MB of spaces) is cut
 * shorter until it does not: its text starts the same.
 */
export function inflateHead(head: Buffer, maxBytes: number): Buffer | undefined {
  if (!isGzip(head)) return head;
  for (let length = head.length; length > 0; length >>= 1) {
    try {
      return zlib().gunzipSync(head.subarray(0, length), { finishFlush: zlib().constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') return undefined;
    }
  }
  return undefined;
}

/**
 * A file's text as its first bytes say (shared/fileEncoding.ts: UTF-16 with or without a byte-order mark, else UTF-8),
 * without the mark; a binary file's as UTF-8. Every reader of a site file decodes it so, the site checks' summaries too.
 */
export function decodeFileText(bytes: Uint8Array): string {
  return sniffedText(bytes);
}

/**
 * A whole file, gunzipped when its first bytes say it is gzip (`.xml.gz` children of an index, say); `undefined` when
 * it cannot be read, is not a regular file, is corrupt gzip, or would inflate past `maxBytes`.
 */
export function readMaybeGzip(fsPath: string, maxBytes = inflateLimit()): Buffer | undefined {
  try {
    if (!fs.statSync(fsPath).isFile()) return undefined;
    const bytes = fs.readFileSync(fsPath);
    if (!isGzip(bytes)) return bytes.length <= maxBytes ? bytes : undefined;
    return zlib().gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
}

/**
 * The text of a file whose first bytes start a `<sitemapindex>` (plain or gzip, within `maxBytes` inflated), else
 * undefined: the index robots.txt names, read for its children's locations; a large urlset is never read whole.
 */
export function readIndexText(fsPath: string, maxBytes: number): string | undefined {
  const head = readHead(fsPath, SNIFF_LENGTH * 4);
  const inflated = head === undefined ? undefined : inflateHead(head, 1 << 20);
  if (inflated === undefined || sniffSitemapRoot(decodeFileText(inflated).slice(0, SNIFF_LENGTH)) !== 'sitemapindex') return undefined;
  const bytes = readMaybeGzip(fsPath, maxBytes);
  return bytes === undefined ? undefined : decodeFileText(bytes);
}

/** A file's size, or for gzip the size its trailer gives (a hint, modulo 2^32); 0 when it cannot be read. */
export function uncompressedSize(file: string): number {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const magic = Buffer.alloc(4);
    fs.readSync(fd, magic, 0, 2, 0);
    if (!isGzip(magic.subarray(0, 2)) || size < 18) return size;
    fs.readSync(fd, magic, 0, 4, size - 4);
    return magic.readUInt32LE(0);
  } catch {
    return 0; // unreadable: the reading says why
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
