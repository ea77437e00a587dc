/** Running git: one command with fixed arguments and no shell, its output streamed into a reader, the user's
 * configuration and a hook's environment kept from changing what it prints; cancellable, never throwing. */
import { spawn } from 'node:child_process';

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
      read(() => sink.end());
      resolve({ code, stderr, missing, cancelled: signal?.aborted === true, ...(unread === undefined ? {} : { unread }) });
    };
    const abort = (): void => void child.kill();
    if (signal?.aborted) return resolve({ code: null, stderr, missing, cancelled: true });
    const child = spawn(options.git ?? 'git', ['-C', folder, ...CONFIG, ...args], {
      env: gitEnvironment(options.env ?? process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    signal?.addEventListener('abort', abort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => read(() => sink.push(chunk)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr.length < 4096 && (stderr += chunk)));
    child.on('error', (error: NodeJS.ErrnoException) => {
      missing = error.code === 'ENOENT';
      stderr ||= error.message;
      // A process that never started emits no 'close'.
      if (child.pid === undefined) settle(null);
    });
    child.on('close', settle);
  });
}

/** Collects a short output whole (rev-parse's few lines). */
export function textSink(): Sink & { text: string } {
  return { text: '', push(chunk) { this.text += chunk; }, end() {} };
}

