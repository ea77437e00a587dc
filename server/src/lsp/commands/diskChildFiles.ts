/** The Node server's reader of an index's children for Merge (mergeRequest.ts): stat, read and gunzip, each bounded. */
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { isGzip } from '../../node/files';
import type { ChildFile } from './mergeRequest';

const gunzip = promisify(zlib.gunzip);

export async function readChildFromDisk(file: string, maxBytes: number): Promise<ChildFile> {
  let bytes: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { absent: true };
    if (stat.size > maxBytes) return { tooLarge: stat.size };
    bytes = await fs.readFile(file);
  } catch {
    return { absent: true };
  }
  if (!isGzip(bytes)) return { bytes };
  try {
    return { bytes: await gunzip(bytes, { maxOutputLength: maxBytes }) };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: maxBytes + 1 };
    return { unreadable: true };
  }
}
