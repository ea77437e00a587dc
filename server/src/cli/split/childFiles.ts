/** Writes a split's children as they are planned, each to a temporary file beside its target: `commit` renames them
 * into place, so a child appears whole or not at all; `abort` removes what was written. `drained` bounds memory. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createGzip } from 'node:zlib';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { ChildSink } from '../../language/languageService';
import { WriteFailure } from '../io/failure';
import { WriteFaults } from './writeFaults';

interface Pending {
  file: fs.WriteStream;
  temp: string;
  target: string;
  done: Promise<void>;
}

export class ExistsError extends Error {}

const BATCH = 1 << 16;

export class ChildFiles implements ChildSink {
  private readonly written: Pending[] = [];
  private stream: Writable | undefined;
  /** Set while the current stream's buffer is full; released by 'drain', or by close (an ending stream never drains). */
  private wait: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private batch: string[] = [];
  private batchLength = 0;
  private failure: Error | undefined;
  /** Children renamed into place where no file was: what `abort` removes after a later failure. */
  private readonly created: string[] = [];

  constructor(private readonly folder: string, private readonly gzip: boolean, private readonly force: boolean,
    private readonly faults = new WriteFaults()) {}

  /** Where the child named `name` goes. */
  target(name: string): string {
    return path.join(this.folder, name);
  }

  open(name: string): void {
    const target = this.target(name);
    if (!this.force && fs.existsSync(target)) throw new ExistsError(`${target} exists (use --force to overwrite)`);
    const temp = tempPath(target);
    const file = fs.createWriteStream(temp, { flags: 'wx' });
    file.on('error', (e) => (this.failure ??= writeFailure(target, e)));
    const fault = this.faults.next();
    if (fault !== undefined) file.once('open', () => file.destroy(fault));
    let stream: Writable = file;
    if (this.gzip) {
      const gzip = createGzip();
      gzip.on('error', (e) => (this.failure ??= e));
      gzip.pipe(file);
      stream = gzip;
    }
    this.stream = stream;
    const done = finished(file).then(() => undefined);
    // Awaited by commit or abort; until then a destroyed child's rejection must not count as unhandled (abort destroys
    // the child being written, then awaits the earlier ones first: the process died on ERR_STREAM_PREMATURE_CLOSE).
    done.catch(() => undefined);
    this.written.push({ file, temp, target, done });
  }

  /** Units are small: they are gathered and written about 64 KB at a time (a write per unit costs a third of a split). */
  write(text: string): void {
    this.batch.push(text);
    this.batchLength += text.length;
    if (this.batchLength >= BATCH) this.flushBatch();
  }

  private flushBatch(): void {
    const stream = this.stream!;
    const text = this.batch.length === 1 ? this.batch[0] : this.batch.join('');
    this.batch = [];
    this.batchLength = 0;
    if (!stream.write(text) && this.wait === undefined) {
      this.wait = new Promise((resolve) => {
        this.release = resolve;
        stream.once('drain', resolve);
      });
    }
  }

  close(): void {
    if (this.batch.length > 0) this.flushBatch();
    this.stream!.end();
    this.stream = undefined;
    this.release?.();
    this.release = undefined;
  }

  /** Resolves when the streams have taken what was written (rejects on a write error). */
  async drained(): Promise<void> {
    const wait = this.wait;
    if (wait !== undefined) {
      await wait;
      if (this.wait === wait) this.wait = undefined;
    }
    if (this.failure !== undefined) throw this.failure;
  }

  /** Waits for every child to be on disk, then renames them into place. */
  async commit(): Promise<void> {
    await this.drained();
    await Promise.all(this.written.map((w) => w.done)).catch((e: unknown) => {
      throw this.failure ?? e;
    });
    if (this.failure !== undefined) throw this.failure;
    for (const w of this.written) {
      const existed = fs.existsSync(w.target);
      try {
        fs.renameSync(w.temp, w.target);
      } catch (e) {
        throw writeFailure(w.target, e as Error);
      }
      if (!existed) this.created.push(w.target);
    }
    this.written.length = 0;
  }

  /** Deletes every temporary file, and the children `commit` had put where no file was. */
  async abort(): Promise<void> {
    this.stream?.destroy();
    for (const w of this.written) {
      w.file.destroy();
      await w.done.catch(() => undefined);
      removeQuietly(w.temp);
    }
    this.written.length = 0;
    for (const target of this.created) removeQuietly(target);
    this.created.length = 0;
  }
}

/** A write error that names the file: `sitemap-2.xml: no space left on device`. */
export function writeFailure(target: string, error: Error): WriteFailure {
  const code = (error as NodeJS.ErrnoException).code;
  return new WriteFailure(`cannot write ${target}: ${WRITE_REASONS[code ?? ''] ?? error.message}`);
}

const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'file name too long',
};

/** The most bytes a file name may have on the usual file systems (ext4, APFS, NTFS's 255 UTF-16 units or more). */
const MAX_NAME_BYTES = 255;

/**
 * The temporary file beside `target`: its name cut so that it fits where the target's own name fits (a 250-byte child
 * name is legal; the temporary name's 10 more bytes were not: issue 35's fuzzer).
 */
export function tempPath(target: string): string {
  const name = path.basename(target);
  const suffix = `.${process.pid}.tmp`;
  if (1 + Buffer.byteLength(name) + suffix.length <= MAX_NAME_BYTES) return path.join(path.dirname(target), `.${name}${suffix}`);
  // Cut, with a hash of the whole name: two long children cut to the same start still get two temporary files.
  const hashed = `.${createHash('sha1').update(name).digest('hex').slice(0, 12)}${suffix}`;
  return path.join(path.dirname(target), `.${prefixOfBytes(name, MAX_NAME_BYTES - 1 - hashed.length)}${hashed}`);
}

/** The longest start of `name` within `bytes` UTF-8 bytes, never half a character. */
function prefixOfBytes(name: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const char of name) {
    used += Buffer.byteLength(char);
    if (used > bytes) break;
    end += char.length;
  }
  return name.slice(0, end);
}

/** Removes a file if it is there; one that cannot be named or removed is left (a cleanup never hides the failure). */
export function removeQuietly(file: string, recursive = false): void {
  try {
    fs.rmSync(file, { force: true, recursive });
  } catch {
    // nothing more to clean
  }
}
