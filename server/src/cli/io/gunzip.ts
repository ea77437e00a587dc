/** Gunzips a whole file into one buffer sized by the gzip trailer (ISIZE), instead of zlib's 16 KiB chunks joined at the
 * end, which hold the document twice. The trailer is only a hint: a wrong one still gunzips correctly, in more chunks,
 * and it is never trusted beyond deflate's 1032:1, the inflate limit or a buffer's limit. */
import { constants as bufferConstants } from 'node:buffer';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { gunzipWithin } from '../../node/boundedGunzip';
import { zlib } from '../../node/lazyZlib';

const MAX_DEFLATE_RATIO = 1032;

/** `bytes` gunzipped; InflatedPastLimit (naming `name`) once past `limit`: a gzip bomb stops there. */
export function gunzipWhole(bytes: Buffer, name: string, limit = inflateLimit()): Buffer {
  const size = bytes.length >= 18 ? bytes.readUInt32LE(bytes.length - 4) : 0;
  const bound = Math.min(bytes.length * MAX_DEFLATE_RATIO, limit, bufferConstants.MAX_LENGTH - 1);
  // One byte more than the size, so that zlib sees the output end inside the chunk and does not start another.
  const chunkSize = Math.max(zlib().constants.Z_DEFAULT_CHUNK, Math.min(size, bound) + 1);
  return gunzipWithin(bytes, limit, name, chunkSize);
}
