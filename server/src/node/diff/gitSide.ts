/** The old side of Compare with Last Commit: a file at a git revision, `git show` streamed (never held whole), an
 * index's children at the same revision. Fixed arguments, no shell; the caller runs it in trusted workspaces only. */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG, gitEnvironment, runGit, textSink, type GitRun } from '../git/gitHistory';
import { maybeGunzipChunks } from './fileSide';
import { blobsExist } from './gitObjects';
import type { FileSource } from './sideReader';
import { SideFailure } from './sideFailure';

export interface RevisionSide {
  /** `REV:path` of the file, path from the repository's top level. */
  object: string;
  /** Whether the file is at that revision (a file added since is not: its old side is empty). */
  exists: boolean;
  source: FileSource;
}

/** Where `file` (absolute) stands at `revision`: throws a SideFailure saying why git cannot tell. */
export async function revisionSide(file: string, revision: string, signal: AbortSignal): Promise<RevisionSide> {
  if (revision === '' || revision.startsWith('-') || revision.includes(':') || /\s/.test(revision)) throw new SideFailure(`${revision}: not a git revision`, 'missing-revision');
  const folder = path.dirname(file);
  const facts = await gitText(folder, ['rev-parse', '--show-toplevel', '--is-shallow-repository'], signal);
  if (facts.run.code !== 0) throw new SideFailure(`${path.basename(file)} is not in a git repository`, 'not-in-repository');
  const [top, shallow] = facts.text.split('\n');
  const commit = await gitText(top, ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], signal);
  if (commit.run.code !== 0) {
    const why = shallow === 'true' ? ' (the clone is shallow: fetch more history)' : '';
    throw new SideFailure(`${revision}: no such revision in this repository${why}`, 'missing-revision');
  }
  const object = (f: string) => `${revision}:${path.relative(top, realFile(f)).split(path.sep).join('/')}`;
  const exists = (await gitText(top, ['cat-file', '-e', object(file)], signal)).run.code === 0;
  const existing = async (files: readonly string[]) => {
    const found = await blobsExist(top, files.map(object), signal);
    return new Set(files.filter((_, k) => found[k]));
  };
  const source: FileSource = { nameOf: object, chunks: (f, name) => maybeGunzipChunks(gitShow(top, object(f), name, signal), name), existing };
  return { object: object(file), exists, source };
}

/** git's own path for a file: symbolic links resolved as `--show-toplevel` resolves them. */
function realFile(file: string): string {
  try {
    return path.join(fs.realpathSync(path.dirname(file)), path.basename(file));
  } catch {
    return file;
  }
}

async function gitText(folder: string, args: readonly string[], signal: AbortSignal): Promise<{ run: GitRun; text: string }> {
  const sink = textSink();
  const run = await runGit(folder, args, sink, { signal });
  if (run.missing) throw new SideFailure('git was not found on the PATH', 'no-git');
  if (run.cancelled) throw new SideFailure('cancelled', 'cancelled');
  return { run, text: sink.text.trim() };
}

/** `git show OBJECT`'s bytes as git writes them; the signal (or the reader stopping) kills git. */
export async function* gitShow(top: string, object: string, name: string, signal: AbortSignal): AsyncGenerator<Buffer> {
  const child = spawn('git', ['-C', top, ...CONFIG, 'show', object], { env: gitEnvironment(process.env), stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  const abort = () => void child.kill();
  signal.addEventListener('abort', abort, { once: true });
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const code = await exited;
    if (signal.aborted) throw new SideFailure('cancelled', 'cancelled');
    if (code !== 0) throw new SideFailure(`${name}: not in git at that revision`, 'unreadable');
  } finally {
    signal.removeEventListener('abort', abort);
    if (child.exitCode === null) child.kill();
  }
}
