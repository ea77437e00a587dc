/** What sitemap-lint reports of each file: its formats print it, and Check Site's child process sends it to the server. */
import { TOO_MANY_PROBLEMS, type Problem, type Severity } from '../language/languageService';

/** Lines and columns 1-based; columns count UTF-16 code units, as the editor (LSP) and SARIF do. */
export interface LintProblem {
  rule: Problem['rule'];
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Other places the problem refers to (a cross-file duplicate's first listing). */
  related?: LintRelated[];
  /** The URL of the sitemap entry the problem lies in (`<url>`, `<sitemap>`, a text sitemap's line); absent for the others. */
  url?: string;
}

export interface LintRelated {
  /** As in FileResult.file. */
  file: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface FileResult {
  file: string;
  problems: LintProblem[];
  /** The problems `--max-problems` left out of `problems`, by severity (one too-many-problems notice says which). */
  omitted?: SeverityCounts;
  /** With a baseline (cli/lint/baseline/): the problems it matched, left out of `problems` and of every count, and how many
   * of its entries for this file no longer occur. */
  baseline?: { suppressed: LintProblem[]; gone: number };
}

export type SeverityCounts = Record<Severity, number>;

/**
 * The problems of the results by severity, exactly: those left out by `--max-problems` included, its notices not
 * (they are no problem of the file). What summaries, exit codes and the Action's outputs count.
 */
export function severityCounts(results: readonly FileResult[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const result of results) {
    for (const p of result.problems) if (p.rule !== TOO_MANY_PROBLEMS) counts[p.severity]++;
    if (result.omitted !== undefined) for (const severity of SEVERITIES) counts[severity] += result.omitted[severity];
  }
  return counts;
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];
