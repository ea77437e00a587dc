/** The one `git log` pass, read as it streams (pure: no Node API): for each tracked path the newest commit that
 * changed it and the newest that was not a mass commit of its built folder (one touching nearly every page of it). */
import { NulTokens, underPrefix } from './gitOutput';

/** What `--format` asks for; `-z --name-only` then lists each commit's paths after it (see GitLogReader). */
export const LOG_FORMAT = '--format=%x00%H%x00%ct%x00%at%x00%s';

/** A mass commit touches at least this share of a built folder's tracked pages… */
export const MASS_SHARE = 0.8;
/** …and at least this many of them: below it a site is too small to tell a rebuild from a sweeping edit. */
export const MASS_MIN_PAGES = 20;

export interface CommitInfo {
  hash: string;
  /** Committer date, ms since the epoch: when the change landed. */
  time: number;
  /** Author date, ms: when it was written (earlier after a rebase, a squash or a cherry-pick). */
  authorTime: number;
  subject: string;
}

export interface MassCommit {
  commit: string;
  /** Committer date, ms. */
  time: number;
  /** The built folder whose pages it rewrote, relative to the folder read ('' for the folder itself). */
  folder: string;
  /** The folder's tracked pages it touched, of `pages`. */
  touched: number;
  pages: number;
}

/** The tracked paths of the folder read (from `ls-files`), each with an id, and the built folders. */
export interface TrackedFiles {
  ids: ReadonlyMap<string, number>;
  /** Relative to the folder read, with `/`; '' is the folder itself. */
  builtFolders: readonly string[];
}

export interface HistoryIndex {
  /** The commits that changed a tracked path (the others are not kept). */
  commits: CommitInfo[];
  /** Per path id: the index in `commits` of its newest change, or -1. */
  newest: Int32Array;
  /** Per path id: its newest change that is not a mass commit of its built folder, or -1. */
  newestContent: Int32Array;
  massCommits: MassCommit[];
  /** Set when the output did not have the expected shape (the index then holds what was read before). */
  malformed: boolean;
}

const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const PAGE = /\.html?$/i;

/** Whether touching `touched` of a folder's `pages` tracked pages is a rebuild rather than an edit. */
export function isMass(touched: number, pages: number): boolean {
  return pages >= MASS_MIN_PAGES && touched >= Math.ceil(MASS_SHARE * pages);
}

type Field = 'marker' | 'hash' | 'committed' | 'authored' | 'subject' | 'firstPath' | 'paths';

/** Which built folder each tracked path lies in (-1: none) and how many tracked pages each folder holds. */
function placePaths(files: TrackedFiles): { folderOf: Int16Array; isPage: Uint8Array; pages: number[] } {
  const folderOf = new Int16Array(files.ids.size).fill(-1);
  const isPage = new Uint8Array(files.ids.size);
  const pages = files.builtFolders.map(() => 0);
  const prefixes = files.builtFolders.map((f) => (f === '' || f.endsWith('/') ? f : `${f}/`));
  for (const [path, id] of files.ids) {
    const f = prefixes.findIndex((prefix) => underPrefix(path, prefix) !== undefined);
    if (f < 0) continue;
    folderOf[id] = f;
    if (PAGE.test(path)) {
      isPage[id] = 1;
      pages[f]++;
    }
  }
  return { folderOf, isPage, pages };
}

/**
 * Reads `git log -z --name-only LOG_FORMAT` output: per commit the tokens "" hash committed authored subject, then
 * its paths (the first one after a newline) up to the next "". Paths outside `prefix` or not tracked now are skipped,
 * so memory is bounded by the tracked paths and one commit's list, however long the history.
 */
export class GitLogReader {
  private readonly tokens = new NulTokens((token) => this.take(token));
  private readonly index: HistoryIndex;
  private readonly place: ReturnType<typeof placePaths>;
  private field: Field = 'marker';
  private commit: CommitInfo = { hash: '', time: 0, authorTime: 0, subject: '' };
  private readonly touched: number[] = [];

  constructor(private readonly files: TrackedFiles, private readonly prefix: string) {
    this.place = placePaths(files);
    const size = files.ids.size;
    this.index = { commits: [], newest: new Int32Array(size).fill(-1), newestContent: new Int32Array(size).fill(-1), massCommits: [], malformed: false };
  }

  push(chunk: string): void {
    this.tokens.push(chunk);
  }

  /** The built folders whose uncommitted changes touch nearly every page: a build run and not committed. */
  rebuiltFolders(uncommitted: Iterable<string>): string[] {
    const { folderOf, isPage, pages } = this.place;
    const counts = pages.map(() => 0);
    for (const path of uncommitted) {
      const id = this.files.ids.get(path);
      if (id !== undefined && isPage[id]) counts[folderOf[id]]++;
    }
    return this.files.builtFolders.filter((_, f) => isMass(counts[f], pages[f]));
  }

  end(): HistoryIndex {
    this.tokens.end();
    if (this.field === 'paths' || this.field === 'firstPath') this.finishCommit();
    else if (this.field !== 'marker') this.index.malformed = true;
    this.field = 'marker';
    return this.index;
  }

  private take(token: string): void {
    switch (this.field) {
      case 'marker':
        if (token !== '') this.index.malformed = true;
        this.field = 'hash';
        return;
      case 'hash':
        if (!HASH.test(token)) this.index.malformed = true;
        this.commit = { hash: token, time: 0, authorTime: 0, subject: '' };
        this.field = 'committed';
        return;
      case 'committed':
        this.commit.time = Number(token) * 1000;
        this.field = 'authored';
        return;
      case 'authored':
        this.commit.authorTime = Number(token) * 1000;
        this.field = 'subject';
        return;
      case 'subject':
        this.commit.subject = token;
        this.field = 'firstPath';
        return;
      default:
        this.takePath(token);
    }
  }

  /** A path of the current commit, or the "" that ends its list and starts the next commit's header. */
  private takePath(token: string): void {
    if (token === '') {
      this.finishCommit();
      this.field = 'hash';
      return;
    }
    const path = underPrefix(this.field === 'firstPath' && token.charCodeAt(0) === 10 ? token.slice(1) : token, this.prefix);
    this.field = 'paths';
    const id = path === undefined ? undefined : this.files.ids.get(path);
    if (id !== undefined) this.touched.push(id);
  }

  /** Counts the commit's pages per built folder, then dates its paths: a mass commit dates none of its folder's content. */
  private finishCommit(): void {
    const { folderOf, isPage, pages } = this.place;
    const counts = pages.map(() => 0);
    for (const id of this.touched) if (isPage[id]) counts[folderOf[id]]++;
    const mass = counts.map((n, f) => isMass(n, pages[f]));
    mass.forEach((isMass, f) => {
      if (isMass) this.index.massCommits.push({ commit: this.commit.hash, time: this.commit.time, folder: this.files.builtFolders[f], touched: counts[f], pages: pages[f] });
    });
    if (this.touched.length === 0) return;
    const { newest, newestContent, commits } = this.index;
    const c = commits.push(this.commit) - 1;
    const time = this.commit.time;
    for (const id of this.touched) {
      // Newest by committer date, the first one listed on a tie: log order is by date, but clocks are skewed.
      if (newest[id] < 0 || commits[newest[id]].time < time) newest[id] = c;
      const f = folderOf[id];
      if (f >= 0 && mass[f]) continue;
      if (newestContent[id] < 0 || commits[newestContent[id]].time < time) newestContent[id] = c;
    }
    this.touched.length = 0;
  }
}

/** The whole output at once: what GitLogReader gives when fed it in any chunks. */
export function parseGitLog(output: string, files: TrackedFiles, prefix = ''): HistoryIndex {
  const reader = new GitLogReader(files, prefix);
  reader.push(output);
  return reader.end();
}
