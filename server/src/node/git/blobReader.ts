/** Blobs read in one `git cat-file --batch` process, as many as asked, streamed: each answer is handed over as it
 * arrives and not kept; a blob over `maxBytes` is skipped, or cut to its first `maxBytes` bytes when asked for heads, so
 * memory is bounded by the blobs in flight. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { CONFIG, gitEnvironment, type GitProcessOptions } from './gitProcess';

/**
 * A blob's bytes (its first bytes, for a reader of heads); undefined when git has no such blob or it is larger than the
 * reader takes. The bytes may be a view
 * of the output as it came: read them during the call, never keep them.
 */
export type BlobAnswer = (bytes: Buffer | undefined) => void;

interface Pending {
  answer: BlobAnswer;
}

/** Past this a page's version is not read (its content is then unknown, never guessed). */
export const MAX_BLOB_BYTES = 16 * 1024 * 1024;

/** What a reader does with a blob over its `maxBytes`: skips it (no answer but undefined), or answers its head. */
export type LargerBlobs = 'skipped' | 'cut';

export class BlobReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  /** Ids asked for in this turn of the event loop, not yet written. */
  private queued: string[] = [];
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  /** The blob being received: its size with the newline after it, how many of its bytes are answered (-1: none), and
   * those bytes once a chunk ended within them. */
  private body: { size: number; kept: number; bytes: Buffer | undefined; filled: number } | undefined;
  private stderr = '';
  /** Set when the process ended or failed: every question after it is answered undefined. */
  private ended: string | undefined;
  readonly done: Promise<string | undefined>;

  constructor(folder: string, options: GitProcessOptions, private readonly maxBytes = MAX_BLOB_BYTES, private readonly larger: LargerBlobs = 'skipped') {
    this.child = spawn(options.git ?? 'git', ['-C', folder, ...CONFIG, 'cat-file', '--batch'], {
      env: gitEnvironment(options.env ?? process.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const abort = (): void => void this.child.kill();
    options.signal?.addEventListener('abort', abort, { once: true });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (this.stderr.length < 4096 && (this.stderr += chunk)));
    this.child.stdin.on('error', () => undefined); // a process that died: its 'close' says so
    this.done = new Promise((resolve) => {
      const finish = (why: string): void => {
        options.signal?.removeEventListener('abort', abort);
        this.fail(why);
        resolve(why === 'done' ? undefined : why);
      };
      this.child.on('error', (error) => finish(error.message));
      this.child.on('close', (code) => finish(options.signal?.aborted ? 'cancelled' : code === 0 && this.pending.length === 0 ? 'done' : this.stderr.trim() || `git cat-file exited with ${code}`));
    });
  }

  /** Asks for a blob by its id (hex), or by any name cat-file takes (`REV:path`): answers come in the order asked. */
  read(hex: string, answer: BlobAnswer): void {
    if (this.ended !== undefined) return answer(undefined);
    this.pending.push({ answer });
    // The questions of one turn of the event loop go in one write: a write each costs a system call each.
    if (this.queued.length === 0) setImmediate(() => this.flush());
    this.queued.push(hex);
  }

  /** No more questions: the process ends once it has answered them. */
  close(): Promise<string | undefined> {
    this.flush();
    this.child.stdin.end();
    return this.done;
  }

  private flush(): void {
    if (this.queued.length === 0 || this.ended !== undefined) return;
    this.child.stdin.write(`${this.queued.join('\n')}\n`);
    this.queued = [];
  }

  private fail(why: string): void {
    if (this.ended !== undefined) return;
    this.ended = why;
    for (const p of this.pending.splice(0)) p.answer(undefined);
  }

  /** Splits the output into headers (`<id> blob <size>` or `<id> missing`) and bodies (size bytes, then a newline). */
  private receive(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && this.ended === undefined) {
      if (this.body !== undefined) {
        at = this.fillBody(chunk, at);
        continue;
      }
      const newline = chunk.indexOf(10, at);
      if (newline < 0) {
        this.buffered.push(chunk.subarray(at));
        this.bufferedBytes += chunk.length - at;
        if (this.bufferedBytes > 4096) this.protocolError();
        return;
      }
      const header = this.buffered.length === 0 ? chunk.toString('latin1', at, newline) : Buffer.concat([...this.buffered, chunk.subarray(at, newline)]).toString('latin1');
      this.buffered = [];
      this.bufferedBytes = 0;
      at = newline + 1;
      this.takeHeader(header);
    }
  }

  private takeHeader(header: string): void {
    const found = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (found === null) {
      if (/ missing$| ambiguous$/.test(header)) return this.answer(undefined);
      return this.protocolError();
    }
    const size = Number(found[2]);
    const answered = found[1] === 'blob' && (size <= this.maxBytes || this.larger === 'cut');
    // +1: the newline after the body.
    this.body = { size: size + 1, kept: answered ? Math.min(size, this.maxBytes) : -1, bytes: undefined, filled: 0 };
  }

  /** Hands over the current body when the chunk holds it whole (a view, not a copy), else copies what the chunk holds of it. */
  private fillBody(chunk: Buffer, at: number): number {
    const body = this.body!;
    const take = Math.min(body.size - body.filled, chunk.length - at);
    if (body.filled === 0 && take === body.size) {
      this.body = undefined;
      this.answer(body.kept >= 0 ? chunk.subarray(at, at + body.kept) : undefined);
      return at + take;
    }
    if (body.kept >= 0) {
      body.bytes ??= Buffer.allocUnsafe(body.kept);
      const end = Math.min(body.kept - body.filled, take);
      if (end > 0) chunk.copy(body.bytes, body.filled, at, at + end);
    }
    body.filled += take;
    if (body.filled === body.size) {
      this.body = undefined;
      this.answer(body.kept >= 0 ? body.bytes ?? Buffer.alloc(0) : undefined);
    }
    return at + take;
  }

  private answer(bytes: Buffer | undefined): void {
    this.pending.shift()?.answer(bytes);
  }

  private protocolError(): void {
    this.fail('unexpected output from git cat-file');
    this.child.kill();
  }
}
