/** Which of some `REV:path` objects are files at that revision: one `git cat-file --batch-check` for them all, fixed
 * arguments, no shell (an index's children are placed among the files of its own revision, not the working tree's). */
import { spawn } from 'node:child_process';
import { CONFIG, gitEnvironment } from '../git/gitHistory';
import { BlobReader } from '../git/blobReader';

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
  const heads: (Buffer | undefined)[] = objects.map(() => undefined);
  const asked = objects.flatMap((o, k) => (/[\r\n]/.test(o) ? [] : [k]));
  if (asked.length === 0) return heads;
  const reader = new BlobReader(top, { signal }, maxBytes, 'cut');
  // The answers are views of git's output: copied, since they are kept.
  for (const k of asked) reader.read(objects[k], (bytes) => void (heads[k] = bytes && Buffer.from(bytes)));
  return (await reader.close()) === undefined ? heads : objects.map(() => undefined);
}
