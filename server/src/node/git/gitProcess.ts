/** Running git: one command with fixed arguments and no shell, its output streamed into a reader, the user's
 * configuration and a hook's environment kept from changing what it prints; cancellable, never throwing. */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** The executable, environment and cancellation git runs with. */
export interface GitProcessOptions {
  signal?: AbortSignal;
  /** The executable; default `git` on the PATH. */
  git?: string;
  /** The environment git runs in; default this process's. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Before each command, whatever the configuration: paths raw and top-level, no colour, no signature checks, and no
 * fsmonitor hook (a command a repository's own config could name). Filters still run: read untrusted folders not at all.
 */
export const CONFIG = ['-c', 'core.quotePath=false', '-c', 'diff.relative=false', '-c', 'color.ui=false', '-c', 'log.showSignature=false', '-c', 'core.fsmonitor=false'];
/** Variables a git hook or a wrapper sets that would point git at another repository or index than the folder's. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_PREFIX'];

export interface Sink {
  push(chunk: string): void;
  end(): void;
}

export interface GitRun {
  code: number | null;
  stderr: string;
  missing: boolean;
  cancelled: boolean;
  /** The reader of the output threw (a bug, not git's doing): the run was stopped. */
  unread?: string;
}

export function gitEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // No lock taken on the index, no prompt, no object fetched from a partial clone's remote (git 2.44+): no network.
  const env: NodeJS.ProcessEnv = { ...base, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_NO_LAZY_FETCH: '1' };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/** Runs one git command in `folder`, its standard output streamed into `sink`; the signal kills it. */
export function runGit(folder: string, args: readonly string[], sink: Sink, options: GitProcessOptions): Promise<GitRun> {
  return runGitInto(folder, args, { sink }, options);
}

/** Where a git command's standard output goes: streamed into a sink, or written to a file (`fd`) and not read here. */
type Output = { sink: Sink } | { fd: number };

function runGitInto(folder: string, args: readonly string[], output: Output, options: GitProcessOptions): Promise<GitRun> {
  const sink = 'sink' in output ? output.sink : undefined;
  return new Promise((resolve) => {
    const signal = options.signal;
    let stderr = '';
    let missing = false;
    let settled = false;
    let unread: string | undefined;
    /** The output's reader runs in the stream's callbacks: what it throws must become a status, not a crash. */
    const read = (feed: () => void): void => {
      try {
        if (unread === undefined) feed();
      } catch (error) {
        unread = String(error);
        child.kill();
      }
    };
    const settle = (code: number | null): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      if (sink !== undefined) read(() => sink.end());
      resolve({ code, stderr, missing, cancelled: signal?.aborted === true, ...(unread === undefined ? {} : { unread }) });
    };
    const abort = (): void => void child.kill();
    if (signal?.aborted) return resolve({ code: null, stderr, missing, cancelled: true });
    const child = spawn(options.git ?? 'git', ['-C', folder, ...CONFIG, ...args], {
      env: gitEnvironment(options.env ?? process.env),
      stdio: ['ignore', 'fd' in output ? output.fd : 'pipe', 'pipe'],
      windowsHide: true,
    });
    signal?.addEventListener('abort', abort, { once: true });
    if (sink !== undefined) child.stdout!.setEncoding('utf8').on('data', (chunk: string) => read(() => sink.push(chunk)));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => void (stderr.length < 4096 && (stderr += chunk)));
    child.on('error', (error: NodeJS.ErrnoException) => {
      missing = error.code === 'ENOENT';
      stderr ||= error.message;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) settle(null);
    });
    child.on('close', settle);
  });
}

/** A git command already running, its output spooled to a file: `read` waits for its end, then streams the output into the sink. */
export type StartedGit = (sink: Sink) => Promise<GitRun>;

/** What a spooled output is read in: large enough for few reads, small enough to hold. */
const SPOOL_CHUNK = 1024 * 1024;

/**
 * Starts a git command whose output goes to a temporary file instead of a pipe: a caller about to hold its thread
 * (sitemap-lint's synchronous folder walk) would leave a pipe full and git stopped after its first 64 KB. The file is
 * removed at once where the system allows (it lives while open: nothing is left behind if this process dies), else
 * once read. Undefined when no temporary file can be made (run it with runGit then).
 */
export function startGit(folder: string, args: readonly string[], options: GitProcessOptions): StartedGit | undefined {
  let dir: string;
  let fd: number;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-git-'));
    fd = fs.openSync(path.join(dir, 'output'), 'w+');
  } catch {
    return undefined;
  }
  const run = runGitInto(folder, args, { fd }, options);
  const removed = removeSpool(dir);
  return async (sink) => {
    const result = await run;
    try {
      return readSpool(fd, sink, result);
    } finally {
      fs.closeSync(fd);
      if (!removed) removeSpool(dir);
    }
  };
}

/** Streams the spooled output into the sink (as runGit would have, a throwing reader a status); positioned reads, so
 * git's writes (which share the file's offset) are not disturbed. */
function readSpool(fd: number, sink: Sink, run: GitRun): GitRun {
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(SPOOL_CHUNK);
  try {
    for (let position = 0, read = 0; (read = fs.readSync(fd, buffer, 0, buffer.length, position)) > 0; position += read) {
      sink.push(decoder.write(buffer.subarray(0, read)));
    }
    const tail = decoder.end();
    if (tail !== '') sink.push(tail);
    sink.end();
    return run;
  } catch (error) {
    return { ...run, unread: String(error) };
  }
}

/** Whether the spool's file and folder are gone (not on a system that keeps an open file from being removed). */
function removeSpool(dir: string): boolean {
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    return !fs.existsSync(dir);
  } catch {
    return false;
  }
}

/** Collects a short output whole (rev-parse's few lines). */
export function textSink(): Sink & { text: string } {
  return { text: '', push(chunk) { this.text += chunk; }, end() {} };
}

