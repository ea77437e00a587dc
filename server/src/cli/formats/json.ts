/** `--format json`: one element per file linted (clean ones too), problems with 1-based lines and columns. */
import type { FileResult } from '../../node/lintResults';

export function formatJson(results: readonly FileResult[]): string {
  const files = results.map((r) => ({
    file: r.file,
    problems: r.problems.map((p) => ({
      rule: p.rule, severity: p.severity, message: p.message, line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn,
    })),
  }));
  return `${JSON.stringify(files, null, 2)}\n`;
}
