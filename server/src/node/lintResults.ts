/** What sitemap-lint reports of each file: its formats print it, and Check Site's child process sends it to the server. */
import type { Problem, Severity } from '../language/languageService';

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
}
