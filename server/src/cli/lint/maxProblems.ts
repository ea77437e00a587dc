/** `--max-problems N`: each file's report cut to N problems chosen as the editor chooses its 1,000 (the first of every
 * rule, then by severity, in document order), and one too-many-problems notice that says what was cut and how many of
 * each rule. The cut problems are counted in `omitted`: summaries, JSON counts and the exit code stay exact. */
import { capList, TOO_MANY_PROBLEMS } from '../../language/languageService';
import type { FileResult, LintProblem } from '../../node/lintResults';

export function capResults(results: readonly FileResult[], max: number): FileResult[] {
  return results.map((result) => (result.problems.length <= max ? result : capResult(result, max)));
}

function capResult(result: FileResult, max: number): FileResult {
  const { problems } = result;
  const { kept, summary } = capList(problems, max, { limitName: '--max-problems', summaryBeyond: true });
  const shown: LintProblem[] = kept.map((k) => problems[k]);
  const omitted = { error: 0, warning: 0, information: 0, hint: 0 };
  const isKept = new Set(kept);
  problems.forEach((p, k) => {
    if (!isKept.has(k)) omitted[p.severity]++;
  });
  if (summary !== undefined) {
    // On the first problem left out, among the kept ones in line order.
    const at = problems[summary.at];
    const notice: LintProblem = {
      rule: TOO_MANY_PROBLEMS, severity: 'information', message: summary.message,
      line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn,
    };
    const before = kept.findIndex((k) => k > summary.at);
    shown.splice(before < 0 ? shown.length : before, 0, notice);
  }
  return { ...result, problems: shown, omitted };
}
