/** A side read from disk for Compare with File… and an index's children: streamed, gunzipped by its magic number. */
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { isGzip } from '../files';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { countedWithin, InflatedPastLimit } from '../boundedGunzip';
import { zlib } from '../lazyZlib';
import type { FileSource } from './sideReader';
import { SideFailure } from './sideFailure';
import { reasonOf, withCause } from '../../../../shared/causes';

/** Files on disk, named by `nameOf`; reading stops with a 'cancelled' SideFailure once `cancelled()` says so. */
export function fileSource(nameOf: (file: string) => string, cancelled: () => boolean): FileSource {
  return {
    nameOf,
    chunks: (file, name) => maybeGunzipChunks(fileChunks(file, name, cancelled), name),
  };
}

async function* fileChunks(file: string, name: string, cancelled: () => boolean): AsyncGenerator<Buffer> {
  const stream = fs.createReadStream(file, { highWaterMark: 1 << 16 });
  try {
    for await (const chunk of stream) {
      if (cancelled()) throw new SideFailure('cancelled', 'cancelled');
      yield chunk as Buffer;
    }
  } catch (e) {
    if (e instanceof SideFailure) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new SideFailure(code === 'ENOENT' ? `${name}: no such file` : withCause(`${name}: cannot read`, reasonOf(e)));
  } finally {
    stream.destroy();
  }
}

/**
 * The chunks as they are, or gunzipped when the first starts with gzip's magic number, no further than `limit`
 * (shared/protocolLimits.ts): past it, InflatedPastLimit and the reading ends.
 */
export async function* maybeGunzipChunks(chunks: AsyncIterable<Buffer>, name: string, limit = inflateLimit()): AsyncGenerator<Buffer> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done === true) return;
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield first.value;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.(); // a reading stopped early closes the file, or ends git
    }
  }
  if (!isGzip(first.value)) return yield* all();
  const source = Readable.from(all());
  const gunzip = source.pipe(zlib().createGunzip());
  source.on('error', (e) => gunzip.destroy(e)); // a read failure or a cancellation ends the gunzip with it
  try {
    yield* countedWithin(gunzip as AsyncIterable<Buffer>, limit, name);
  } catch (e) {
    if (e instanceof SideFailure || e instanceof InflatedPastLimit) throw e;
    throw new SideFailure(`${name}: not a valid gzip file (${(e as Error).message})`);
  } finally {
    source.destroy(); // the file's (or git's) stream with it
  }
}
