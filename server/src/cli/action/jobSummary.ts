/** The job summary's markdown: the totals, a table of files with their counts, the diff against `base`, then each file's
 * problems, capped per file and by size (GitHub refuses a step summary over 1 MiB), saying what it left out and where. */
import { ruleLink } from '../../language/languageService';
import type { FileResult, LintProblem } from '../../node/lintResults';
import { formatDiffMarkdown } from '../../node/diff/diffFormats';
import type { FailOn } from './actionInputs';
import { countLevels, type LevelCounts } from './annotations';
import type { BaseDiff } from './baseDiff';
import type { BaselineTotals } from '../lint/baseline/applyBaseline';

/** Bytes of summary, under GitHub's 1 MiB with room for other steps' markdown in the job. */
export const SUMMARY_BUDGET = 768 * 1024;
/** Rows of the files table, and of one file's problems table. */
const FILES_LISTED = 1000;
const PROBLEMS_PER_FILE = 50;

export interface SummaryFacts {
  results: readonly FileResult[];
  failOn: FailOn;
  failed: boolean;
  /** The SARIF file written, relative to the workspace. */
  sarif: string | undefined;
  diff: BaseDiff | undefined;
  baseline: BaselineTotals | undefined;
}

export function jobSummary(facts: SummaryFacts): string {
  const counts = countLevels(facts.results);
  const head = [
    '## Sitemap lint', '',
    `**${countsText(counts)}** in ${plural(facts.results.length, 'file')}: ${facts.failed ? 'failed' : 'passed'} (\`fail-on: ${facts.failOn}\`)`, '',
    ...(facts.baseline === undefined ? [] : [cell(baselineText(facts.baseline)), '']),
    ...filesTable(facts.results), '',
    ...(facts.diff === undefined ? [] : diffSection(facts.diff)),
  ].join('\n');
  const where = facts.sarif === undefined ? 'the step\'s log' : `the step's log and in \`${facts.sarif}\` (SARIF, for code scanning)`;
  let text = `${head}\n`;
  let listed = 0;
  let total = 0;
  let full = false;
  for (const result of facts.results) {
    total += result.problems.length;
    if (result.problems.length === 0 || full) continue;
    const section = problemsSection(result);
    // Files in report order: once one does not fit, none after it is listed (the summary is not a sample).
    full = Buffer.byteLength(text) + Buffer.byteLength(section) > SUMMARY_BUDGET;
    if (full) continue;
    text += section;
    listed += Math.min(result.problems.length, PROBLEMS_PER_FILE);
  }
  if (listed < total) text += `\n_${plural(total - listed, 'problem')} not listed here: every problem is in ${where}._\n`;
  return text;
}

function filesTable(results: readonly FileResult[]): string[] {
  const rows = results.slice(0, FILES_LISTED).map((r) => {
    const c = countLevels([r]);
    return `| ${cell(code(r.file))} | ${c.error} | ${c.warning} | ${c.notice} |`;
  });
  const more = results.length > FILES_LISTED ? ['', `… ${plural(results.length - FILES_LISTED, 'more file')}`] : [];
  return ['| File | Errors | Warnings | Notices |', '| --- | ---: | ---: | ---: |', ...rows, ...more];
}

function problemsSection(result: FileResult): string {
  const problems = [...result.problems].sort((a, b) => a.line - b.line || a.column - b.column);
  const rows = problems.slice(0, PROBLEMS_PER_FILE).map(problemRow);
  const more = problems.length > PROBLEMS_PER_FILE ? ['', `… ${plural(problems.length - PROBLEMS_PER_FILE, 'more problem')} in this file`] : [];
  return ['', `### ${cell(code(result.file))}`, '', '| Line:Col | Severity | Rule | Message |', '| ---: | --- | --- | --- |', ...rows, ...more, ''].join('\n');
}

function problemRow(p: LintProblem): string {
  return `| ${p.line}:${p.column} | ${p.severity} | [${code(p.rule)}](${ruleLink(p.rule)}) | ${cell(p.message)} |`;
}

function diffSection(diff: BaseDiff): string[] {
  if (diff.kind === 'skipped') return ['### Sitemap diff', '', `_${cell(diff.reason)}_`, ''];
  const against = `Against ${code(diff.base)} (${code(diff.commit.slice(0, 12))})`;
  const absent = diff.newPaths.length === 0 ? '' : `; not there at that revision: ${diff.newPaths.map(code).join(', ')}`;
  return [formatDiffMarkdown(diff.diff, false).replace(/\n/, `\n\n${against}${absent}.\n`), ''];
}

function countsText(counts: LevelCounts): string {
  return `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.notice, 'notice')}`;
}

/** What the baseline did: the problems it suppressed (counted nowhere else) and its recorded problems gone. */
export function baselineText(baseline: BaselineTotals): string {
  return `baseline ${baseline.file}: ${plural(baseline.suppressed, 'problem')} suppressed, ${plural(baseline.gone, 'recorded problem')} gone`;
}

export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** Text for a table cell: one line, no cell break, no HTML. */
function cell(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/** Inline code that a backtick cannot end early. */
function code(text: string): string {
  return `\`${text.replace(/`/g, '%60')}\``;
}
