/** The GitHub Action (action.yml, dist/action.js): sitemap-lint's engine on the `path` inputs, an annotation per problem
 * within GitHub's limits, the job summary, the outputs, the SARIF file, sitemap-diff against `base`; with `baseline`, only
 * the problems it does not record are annotated and counted; exit 1 by `fail-on`,
 * or with one `::error::` line on a bad input. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FileResult } from '../../node/lintResults';
import { formatDiffStylish } from '../../node/diff/diffFormats';
import { formatSarif } from '../formats/sarif';
import { formatStylish } from '../formats/stylish';
import { exitWhenFlushed } from '../io/exitWhenFlushed';
import { Failure, UsageError } from '../io/failure';
import { readInputs, type ActionInputs } from './actionInputs';
import { lintPaths, relativeToWorkspace } from './actionLint';
import { annotate, ANNOTATIONS_PER_STEP, countLevels, type LevelCounts } from './annotations';
import { diffAgainstBase, type BaseDiff } from './baseDiff';
import { baselineText, jobSummary, plural } from './jobSummary';
import type { BaselineTotals } from '../lint/baseline/applyBaseline';
import { appendSummary, writeOutputs } from './runnerFiles';
import { annotation, group } from './workflowCommands';
import { reasonOf, withCause } from '../../../../shared/causes';

async function main(): Promise<number> {
  const cwd = process.cwd();
  const workspace = process.env.GITHUB_WORKSPACE || cwd;
  try {
    return await run(readInputs(cwd), cwd, path.resolve(workspace));
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof Failure)) throw e;
    print([annotation('error', `sitemap-lint: ${e.message}`)]);
    return 1;
  }
}

/** The phases: lint, SARIF, diff, log and annotations, summary, outputs, verdict. */
async function run(inputs: ActionInputs, cwd: string, workspace: string): Promise<number> {
  const notes: string[] = [];
  const lint = await lintPaths(inputs, cwd, (text) => notes.push(text));
  const results = relativeToWorkspace(lint.results, cwd, workspace);
  const sarif = inputs.sarif === undefined ? undefined : writeSarif(results, path.resolve(cwd, inputs.sarif), workspace, lint.baseline);
  const diff = inputs.base === undefined ? undefined : await diffAgainstBase(inputs.base, lint.files, inputs.paths, lint.siteRoots, cwd);
  const counts = countLevels(results);
  const failed = inputs.failOn === 'error' ? counts.error > 0 : inputs.failOn === 'warning' ? counts.error + counts.warning > 0 : false;
  print([
    group(`sitemap-lint: ${plural(results.length, 'file')}`, formatStylish(results, false)),
    ...notes.map((text) => `sitemap-lint: note: ${text}`),
    ...(diff?.kind === 'diff' ? [group(`sitemap-diff against ${diff.base}`, formatDiffStylish(diff.diff, false))] : []),
    ...annotationLines(results, diff, sarif),
    `sitemap-lint: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')}: `
      + `${failed ? 'failing' : 'passing'} (fail-on: ${inputs.failOn})`,
    ...(lint.baseline === undefined ? [] : [`sitemap-lint: ${baselineText(lint.baseline)}`]),
  ]);
  appendSummary(jobSummary({ results, failOn: inputs.failOn, failed, sarif, diff, baseline: lint.baseline }));
  writeOutputs({
    errors: String(counts.error),
    warnings: String(counts.warning),
    ...(diff?.kind === 'diff' ? { added: String(diff.diff.counts.added), removed: String(diff.diff.counts.removed) } : {}),
    ...(lint.baseline === undefined ? {} : { suppressed: String(lint.baseline.suppressed), gone: String(lint.baseline.gone) }),
  });
  return failed ? 1 : 0;
}

/** The annotations (the diff's skip first among the warnings), then a line on what GitHub would not show. */
function annotationLines(results: readonly FileResult[], diff: BaseDiff | undefined, sarif: string | undefined): string[] {
  const skip = diff?.kind === 'skipped' ? [annotation('warning', diff.reason, 'sitemap-diff')] : [];
  const room: LevelCounts = { error: ANNOTATIONS_PER_STEP, warning: ANNOTATIONS_PER_STEP - skip.length, notice: ANNOTATIONS_PER_STEP };
  const { lines, leftOut } = annotate(results, room);
  const errors = lines.filter((line) => line.startsWith('::error'));
  const rest = lines.slice(errors.length);
  const left = leftOut.error + leftOut.warning + leftOut.notice;
  if (left === 0) return [...errors, ...skip, ...rest];
  const where = `the report above${sarif === undefined ? '' : ` and in ${sarif} (SARIF, for code scanning)`}, and the job summary lists them by file`;
  const detail = `${leftOut.error} errors, ${leftOut.warning} warnings, ${leftOut.notice} notices`;
  return [...errors, ...skip, ...rest,
    `sitemap-lint: ${plural(left, 'problem')} not annotated (${detail}): GitHub shows ${ANNOTATIONS_PER_STEP} annotations of each kind per step; every problem is in ${where}`];
}

/** Writes the SARIF log; its name relative to the workspace, for the summary. */
function writeSarif(results: readonly FileResult[], file: string, workspace: string, baseline: BaselineTotals | undefined): string {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, formatSarif(results, workspace, baseline));
  } catch (e) {
    throw new Failure(withCause(`sarif: cannot write ${file}`, reasonOf(e)));
  }
  const relative = path.relative(workspace, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

function print(lines: readonly string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

void main().then(exitWhenFlushed, (e: unknown) => {
  // A bug, not an input: one annotation, the stack in the log.
  print([annotation('error', `sitemap-lint action failed: ${(e as Error).message ?? String(e)}`)]);
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  exitWhenFlushed(1);
});
