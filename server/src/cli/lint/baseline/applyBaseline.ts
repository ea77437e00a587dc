/** Baselines around a run, as ESLint's bulk suppressions: `--write-baseline FILE` records every problem the rules report
 * (before --quiet and --max-problems, which shape the report only), `--baseline FILE` leaves out the problems it records
 * — counted, so that 3 recorded and 4 now leave 1, the last in the file — and counts its entries for the linted files
 * that no longer occur (gone, or fixed). Both are read or checked before the lint, so that a bad file costs no lint. */
import * as path from 'node:path';
import { TOO_MANY_PROBLEMS } from '../../../language/languageService';
import type { FileResult, LintProblem } from '../../../node/lintResults';
import { checkWritable, readBaseline, serializeBaseline, writeBaselineFile, type Baseline } from './baselineFile';
import { fileKey, problemKeys } from './baselineKeys';

export interface BaselineOptions {
  /** The file to report against. */
  baseline: string | undefined;
  /** The file to record today's problems in (then reported against). */
  writeBaseline: string | undefined;
  force: boolean;
}

/** A baseline ready for the run's results: read, or its target checked. */
export interface PreparedBaseline {
  file: string;
  read: Baseline | undefined;
  write: boolean;
  force: boolean;
}

/** What the formats say of a baseline: its name and the totals. */
export interface BaselineTotals {
  file: string;
  suppressed: number;
  gone: number;
}

export function prepareBaseline(options: BaselineOptions, cwd: string): PreparedBaseline | undefined {
  if (options.writeBaseline !== undefined) {
    checkWritable(options.writeBaseline, cwd, options.force);
    return { file: options.writeBaseline, read: undefined, write: true, force: options.force };
  }
  if (options.baseline === undefined) return undefined;
  return { file: options.baseline, read: readBaseline(options.baseline, cwd), write: false, force: false };
}

/** The results against the baseline (recorded first when asked, `onNote` told what was written). */
export function settleBaseline(prepared: PreparedBaseline, results: readonly FileResult[], cwd: string, onNote: (text: string) => void): FileResult[] {
  const dir = path.dirname(path.resolve(cwd, prepared.file));
  let baseline = prepared.read;
  if (prepared.write) {
    baseline = recordBaseline(results, cwd, dir);
    writeBaselineFile(prepared.file, cwd, serializeBaseline(baseline), prepared.force);
    const files = [...baseline.values()].filter((entries) => entries.size > 0).length;
    onNote(`${prepared.file}: recorded ${plural(problemCount(results), 'problem')} of ${plural(files, 'file')}`);
  }
  return results.map((result) => suppressIn(result, baseline!.get(fileKey(result.file, cwd, dir)), cwd));
}

export function baselineTotals(file: string, results: readonly FileResult[]): BaselineTotals {
  let suppressed = 0;
  let gone = 0;
  for (const r of results) {
    suppressed += r.baseline?.suppressed.length ?? 0;
    gone += r.baseline?.gone ?? 0;
  }
  return { file, suppressed, gone };
}

function recordBaseline(results: readonly FileResult[], cwd: string, dir: string): Baseline {
  const baseline: Baseline = new Map();
  for (const result of results) {
    const problems = result.problems.filter((p) => p.rule !== TOO_MANY_PROBLEMS);
    if (problems.length === 0) continue;
    const entries = new Map<string, number>();
    for (const key of problemKeys(result, problems, cwd)) entries.set(key, (entries.get(key) ?? 0) + 1);
    baseline.set(fileKey(result.file, cwd, dir), entries);
  }
  return baseline;
}

/** The file's problems without those `recorded` counts (in file order: the first ones match), and its entries gone. */
function suppressIn(result: FileResult, recorded: ReadonlyMap<string, number> | undefined, cwd: string): FileResult {
  if (recorded === undefined) return { ...result, baseline: { suppressed: [], gone: 0 } };
  const left = new Map(recorded);
  const keys = problemKeys(result, result.problems, cwd);
  const kept: LintProblem[] = [];
  const suppressed: LintProblem[] = [];
  result.problems.forEach((p, k) => {
    const count = left.get(keys[k]) ?? 0;
    if (count === 0 || p.rule === TOO_MANY_PROBLEMS) {
      kept.push(p);
      return;
    }
    left.set(keys[k], count - 1);
    suppressed.push(p);
  });
  let gone = 0;
  for (const count of left.values()) gone += count;
  return { ...result, problems: kept, baseline: { suppressed, gone } };
}

function problemCount(results: readonly FileResult[]): number {
  return results.reduce((sum, r) => sum + r.problems.filter((p) => p.rule !== TOO_MANY_PROBLEMS).length, 0);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
