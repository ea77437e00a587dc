/** A folder's git history read with the `git` executable in four processes whatever its size (rev-parse, ls-files,
 * then status beside one `git log` pass), streamed, cancellable; every failure is a status, never a throw. */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { GitLogReader, LOG_FORMAT, type HistoryIndex, type MassCommit } from './gitLog';
import { parseRevParse, trackedPathsReader, uncommittedPathsReader, type RepositoryFacts } from './gitOutput';

export type { MassCommit } from './gitLog';

/**
 * `shallow`: a shallow clone (CI's default checkout) has no history to date pages by, so none is read. `failed`: git
 * ran and refused (its message in `detail`): a repository owned by another user, a corrupt one.
 */
export type GitHistoryStatus = 'ok' | 'no-git' | 'not-a-repository' | 'shallow' | 'failed' | 'cancelled';

export interface GitChange {
  commit: string;
  /** Committer date, ms since the epoch: when the change landed. */
  time: number;
  /** Author date, ms: when it was written. */
  authorTime: number;
  subject: string;
  /** A mass commit of the path's built folder (a rebuild of nearly every page): it dates the build, not the page. */
  mass: boolean;
}

/** Files are given absolute, or relative to the folder read with `/`. */
export interface GitHistory {
  readonly status: GitHistoryStatus;
  /** git's own message for `failed`, or what is missing for `no-git`. */
  readonly detail?: string;
  readonly folder: string;
  readonly topLevel?: string;
  /** The git directory: its HEAD and refs move when a commit, checkout or pull changes the history. */
  readonly gitDir?: string;
  isTracked(file: string): boolean;
  /** The newest commit that changed the file, mass commits included. */
  lastChange(file: string): GitChange | undefined;
  /** The newest commit that changed the file and was not a mass commit of its built folder. */
  lastContentChange(file: string): GitChange | undefined;
  /** Modified, added, deleted or untracked in the working tree: changed now. Relative to the folder, with `/`. */
  readonly uncommitted: ReadonlySet<string>;
  isUncommitted(file: string): boolean;
  /** Newest first. */
  readonly massCommits: readonly MassCommit[];
  /** Built folders (relative, with `/`) whose uncommitted changes touch nearly every page: a local build. */
  readonly rebuiltFolders: readonly string[];
  /** All git says of a file, in the shape lastmodJudgement's SourceHistory takes. */
  facts(file: string): SourceFacts;
}

/**
 * `uncommitted`: `rebuild` for a tracked file changed by a local build of its whole folder (it proves no content
 * change, as a mass commit does not), else whether it is modified, added or untracked.
 */
export interface SourceFacts {
  newest?: GitChange;
  newestContent?: GitChange;
  uncommitted: boolean | 'rebuild';
}

export interface GitHistoryOptions {
  /** Folders of built pages (absolute, or relative to the folder read), whose mass commits are told apart; default the folder. */
  builtFolders?: readonly string[];
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

interface Sink {
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
export function runGit(folder: string, args: readonly string[], sink: Sink, options: GitHistoryOptions): Promise<GitRun> {
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

function firstLine(text: string): string {
  return text.trim().split('\n')[0].replace(/^(fatal|error): /, '');
}

/** The status a failed run stands for, or undefined when it succeeded. */
function failureOf(run: GitRun, git: string): { status: GitHistoryStatus; detail?: string } | undefined {
  if (run.cancelled) return { status: 'cancelled' };
  if (run.missing) return { status: 'no-git', detail: `${git} was not found` };
  if (run.unread !== undefined) return { status: 'failed', detail: run.unread };
  if (run.code === 0) return undefined;
  if (/not a git repository/i.test(run.stderr)) return { status: 'not-a-repository' };
  return { status: 'failed', detail: firstLine(run.stderr) || `git exited with ${run.code}` };
}

/** A branch with no commit yet: an empty history, not a failure. */
function isUnbornBranch(run: GitRun): boolean {
  return run.code !== 0 && /does not have any commits yet|bad default revision 'HEAD'/.test(run.stderr);
}

/** The folder's history; `options.signal` cancels it (status `cancelled`). Never throws. */
export async function readGitHistory(folder: string, options: GitHistoryOptions = {}): Promise<GitHistory> {
  const root = path.resolve(folder);
  const git = options.git ?? 'git';
  try {
    const revParse = textSink();
    const run = await runGit(root, ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository', '--absolute-git-dir'], revParse, options);
    const failed = failureOf(run, git);
    if (failed) return emptyHistory(root, failed.status, failed.detail);
    const facts = parseRevParse(revParse.text);
    if (!facts) return emptyHistory(root, 'failed', `unexpected answer from git rev-parse: ${firstLine(revParse.text)}`);
    if (facts.shallow) return emptyHistory(root, 'shallow', undefined, facts);
    return await readHistoryOf(root, facts, options);
  } catch (error) {
    return emptyHistory(root, 'failed', String(error));
  }
}

/** ls-files first (the log keeps only tracked paths, and a mass commit is a share of them), then status beside the log. */
async function readHistoryOf(root: string, facts: RepositoryFacts, options: GitHistoryOptions): Promise<GitHistory> {
  const git = options.git ?? 'git';
  const ids = new Map<string, number>();
  const listed = await runGit(root, ['ls-files', '-z', '--full-name', '--', '.'], trackedPathsReader(facts.prefix, ids), options);
  const listFailure = failureOf(listed, git);
  if (listFailure) return emptyHistory(root, listFailure.status, listFailure.detail, facts);
  const builtFolders = (options.builtFolders ?? ['']).map((f) => relativeKey(root, f) ?? f);
  const uncommitted = new Set<string>();
  const log = new GitLogReader({ ids, builtFolders }, facts.prefix);
  let index: HistoryIndex | undefined;
  const logSink: Sink = { push: (chunk) => log.push(chunk), end: () => void (index = log.end()) };
  const [status, logged] = await Promise.all([
    runGit(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', '.'], uncommittedPathsReader(facts.prefix, uncommitted), options),
    runGit(root, ['log', '-z', '--name-only', '--no-renames', LOG_FORMAT, '--', '.'], logSink, options),
  ]);
  const failure = failureOf(status, git) ?? (isUnbornBranch(logged) ? undefined : failureOf(logged, git));
  if (failure) return emptyHistory(root, failure.status, failure.detail, facts);
  if (!index || index.malformed) return emptyHistory(root, 'failed', 'unexpected output from git log', facts);
  return historyOf(root, facts, ids, index, { paths: uncommitted, rebuiltFolders: log.rebuiltFolders(uncommitted) });
}

/** A file's key: relative to the folder, with `/`; undefined outside it. */
function relativeKey(folder: string, file: string): string | undefined {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  const relative = path.relative(folder, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

interface WorkTree {
  paths: ReadonlySet<string>;
  rebuiltFolders: readonly string[];
}

function historyOf(folder: string, facts: RepositoryFacts, ids: ReadonlyMap<string, number>, index: HistoryIndex, work: WorkTree): GitHistory {
  const keyOf = (file: string): string | undefined => relativeKey(folder, file);
  const change = (c: number, mass: boolean): GitChange | undefined => {
    if (c < 0) return undefined;
    const { hash, time, authorTime, subject } = index.commits[c];
    return { commit: hash, time, authorTime, subject, mass };
  };
  const lastChange = (key: string | undefined): GitChange | undefined => {
    const id = key === undefined ? undefined : ids.get(key);
    return id === undefined ? undefined : change(index.newest[id], index.newest[id] !== index.newestContent[id]);
  };
  const lastContentChange = (key: string | undefined): GitChange | undefined => {
    const id = key === undefined ? undefined : ids.get(key);
    return id === undefined ? undefined : change(index.newestContent[id], false);
  };
  const rebuilt = work.rebuiltFolders.map((f) => (f === '' || f.endsWith('/') ? f : `${f}/`));
  const uncommittedState = (key: string | undefined): boolean | 'rebuild' => {
    if (key === undefined || !work.paths.has(key)) return false;
    return ids.has(key) && rebuilt.some((prefix) => key.startsWith(prefix)) ? 'rebuild' : true;
  };
  return {
    status: 'ok',
    folder,
    topLevel: facts.topLevel,
    gitDir: facts.gitDir,
    isTracked: (file) => ids.has(keyOf(file) ?? ''),
    lastChange: (file) => lastChange(keyOf(file)),
    lastContentChange: (file) => lastContentChange(keyOf(file)),
    uncommitted: work.paths,
    isUncommitted: (file) => work.paths.has(keyOf(file) ?? ''),
    massCommits: [...index.massCommits].sort((a, b) => b.time - a.time),
    rebuiltFolders: work.rebuiltFolders,
    facts(file) {
      const key = keyOf(file);
      return { newest: lastChange(key), newestContent: lastContentChange(key), uncommitted: uncommittedState(key) };
    },
  };
}

function emptyHistory(folder: string, status: GitHistoryStatus, detail?: string, facts?: RepositoryFacts): GitHistory {
  return {
    status,
    ...(detail === undefined ? {} : { detail }),
    folder,
    topLevel: facts?.topLevel,
    gitDir: facts?.gitDir,
    isTracked: () => false,
    lastChange: () => undefined,
    lastContentChange: () => undefined,
    uncommitted: new Set(),
    isUncommitted: () => false,
    massCommits: [],
    rebuiltFolders: [],
    facts: () => ({ uncommitted: false }),
  };
}
