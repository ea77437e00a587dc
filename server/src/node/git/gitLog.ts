/** The one `git log --raw` pass, read as it streams (pure: no Node API): for each tracked path the newest commit that
 * changed it, and for each page (a `.html` file of a built folder) its changes newest first with the blobs before and
 * after, so that contentHistory.ts can find the newest that changed its content. */
import { NulTokens, underPrefix } from './gitOutput';

/** What `--format` asks for; `-z --raw` then lists each commit's changes after it (see GitLogReader). */
export const LOG_FORMAT = '--format=%x00%H%x00%ct%x00%at%x00%s';
/** The whole command after `git`: blob ids unabbreviated, a rename as a deletion and an addition. */
export const LOG_ARGS = ['log', '-z', '--raw', '--no-abbrev', '--no-renames', LOG_FORMAT, '--', '.'];

/**
 * A page's changes kept, newest first: its content's last change is nearly always among the first few, and the rest
 * of a long history would cost memory for every page. A page none of whose kept changes changed its content is said
 * to be undated (the lastmod-stale rule then judges nothing rather than guess).
 */
export const MAX_PAGE_CHANGES = 64;

export interface CommitInfo {
  hash: string;
  /** Committer date, ms since the epoch: when the change landed. */
  time: number;
  /** Author date, ms: when it was written (earlier after a rebase, a squash or a cherry-pick). */
  authorTime: number;
  subject: string;
}

/** The tracked paths of the folder read (from `ls-files`), each with an id, and which ids are pages. */
export interface TrackedFiles {
  ids: ReadonlyMap<string, number>;
  /** Per id: 1 for a page whose changes are kept (a `.html` file of a built folder). */
  pages: Uint8Array;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** A hex digit's value by its character code (git prints lower case); -1 for any other character. */
const HEX_VALUE = Int8Array.from({ length: 128 }, (_, c) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x61 + 10 : -1));

/** Blob ids, 40 (SHA-1) or 64 (SHA-256) hex digits, packed as 32-bit words: no string kept per change. */
export class BlobIds {
  private words = new Uint32Array(1024);
  private count = 0;
  private width = 5;

  /**
   * The id's index; -1 for git's all-zero id (no blob: the path did not exist). Read from the characters' codes, no
   * slice or parseInt: the log of a template commit over 50,000 pages holds 100,000 ids.
   */
  add(hex: string): number {
    this.width = hex.length >> 3;
    if ((this.count + 1) * this.width > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    const at = this.count * this.width;
    let any = 0;
    for (let w = 0; w < this.width; w++) {
      let word = 0;
      for (let k = w * 8; k < w * 8 + 8; k++) word = (word << 4) | (HEX_VALUE[hex.charCodeAt(k) & 0x7f] & 0xf);
      this.words[at + w] = word >>> 0;
      any |= word;
    }
    return any === 0 ? -1 : this.count++;
  }

  /** Whether two indexes hold the same id. */
  same(a: number, b: number): boolean {
    for (let w = 0; w < this.width; w++) if (this.words[a * this.width + w] !== this.words[b * this.width + w]) return false;
    return true;
  }

  hex(index: number): string {
    let hex = '';
    for (let w = 0; w < this.width; w++) {
      const word = this.words[index * this.width + w];
      hex += BYTE_HEX[word >>> 24] + BYTE_HEX[(word >>> 16) & 0xff] + BYTE_HEX[(word >>> 8) & 0xff] + BYTE_HEX[word & 0xff];
    }
    return hex;
  }
}

/** One page's change: the commit (its index), the blobs before and after (-1: none). */
export interface PageChange {
  commit: number;
  before: number;
  after: number;
}

export interface HistoryIndex {
  /** The commits that changed a tracked path (the others are not kept). */
  commits: CommitInfo[];
  /** Per path id: the index in `commits` of its newest change, or -1. */
  newest: Int32Array;
  blobs: BlobIds;
  /** A page's kept changes, newest first (log order), and whether older ones were dropped. */
  changesOf(id: number): { changes: PageChange[]; truncated: boolean };
  /** Set when the output did not have the expected shape (the index then holds what was read before). */
  malformed: boolean;
}

const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** `:old-mode new-mode old-blob new-blob status`, the newline git writes before a commit's first entry allowed. */
const RAW = /^\n?:[0-7]+ [0-7]+ ([0-9a-f]+) ([0-9a-f]+) ([A-Z])[0-9]*$/;

type Field = 'marker' | 'hash' | 'committed' | 'authored' | 'subject' | 'raw' | 'path';

/** Per page, its changes as linked lists in typed arrays (newest first): a few numbers per change, no object. */
class ChangeLists {
  private commit = new Int32Array(1024);
  private before = new Int32Array(1024);
  private after = new Int32Array(1024);
  private next = new Int32Array(1024);
  private count = 0;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly length: Int32Array;

  constructor(paths: number) {
    this.head = new Int32Array(paths).fill(-1);
    this.tail = new Int32Array(paths).fill(-1);
    this.length = new Int32Array(paths);
  }

  add(id: number, commit: number, before: number, after: number): void {
    if (++this.length[id] > MAX_PAGE_CHANGES) return;
    if (this.count === this.commit.length) this.grow();
    const c = this.count++;
    this.commit[c] = commit;
    this.before[c] = before;
    this.after[c] = after;
    this.next[c] = -1;
    if (this.tail[id] < 0) this.head[id] = c;
    else this.next[this.tail[id]] = c;
    this.tail[id] = c;
  }

  of(id: number): { changes: PageChange[]; truncated: boolean } {
    const changes: PageChange[] = [];
    for (let c = this.head[id]; c >= 0; c = this.next[c]) changes.push({ commit: this.commit[c], before: this.before[c], after: this.after[c] });
    return { changes, truncated: this.length[id] > MAX_PAGE_CHANGES };
  }

  private grow(): void {
    const grow = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const grown = new Int32Array(a.length * 2);
      grown.set(a);
      return grown;
    };
    this.commit = grow(this.commit);
    this.before = grow(this.before);
    this.after = grow(this.after);
    this.next = grow(this.next);
  }
}

/**
 * Reads `git log -z --raw --no-abbrev LOG_FORMAT` output: per commit the tokens "" hash committed authored subject,
 * then its entries as pairs (raw line, path), the first raw line after a newline, up to the next "". Paths outside
 * `prefix` or not tracked now are skipped, so memory is bounded by the tracked paths and their pages' kept changes.
 */
export class GitLogReader {
  private readonly tokens = new NulTokens((token) => this.take(token));
  private readonly index: HistoryIndex;
  private readonly lists: ChangeLists;
  private field: Field = 'marker';
  private commit: CommitInfo = { hash: '', time: 0, authorTime: 0, subject: '' };
  /** The current commit's index in `commits`, once one of its paths is tracked. */
  private current = -1;
  private raw: RegExpExecArray | null = null;

  constructor(private readonly files: TrackedFiles, private readonly prefix: string) {
    const size = files.ids.size;
    this.lists = new ChangeLists(size);
    const lists = this.lists;
    this.index = { commits: [], newest: new Int32Array(size).fill(-1), blobs: new BlobIds(), changesOf: (id) => lists.of(id), malformed: false };
  }

  push(chunk: string): void {
    this.tokens.push(chunk);
  }

  end(): HistoryIndex {
    this.tokens.end();
    if (this.field !== 'marker' && this.field !== 'raw') this.index.malformed = true;
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
        this.current = -1;
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
        this.field = 'raw';
        return;
      case 'raw':
        return this.takeRaw(token);
      default:
        this.takePath(token);
    }
  }

  /** A change's raw line, or the "" that ends the commit's entries and starts the next commit's header. */
  private takeRaw(token: string): void {
    if (token === '') {
      this.field = 'hash';
      return;
    }
    this.raw = RAW.exec(token);
    if (this.raw === null) this.index.malformed = true;
    this.field = 'path';
  }

  private takePath(token: string): void {
    this.field = 'raw';
    const path = underPrefix(token, this.prefix);
    const id = path === undefined ? undefined : this.files.ids.get(path);
    if (id === undefined || this.raw === null) return;
    const { newest, commits } = this.index;
    if (this.current < 0) this.current = commits.push(this.commit) - 1;
    // Newest by committer date, the first one listed on a tie: log order is by date, but clocks are skewed.
    if (newest[id] < 0 || commits[newest[id]].time < this.commit.time) newest[id] = this.current;
    if (this.files.pages[id] === 1) {
      const blobs = this.index.blobs;
      this.lists.add(id, this.current, blobs.add(this.raw[1]), blobs.add(this.raw[2]));
    }
  }
}

/** The whole output at once: what GitLogReader gives when fed it in any chunks. */
export function parseGitLog(output: string, files: TrackedFiles, prefix = ''): HistoryIndex {
  const reader = new GitLogReader(files, prefix);
  reader.push(output);
  return reader.end();
}
