/** The summary file's layout (version 2, little-endian): a header, one section per file linted, a directory of the
 * sections and a trailer. docs/command-line.md ("Sharded lint") and docs/performance.md describe what it holds. */
export const SUMMARY_VERSION = 2;
/** The first 8 bytes; version 1 files began with `{"format":"sitemap-lint-summary"`. */
export const MAGIC = Buffer.from('\x89SLSUM\r\n', 'latin1');
export const HEADER_BYTES = 32;
/** Directory offset (f64), file count (u32), MAGIC_END (u32). */
export const TRAILER_BYTES = 16;
export const MAGIC_END = 0x444e4553; // 'SEND'
/** A file's section starts with its facts' length (u32), its URL records' count (u32) and its page facts' length (f64). */
export const SECTION_HEAD_BYTES = 16;
/** URL hash buckets: a sitemap's records grouped by bucket, so that any partition count up to this reads one range. */
export const BUCKETS = 1024;
/** A URL record: its key (16 bytes, urlKey.ts), then its range's line, column, end line, end column (u32 each, 0-based). */
export const RECORD_BYTES = 32;
export const KEY_BYTES = 16;

export interface SummaryHeader {
  version: number;
  shard: { index: number; count: number };
  /** Whether the sections carry their sitemaps' entries whole, for the page rules. */
  pageFacts: boolean;
}

export function encodeHeader(header: SummaryHeader): Buffer {
  const b = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(b, 0);
  b.writeUInt32LE(header.version, 8);
  b.writeUInt32LE(BUCKETS, 12);
  b.writeUInt32LE(header.shard.index, 16);
  b.writeUInt32LE(header.shard.count, 20);
  b.writeUInt32LE(header.pageFacts ? 1 : 0, 24);
  return b;
}

/** The header, or what is wrong with it (a message naming `file`). */
export function decodeHeader(b: Buffer, file: string): SummaryHeader | string {
  if (b.length < HEADER_BYTES || !b.subarray(0, MAGIC.length).equals(MAGIC)) return jsonSummaryProblem(b, file) ?? `${file} is not a sitemap-lint summary`;
  const version = b.readUInt32LE(8);
  if (version !== SUMMARY_VERSION) return otherVersion(file, String(version));
  if (b.readUInt32LE(12) !== BUCKETS) return `${file} is a damaged sitemap-lint summary`;
  return { version, shard: { index: b.readUInt32LE(16), count: b.readUInt32LE(20) }, pageFacts: b.readUInt32LE(24) === 1 };
}

/** Version 1 was JSON lines: its header line names the format and version. */
function jsonSummaryProblem(b: Buffer, file: string): string | undefined {
  const line = b.toString('utf8').split('\n')[0];
  const version = /^\{"format":"sitemap-lint-summary","version":([0-9]+)/.exec(line)?.[1];
  return version === undefined ? undefined : otherVersion(file, version);
}

function otherVersion(file: string, version: string): string {
  return `${file} is a summary of version ${version}; this sitemap-lint reads version ${SUMMARY_VERSION}: run the shards again with this version`;
}

/** The buckets of partition `part` (all of them without one): [from, to). */
export function bucketsOf(part: { index: number; count: number } | undefined): { from: number; to: number } {
  if (part === undefined) return { from: 0, to: BUCKETS };
  return { from: Math.floor(((part.index - 1) * BUCKETS) / part.count), to: Math.floor((part.index * BUCKETS) / part.count) };
}
