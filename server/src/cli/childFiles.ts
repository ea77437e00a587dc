/**
 * Writes the children of a split as they are planned: each into a temporary file in the target folder (so the
 * final rename stays on one file system), gzip-compressed on request; `commit` renames them into place,
 * `abort` deletes them. Writes are buffered by the streams; `drained` waits for them, so memory stays bounded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createGzip } from 'node:zlib';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { ChildSink } from '../language/languageService';

interface Pending {
  file: fs.WriteStream;
  temp: string;
  target: string;
  done: Promise<void>;
}

export class ExistsError extends Error {}

export class ChildFiles implements ChildSink {
  private readonly written: Pending[] = [];
  private stream: Writable | undefined;
  /** Set while the current stream's buffer is full; released by 'drain', or by close (an ending stream never drains). */
  private wait: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private failure: Error | undefined;

  constructor(private readonly folder: string, private readonly gzip: boolean, private readonly force: boolean) {}

  /** Where the child named `name` goes. */
  target(name: string): string {
    return path.join(this.folder, name);
  }

  open(name: string): void {
    const target = this.target(name);
    if (!this.force && fs.existsSync(target)) throw new ExistsError(`${target} exists (use --force to overwrite)`);
    const temp = tempPath(target);
    const file = fs.createWriteStream(temp, { flags: 'wx' });
    file.on('error', (e) => (this.failure ??= e));
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

  write(text: string): void {
    const stream = this.stream!;
    if (!stream.write(text) && this.wait === undefined) {
      this.wait = new Promise((resolve) => {
        this.release = resolve;
        stream.once('drain', resolve);
      });
    }
  }

  close(): void {
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
    await Promise.all(this.written.map((w) => w.done));
    if (this.failure !== undefined) throw this.failure;
    for (const w of this.written) fs.renameSync(w.temp, w.target);
    this.written.length = 0;
  }

  /** Deletes every temporary file. */
  async abort(): Promise<void> {
    this.stream?.destroy();
    for (const w of this.written) {
      w.file.destroy();
      await w.done.catch(() => undefined);
      fs.rmSync(w.temp, { force: true });
    }
    this.written.length = 0;
  }
}

export function tempPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
}
