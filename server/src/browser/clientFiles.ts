/** The web worker's reader of workspace files: READ_FILE_REQUEST to the client, base64 decoded, a gzip head inflated
 * as far as it goes (DecompressionStream: the worker has no zlib). */
import type { Connection } from 'vscode-languageserver';
import { FIND_SITE_FILES_REQUEST, READ_FILE_REQUEST, type FindSiteFilesParams, type ReadFileParams, type ReadFileResult } from '../../../shared/protocol';
import type { FileReader, MirroredFile } from './fileMirror';
import { fsPathToUri, uriToFsPath } from '../lsp/documents/workspace';

/** Bound on what a gzip head may inflate to, as node/files.ts's callers bound it (deflate's worst case is about 1:1032). */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

export function clientFileReader(connection: Connection, maxInflated = MAX_INFLATED_BYTES): FileReader {
  return async (fsPath, maxBytes) => {
    const params: ReadFileParams = { uri: fsPathToUri(fsPath), maxBytes };
    const result = await connection.sendRequest<ReadFileResult | null>(READ_FILE_REQUEST, params);
    if (result === null || typeof result !== 'object' || typeof result.data !== 'string') return null;
    const raw = fromBase64(result.data);
    const head = raw[0] === 0x1f && raw[1] === 0x8b ? await inflatePrefix(raw, maxInflated) : raw;
    const file: MirroredFile = { mtimeMs: Number(result.mtime) || 0, size: Number(result.size) || raw.length, head, asked: maxBytes };
    return file;
  };
}

function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What a (possibly cut-off) gzip stream inflates to before it ends or breaks; still gzip when nothing came out. */
async function inflatePrefix(gzip: Uint8Array, maxInflated: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    const stream = new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'));
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || value === undefined) break;
      chunks.push(value);
      length += value.length;
      if (length >= maxInflated) break;
    }
  } catch {
    // a cut-off stream ends in an error: what came before it is the head
  }
  if (length === 0) return gzip;
  const head = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    head.set(chunk, at);
    at += chunk.length;
  }
  return head;
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
