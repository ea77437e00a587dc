/** What the Node (gzipFile.ts, zlib) and the web (webGzip.ts, the browser's streams) gzip codecs share: the limit on
 * inflating, the error a file that is not gzip gives, and the check of its first bytes. Pure: no Node, no `vscode`. */

/** Refuse to inflate past this (a gzip bomb must not take the extension host down); VS Code hands extensions ≤ 50 MB. */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/** A file that is not (valid) gzip; the message says which file and why, for the editor's error. */
export class GzipFormatError extends Error {
  override readonly name = 'GzipFormatError';
}

/** Throws unless `bytes` start as gzip does (1f 8b); `name` is the file's, for the message. */
export function checkGzipHeader(bytes: Uint8Array, name: string): void {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new GzipFormatError(`${name} is not gzip-compressed (it does not start with the gzip bytes 1f 8b).`);
  }
}

/** The error of data that would not inflate (corrupt, truncated, or larger than `MAX_INFLATED_BYTES`). */
export function inflateError(name: string, tooLarge: boolean, error: unknown): GzipFormatError {
  const reason = tooLarge ? `it inflates to more than ${MAX_INFLATED_BYTES / (1024 * 1024)} MB`
    : `corrupt gzip data: ${error instanceof Error ? error.message : String(error)}`;
  return new GzipFormatError(`${name} cannot be decompressed (${reason}).`);
}
