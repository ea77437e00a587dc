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
  const steps = walkSteps(roots, walk, result);
  let entries: fs.Dirent[] | undefined;
  for (let step = steps.next(); step.done !== true; step = steps.next(entries)) {
    if ('pause' in step.value) {
      await yieldToEventLoop();
      entries = undefined;
      continue;
    }
    const folder = step.value.read;
    entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch((error: Error) => unreadable(walk, folder, error));
  }
  return result;
}

/** {@link walkFolders} without yielding, for the command line. */
export function walkFoldersSync(roots: readonly string[], walk: FolderWalk): WalkResult {
  const result: WalkResult = { files: [], truncated: false, cancelled: false };
  const steps = walkSteps(roots, walk, result);
  let entries: fs.Dirent[] | undefined;
  for (let step = steps.next(); step.done !== true; step = steps.next(entries)) {
    entries = undefined;
    if ('pause' in step.value) continue;
    try {
      entries = fs.readdirSync(step.value.read, { withFileTypes: true });
    } catch (error) {
      entries = unreadable(walk, step.value.read, error as Error);
    }
  }
  return result;
}

function unreadable(walk: FolderWalk, folder: string, error: Error): undefined {
  walk.unreadable?.(folder, error);
  return undefined;
}

/** The walk itself, reading nothing: it asks its driver for each folder's entries (`undefined`: unreadable). */
function* walkSteps(roots: readonly string[], walk: FolderWalk, result: WalkResult): Generator<Step, void, fs.Dirent[] | undefined> {
  const limits = walk.limits ?? NO_LIMITS;
  const seen = new Set<string>(); // folders
  let visited = 0;
  function* folder(dir: string): Generator<Step, boolean, fs.Dirent[] | undefined> {
    if (seen.has(dir)) return true; // a root inside another root
    seen.add(dir);
    const entries = yield { read: dir };
    if (entries === undefined) return true;
    entries.sort((a, b) => compareNames(a.name, b.name));
    // path.join(dir, name) for every entry, joined once: an entry's name holds no separator (a walk of 50,000 folders
    // spent 67 ms joining).
    const childPrefix = path.join(dir, '_').slice(0, -1);
    for (const entry of entries) {
      if (walk.cancelled?.() === true) {
        result.cancelled = true;
        return false;
      }
      if (++visited > limits.maxVisited || result.files.length >= limits.maxFiles) {
        result.truncated = true;
        return false;
      }
      const file = childPrefix + entry.name;
      // Dirents of symbolic links are neither: links are not followed (no cycles, nothing outside the folder).
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !(yield* folder(file))) return false;
      } else if (!entry.isFile()) {
        if (!entry.isSymbolicLink() && walk.special !== undefined) walk.special(file);
      } else if (walk.wanted(entry.name)) {
        if (walk.accept !== undefined) {
          yield { pause: true };
          if (!walk.accept(file, entry.name)) continue;
        }
        result.files.push(file);
        walk.found?.(file, entry.name);
      }
    }
    return true;
  }
  for (const root of roots) if (!(yield* folder(root))) return;
}

/** Orders paths as the walk meets them (shared/walkOrder.ts), split at this platform's separator. */
export function compareWalkOrder(a: string, b: string): number {
  return compareInWalkOrder(a, b, path.sep);
}

/** Lets other messages through (a keystroke waiting). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
