/** Follows where a repository's HEAD points without running git: HEAD → its ref → the commit id, read from the files
 * (loose ref, else packed-refs; a worktree's refs in its common dir), watched with fs.watch and debounced. */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Quiet time after a change in the git dir: a commit or a pull writes several files in a burst. */
export const HEAD_DEBOUNCE_MS = 150;
const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Where HEAD points: the commit id, and the ref it goes through (undefined when detached). */
export interface HeadState {
  commit: string | undefined;
  ref: string | undefined;
}

/** HEAD's commit, read from the files of `gitDir` (no git process); undefined where it cannot be read (unborn branch). */
export function readHead(gitDir: string): HeadState {
  const head = readText(path.join(gitDir, 'HEAD'))?.trim();
  if (head === undefined) return { commit: undefined, ref: undefined };
  const match = /^ref:\s*(\S+)$/.exec(head);
  if (match === null) return { commit: HASH.test(head) ? head : undefined, ref: undefined };
  const ref = match[1];
  return { commit: readRef(gitDir, ref), ref };
}

/** A worktree's or a submodule's git dir keeps its shared refs in the directory `commondir` names. */
export function commonDirOf(gitDir: string): string {
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  return common === undefined || common === '' ? gitDir : path.resolve(gitDir, common);
}

function readRef(gitDir: string, ref: string): string | undefined {
  const common = commonDirOf(gitDir);
  for (const dir of common === gitDir ? [gitDir] : [gitDir, common]) {
    const loose = readText(path.join(dir, ...ref.split('/')))?.trim();
    if (loose !== undefined && HASH.test(loose)) return loose;
  }
  const packed = readText(path.join(common, 'packed-refs'));
  for (const line of packed?.split('\n') ?? []) {
    const [hash, name] = line.trim().split(' ');
    if (name === ref && HASH.test(hash)) return hash;
  }
  return undefined;
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Calls `onMove` (debounced) when HEAD's commit changes: a commit, a checkout, a pull, a reset. Watches folders, not
 * files, since git replaces HEAD and refs by renaming a lock file over them: the git dir (HEAD), the common dir
 * (packed-refs) and the folder of the branch's loose ref, followed when the branch changes.
 */
export class GitHeadWatcher {
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private state: HeadState;
  private disposed = false;

  constructor(readonly gitDir: string, private readonly onMove: (state: HeadState) => void, private readonly delay = HEAD_DEBOUNCE_MS) {
    this.state = readHead(gitDir);
    this.watchFolders();
  }

  /** The commit HEAD pointed at when last read. */
  get commit(): string | undefined {
    return this.state.commit;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private watchFolders(): void {
    const common = commonDirOf(this.gitDir);
    const wanted = new Set([this.gitDir, common]);
    if (this.state.ref !== undefined) {
      const refFolder = path.dirname(path.join(this.gitDir, ...this.state.ref.split('/')));
      wanted.add(fs.existsSync(refFolder) ? refFolder : path.dirname(path.join(common, ...this.state.ref.split('/'))));
    }
    for (const [folder, watcher] of this.watchers) {
      if (wanted.has(folder)) continue;
      watcher.close();
      this.watchers.delete(folder);
    }
    for (const folder of wanted) if (!this.watchers.has(folder)) this.watch(folder);
  }

  private watch(folder: string): void {
    try {
      const watcher = fs.watch(folder, { persistent: false }, (_event, name) => {
        if (name === null || /^(HEAD|packed-refs)$/.test(name) || this.isRefName(folder, name)) this.changed();
      });
      watcher.on('error', () => {
        watcher.close();
        this.watchers.delete(folder);
      });
      this.watchers.set(folder, watcher);
    } catch {
      // Gone or unreadable: the other folders still tell of a move.
    }
  }

  private isRefName(folder: string, name: string): boolean {
    const ref = this.state.ref;
    return ref !== undefined && name.replace(/\.lock$/, '') === path.basename(ref) && folder.endsWith(path.join(...path.dirname(ref).split('/')));
  }

  private changed(): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const next = readHead(this.gitDir);
      const moved = next.commit !== this.state.commit;
      const branchChanged = next.ref !== this.state.ref;
      this.state = next;
      if (branchChanged) this.watchFolders();
      if (moved) this.onMove(next);
    }, this.delay);
    this.timer.unref?.();
  }
}
