/** Gunzips a whole file into one buffer sized by the gzip trailer (ISIZE), instead of zlib's 16 KiB chunks joined at the
 * end, which hold the document twice. The trailer is only a hint: a wrong one still gunzips correctly, in more chunks,
 * and it is never trusted beyond deflate's 1032:1 or a buffer's limit. */
import { constants as bufferConstants } from 'node:buffer';
import { zlib } from '../../node/lazyZlib';

const MAX_DEFLATE_RATIO = 1032;

export function gunzipWhole(bytes: Buffer): Buffer {
  const size = bytes.length >= 18 ? bytes.readUInt32LE(bytes.length - 4) : 0;
  const bound = Math.min(bytes.length * MAX_DEFLATE_RATIO, bufferConstants.MAX_LENGTH - 1);
  // One byte more than the size, so that zlib sees the output end inside the chunk and does not start another.
  const chunkSize = Math.max(zlib().constants.Z_DEFAULT_CHUNK, Math.min(size, bound) + 1);
  return zlib().gunzipSync(bytes, { chunkSize });
}
