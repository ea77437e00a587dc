/** `--format json`: one element per file linted (clean ones too): its problems with 1-based lines and columns and the URL
 * of the entry each lies in (null outside every entry), and its exact counts by severity (those --max-problems cut included);
 * with a baseline, how many of its problems the baseline suppressed (not in `problems` nor `counts`) and how many it records are gone. */
import { severityCounts, type FileResult } from '../../node/lintResults';

export function formatJson(results: readonly FileResult[]): string {
  const files = results.map((r) => ({
    file: r.file,
    problems: r.problems.map((p) => ({
      rule: p.rule, severity: p.severity, message: p.message, line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn,
      url: p.url ?? null,
    })),
    counts: severityCounts([r]),
    ...(r.baseline === undefined ? {} : { baseline: { suppressed: r.baseline.suppressed.length, gone: r.baseline.gone } }),
  }));
  return `${JSON.stringify(files, null, 2)}\n`;
}
