/** What the Node (gzipFile.ts, zlib) and the web (webGzip.ts, the browser's streams) gzip codecs share: the limit on
 * inflating, the error a file that is not gzip gives, and the check of its first bytes. Pure: no Node, no `vscode`. */

import { describeLimit, formatLimitMegabytes } from '../../../shared/byteSize';
import { INFLATE_MARGIN } from '../../../shared/protocolLimits';

// Past shared/protocolLimits.ts's inflateLimit a file is not inflated further (a gzip bomb must not take the extension
// host down, nor open as 2 GB of text): the editor refuses it, as sitemap-lint reports it file-too-large.

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

/** The error of data that would not inflate: corrupt, truncated, or (`pastLimit` given) larger than that limit. */
export function inflateError(name: string, pastLimit: number | undefined, error: unknown): GzipFormatError {
  if (pastLimit !== undefined) {
    return new GzipFormatError(`${name} inflates to more than ${describeLimit(pastLimit)}, where reading stopped: a sitemap may be at most `
      + `${formatLimitMegabytes(pastLimit - INFLATE_MARGIN)} MB uncompressed. sitemap-split splits it without opening it.`);
  }
  return new GzipFormatError(`${name} cannot be decompressed (corrupt gzip data: ${error instanceof Error ? error.message : String(error)}).`);
}
