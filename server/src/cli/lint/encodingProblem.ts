/** The one problem a file that is not UTF-8 gets (node/fileEncoding.ts), at its start, with `encoding`'s severity; and
 * the declaration's own "not UTF-16", which it makes redundant. */
import { severityOf, type SitemapSettings } from '../../language/languageService';
import { encodingMessage, type FileEncoding } from '../../node/fileEncoding';
import type { LintProblem } from '../../node/lintResults';

export function encodingProblem(encoding: FileEncoding | undefined, settings: SitemapSettings): LintProblem | undefined {
  const message = encoding === undefined ? undefined : encodingMessage(encoding);
  const severity = severityOf('encoding', settings);
  if (message === undefined || severity === undefined) return undefined;
  return { rule: 'encoding', severity, message, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** Whether `d` is the XML declaration's `encoding="UTF-16"` of a file already reported as UTF-16 (`text` holds its start). */
export function repeatsUtf16(encoding: FileEncoding | undefined, d: { rule: string; start: number; end: number }, text: string): boolean {
  return (encoding?.kind === 'utf-16le' || encoding?.kind === 'utf-16be') && d.rule === 'encoding' && /^utf-?16/i.test(text.slice(d.start, d.end));
}
