/** The web worker's readers of workspace files: READ_FILE_REQUEST to the client, base64 decoded, gzip inflated with
 * DecompressionStream (the worker has no zlib): a head as far as it goes, or Merge's children whole within a limit. */
import type { Connection } from 'vscode-languageserver';
import { isGzip } from '../../../shared/fileEncoding';
import { FIND_SITE_FILES_REQUEST, READ_FILE_REQUEST, type FindSiteFilesParams, type ReadFileParams, type ReadFileResult } from '../../../shared/protocol';
import { inflateMembers, type Gunzip } from '../../../shared/gzipMembers';
import type { FileReader, MirroredFile } from './fileMirror';
import type { ChildFile, ChildFileReader } from '../lsp/commands/mergeRequest';
import { fsPathToUri, uriToFsPath } from '../lsp/documents/workspace';

/**
 * Reads in flight at once: each is a round trip to the client (github.dev fetches each file over the network; code-server
 * crosses its remote connection), so more in flight means fewer round trips waited for, within what a client serves.
 */
export const PARALLEL_READS = 32;

/** `read` for each item, in order, at most `limit` in flight: a pool, each read asked as soon as another is answered
 * (batches would each wait for their slowest). Rejects with the first failure, once every read asked has ended. */
export async function readPooled<T>(items: readonly T[], read: (item: T) => Promise<void>, limit = PARALLEL_READS): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && failure === undefined) {
      const item = items[next++];
      await read(item).catch((error: unknown) => void (failure ??= { error }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}

/** Bound on what a gzip head may inflate to, as node/files.ts's callers bound it (deflate's worst case is about 1:1032). */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

/** `stamp` false: the files' mtimes are not wanted (the client may answer 0), and the client skips its stat. */
export function clientFileReader(connection: Connection, maxInflated = MAX_INFLATED_BYTES, stamp = true): FileReader {
  return async (fsPath, maxBytes) => {
    const result = await askForFile(connection, fsPath, maxBytes, stamp);
    if (result === null) return null;
    const raw = fromBase64(result.data);
    const file: MirroredFile = { mtimeMs: Number(result.mtime) || 0, size: Number(result.size) || raw.length, head: raw, asked: maxBytes };
    if (!isGzip(raw)) return file;
    const { bytes, end } = await inflateMembers(raw, maxInflated, webGunzip);
    // Still gzip when nothing came out; a head read breaks at its cut, a whole file only when it is corrupt or truncated.
    if (bytes.length > 0) file.head = bytes;
    if (end === 'broken' && raw.length >= file.size) file.broken = true;
    if (end === 'limit') file.inflatedPast = true;
    return file;
  };
}

/** Merge's reader of an index's children (mergeRequest.ts), as diskChildFiles.ts reads them in Node: whole, bounded. */
export function clientChildFileReader(connection: Connection): ChildFileReader {
  return async (fsPath, maxBytes): Promise<ChildFile> => {
    let raw: Uint8Array;
    try {
      const result = await askForFile(connection, fsPath, maxBytes);
      if (result === null) return { absent: true };
      const size = Number(result.size);
      if (size > maxBytes) return { tooLarge: size };
      raw = fromBase64(result.data);
    } catch {
      return { absent: true };
    }
    if (!isGzip(raw)) return { bytes: raw };
    const inflated = await inflateMembers(raw, maxBytes, webGunzip);
    if (inflated.end === 'limit') return { tooLarge: maxBytes + 1 };
    return inflated.end === 'broken' ? { unreadable: true } : { bytes: inflated.bytes };
  };
}

async function askForFile(connection: Connection, fsPath: string, maxBytes: number, stamp = true): Promise<(ReadFileResult & { data: string }) | null> {
  const params: ReadFileParams = stamp ? { uri: fsPathToUri(fsPath), maxBytes } : { uri: fsPathToUri(fsPath), maxBytes, stamp: false };
  const result = await connection.sendRequest<ReadFileResult | null>(READ_FILE_REQUEST, params);
  return result === null || typeof result !== 'object' || typeof result.data !== 'string' ? null : result as ReadFileResult & { data: string };
}

/** The worker's gzip decompression of one stream (Chromium's stops at the end of the first member). */
const webGunzip: Gunzip = (gzip) => new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'));

function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The site files of the folder at `folderPath` (`built`: every file of a built folder), as pseudo-paths. */
export function clientSiteFiles(connection: Connection, kind?: FindSiteFilesParams['kind']): (folderPath: string, maxFiles: number) => Promise<string[]> {
  return async (folderPath, maxFiles) => {
    const params: FindSiteFilesParams = kind === undefined ? { folder: fsPathToUri(folderPath), maxFiles } : { folder: fsPathToUri(folderPath), maxFiles, kind };
    const uris = await connection.sendRequest<unknown>(FIND_SITE_FILES_REQUEST, params);
    // An answer that is no list is no listing (an empty one would make every listed file missing).
    if (!Array.isArray(uris)) throw new Error(`${FIND_SITE_FILES_REQUEST} answered no array`);
    return uris.flatMap((uri) => uriToFsPath(uri) ?? []);
  };
}
