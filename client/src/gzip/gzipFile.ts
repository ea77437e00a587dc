/** Reading and writing a gzip file as its uncompressed bytes. Pure Node (no `vscode`), so the round trip, the atomic
 * save and corrupt input are tested under node:test; provider.ts adapts it to VS Code. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { inflateLimit } from '../../../shared/protocolLimits';
import { checkGzipHeader, inflateError } from './gzipFormat';

const gunzip = promisify(zlib.gunzip);
const gzip = promisify(zlib.gzip);

export { GzipFormatError } from './gzipFormat';

/** gzip's and zlib's own default. */
export const DEFAULT_LEVEL = 6;

/**
 * The uncompressed content of the gzip file at `fsPath` (an empty file reads as empty: a new file being created); a
 * GzipFormatError once it inflates past `limit`, where zlib stops.
 */
export async function readGzipFile(fsPath: string, limit = inflateLimit()): Promise<Uint8Array> {
  const bytes = await fs.promises.readFile(fsPath);
  if (bytes.length === 0) return bytes;
  checkGzipHeader(bytes, path.basename(fsPath));
  try {
    return await gunzip(bytes, { maxOutputLength: limit });
  } catch (error) {
    throw inflateError(path.basename(fsPath), (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? limit : undefined, error);
  }
}

/**
 * The compression level a gzip header suggests (its XFL byte: 2 = maximum, 4 = fastest), so a save keeps the
 * file's trade-off; the default level otherwise.
 */
export function levelOfHeader(header: Uint8Array): number {
  if (header.length < 10 || header[0] !== 0x1f || header[1] !== 0x8b) return DEFAULT_LEVEL;
  if (header[8] === 2) return 9;
  if (header[8] === 4) return 1;
  return DEFAULT_LEVEL;
}

/**
 * Writes `content` gzip-compressed to `fsPath` atomically: into a temporary file beside it, flushed, then renamed
 * over it, so a failed save (disk full, a crash) leaves the old file whole. A symbolic link is followed (its target
 * is replaced, the link stays); an existing file's permissions and compression level are kept.
 */
export async function writeGzipFile(fsPath: string, content: Uint8Array): Promise<void> {
  const target = await realPathOrSelf(fsPath);
  const existing = await fs.promises.stat(target).catch(() => undefined);
  const level = existing?.isFile() ? levelOfHeader(await readHeader(target)) : DEFAULT_LEVEL;
  const compressed = await gzip(content, { level });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Date.now().toString(36)}.tmp`);
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(temp, 'wx', existing?.mode ?? 0o666);
    await handle.writeFile(compressed);
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (existing !== undefined) await fs.promises.chmod(temp, existing.mode & 0o7777); // the umask may have narrowed it
    await fs.promises.rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

async function realPathOrSelf(fsPath: string): Promise<string> {
  try {
    return await fs.promises.realpath(fsPath);
  } catch {
    return fsPath; // a new file
  }
}

async function readHeader(fsPath: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(fsPath, 'r').catch(() => undefined);
  if (handle === undefined) return new Uint8Array();
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(10), 0, 10, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
