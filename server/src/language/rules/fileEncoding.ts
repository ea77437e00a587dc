/** The `encoding` problem of a file that is not UTF-8 (shared/fileEncoding.ts sniffs it): one at its start, and the
 * declaration's own `encoding="UTF-16"`, which that one makes redundant. */
import type { FileEncoding } from '../../../../shared/fileEncoding';
import type { Problem } from './catalogue';

/** The one problem at the file's start; undefined for UTF-8. */
export function fileEncodingProblem(encoding: FileEncoding): Problem | undefined {
  const message = encodingMessage(encoding);
  return message === undefined ? undefined : { rule: 'encoding', start: 0, end: 0, message };
}

function encodingMessage(encoding: FileEncoding): string | undefined {
  switch (encoding.kind) {
    case 'utf-8':
      return undefined;
    case 'binary':
      return encoding.gzip
        ? 'Not a UTF-8 text file: it starts like a gzip file (bytes 1f 8b) but does not decompress. A compressed sitemap is named .gz; this one may be truncated.'
        : 'Not a UTF-8 text file: the file holds binary data, not a sitemap.';
    default:
      return `Sitemaps must be UTF-8, not UTF-16 (${encoding.kind === 'utf-16le' ? 'little' : 'big'}-endian, ${encoding.bom ? 'with' : 'without'} a byte-order mark): the rest of this report is about the decoded text.`;
  }
}

/** Whether `d` is the XML declaration's `encoding="UTF-16"` of a file already reported as UTF-16 (`text` holds its start). */
export function repeatsUtf16(encoding: FileEncoding | undefined, d: { rule: string; start: number; end: number }, text: string): boolean {
  return (encoding?.kind === 'utf-16le' || encoding?.kind === 'utf-16be') && d.rule === 'encoding' && /^utf-?16/i.test(text.slice(d.start, d.end));
}
