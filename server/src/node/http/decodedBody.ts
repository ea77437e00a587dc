/** A response body with its Content-Encoding undone as it streams: each stage pulls from the one before only as its
 * reader asks, so a reader that stops at its cap stops the inflating too (a gzip or brotli bomb costs what was read). */
import { pipeline, Readable, type Transform } from 'node:stream';
import { zlib } from '../lazyZlib';
import { HttpFailure } from './httpTypes';

export type Chunks = AsyncIterable<Uint8Array>;

/** What the client asks servers for: every coding it can undo. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/** The codings of a Content-Encoding header in the order they were applied; `identity` left out. */
export function contentCodings(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header.split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== '' && coding !== 'identity');
}

/** `source` with `codings` undone, last applied first; an unknown coding is a 'protocol' failure naming it. */
export function decoded(source: Chunks, codings: readonly string[], url: string): Chunks {
  let chunks = source;
  for (const coding of [...codings].reverse()) chunks = throughZlib(chunks, decoderFor(coding, url), coding, url);
  return chunks;
}

function decoderFor(coding: string, url: string): (head: Uint8Array) => Transform {
  if (coding === 'gzip' || coding === 'x-gzip') return () => zlib().createGunzip();
  if (coding === 'br') return () => zlib().createBrotliDecompress();
  // "deflate" is zlib-wrapped by the standard (RFC 9110 8.4.1.2), raw from some old servers; browsers read both.
  if (coding === 'deflate') return (head) => (isZlibHeader(head) ? zlib().createInflate() : zlib().createInflateRaw());
  throw new HttpFailure('protocol', `${url}: unknown Content-Encoding "${coding}"`);
}

/** A zlib stream's two-byte header (RFC 1950): method 8, and the pair a multiple of 31. */
function isZlibHeader(head: Uint8Array): boolean {
  return head.length >= 2 && (head[0]! & 0x0f) === 8 && ((head[0]! << 8) | head[1]!) % 31 === 0;
}

async function* throughZlib(source: Chunks, make: (head: Uint8Array) => Transform, coding: string, url: string): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  let head: Uint8Array = new Uint8Array(0);
  let ended = false;
  while (head.length < 2 && !ended) {
    const next = await it.next();
    if (next.done === true) ended = true;
    else head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  if (head.length === 0) return;
  const rest = async function* (): AsyncGenerator<Uint8Array> {
    yield head;
    for (let next = ended ? undefined : await it.next(); next !== undefined && next.done !== true; next = await it.next()) yield next.value;
  };
  const input = Readable.from(rest(), { objectMode: false });
  const inflater = make(head);
  pipeline(input, inflater, () => undefined);
  try {
    yield* inflater as AsyncIterable<Uint8Array>;
  } catch (e) {
    if (!isDecoderError(e)) throw e;
    throw new HttpFailure('protocol', `${url}: the body is not valid ${coding} (Content-Encoding: ${coding})`);
  } finally {
    inflater.destroy();
    input.destroy();
    // Not awaited: the source may be waiting on the network; the caller destroys the body, which ends that wait.
    void it.return?.()?.catch?.(() => undefined);
  }
}

/** An error of the decoder itself, not one the source passed through it (the network's, an abort, our own). */
function isDecoderError(e: unknown): boolean {
  if (e instanceof HttpFailure || (e as Error).name === 'AbortError') return false;
  const code = (e as { code?: unknown }).code;
  return !(typeof code === 'string' && code.startsWith('UND_ERR'));
}
