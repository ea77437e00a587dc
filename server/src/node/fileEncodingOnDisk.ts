/** Whether an open document's file is UTF-16, as its first bytes say: the editor decodes UTF-16 and drops the mark
 * before the server sees the text, which then declares utf-8 cleanly (the W3C suite's hst-lhs-008, issue 33). Four
 * bytes at most are read: a byte-order mark, or `<` and an ASCII character in two bytes each. */
import * as fs from 'node:fs/promises';
import { sniffEncoding, type FileEncoding } from '../../../shared/fileEncoding';

export const ENCODING_HEAD_BYTES = 4;

/** The file's UTF-16 encoding; undefined for any other, or when it cannot be read. */
export async function readUtf16Encoding(fsPath: string): Promise<FileEncoding | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(fsPath, 'r');
    const head = Buffer.alloc(ENCODING_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, ENCODING_HEAD_BYTES, 0);
    const encoding = sniffEncoding(head.subarray(0, bytesRead));
    return encoding.kind === 'utf-16le' || encoding.kind === 'utf-16be' ? encoding : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
