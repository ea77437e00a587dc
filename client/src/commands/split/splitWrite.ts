/** Split into Index's files written all or nothing (a failed workspace edit keeps the files it managed to write). Pure
 * of `vscode` (the files come through `SplitFiles`), so a test injects the failure. */
import { formatMegabytes } from '../../../../shared/byteSize';

/** The file operations the split's writing needs, on one file system; `T` names a file (a `Uri` in the editor). */
export interface SplitFiles<T> {
  exists(file: T): Promise<boolean>;
  read(file: T): Promise<Uint8Array>;
  write(file: T, bytes: Uint8Array): Promise<void>;
  remove(file: T): Promise<void>;
  /** Bytes free where the files go; undefined when the file system cannot say. */
  freeBytes(): Promise<number | undefined>;
}

export type SplitWriteOutcome<T> =
  | { written: true }
  /** Refused before anything was written. */
  | { written: false; reason: 'no-space'; needed: number; free: number }
  /** The edit failed: `removed` files it had created, `restored` files it had overwritten; `left` could be neither. */
  | { written: false; reason: 'failed'; diskFull: boolean; removed: number; restored: number; left: T[]; error?: unknown };

/** Room kept beyond the files' bytes (file system blocks, metadata). */
const SPACE_MARGIN = 1024 * 1024;

/**
 * Writes `files` by `apply` (the workspace edit; false or a throw when VS Code did not apply it), checking the free
 * space first and undoing a partial write.
 */
export async function writeSplitFiles<T>(files: ReadonlyArray<{ file: T; bytes: number }>, io: SplitFiles<T>, apply: () => Promise<boolean>): Promise<SplitWriteOutcome<T>> {
  const backups = new Map<T, Uint8Array>();
  for (const { file } of files) if (await io.exists(file)) backups.set(file, await io.read(file));
  // A file overwritten gives its room back.
  const needed = files.reduce((sum, f) => sum + f.bytes, 0) - [...backups.values()].reduce((sum, b) => sum + b.length, 0);
  const free = await io.freeBytes().catch(() => undefined);
  if (free !== undefined && free < needed + SPACE_MARGIN) return { written: false, reason: 'no-space', needed, free };
  let error: unknown;
  try {
    if (await apply()) return { written: true };
  } catch (e) {
    error = e;
  }
  const freeAfter = await io.freeBytes().catch(() => undefined);
  const left: T[] = [];
  let removed = 0;
  let restored = 0;
  // Removals first: on a full disk they make the room that putting the overwritten files back needs.
  const created = files.map((f) => f.file).filter((file) => !backups.has(file));
  for (const file of created) {
    try {
      if (!await io.exists(file)) continue;
      await io.remove(file);
      removed++;
    } catch {
      left.push(file);
    }
  }
  for (const [file, backup] of backups) {
    try {
      await io.write(file, backup);
      restored++;
    } catch {
      left.push(file);
    }
  }
  return { written: false, reason: 'failed', diskFull: freeAfter !== undefined && freeAfter < SPACE_MARGIN, removed, restored, left, ...(error !== undefined ? { error } : {}) };
}

/** What a split that wrote nothing says: why, what it cleaned up, and any file it could not. */
export function describeWriteFailure<T>(outcome: Exclude<SplitWriteOutcome<T>, { written: true }>, fileName: string, nameOf: (file: T) => string): string {
  if (outcome.reason === 'no-space') {
    return `not enough disk space: the files need ${megabytes(outcome.needed)}, ${megabytes(outcome.free)} is free. Nothing was written.`;
  }
  const why = outcome.diskFull ? 'the disk is full' : outcome.error instanceof Error ? outcome.error.message : 'VS Code did not apply the edit';
  const cleaned = [
    outcome.removed > 0 ? `removed the ${plural(outcome.removed, 'file')} it had begun` : '',
    outcome.restored > 0 ? `put back the ${plural(outcome.restored, 'file')} it had overwritten` : '',
  ].filter((part) => part !== '').join(' and ');
  const left = outcome.left.length === 0 ? '' : ` Could not remove or put back: ${outcome.left.slice(0, 3).map(nameOf).join(', ')}${outcome.left.length > 3 ? ` and ${outcome.left.length - 3} more` : ''}.`;
  return `writing the files failed (${why})${cleaned === '' ? '' : `; ${cleaned}`}. ${fileName} is unchanged.${left}`;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function megabytes(bytes: number): string {
  return `${formatMegabytes(bytes)} MB`;
}
