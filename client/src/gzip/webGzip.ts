/** gzip through the browser's `CompressionStream`/`DecompressionStream` (also global in Node 20): the web extension's
 * codec, with the Node codec's limit and errors (gzipFormat.ts). No Node, no `vscode`. */
import { inflateMembers, type Gunzip } from '../../../shared/gzipMembers';
import { inflateLimit } from '../../../shared/protocolLimits';
import { checkGzipHeader, inflateError } from './gzipFormat';

/** The uncompressed content of the gzip `bytes` of the file `name`, all its members (empty reads as empty: a new file
 * being created); `gunzip` stands in for the browser's stream in tests. */
export async function inflateGzip(bytes: Uint8Array, name: string, maxBytes = inflateLimit(), gunzip: Gunzip = webGunzip): Promise<Uint8Array> {
  if (bytes.length === 0) return bytes;
  checkGzipHeader(bytes, name);
  const inflated = await inflateMembers(bytes, maxBytes, gunzip);
  if (inflated.end !== 'done') throw inflateError(name, inflated.end === 'limit' ? maxBytes : undefined, inflated.error);
  return inflated.bytes;
}

/** `content` gzip-compressed (the streams have no level: the browser's default, zlib's 6 in Chromium). */
export async function deflateGzip(content: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([content]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
}

/** The browser's gzip decompression of one stream (Chromium's stops at the end of the first member). */
export const webGunzip: Gunzip = (gzip) => new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'));
