/** Small synchronous file reads for the server's look-ups around a document (never the documents themselves). */
import * as fs from 'node:fs';

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
