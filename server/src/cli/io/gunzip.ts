/**
 * Gunzips a whole file in one output buffer. zlib's default 16 KiB chunks are joined at the end, which holds the
 * document twice at that moment; the gzip trailer tells the size (ISIZE, modulo 2^32), so one chunk of that size
 * takes it at once. The trailer is only a hint: a wrong one (a concatenated or crafted file) still gunzips correctly,
 * in more chunks, and it is never trusted beyond what deflate can expand to (1032:1) or a buffer can hold.
 */
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
