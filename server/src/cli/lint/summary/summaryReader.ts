/** Reads a summary file by positioned reads: the header, the directory, each section's facts and only the records of
 * the buckets asked for (a partition's byte range per sitemap), or a sitemap's page facts. Counts the bytes read. */
import * as fs from 'node:fs';
import { Failure } from '../../io/failure';
import { checkedFacts, isSitemapKind, type FileFacts } from './fileFacts';
import { BUCKETS, decodeHeader, HEADER_BYTES, MAGIC, MAGIC_END, RECORD_BYTES, SECTION_HEAD_BYTES, TRAILER_BYTES } from './summaryFormat';

export interface SectionRead {
  /** The summary file's name, as given. */
  summary: string;
  facts: FileFacts;
  /** The records of the buckets asked for (none with page facts). */
  records: Buffer;
  /** A sitemap's entries whole, when page facts were asked for: its page facts (pageFacts.ts) and their count. */
  page: { bytes: Buffer; count: number } | undefined;
}

export interface ReadRequest {
  /** Buckets [from, to). */
  buckets: { from: number; to: number };
  /** Read sitemaps' entries whole (the page rules run) instead of their records. */
  pageFacts: boolean;
}

let bytesRead = 0;

/** Bytes read from summary files by this process (SITEMAP_LINT_REPORT_READ, the benchmark's). */
export function summaryBytesRead(): number {
  return bytesRead;
}

export function readSummary(file: string, request: ReadRequest): SectionRead[] {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new Failure(`cannot read summary ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    const reader = new PositionedReader(fd, file);
    const header = decodeHeader(reader.head(), file);
    if (typeof header === 'string') throw new Failure(header);
    if (request.pageFacts && !header.pageFacts) {
      throw new Failure(`${file} has no page facts: run the shards with the merge's --site-root and --rule options (the page rules run in the merge)`);
    }
    return reader.sections().map((at) => readSection(reader, at, request));
  } finally {
    fs.closeSync(fd);
  }
}

function readSection(reader: PositionedReader, at: number, request: ReadRequest): SectionRead {
  const head = reader.read(at, SECTION_HEAD_BYTES);
  const factsBytes = head.readUInt32LE(0);
  const count = head.readUInt32LE(4);
  const pageBytes = head.readDoubleLE(8);
  const facts = checkedFacts(reader.json(at + SECTION_HEAD_BYTES, factsBytes));
  if (facts === undefined || (count > 0 && !isSitemapKind(facts.kind))) throw reader.damaged();
  const tableAt = at + SECTION_HEAD_BYTES + factsBytes;
  const recordsAt = count === 0 ? tableAt : tableAt + 4 * (BUCKETS + 1);
  if (request.pageFacts && isSitemapKind(facts.kind)) {
    return { summary: reader.file, facts, records: Buffer.alloc(0), page: { bytes: reader.read(recordsAt + count * RECORD_BYTES, pageBytes), count } };
  }
  if (count === 0) return { summary: reader.file, facts, records: Buffer.alloc(0), page: undefined };
  const { from, to } = request.buckets;
  const bounds = reader.read(tableAt + 4 * from, 4 * (to - from + 1));
  const first = bounds.readUInt32LE(0);
  const end = bounds.readUInt32LE(4 * (to - from));
  if (first > end || end > count) throw reader.damaged();
  return { summary: reader.file, facts, records: reader.read(recordsAt + first * RECORD_BYTES, (end - first) * RECORD_BYTES), page: undefined };
}

class PositionedReader {
  private readonly size: number;

  constructor(private readonly fd: number, readonly file: string) {
    this.size = fs.fstatSync(fd).size;
  }

  /** The header, or as much of the file's start as there is (a version 1 file's first line). */
  head(): Buffer {
    const header = this.read(0, Math.min(this.size, HEADER_BYTES));
    return header.subarray(0, MAGIC.length).equals(MAGIC) ? header : this.read(0, Math.min(this.size, 128));
  }

  /** The sections' offsets, from the trailer and the directory. */
  sections(): number[] {
    if (this.size < HEADER_BYTES + TRAILER_BYTES) throw this.damaged();
    const trailer = this.read(this.size - TRAILER_BYTES, TRAILER_BYTES);
    const directoryAt = trailer.readDoubleLE(0);
    const count = trailer.readUInt32LE(8);
    if (trailer.readUInt32LE(12) !== MAGIC_END || directoryAt + 8 * count + TRAILER_BYTES !== this.size) throw this.damaged();
    const directory = this.read(directoryAt, 8 * count);
    return Array.from({ length: count }, (_, k) => directory.readDoubleLE(8 * k));
  }

  json(at: number, length: number): unknown {
    try {
      return JSON.parse(this.read(at, length).toString('utf8'));
    } catch (e) {
      if (e instanceof Failure) throw e;
      throw this.damaged();
    }
  }

  read(at: number, length: number): Buffer {
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length) || at < 0 || length < 0 || at + length > this.size) throw this.damaged();
    const buffer = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const n = fs.readSync(this.fd, buffer, done, length - done, at + done);
      if (n === 0) throw this.damaged();
      done += n;
    }
    bytesRead += length;
    return buffer;
  }

  damaged(): Failure {
    return damagedSummary(this.file);
  }
}

export function damagedSummary(file: string): Failure {
  return new Failure(`${file} is a damaged sitemap-lint summary (cut short, or not written to its end)`);
}
