/** What a file's first bytes say it is before it is decoded: UTF-8, UTF-16 (decoded, then one problem saying sitemaps are
 * UTF-8), or not text at all (one problem instead of a thousand U+FFFD). */
import { isGzip } from './files';

export type FileEncoding =
  | { kind: 'utf-8' }
  | { kind: 'utf-16le' | 'utf-16be'; bom: boolean }
  /** `gzip`: it starts with gzip's magic bytes (and did not decompress). */
  | { kind: 'binary'; gzip: boolean };

/** How many first bytes decide. */
export const SNIFF_BYTES = 1024;

/**
 * Binary: a NUL byte in the first KB (UTF-16 aside: text never holds one), or a tenth of its characters U+FFFD or C0
 * controls; a Latin-1 file with a few accented letters stays text, each letter an `encoding` problem of its own.
 */
export function sniffEncoding(head: Uint8Array): FileEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return { kind: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { kind: 'utf-16be', bom: true };
  // "<" then an ASCII character, each in two bytes: `<\0?\0`, `<\0u\0` (little-endian) or `\0<\0?` (big-endian).
  if (head.length >= 4 && head[0] === 0x3c && head[1] === 0 && head[2] !== 0 && head[3] === 0) return { kind: 'utf-16le', bom: false };
  if (head.length >= 4 && head[0] === 0 && head[1] === 0x3c && head[2] === 0 && head[3] !== 0) return { kind: 'utf-16be', bom: false };
  const sample = head.subarray(0, SNIFF_BYTES);
  const gzip = isGzip(sample);
  if (sample.includes(0)) return { kind: 'binary', gzip };
  const text = new TextDecoder('utf-8').decode(sample);
  let odd = 0;
  // The last character may be cut by the sample's end: not counted.
  for (let k = 0; k < text.length - 1; k++) {
    const c = text.charCodeAt(k);
    if (c === 0xfffd || (c < 0x20 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return odd * 10 >= text.length && odd > 0 ? { kind: 'binary', gzip } : { kind: 'utf-8' };
}

/** The problem a file's encoding is, as the one `encoding` problem at its start; undefined for UTF-8. */
export function encodingMessage(encoding: FileEncoding): string | undefined {
  switch (encoding.kind) {
    case 'utf-8':
      return undefined;
    case 'binary':
      return encoding.gzip
        ? 'Not a UTF-8 text file: it starts like a gzip file (bytes 1f 8b) but does not decompress. A compressed sitemap is named .gz; this one may be truncated.'
        : 'Not a UTF-8 text file: the file holds binary data, not a sitemap.';
    default:
      return `Sitemaps must be UTF-8, not UTF-16 (${encoding.kind === 'utf-16le' ? 'little' : 'big'}-endian, ${encoding.bom ? 'with' : 'without'} a byte-order mark): the rest of this report is about the decoded text.`;
  }
}
