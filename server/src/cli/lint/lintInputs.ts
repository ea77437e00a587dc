/** What `sitemap-lint` reads: the files named, the sitemaps and robots.txt files in the folders named (recursively,
 * skipping dependencies and version control), and standard input for `-`. */
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isGzipName, isRobotsName, mayBeSiteFile, siteFileType, type SiteFileType } from '../../../../shared/documentLanguage';
import { isGzip } from '../../node/files';
import { InflatedPastLimit } from '../../node/boundedGunzip';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { sniffEncoding, SNIFF_BYTES, type FileEncoding } from '../../../../shared/fileEncoding';
import { walkFoldersSync } from '../../node/folderWalk';
import { isSiteFile } from '../../node/siteFiles';
import { probeOnDisk } from '../../node/fileProbe';
import { gunzipWhole } from '../io/gunzip';
import { Failure } from '../io/failure';
import { reasonOf, withCause } from '../../../../shared/causes';
import type { FetchedBody, UrlHandle } from '../http/urlInput';

export const STDIN_NAME = '<stdin>';

export type InputKind = SiteFileType;

export interface Input {
  /** As given or found (`<stdin>` for standard input): what the report says. */
  name: string;
  /** Absolute path; undefined for standard input and URLs. */
  file: string | undefined;
  /** An input read over HTTP (issue 34): read when its turn comes (cli/http/urlSitemaps.ts). */
  url?: UrlHandle;
}

export interface ReadInput extends Input {
  kind: InputKind;
  text: string;
  /** The text's UTF-8 length when the bytes read give it (decodedByteLength), so that the parse need not count it. */
  byteLength?: number;
  /** What the bytes were; the text is empty for a binary file. */
  encoding?: FileEncoding;
  /** A URL input's location: the URL its text came from, after any redirects. */
  location?: string;
}

/** The inputs named on the command line, folders expanded; a missing file or a folder without sitemaps fails. */
export function collectInputs(names: readonly string[], cwd: string): Input[] {
  const inputs: Input[] = [];
  for (const name of names) {
    if (name === '-') {
      inputs.push({ name: STDIN_NAME, file: undefined });
      continue;
    }
    const file = path.resolve(cwd, name);
    const probe = probeOnDisk(file);
    if ('reason' in probe) throw new Failure(`${name}: ${probe.reason}`);
    if (!probe.stat.isDirectory()) {
      inputs.push({ name, file });
      continue;
    }
    const found = searchFolder(file);
    if (!found.some((f) => !isRobotsName(path.basename(f)))) throw new Failure(`${name}: no sitemap in this folder`);
    for (const f of found) inputs.push({ name: path.join(name, path.relative(file, f)), file: f });
  }
  return inputs;
}

/**
 * The sitemaps and robots.txt files under `folder`, in walk order (node/folderWalk.ts). An unreadable folder fails the
 * run (exit 2), a subfolder too: a lint that skipped it would vouch for sitemaps it never read.
 */
export function searchFolder(folder: string): string[] {
  const unreadable = (dir: string, e: Error) => {
    throw new Failure(withCause(`${dir}: cannot read the folder`, reasonOf(e)));
  };
  return walkFoldersSync([folder], { wanted: mayBeSiteFile, accept: isSiteFile, unreadable }).files;
}

/**
 * Reads and decodes an input: UTF-8 (malformed bytes as U+FFFD for the `encoding` rule, as an editor reads them), or
 * UTF-16 when its first bytes say so; a binary file is not decoded (node/fileEncoding.ts). gzip that inflates past
 * `limit` throws InflatedPastLimit (lintOne.ts makes it a file-too-large problem).
 */
export function readInput(input: Input, limit = inflateLimit()): ReadInput {
  let bytes: Buffer;
  try {
    bytes = input.file === undefined ? fs.readFileSync(0) : readIntoPool(input.file);
  } catch (e) {
    throw new Failure(withCause(`${input.name}: cannot read`, reasonOf(e)));
  }
  return decodeInput(input, bytes, limit);
}

/** A URL input's body decoded as a file's bytes are (gzip by its magic bytes within `limit`), with its location. */
export function readFetched(input: Input, body: FetchedBody, limit = inflateLimit()): ReadInput {
  const bytes = Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength);
  return { ...decodeInput(input, bytes, limit), location: body.location };
}

function decodeInput(input: Input, raw: Buffer, limit: number): ReadInput {
  // A URL's type by its path (`…/robots.txt?x` is a robots.txt), as a file's by its name.
  const typeName = input.url === undefined ? input.name : new URL(input.url.key).pathname;
  let bytes = raw;
  if (isGzip(bytes)) {
    try {
      bytes = gunzipWhole(bytes, input.name, limit);
    } catch (e) {
      if (e instanceof InflatedPastLimit) throw e;
      // A file not named .gz that starts like one is reported as what it is, a file that is not text.
      if (isGzipName(typeName)) throw new Failure(`${input.name}: not a valid gzip file (${(e as Error).message})`);
    }
  }
  const encoding = sniffEncoding(bytes.subarray(0, SNIFF_BYTES));
  if (encoding.kind === 'binary') return { ...input, kind: kindOf(typeName, ''), text: '', encoding };
  const text = new TextDecoder(encoding.kind).decode(bytes);
  return { ...input, kind: kindOf(typeName, text), text, byteLength: encoding.kind === 'utf-8' ? decodedByteLength(bytes) : undefined, encoding };
}

/** The thread's read buffer: kept from file to file, up to POOL_MAX bytes (readIntoPool). */
let pool = Buffer.alloc(0);
/** Files larger than this are read into a buffer of their own (a plain file this large streams: lintStream.ts). */
const POOL_MAX = 16 << 20;

/**
 * The file's bytes, in this thread's read buffer when they fit in POOL_MAX: valid until the next call. Every file of a
 * run in a fresh buffer of its own cost a page fault per 4 KiB on first touch (about 19,000 for 200 files of 475 KB,
 * at 10–30 µs each on a loaded VM); the buffer is reused instead, as xmllint reuses its memory (docs/performance.md).
 */
export function readIntoPool(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > POOL_MAX) return fs.readFileSync(fd);
    if (pool.length < size + 1) pool = Buffer.allocUnsafeSlow(Math.min(POOL_MAX + 1, Math.max(size + 1, 2 * pool.length)));
    // One byte more than the size: a read that fills it means the file grew, and is then read whole as it is now.
    let length = 0;
    for (let got = -1; got !== 0 && length < pool.length; length += got) got = fs.readSync(fd, pool, length, pool.length - length, null);
    return length < pool.length ? pool.subarray(0, length) : Buffer.concat([pool, fs.readFileSync(fd)]);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The UTF-8 length of what TextDecoder makes of `bytes` (a BOM dropped, malformed bytes as U+FFFD), when valid UTF-8
 * makes it plain: checking the bytes (about 1 ms at 11.5 MB) is cheaper than counting the text again (2–11 ms).
 */
export function decodedByteLength(bytes: Uint8Array): number | undefined {
  if (!isUtf8(bytes)) return undefined;
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bom ? bytes.length - 3 : bytes.length;
}

/** As the editor and the folder search tell files apart (siteFiles.ts): by name, then content. */
export function kindOf(name: string, text: string): InputKind {
  return siteFileType(path.basename(name), text);
}
