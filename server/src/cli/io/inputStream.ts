/** An input read from disk a window at a time, gunzipped on the way, for the streaming split and lint. */
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
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
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    return streamMaybeGzip(fd, file, window, limit);
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    throw new Failure(describe(e as NodeJS.ErrnoException));
  }
}

/**
 * The bytes of the file open as `fd`, as openMaybeGzip. A pipe (`<(gunzip -c a.gz)`, a FIFO) cannot be read at a
 * position: its first bytes are read where it stands and put back before the rest.
 */
function streamMaybeGzip(fd: number, file: string, window: number, limit: number): Readable {
  const seekable = fs.fstatSync(fd).isFile();
  const magic = firstBytes(fd, 2, seekable);
  const stream = seekable
    ? fs.createReadStream(file, { fd, start: 0, highWaterMark: window })
    : Readable.from(prepended(magic, fs.createReadStream(file, { fd, highWaterMark: window })), { objectMode: false });
  if (!isGzip(magic)) return stream;
  return gunzipStreamWithin(stream, limit, file, Math.max(zlib().constants.Z_MIN_CHUNK, window));
}

/** Up to `count` bytes from the start (a file) or from where a pipe stands, fewer only at its end. */
function firstBytes(fd: number, count: number, seekable: boolean): Buffer {
  const bytes = Buffer.alloc(count);
  let length = 0;
  for (let read = -1; read !== 0 && length < count; length += read) read = fs.readSync(fd, bytes, length, count - length, seekable ? length : null);
  return bytes.subarray(0, length);
}

async function* prepended(head: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  for await (const chunk of rest) yield chunk as Buffer;
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
