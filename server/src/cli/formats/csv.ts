/** `--format csv`: one row per problem (file, line, column, severity, rule, url, message), a header row first, as RFC 4180
 * writes it: CRLF after every row, a field holding a comma, a double quote, CR or LF quoted, its quotes doubled; `url`
 * empty for a problem outside every entry. What spreadsheets and SEO tools open. */
import type { FileResult } from '../../node/lintResults';

const HEADER = ['file', 'line', 'column', 'severity', 'rule', 'url', 'message'];

export function formatCsv(results: readonly FileResult[]): string {
  const rows = [HEADER];
  for (const r of results) {
    for (const p of r.problems) rows.push([r.file, String(p.line), String(p.column), p.severity, p.rule, p.url ?? '', p.message]);
  }
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** RFC 4180 §2.6–2.7. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
