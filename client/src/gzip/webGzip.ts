/** gzip through the browser's `CompressionStream`/`DecompressionStream` (also global in Node 20): the web extension's
 * codec, with the Node codec's limit and errors (gzipFormat.ts). No Node, no `vscode`. */
import { checkGzipHeader, GzipFormatError, inflateError, MAX_INFLATED_BYTES } from './gzipFormat';

/** The uncompressed content of the gzip `bytes` of the file `name` (empty reads as empty: a new file being created). */
export async function inflateGzip(bytes: Uint8Array, name: string, maxBytes = MAX_INFLATED_BYTES): Promise<Uint8Array> {
  if (bytes.length === 0) return bytes;
  checkGzipHeader(bytes, name);
  try {
    return await drain(streamOf(bytes).pipeThrough(new DecompressionStream('gzip')), maxBytes, name);
  } catch (error) {
    throw error instanceof GzipFormatError ? error : inflateError(name, false, error);
  }
}

/** `content` gzip-compressed (the streams have no level: the browser's default, zlib's 6 in Chromium). */
export function deflateGzip(content: Uint8Array): Promise<Uint8Array> {
  return drain(streamOf(content).pipeThrough(new CompressionStream('gzip')), Number.POSITIVE_INFINITY, '');
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The stream's bytes in one array; past `maxBytes` it is cancelled (a gzip bomb is never held whole). */
async function drain(stream: ReadableStream<Uint8Array>, maxBytes: number, name: string): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw inflateError(name, true, undefined);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
