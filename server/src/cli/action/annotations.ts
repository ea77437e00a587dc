/** The problems as annotations, within what GitHub shows of a step (10 errors, 10 warnings, 10 notices; 50 a job):
 * errors first, then warnings, then notices, each by file in report order and by position; the rest counted. */
import type { Severity } from '../../language/languageService';
import { severityCounts, type FileResult, type LintProblem } from '../../node/lintResults';
import { annotation, type AnnotationLevel } from './workflowCommands';
import { problemText } from '../formats/problemText';

export const LEVELS: readonly AnnotationLevel[] = ['error', 'warning', 'notice'];
/** Annotations of each level GitHub keeps per step (the runner's `_maxIssueCount`); the rest it only counts. */
export const ANNOTATIONS_PER_STEP = 10;

const LEVEL_OF: Record<Severity, AnnotationLevel> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

export type LevelCounts = Record<AnnotationLevel, number>;

export interface Annotations {
  lines: string[];
  leftOut: LevelCounts;
}

/** `room`: how many of each level may still be shown in this step. */
export function annotate(results: readonly FileResult[], room: LevelCounts): Annotations {
  const lines: string[] = [];
  const leftOut: LevelCounts = { error: 0, warning: 0, notice: 0 };
  const shown: LevelCounts = { error: 0, warning: 0, notice: 0 };
  for (const level of LEVELS) {
    for (const { file, problems } of results) {
      for (const p of inPositionOrder(problems)) {
        if (LEVEL_OF[p.severity] !== level) continue;
        if (shown[level] === room[level]) {
          leftOut[level]++;
          continue;
        }
        shown[level]++;
        lines.push(annotation(level, problemText(p), p.rule, { file, line: p.line, col: p.column, endLine: p.endLine, endColumn: p.endColumn }));
      }
    }
  }
  return { lines, leftOut };
}

/** Problems of each level, as annotations count them: every one (severityCounts). */
export function countLevels(results: readonly FileResult[]): LevelCounts {
  const counts = severityCounts(results);
  return { error: counts.error, warning: counts.warning, notice: counts.information + counts.hint };
}

function inPositionOrder(problems: readonly LintProblem[]): LintProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}
