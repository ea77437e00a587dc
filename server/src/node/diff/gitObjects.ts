/** Which of some `REV:path` objects are files at that revision: one `git cat-file --batch-check` for them all, fixed
 * arguments, no shell (an index's children are placed among the files of its own revision, not the working tree's). */
import { spawn } from 'node:child_process';
import { CONFIG, gitEnvironment } from '../git/gitHistory';

/** Per object, whether it is a blob at its revision; git missing or failing: none is. */
export async function blobsExist(top: string, objects: readonly string[], signal?: AbortSignal): Promise<boolean[]> {
  // A name with a line break cannot be asked on a line: it is no file here.
  const asked = objects.filter((o) => !/[\r\n]/.test(o));
  if (asked.length === 0) return objects.map(() => false);
  const child = spawn('git', ['-C', top, ...CONFIG, 'cat-file', '--batch-check'], { env: gitEnvironment(process.env), stdio: ['pipe', 'pipe', 'ignore'], windowsHide: true, signal });
  const out: Buffer[] = [];
  const done = new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(asked.map((o) => `${o}\n`).join(''));
  for await (const chunk of child.stdout) out.push(chunk as Buffer);
  if (!(await done)) return objects.map(() => false);
  const answers = Buffer.concat(out).toString('utf8').split('\n');
  const blob = new Map(asked.map((o, k) => [o, / blob \d+$/.test(answers[k] ?? '')]));
  return objects.map((o) => blob.get(o) === true);
}

/**
 * The first `maxBytes` bytes of each of `objects` (`REV:path`) that is a blob, from one `git cat-file --batch` whose
 * output streams through, each blob cut to its head (a folder's `index.xml` feeds told from sitemaps without a
 * process each); `undefined` for an object that is no blob there, or whose name cannot be asked on a line.
 */
export async function blobHeads(top: string, objects: readonly string[], maxBytes: number, signal?: AbortSignal): Promise<(Buffer | undefined)[]> {
  const asked = objects.filter((o) => !/[\r\n]/.test(o));
  const heads = new Map<string, Buffer | undefined>();
  if (asked.length > 0) {
    const child = spawn('git', ['-C', top, ...CONFIG, 'cat-file', '--batch'], { env: gitEnvironment(process.env), stdio: ['pipe', 'pipe', 'ignore'], windowsHide: true, signal });
    const done = new Promise<boolean>((resolve) => {
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(asked.map((o) => `${o}\n`).join(''));
    const reader = new BatchReader(maxBytes);
    for await (const chunk of child.stdout) reader.push(chunk as Buffer);
    if (await done) asked.forEach((o, k) => heads.set(o, reader.heads[k]));
  }
  return objects.map((o) => heads.get(o));
}

/** `git cat-file --batch`'s output, read as it comes: per object a header line (`<oid> <type> <size>`, or
 * `<name> missing`), then for a blob its bytes and a line feed; keeps each blob's first bytes. */
class BatchReader {
  readonly heads: (Buffer | undefined)[] = [];
  private header: Buffer[] = [];
  /** Bytes of the current object's content still to come (its final line feed included); 0 between objects. */
  private left = 0;
  private kept: Buffer[] = [];
  private keptLength = 0;
  private blob = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) at = this.left > 0 ? this.content(chunk, at) : this.headerLine(chunk, at);
  }

  private headerLine(chunk: Buffer, at: number): number {
    const end = chunk.indexOf(0x0a, at);
    this.header.push(chunk.subarray(at, end < 0 ? chunk.length : end));
    if (end < 0) return chunk.length;
    const fields = Buffer.concat(this.header).toString('latin1').split(' ');
    this.header = [];
    const size = Number(fields[2]);
    if (fields.length !== 3 || !Number.isSafeInteger(size)) {
      this.heads.push(undefined); // missing or ambiguous: no content follows
      return end + 1;
    }
    this.blob = fields[1] === 'blob';
    this.left = size + 1;
    return end + 1;
  }

  private content(chunk: Buffer, at: number): number {
    const take = Math.min(this.left, chunk.length - at);
    const wanted = Math.min(take, this.maxBytes - this.keptLength, this.left - 1);
    if (wanted > 0) {
      this.kept.push(Buffer.from(chunk.subarray(at, at + wanted)));
      this.keptLength += wanted;
    }
    this.left -= take;
    if (this.left === 0) this.finish();
    return at + take;
  }

  private finish(): void {
    this.heads.push(this.blob ? Buffer.concat(this.kept, this.keptLength) : undefined);
    this.kept = [];
    this.keptLength = 0;
  }
}
