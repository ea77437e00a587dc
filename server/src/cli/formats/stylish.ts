/** `--format stylish`: `file:line:col  severity  rule  message` (with the entry's URL when the message does not name it), a
 * blank line between files, then a summary line of the exact counts, and with a baseline what it suppressed and what of it is gone. */
import type { Severity } from '../../language/sitemapLanguageTypes';
import { severityCounts, type FileResult, type SeverityCounts } from '../../node/lintResults';
import { problemText } from './problemText';
import type { BaselineTotals } from '../lint/baseline/applyBaseline';

const COLOURS: Record<Severity, string> = { error: '31', warning: '33', information: '36', hint: '90' };

export function formatStylish(results: readonly FileResult[], colour: boolean, baseline?: BaselineTotals): string {
  const paint = (code: string, text: string): string => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const groups: string[] = [];
  for (const result of results) {
    if (result.problems.length === 0) continue;
    groups.push(result.problems.map((p) => {
      const where = `${result.file}:${p.line}:${p.column}`;
      return `${paint('1', where)}  ${paint(COLOURS[p.severity], p.severity)}  ${p.rule}  ${problemText(p).replace(/\s*[\r\n]+\s*/g, ' ')}`;
    }).join('\n'));
  }
  const against = baseline === undefined ? '' : `${baseline.file}: ${plural(baseline.suppressed, 'problem')} suppressed, ${plural(baseline.gone, 'recorded problem')} gone\n`;
  return `${groups.map((g) => `${g}\n\n`).join('')}${summary(severityCounts(results), results.length, paint)}\n${against}`;
}

function summary(counts: SeverityCounts, files: number, paint: (code: string, text: string) => string): string {
  const total = counts.error + counts.warning + counts.information + counts.hint;
  const filesText = `${files} ${files === 1 ? 'file' : 'files'}`;
  if (total === 0) return paint('32', `✔ no problems (${filesText})`);
  const parts = [plural(counts.error, 'error'), plural(counts.warning, 'warning')];
  if (counts.information > 0) parts.push(`${counts.information} information`);
  if (counts.hint > 0) parts.push(plural(counts.hint, 'hint'));
  return paint(counts.error > 0 ? '31;1' : '33;1', `✖ ${plural(total, 'problem')} (${parts.join(', ')}) in ${filesText}`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
