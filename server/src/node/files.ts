/** Small synchronous file reads for the server's look-ups around a document (never the documents themselves). */
import * as fs from 'node:fs';
import { isGzip } from '../../../shared/fileEncoding';
import { zlib } from './lazyZlib';

/** robots.txt files are small; Google reads at most 500 KiB. */
export const MAX_ROBOTS_BYTES = 512 * 1024;

export interface FileStamp {
  mtimeMs: number;
  size: number;
}

/** Modification time and size of a regular file, or `undefined` when there is none. */
export function stampOf(fsPath: string): FileStamp | undefined {
  try {
    const stat = fs.statSync(fsPath, { throwIfNoEntry: false });
    return stat !== undefined && stat.isFile() ? { mtimeMs: stat.mtimeMs, size: stat.size } : undefined;
  } catch {
    return undefined;
  }
}

/** The first `maxBytes` bytes of a regular file, or `undefined` if it cannot be read. */
export function readHead(fsPath: string, maxBytes: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(fsPath, 'r');
    if (!fs.fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.alloc(maxBytes);
    let length = 0;
    while (length < maxBytes) {
      const read = fs.readSync(fd, buffer, length, maxBytes - length, null);
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

/** The first `maxBytes` bytes of a regular file as UTF-8 text (a robots.txt), or `undefined` if it cannot be read. */
export function readHeadText(fsPath: string, maxBytes: number): string | undefined {
  return readHead(fsPath, maxBytes)?.toString('utf8');
}

// gzip's magic bytes, told as the web build's files.ts tells them.
export { isGzip };

/**
 * A file's first bytes, gunzipped as far as they go when they are gzip (a head is a cut-off stream); undefined when
 * they are corrupt gzip or inflate past `maxBytes`.
 */
export function inflateHead(head: Buffer, maxBytes: number): Buffer | undefined {
  if (!isGzip(head)) return head;
  try {
    return zlib().gunzipSync(head, { finishFlush: zlib().constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
}

/**
 * A file's text: UTF-16 when a byte-order mark says so, else UTF-8; without the mark (an editor keeps it as the file's
 * encoding, not as text).
 */
export function decodeFileText(data: Uint8Array): string {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2))).swap16().toString('utf16le');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A whole file, gunzipped when its first bytes say it is gzip (`.xml.gz` children of an index, say); `undefined` when
 * it cannot be read, is not a regular file, is corrupt gzip, or would inflate past `maxBytes`.
 */
export function readMaybeGzip(fsPath: string, maxBytes = 256 * 1024 * 1024): Buffer | undefined {
  try {
    if (!fs.statSync(fsPath).isFile()) return undefined;
    const bytes = fs.readFileSync(fsPath);
    if (!isGzip(bytes)) return bytes.length <= maxBytes ? bytes : undefined;
    return zlib().gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
}
