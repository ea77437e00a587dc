/** Writes a split's children as they are planned, each to a temporary file beside its target: `commit` renames them
 * into place, so a child appears whole or not at all; `abort` removes what was written. `drained` bounds memory. */
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
    this.written.push({ file, temp, target, done: finished(file).then(() => undefined) });
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
      fs.renameSync(w.temp, w.target);
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
      fs.rmSync(w.temp, { force: true });
    }
    this.written.length = 0;
    for (const target of this.created) fs.rmSync(target, { force: true });
    this.created.length = 0;
  }
}

/** A write error that names the file: `sitemap-2.xml: no space left on device`. */
export function writeFailure(target: string, error: Error): WriteFailure {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOSPC' ? 'no space left on device' : code === 'EDQUOT' ? 'disk quota exceeded' : error.message;
  return new WriteFailure(`cannot write ${target}: ${reason}`);
}

export function tempPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
}
