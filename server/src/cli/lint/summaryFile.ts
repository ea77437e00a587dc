/** A shard's summary file (`--summary-out`): JSON lines, a versioned header then one line per file linted with its
 * packed site summary (hashed URLs, ranges, lastmods) and line table, so the merge places problems without the file. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { packSummary, receivedSummary, type PackedSummary } from '../../node/packedSummary';
import { urlHashIn, type SiteFileKind } from '../../language/languageService';
import { Failure } from '../io/failure';
import type { LintedFile } from './lintSite';

export const SUMMARY_FORMAT = 'sitemap-lint-summary';
export const SUMMARY_VERSION = 1;

export interface SummaryHeader {
  format: string;
  version: number;
  shard: string;
}

/** One linted file as written: `path` relative to the current directory ('/'-separated), `order` its place in the whole input list. */
interface SummaryLine {
  order: number;
  name: string;
  path: string;
  location: string | null;
  kind: SiteFileKind;
  anchor: [number, number];
  text: string;
  ends: number[];
  ranges: number[];
  lastmods: number[];
  hashes: number[];
  lines: number[];
  length: number;
}

export interface SummarizedFile {
  order: number;
  linted: LintedFile;
}

/** Writes a summary file a line per file as the files are linted (in any order), so a shard holds no summary past its file. */
export class SummaryWriter {
  private readonly fd: number;

  constructor(private readonly file: string, shard: string, private readonly cwd: string) {
    const header: SummaryHeader = { format: SUMMARY_FORMAT, version: SUMMARY_VERSION, shard };
    try {
      this.fd = fs.openSync(file, 'w');
    } catch (e) {
      throw new Failure(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    this.write(JSON.stringify(header));
  }

  add(order: number, linted: LintedFile): void {
    this.write(JSON.stringify(lineOf(order, linted, this.cwd)));
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private write(line: string): void {
    try {
      fs.writeSync(this.fd, `${line}\n`);
    } catch (e) {
      throw new Failure(`cannot write ${this.file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
}

function lineOf(order: number, { result, site }: LintedFile, cwd: string): SummaryLine {
  const packed = packSummary(site.summary, true);
  return {
    order, name: result.file, path: path.relative(cwd, site.file).split(path.sep).join('/'), location: site.location ?? null,
    kind: packed.kind, anchor: [packed.anchorStart, packed.anchorEnd], text: packed.text, ends: [...packed.ends], ranges: [...packed.ranges],
    // NaN (no lastmod) is not JSON: written as null, read back as NaN.
    lastmods: [...packed.lastmods].map((n) => (Number.isNaN(n) ? null : n)) as number[], hashes: [...packed.hashes!],
    lines: [...site.lines], length: site.length,
  };
}

/** `keep(hash)`: which URLs of a sitemap to keep (a partition); index and robots.txt entries are kept whole. */
export type KeepUrl = (hash: number) => boolean;

/** A summary file's files; a bad or mismatched file fails with a Failure naming it. */
export function readSummaryFile(file: string, cwd: string, keep?: KeepUrl): SummarizedFile[] {
  const files: SummarizedFile[] = [];
  let n = 0;
  for (const line of linesOf(file)) {
    if (++n === 1) checkHeader(parseLine(line, file, 1) as Partial<SummaryHeader>, file);
    else files.push(fileOf(checked(parseLine(line, file, n), file, n), cwd, keep));
  }
  if (n === 0) throw new Failure(`${file} is not a sitemap-lint summary`);
  return files;
}

function checkHeader(header: Partial<SummaryHeader> | null, file: string): void {
  if (header?.format !== SUMMARY_FORMAT) throw new Failure(`${file} is not a sitemap-lint summary`);
  if (header.version !== SUMMARY_VERSION) throw new Failure(`${file} is a summary of version ${String(header.version)}; this sitemap-lint reads version ${SUMMARY_VERSION}`);
}

/** A file's non-empty lines, read 4 MiB at a time: the merge never holds a whole summary file's text. */
function* linesOf(file: string): Generator<string> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new Failure(`cannot read summary ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.alloc(4 << 20);
    let rest = '';
    for (let read; (read = fs.readSync(fd, buffer)) > 0;) {
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line !== '') yield line;
    }
    rest += decoder.end();
    if (rest !== '') yield rest;
  } finally {
    fs.closeSync(fd);
  }
}

function parseLine(line: string, file: string, n: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new Failure(`${file}:${n}: not a summary line`);
  }
}

function checked(value: unknown, file: string, n: number): SummaryLine {
  const v = value as Partial<SummaryLine> | null;
  const arrays = v !== null && [v.ends, v.ranges, v.lastmods, v.hashes, v.lines, v.anchor].every(Array.isArray);
  if (!arrays || typeof v.path !== 'string' || typeof v.name !== 'string' || typeof v.text !== 'string' || typeof v.order !== 'number'
    || typeof v.length !== 'number' || v.ends!.length !== 2 * v.hashes!.length) {
    throw new Failure(`${file}:${n}: not a summary line`);
  }
  return v as SummaryLine;
}

function fileOf(line: SummaryLine, cwd: string, keep: KeepUrl | undefined): SummarizedFile {
  let packed: PackedSummary = {
    kind: line.kind, anchorStart: line.anchor[0], anchorEnd: line.anchor[1], text: line.text, ends: Uint32Array.from(line.ends),
    ranges: Float64Array.from(line.ranges), lastmods: Float64Array.from(line.lastmods, (n) => n ?? NaN), hashes: Int32Array.from(line.hashes),
  };
  if (keep !== undefined && (packed.kind === 'urlset' || packed.kind === 'text')) packed = partOf(packed, keep, `\u0000${line.path}`);
  const file = path.resolve(cwd, ...line.path.split('/'));
  return {
    order: line.order,
    linted: {
      result: { file: line.name, problems: [] },
      site: { file, location: line.location ?? undefined, summary: receivedSummary(packed), lines: Uint32Array.from(line.lines), length: line.length },
    },
  };
}

/** The entries whose URL `keep`s, and the newest-lastmod entry (stale-index-lastmod reads it) under `alias`, a URL no other file has. */
function partOf(packed: PackedSummary, keep: KeepUrl, alias: string): PackedSummary {
  const count = packed.hashes!.length;
  const newest = newestLastmod(packed.lastmods, count);
  const kept: number[] = [];
  for (let k = 0; k < count; k++) if (keep(packed.hashes![k]) || k === newest) kept.push(k);
  const parts: string[] = [];
  const ends = new Uint32Array(kept.length * 2);
  const ranges = new Float64Array(kept.length * 2);
  const lastmods = new Float64Array(kept.length * 3);
  const hashes = new Int32Array(kept.length);
  let at = 0;
  kept.forEach((k, j) => {
    const urlFrom = k === 0 ? 0 : packed.ends[2 * k - 1];
    const own = keep(packed.hashes![k]);
    const url = own ? packed.text.slice(urlFrom, packed.ends[2 * k]) : alias;
    parts.push(url, packed.text.slice(packed.ends[2 * k], packed.ends[2 * k + 1]));
    ends[2 * j] = at += url.length;
    ends[2 * j + 1] = at = packed.ends[2 * k + 1] - packed.ends[2 * k] + at;
    ranges.set(packed.ranges.subarray(2 * k, 2 * k + 2), 2 * j);
    lastmods.set(packed.lastmods.subarray(3 * k, 3 * k + 3), 3 * j);
    hashes[j] = own ? packed.hashes![k] : urlHashIn(alias, 0, alias.length);
  });
  return { ...packed, text: parts.join(''), ends, ranges, lastmods, hashes };
}

function newestLastmod(lastmods: Float64Array, count: number): number {
  let newest = -1;
  for (let k = 0; k < count; k++) if (!Number.isNaN(lastmods[3 * k]) && (newest === -1 || lastmods[3 * k] > lastmods[3 * newest])) newest = k;
  return newest;
}
