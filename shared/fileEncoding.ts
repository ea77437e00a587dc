/** What a file's first bytes say it is before it is decoded: UTF-8, UTF-16 (decoded, then one `encoding` problem:
 * language/rules/fileEncoding.ts), or not text at all. Pure: the desktop's readers and the web worker's share it. */

/** The WHATWG decoder, a global in Node and in browsers alike, typed here as webUrl.ts types URL (ES2022 has neither). */
const Decoder = (globalThis as unknown as { TextDecoder: new (label?: string) => { decode(input: Uint8Array): string } }).TextDecoder;

/** One decoder per encoding, reused: a decode without `stream` keeps no state (a site of 50,000 pages made 100,000). */
const decoders = new Map<string, InstanceType<typeof Decoder>>();
function decoder(label: 'utf-8' | 'utf-16le' | 'utf-16be'): InstanceType<typeof Decoder> {
  let held = decoders.get(label);
  if (held === undefined) decoders.set(label, (held = new Decoder(label)));
  return held;
}

export type FileEncoding =
  | { kind: 'utf-8' }
  | { kind: 'utf-16le' | 'utf-16be'; bom: boolean }
  /** `gzip`: it starts with gzip's magic bytes (and did not decompress). */
  | { kind: 'binary'; gzip: boolean };

/** How many first bytes decide. */
export const SNIFF_BYTES = 1024;

/** gzip's magic bytes (RFC 1952): what tells a compressed file, whatever its name says. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

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
  if (isPlainAscii(sample)) return { kind: 'utf-8' }; // nothing odd in it: no need to decode it to count
  const text = decoder('utf-8').decode(sample);
  let odd = 0;
  // The last character may be cut by the sample's end: not counted.
  for (let k = 0; k < text.length - 1; k++) {
    const c = text.charCodeAt(k);
    if (c === 0xfffd || (c < 0x20 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return odd * 10 >= text.length && odd > 0 ? { kind: 'binary', gzip } : { kind: 'utf-8' };
}

/** Printable ASCII, tabs and line breaks only: what decodes to no U+FFFD and no counted control (most pages' first KB). */
function isPlainAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 || b >= 0x80) && b !== 9 && b !== 10 && b !== 13) return false;
  }
  return true;
}

/** A file's text as its first bytes say (a byte-order mark dropped, malformed bytes as U+FFFD); undefined when binary. */
export function decodeSniffed(bytes: Uint8Array, encoding = sniffEncoding(bytes.subarray(0, SNIFF_BYTES))): string | undefined {
  return encoding.kind === 'binary' ? undefined : decoder(encoding.kind).decode(bytes);
}

/** A file's first bytes as text to tell its kind by (documentLanguage.ts's isSiteFile): a binary file's read as UTF-8. */
export function sniffedText(head: Uint8Array): string {
  return decodeSniffed(head) ?? decoder('utf-8').decode(head);
}
