/** gzip inflated one member after another through the web's `DecompressionStream`: Chromium's stops with an error at the
 * end of the first member, where zlib (Node, the desktop) reads a file of several (`cat a.gz b.gz`) whole. */

/** What of a web `ReadableStream` of bytes is read here (shared/ has no DOM types). */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
}

/** A gzip stream's decompression: `DecompressionStream('gzip')` over the bytes (or a stand-in in tests). */
export type Gunzip = (gzip: Uint8Array) => ByteStream;

export interface Inflated {
  bytes: Uint8Array;
  /** `broken`: corrupt or cut off (what came out before is kept); `limit`: past `maxBytes`, the rest not read. */
  end: 'done' | 'broken' | 'limit';
  /** Why it broke. */
  error?: unknown;
}

/** The whole of a gzip file of one or more members, until past `maxBytes` (then `limit`). */
export async function inflateMembers(gzip: Uint8Array, maxBytes: number, gunzip: Gunzip): Promise<Inflated> {
  const parts: Uint8Array[] = [];
  let total = 0;
  let rest = gzip;
  for (;;) {
    const whole = await inflateStream(gunzip(rest), maxBytes - total);
    const member = whole.end === 'broken' ? await firstMember(rest, maxBytes - total, gunzip) : undefined;
    const part = member ?? whole;
    parts.push(part.bytes);
    total += part.bytes.length;
    if (member === undefined || member.end !== 'done') return { bytes: concat(parts, total), end: part.end, error: part.error };
    rest = rest.subarray(member.length);
  }
}

/**
 * The first member of a stream that broke, when more follow it: the shortest prefix ending where a gzip header
 * (1f 8b 08) starts that inflates whole, its trailer's CRC checked. Undefined when there is none (corrupt or cut off:
 * random data holds such a header about once per 16 MB, so few prefixes are tried).
 */
async function firstMember(gzip: Uint8Array, maxBytes: number, gunzip: Gunzip): Promise<(Inflated & { length: number }) | undefined> {
  // A member is at least its 10-byte header, an empty deflate block and its 8-byte trailer.
  for (let at = 20; at + 2 < gzip.length; at++) {
    if (gzip[at] !== 0x1f || gzip[at + 1] !== 0x8b || gzip[at + 2] !== 8) continue;
    const member = await inflateStream(gunzip(gzip.subarray(0, at)), maxBytes);
    if (member.end !== 'broken') return { ...member, length: at };
  }
  return undefined;
}

/** The stream read until it ends, breaks, or passes `maxBytes` (then cancelled: a gzip bomb is never held whole). */
async function inflateStream(stream: ByteStream, maxBytes: number): Promise<Inflated> {
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || value === undefined) return { bytes: concat(parts, total), end: 'done' };
      parts.push(value);
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { bytes: concat(parts, total), end: 'limit' };
      }
    }
  } catch (error) {
    return { bytes: concat(parts, total), end: 'broken', error };
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const whole = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
