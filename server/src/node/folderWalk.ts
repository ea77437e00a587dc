/** The one folder walk (sitemap-lint's folders, the site scan, workspace symbols): depth first, names sorted, the same
 * folders skipped, symbolic links not followed, unreadable folders skipped; limits and cancellation. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareNames, compareWalkOrder as compareInWalkOrder, SKIPPED_FOLDERS } from '../../../shared/walkOrder';

// The folders never walked into are shared with the web worker, which filters the client's listings by them.
export { SKIPPED_FOLDERS };

export interface WalkLimits {
  /** Files kept; the walk stops at this many. */
  maxFiles: number;
  /** Folder entries looked at (files and folders, wanted or not); the walk stops past this many. */
  maxVisited: number;
}

export const NO_LIMITS: WalkLimits = { maxFiles: Infinity, maxVisited: Infinity };

export interface FolderWalk {
  /** Whether a file is a candidate by its name alone: the others are not opened. */
  wanted(name: string): boolean;
  /** Whether a candidate is kept (it may read the file); all are without it. The async walk yields before each call. */
  accept?(file: string, name: string): boolean;
  limits?: WalkLimits;
  cancelled?(): boolean;
  /** Told of each file kept, as the walk finds it (no pause, unlike `accept`): the pages read on workers meanwhile. */
  found?(file: string, name: string): void;
  /** A folder that cannot be read: skipped, unless this throws. */
  unreadable?(folder: string, error: Error): void;
  /** An entry that is neither a folder, a file nor a link (a FIFO, a socket, a device): told by its type, never opened. */
  special?(file: string): void;
}

export interface WalkResult {
  /** Absolute paths in walk order (compareWalkOrder within one root). */
  files: string[];
  /** Whether a limit cut the walk short. */
  truncated: boolean;
  cancelled: boolean;
}

type Step = { read: string } | { pause: true };

/** The files under `roots` (in their order), read asynchronously; the event loop gets a turn before each `accept`. */
export async function walkFolders(roots: readonly string[], walk: FolderWalk): Promise<WalkResult> {
  const result: WalkResult = { files: [], truncated: false, cancelled: false };
  const cursor = new WalkCursor(roots, walk, result);
  let entries: fs.Dirent[] | undefined;
  for (let step = cursor.next(); step !== undefined; step = cursor.next(entries)) {
    entries = undefined;
    if ('pause' in step) {
      await yieldToEventLoop();
      continue;
    }
    entries = await fs.promises.readdir(step.read, { withFileTypes: true }).catch((error: Error) => unreadable(walk, step.read, error));
  }
  return result;
}

/** {@link walkFolders} without yielding, for the command line. */
export function walkFoldersSync(roots: readonly string[], walk: FolderWalk): WalkResult {
  const result: WalkResult = { files: [], truncated: false, cancelled: false };
  const cursor = new WalkCursor(roots, walk, result);
  let entries: fs.Dirent[] | undefined;
  for (let step = cursor.next(); step !== undefined; step = cursor.next(entries)) {
    entries = undefined;
    if ('pause' in step) continue;
    try {
      entries = fs.readdirSync(step.read, { withFileTypes: true });
    } catch (error) {
      entries = unreadable(walk, step.read, error as Error);
    }
  }
  return result;
}

function unreadable(walk: FolderWalk, folder: string, error: Error): undefined {
  walk.unreadable?.(folder, error);
  return undefined;
}

/** A folder being walked: its entries sorted, the next one to look at, the prefix of its children's paths. */
interface Frame {
  entries: fs.Dirent[];
  next: number;
  childPrefix: string;
}

/**
 * The walk itself, reading nothing: each `next` says which folder it needs read (its entries are the next call's
 * argument, `undefined` when unreadable), or asks for a pause before an `accept`. A stack of folders rather than a
 * recursive generator: resuming generators nested three deep cost a walk of 50,000 folders 200 ms.
 */
class WalkCursor {
  private readonly frames: Frame[] = [];
  /** The roots walked so far: a root inside another is walked once (links are not followed: nothing else is met twice). */
  private readonly walkedRoots = new Set<string>();
  private readonly rootSet: ReadonlySet<string>;
  private readonly limits: WalkLimits;
  private visited = 0;
  private nextRoot = 0;
  private waiting: { read: string } | { accept: string; name: string } | undefined;

  constructor(private readonly roots: readonly string[], private readonly walk: FolderWalk, private readonly result: WalkResult) {
    this.limits = walk.limits ?? NO_LIMITS;
    this.rootSet = new Set(roots);
  }

  /** The next step; `undefined` once the walk is over (done, cut short or cancelled). */
  next(entries?: fs.Dirent[]): Step | undefined {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting !== undefined && 'read' in waiting) this.enter(waiting.read, entries);
    else if (waiting !== undefined && this.walk.accept!(waiting.accept, waiting.name)) this.keep(waiting.accept, waiting.name);
    for (;;) {
      const frame = this.frames.at(-1);
      if (frame === undefined) {
        if (this.nextRoot >= this.roots.length) return undefined;
        const root = this.roots[this.nextRoot++];
        if (!this.walkedRoots.has(root)) return this.read(root);
        continue;
      }
      if (frame.next >= frame.entries.length) {
        this.frames.pop();
        continue;
      }
      const step = this.visit(frame.entries[frame.next++], frame.childPrefix);
      if (step !== undefined || this.result.cancelled || this.result.truncated) return step;
    }
  }

  /** One entry of a folder: a step when the walk needs one for it. */
  private visit(entry: fs.Dirent, childPrefix: string): Step | undefined {
    if (this.walk.cancelled?.() === true) {
      this.result.cancelled = true;
      return undefined;
    }
    if (++this.visited > this.limits.maxVisited || this.result.files.length >= this.limits.maxFiles) {
      this.result.truncated = true;
      return undefined;
    }
    const file = childPrefix + entry.name;
    // Dirents of symbolic links are neither: links are not followed (no cycles, nothing outside the folder).
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !(this.rootSet.size > 1 && this.walkedRoots.has(file))) return this.read(file);
    } else if (!entry.isFile()) {
      if (!entry.isSymbolicLink() && this.walk.special !== undefined) this.walk.special(file);
    } else if (this.walk.wanted(entry.name)) {
      if (this.walk.accept === undefined) this.keep(file, entry.name);
      else {
        this.waiting = { accept: file, name: entry.name };
        return { pause: true };
      }
    }
    return undefined;
  }

  private read(folder: string): Step {
    if (this.frames.length === 0 || (this.rootSet.size > 1 && this.rootSet.has(folder))) this.walkedRoots.add(folder);
    this.waiting = { read: folder };
    return { read: folder };
  }

  private enter(folder: string, entries: fs.Dirent[] | undefined): void {
    if (entries === undefined) return;
    entries.sort((a, b) => compareNames(a.name, b.name));
    // path.join(folder, name) for every entry, without joining: an entry's name holds no separator, and below a root
    // (normalized once) every folder is (a walk of 50,000 folders spent 67 ms joining).
    const childPrefix = this.frames.length === 0 ? path.join(folder, '_').slice(0, -1) : folder + path.sep;
    this.frames.push({ entries, next: 0, childPrefix });
  }

  private keep(file: string, name: string): void {
    this.result.files.push(file);
    this.walk.found?.(file, name);
  }
}

/** Orders paths as the walk meets them (shared/walkOrder.ts), split at this platform's separator. */
export function compareWalkOrder(a: string, b: string): number {
  return compareInWalkOrder(a, b, path.sep);
}

/** Lets other messages through (a keystroke waiting). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
