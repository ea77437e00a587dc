/** gzip inflated within a bound (shared/protocolLimits.ts's inflateLimit): a gzip bomb — 2 GB of spaces in 2 MB — is
 * read until the bound and no further, whole or as it streams, so no reader holds or waits on more than that. */
import { pipeline, Transform, type Readable } from 'node:stream';
import { describeLimit } from '../../../shared/byteSize';
import { INFLATE_MARGIN } from '../../../shared/protocolLimits';
import { zlib } from './lazyZlib';

/** A gzip file that inflates past `limit`: reading stopped there. The message is one line naming the file. */
export class InflatedPastLimit extends Error {
  constructor(readonly file: string, readonly limit: number) {
    super(`${file}: inflates to more than ${describeLimit(limit)}, where reading stopped; a sitemap may be at most ${describeLimit(limit - INFLATE_MARGIN)} uncompressed`);
  }
}

/** `bytes` gunzipped (all members), or InflatedPastLimit once the output passes `limit`; other errors are zlib's. */
export function gunzipWithin(bytes: Uint8Array, limit: number, name: string, chunkSize?: number): Buffer {
  try {
    return zlib().gunzipSync(bytes, { maxOutputLength: limit, chunkSize });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new InflatedPastLimit(name, limit);
    throw e;
  }
}

/**
 * `source` gunzipped as it streams; the stream fails with InflatedPastLimit once its output passes `limit`, and a
 * failure anywhere (the read, the gunzip, the limit) ends every stream of the chain.
 */
export function gunzipStreamWithin(source: Readable, limit: number, name: string, chunkSize?: number): Readable {
  let total = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      done(total > limit ? new InflatedPastLimit(name, limit) : null, total > limit ? undefined : chunk);
    },
  });
  // The reader sees the failure through `bounded`, which pipeline destroys with it.
  return pipeline(source, zlib().createGunzip({ chunkSize }), bounded, () => undefined);
}

/** The chunks, gunzipped ones counted: InflatedPastLimit once they pass `limit`. */
export async function* countedWithin(chunks: AsyncIterable<Buffer>, limit: number, name: string): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limit) throw new InflatedPastLimit(name, limit);
    yield chunk;
  }
}
