/** The web build's `node/files.ts` (build.mjs, webPlatform): the same synchronous look-ups, answered from the files the
 * client has read for the worker (fileMirror.ts); a file not read yet is missing until it comes, then re-checked. */
import { isGzip, sniffedText } from '../../../../shared/fileEncoding';
import { fileMirror } from '../fileMirror';
import { SNIFF_LENGTH, sniffSitemapRoot } from '../../../../shared/contentDetection';

/** robots.txt files are small; Google reads at most 500 KiB. */
export const MAX_ROBOTS_BYTES = 512 * 1024;

export interface FileStamp {
  mtimeMs: number;
  size: number;
}

export function stampOf(fsPath: string): FileStamp | undefined {
  const file = fileMirror.get(fsPath, 0);
  return file === undefined ? undefined : { mtimeMs: file.mtimeMs, size: file.size };
}

/** The worker cannot ask synchronously: a path of no watched name that came is taken as a folder (the lists are read again). */
export function isFolder(_fsPath: string): boolean {
  return true;
}

/** The file's first bytes, already gunzipped when they were gzip (the mirror inflates them as it reads). */
export function readHead(fsPath: string, maxBytes: number): Uint8Array | undefined {
  return fileMirror.get(fsPath, maxBytes)?.head.subarray(0, maxBytes);
}

export function readHeadText(fsPath: string, maxBytes: number): string | undefined {
  const head = readHead(fsPath, maxBytes);
  return head === undefined ? undefined : decodeFileText(head);
}

// gzip's magic bytes, told as node/files.ts tells them.
export { isGzip };

/** Heads from {@link readHead} are inflated already; one still gzip is a corrupt stream. */
export function inflateHead(head: Uint8Array, _maxBytes: number): Uint8Array | undefined {
  return isGzip(head) ? undefined : head;
}

/** As node/files.ts: as its first bytes say (shared/fileEncoding.ts), without a byte-order mark. */
export function decodeFileText(bytes: Uint8Array): string {
  return sniffedText(bytes);
}

/** Whole files are not read here (the listing indexes run in the Node server; Merge reads through clientFiles.ts). */
export function readMaybeGzip(_fsPath: string, _maxBytes?: number): Uint8Array | undefined {
  return undefined;
}

/** As node/files.ts: the text of a file whose first bytes start a `<sitemapindex>`, read whole (to `maxBytes`) through the mirror. */
export function readIndexText(fsPath: string, maxBytes: number): string | undefined {
  const head = readHead(fsPath, SNIFF_LENGTH * 4);
  if (head === undefined || sniffSitemapRoot(decodeFileText(head).slice(0, SNIFF_LENGTH)) !== 'sitemapindex') return undefined;
  const file = fileMirror.get(fsPath, maxBytes);
  return file === undefined || file.broken === true || file.inflatedPast === true ? undefined : decodeFileText(file.head);
}
