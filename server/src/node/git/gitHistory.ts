/** A folder's git history read with the `git` executable in five processes whatever its size (rev-parse, ls-files,
 * then status beside one `git log --raw` pass, then one `cat-file --batch` for the pages' versions), streamed,
 * cancellable; every failure is a status, never a throw. */
import * as path from 'node:path';
import { contentHistoryBound, type ContentChange, type LastmodSpan } from '../../language/languageService';
import { changeKinds, CONTENT_NOT_NEEDED, readContentHistory, WORKTREE_CONTENT, WORKTREE_TEMPLATE, type ContentHistory } from './contentHistory';
import { GitLogReader, LOG_ARGS, type HistoryIndex, type TrackedFiles } from './gitLog';
import { parseRevParse, trackedPathsReader, uncommittedPathsReader, type RepositoryFacts } from './gitOutput';
import { runGit, startGit, textSink, type GitProcessOptions, type GitRun, type Sink } from './gitProcess';

export { CONFIG, gitEnvironment, runGit, textSink, type GitRun } from './gitProcess';

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
}

/** A change to a file's content, and what it changed (a page's parts; `source` for a file that is not a built page). */
export interface ContentChangeCommit extends GitChange {
  changed: ContentChange[];
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
  /** The newest commit that changed the file, whatever it changed. */
  lastChange(file: string): GitChange | undefined;
  /**
   * The newest commit that changed the file's content: for a page of a built folder, its title, description,
   * structured data, main text or links (language/site/pageContent.ts); for any other file, its text. Undefined when
   * none is known (no history, or none of a page's MAX_PAGE_CHANGES newest commits changed its content).
   */
  lastContentChange(file: string): ContentChangeCommit | undefined;
  /**
   * With GitHistoryOptions' contentBounds: the page's content history was not read as far as its last content change,
   * which no `<lastmod>` needed (it has none, or that change is at or before its bound). lastContentChange is undefined.
   */
  contentNotNeeded(file: string): boolean;
  /** Modified, added, deleted or untracked (not with contentBounds) in the working tree: changed now. Relative to the folder, with `/`. */
  readonly uncommitted: ReadonlySet<string>;
  isUncommitted(file: string): boolean;
  /** All git says of a file, in the shape lastmodJudgement's SourceHistory takes. */
  facts(file: string): SourceFacts;
}

/**
 * `uncommitted`: true when the working file's content differs from its last commit's (or it is untracked, or cannot
 * be compared), `template` when the file changed but not its content.
 */
export interface SourceFacts {
  newest?: GitChange;
  significant?: ContentChangeCommit;
  uncommitted: boolean | 'template';
  /** What the uncommitted change changed, when known. */
  uncommittedChanged?: ContentChange[];
}

export interface GitHistoryOptions extends GitProcessOptions {
  /** Folders of built pages (absolute, or relative to the folder read): their `.html` files are dated by their content. Default the folder. */
  builtFolders?: readonly string[];
  /**
   * What the lastmod rules will judge (sitemap-lint): per page file (absolute, or relative to the folder read), the
   * widestNeed of its entries' `<lastmod>`s, once the sitemaps are read. A page's content history is then read only as
   * far as that needs (contentHistoryBound), a page without one not at all. Default: every page to its last content change.
   */
  contentBounds?: Promise<ReadonlyMap<string, LastmodSpan>>;
  /**
   * Start ls-files, status and the log at once, beside rev-parse, their output spooled to temporary files rather than
   * pipes: for a caller about to hold its thread for seconds (sitemap-lint's synchronous folder walk), during which
   * git then runs instead of waiting on a full pipe. Default: each started when its turn comes.
   */
  startAtOnce?: boolean;
  /**
   * The partsDigest of working files (absolute) read elsewhere (sitemap-lint's page workers), once all are: a committed
   * page's working file is then compared by it rather than read again. Default: every working file read here.
   */
  workingDigests?: Promise<(file: string) => string | undefined>;
}

const PAGE = /\.html?$/i;

function firstLine(text: string): string {
  return text.trim().split('\n')[0].replace(/^(fatal|error): /, '');
}

/** The status a failed run stands for, or undefined when it succeeded. */
function failureOf(run: GitRun, git: string): { status: GitHistoryStatus; detail?: string } | undefined {
  if (run.cancelled) return { status: 'cancelled' };
  // The status says git was not found: a detail names only a program other than `git`.
  if (run.missing) return { status: 'no-git', ...(git === 'git' ? {} : { detail: git }) };
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
  const listings = options.startAtOnce === true ? startedListings(root, options) : undefined;
  try {
    const revParse = textSink();
    const run = await runGit(root, ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository', '--absolute-git-dir'], revParse, listings?.options ?? options);
    const failed = failureOf(run, git);
    if (failed) return emptyHistory(root, failed.status, failed.detail);
    const facts = parseRevParse(revParse.text);
    if (!facts) return emptyHistory(root, 'failed', `unexpected answer from git rev-parse: ${firstLine(revParse.text)}`);
    if (facts.shallow) return emptyHistory(root, 'shallow', undefined, facts);
    return await readHistoryOf(root, facts, options, listings ?? pipedListings(root, options));
  } catch (error) {
    return emptyHistory(root, 'failed', String(error));
  } finally {
    listings?.stop(); // what a failure left running
  }
}

/** The three listings a history reads, each a git run whose output goes into a sink. */
interface Listings {
  lsFiles(sink: Sink): Promise<GitRun>;
  status(sink: Sink): Promise<GitRun>;
  log(sink: Sink): Promise<GitRun>;
}

const LS_FILES_ARGS = ['ls-files', '-z', '--full-name', '--', '.'];

function statusArgs(options: GitHistoryOptions): string[] {
  return ['status', '--porcelain=v1', '-z', `--untracked-files=${untrackedFiles(options)}`, '--no-renames', '--', '.'];
}

/** Each listing run when asked, streamed through a pipe. */
function pipedListings(root: string, options: GitHistoryOptions): Listings {
  return {
    lsFiles: (sink) => runGit(root, LS_FILES_ARGS, sink, options),
    status: (sink) => runGit(root, statusArgs(options), sink, options),
    log: (sink) => runGit(root, LOG_ARGS, sink, options),
  };
}

/**
 * GitHistoryOptions' startAtOnce: the listings started now, beside rev-parse, their output spooled to files (gitProcess's
 * startGit); rev-parse's answer may still make them moot (not a repository, a shallow clone), and `stop` then ends them.
 * A listing that could not be spooled runs through a pipe when asked. `options`: the caller's, with `stop`'s signal.
 */
function startedListings(root: string, caller: GitHistoryOptions): Listings & { options: GitHistoryOptions; stop(): void } {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  caller.signal?.addEventListener('abort', stop, { once: true });
  if (caller.signal?.aborted === true) stop();
  const options: GitHistoryOptions = { ...caller, signal: controller.signal };
  const start = (args: readonly string[]): ((sink: Sink) => Promise<GitRun>) => startGit(root, args, options) ?? ((sink) => runGit(root, args, sink, options));
  const [lsFiles, status, log] = [start(LS_FILES_ARGS), start(statusArgs(caller)), start(LOG_ARGS)];
  return { lsFiles, status, log, options, stop: () => { caller.signal?.removeEventListener('abort', stop); stop(); } };
}

/** ls-files first (the log keeps only tracked paths), then status beside the log, then the pages' versions. */
async function readHistoryOf(root: string, facts: RepositoryFacts, options: GitHistoryOptions, listings: Listings): Promise<GitHistory> {
  const git = options.git ?? 'git';
  const ids = new Map<string, number>();
  const listed = await listings.lsFiles(trackedPathsReader(facts.prefix, ids));
  const listFailure = failureOf(listed, git);
  if (listFailure) return emptyHistory(root, listFailure.status, listFailure.detail, facts);
  const files: TrackedFiles = { ids, pages: pagesOf(ids, (options.builtFolders ?? ['']).map((f) => relativeKey(root, f) ?? f)) };
  const uncommitted = new Set<string>();
  const log = new GitLogReader(files, facts.prefix);
  let index: HistoryIndex | undefined;
  const logSink: Sink = { push: (chunk) => log.push(chunk), end: () => void (index = log.end()) };
  const [status, logged] = await Promise.all([listings.status(uncommittedPathsReader(facts.prefix, uncommitted)), listings.log(logSink)]);
  const failure = failureOf(status, git) ?? (isUnbornBranch(logged) ? undefined : failureOf(logged, git));
  if (failure) return emptyHistory(root, failure.status, failure.detail, facts);
  if (!index || index.malformed) return emptyHistory(root, 'failed', 'unexpected output from git log', facts);
  const bounds = options.contentBounds === undefined ? undefined : boundsOf(root, files, index, uncommitted, await options.contentBounds);
  const content = await contentOf(root, files, index, uncommitted, bounds, options);
  if (options.signal?.aborted) return emptyHistory(root, 'cancelled', undefined, facts);
  if (content.failure !== undefined) return emptyHistory(root, 'failed', `git cat-file: ${firstLine(content.failure)}`, facts);
  return historyOf(root, facts, files, index, content, uncommitted);
}

/**
 * Untracked files are uncommitted, but only the editor asks about them: with contentBounds (sitemap-lint) no verdict
 * can (an untracked file is no page's source), and listing them walks every folder again (0.7 of 1.2 s of CPU on 50,000 pages).
 */
function untrackedFiles(options: GitHistoryOptions): 'all' | 'no' {
  return options.contentBounds === undefined ? 'all' : 'no';
}

/** Per tracked path: 1 for a page (a `.html` or `.htm` file) of a built folder. */
function pagesOf(ids: ReadonlyMap<string, number>, builtFolders: readonly string[]): Uint8Array {
  const pages = new Uint8Array(ids.size);
  const prefixes = builtFolders.map((f) => (f === '' || f.endsWith('/') ? f : `${f}/`));
  for (const [key, id] of ids) if (PAGE.test(key) && prefixes.some((prefix) => key.startsWith(prefix))) pages[id] = 1;
  return pages;
}

/**
 * The pages' content history: every page with a change, its working file when it has uncommitted changes; with
 * bounds (per page id), only the pages they hold, each as far as its bound: the others are CONTENT_NOT_NEEDED.
 */
async function contentOf(root: string, files: TrackedFiles, index: HistoryIndex, uncommitted: ReadonlySet<string>, bounds: ReadonlyMap<number, number> | undefined, options: GitHistoryOptions): Promise<ContentHistory> {
  const pages: number[] = [];
  const keys: string[] = [];
  for (const [key, id] of files.ids) {
    if (files.pages[id] !== 1) continue;
    keys[id] = key;
    if (bounds === undefined || bounds.has(id)) pages.push(id);
  }
  const workingFile = (id: number): { file: string; uncommitted: boolean } => ({ file: path.join(root, ...keys[id].split('/')), uncommitted: uncommitted.has(keys[id]) });
  const workingDigest = await options.workingDigests;
  const content = await readContentHistory({ folder: root, index, pages, workingFile, bound: bounds && ((id) => bounds.get(id)!), workingDigest, options });
  if (bounds !== undefined) for (const id of files.ids.values()) if (files.pages[id] === 1 && !bounds.has(id)) content.significant[id] = CONTENT_NOT_NEEDED;
  return content;
}

/**
 * Per page id the lastmod rules will judge, how far back its walk must go (contentHistoryBound): all the way for a
 * page with uncommitted changes (the work tree decides its verdict) or no commit.
 */
function boundsOf(root: string, files: TrackedFiles, index: HistoryIndex, uncommitted: ReadonlySet<string>, needs: ReadonlyMap<string, LastmodSpan>): Map<number, number> {
  const bounds = new Map<number, number>();
  const under = root.endsWith(path.sep) ? root : root + path.sep;
  for (const [file, need] of needs) {
    // Most files are under the folder as given: their keys by slicing, not a path.relative each.
    const key = file.startsWith(under) ? file.slice(under.length).split(path.sep).join('/') : relativeKey(root, file);
    const id = key === undefined ? undefined : files.ids.get(key);
    if (id === undefined || files.pages[id] !== 1) continue;
    const newest = index.newest[id];
    const bound = newest < 0 || uncommitted.has(key!) ? -Infinity : contentHistoryBound(need, index.commits[newest]);
    bounds.set(id, Math.min(bound, bounds.get(id) ?? Infinity));
  }
  return bounds;
}

/** A file's key: relative to the folder, with `/`; undefined outside it. */
function relativeKey(folder: string, file: string): string | undefined {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  const relative = path.relative(folder, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

function historyOf(folder: string, facts: RepositoryFacts, files: TrackedFiles, index: HistoryIndex, content: ContentHistory, uncommitted: ReadonlySet<string>): GitHistory {
  const ids = files.ids;
  const keyOf = (file: string): string | undefined => relativeKey(folder, file);
  const idOf = (key: string | undefined): number | undefined => (key === undefined ? undefined : ids.get(key));
  const change = (c: number): GitChange | undefined => {
    if (c < 0) return undefined;
    const { hash, time, authorTime, subject } = index.commits[c];
    return { commit: hash, time, authorTime, subject };
  };
  const lastChange = (id: number | undefined): GitChange | undefined => (id === undefined ? undefined : change(index.newest[id]));
  const lastContentChange = (id: number | undefined): ContentChangeCommit | undefined => {
    if (id === undefined) return undefined;
    // A file that is not a page: its text is its content, so its newest change is its newest content change.
    const page = files.pages[id] === 1;
    const found = change(page ? content.significant[id] : index.newest[id]);
    return found && { ...found, changed: page ? changeKinds(content.changed[id]) : ['source'] };
  };
  const uncommittedState = (key: string | undefined, id: number | undefined): boolean | 'template' => {
    if (key === undefined || !uncommitted.has(key)) return false;
    return id !== undefined && content.worktree[id] === WORKTREE_TEMPLATE ? 'template' : true;
  };
  return {
    status: 'ok',
    folder,
    topLevel: facts.topLevel,
    gitDir: facts.gitDir,
    isTracked: (file) => ids.has(keyOf(file) ?? ''),
    lastChange: (file) => lastChange(idOf(keyOf(file))),
    lastContentChange: (file) => lastContentChange(idOf(keyOf(file))),
    contentNotNeeded: (file) => {
      const id = idOf(keyOf(file));
      return id !== undefined && files.pages[id] === 1 && content.significant[id] === CONTENT_NOT_NEEDED;
    },
    uncommitted,
    isUncommitted: (file) => uncommitted.has(keyOf(file) ?? ''),
    facts(file) {
      const key = keyOf(file);
      const id = idOf(key);
      const state = uncommittedState(key, id);
      const changedNow = state === true && id !== undefined && content.worktree[id] === WORKTREE_CONTENT && content.worktreeChanged[id] !== 0 ? changeKinds(content.worktreeChanged[id]) : undefined;
      return { newest: lastChange(id), significant: lastContentChange(id), uncommitted: state, ...(changedNow ? { uncommittedChanged: changedNow } : {}) };
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
    contentNotNeeded: () => false,
    uncommitted: new Set(),
    isUncommitted: () => false,
    facts: () => ({ uncommitted: false }),
  };
}
