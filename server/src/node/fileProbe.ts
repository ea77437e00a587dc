/**
 * Probes of names that come from inputs: an index's `<loc>`, a robots.txt `Sitemap:` line, a command-line argument.
 * Such a name can be longer than the file system allows (a 300-byte slug: ENAMETOOLONG), pass through a file as if it
 * were a folder (ENOTDIR), loop through symbolic links (ELOOP) or be no name at all (EINVAL, a NUL byte): each is "no
 * file there", never an exception. `fs.statSync(…, { throwIfNoEntry: false })` spares ENOENT alone (issue 35).
 */
import * as fs from 'node:fs';

/** The file system's facts on `file` (symbolic links followed), or undefined when there is nothing it can stat. */
export function statOnDisk(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether a regular file is at `file`. */
export function isFileOnDisk(file: string): boolean {
  return statOnDisk(file)?.isFile() === true;
}

/** Whether a folder is at `file`. */
export function isFolderOnDisk(file: string): boolean {
  return statOnDisk(file)?.isDirectory() === true;
}

/**
 * `file`'s facts, or why it cannot be statted in a few words for a one-line error naming the input ("no such file or
 * folder", "file name too long"…).
 */
export function probeOnDisk(file: string): { stat: fs.Stats } | { reason: string } {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat === undefined ? { reason: 'no such file or folder' } : { stat };
  } catch (e) {
    return { reason: REASONS[(e as NodeJS.ErrnoException).code ?? ''] ?? 'cannot be read' };
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENAMETOOLONG: 'file name too long',
  ENOTDIR: 'no such file or folder (a part of its path is a file)',
  ELOOP: 'too many levels of symbolic links',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ERR_INVALID_ARG_VALUE: 'not a file name (it holds a NUL character)',
  ERR_INVALID_ARG_TYPE: 'not a file name',
  EINVAL: 'not a file name',
};
