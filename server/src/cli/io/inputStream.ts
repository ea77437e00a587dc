/** An input read from disk a window at a time, gunzipped on the way, for the streaming split and lint. */
import * as fs from 'node:fs';
import type { Readable } from 'node:stream';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { gunzipStreamWithin, InflatedPastLimit } from '../../node/boundedGunzip';
import { isGzip } from '../../node/files';
import { zlib } from '../../node/lazyZlib';
import { Failure } from './failure';
import { reasonOf, withCause } from '../../../../shared/causes';

/**
 * The file's bytes, in pieces of `window` bytes, gunzipped when they start with gzip's magic number; a file that
 * cannot be opened throws a Failure with the caller's line (`describe`: each CLI names the file its own way). Gunzipped
 * past `limit` (shared/protocolLimits.ts), the stream fails with InflatedPastLimit.
 */
export function openMaybeGzip(file: string, describe: (error: NodeJS.ErrnoException) => string, window = 1 << 16, limit = inflateLimit()): Readable {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new Failure(describe(e as NodeJS.ErrnoException));
  }
  return streamMaybeGzip(fd, file, window, limit);
}

/** The bytes of the file open as `fd`, as openMaybeGzip. */
function streamMaybeGzip(fd: number, file: string, window: number, limit: number): Readable {
  const magic = Buffer.alloc(2);
  const read = fs.readSync(fd, magic, 0, 2, 0);
  const stream = fs.createReadStream(file, { fd, start: 0, highWaterMark: window });
  if (!isGzip(magic.subarray(0, read))) return stream;
  return gunzipStreamWithin(stream, limit, file, Math.max(zlib().constants.Z_MIN_CHUNK, window));
}

/** The chunks; a read or gunzip error becomes a Failure, one line naming the file as `name` (InflatedPastLimit too, but stays itself). */
export async function* chunksOf(source: Readable, name: string): AsyncGenerator<Buffer> {
  source.on('error', () => undefined); // reported by the iteration below
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await iterator.next();
    } catch (e) {
      if (e instanceof InflatedPastLimit) throw new InflatedPastLimit(name, e.limit);
      const code = (e as NodeJS.ErrnoException).code ?? '';
      throw new Failure(withCause(`${name}: ${code.startsWith('Z_') ? 'not a valid gzip file' : 'cannot read'}`, reasonOf(e)));
    }
    if (next.done === true) return;
    yield next.value;
  }
}
