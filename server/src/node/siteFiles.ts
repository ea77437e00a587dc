/** Which files on disk are part of a site, as `sitemap-lint` and the editor find them: documentLanguage.ts decides on
 * their first bytes, read here (gunzipped when they start with gzip's magic bytes, whatever the name). */
import * as path from 'node:path';
import { SNIFF_LENGTH } from '../../../shared/contentDetection';
import { isSiteFile as isSiteFileNamed } from '../../../shared/documentLanguage';
import { inflateHead, readHead } from './files';
import { sniffedText } from '../../../shared/fileEncoding';

/** Whether the file `name` (its base name) at `file` is a robots.txt, or a sitemap by name or by its first bytes. */
export function isSiteFile(file: string, name: string): boolean {
  return isSiteFileNamed(name, () => readHeadText(file));
}

/** The first bytes read to tell a site file by its content. */
export const HEAD_BYTES = SNIFF_LENGTH * 4;

/** The first characters of a file, gunzipped when it is gzip; undefined when unreadable. */
function readHeadText(file: string): string | undefined {
  return headText(readHead(file, HEAD_BYTES));
}

/** The bytes a file's first {@link HEAD_BYTES} give (gzip inflated as far as they go) as the text a site file is told by;
 * undefined when there are none or they are corrupt gzip. */
export function headText(head: Buffer | undefined): string | undefined {
  const bytes = head === undefined ? undefined : inflateHead(head, 1 << 20);
  if (bytes === undefined) return undefined;
  // A UTF-16 sitemap is found by its root as a UTF-8 one is (and then reported as UTF-16: shared/fileEncoding.ts).
  return sniffedText(bytes).slice(0, SNIFF_LENGTH);
}
