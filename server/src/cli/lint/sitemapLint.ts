/** `sitemap-lint`: the editor's checks for CI, on files, folders and standard input. Exit 0 without errors (and warnings
 * within --max-warnings), 1 otherwise, 2 on bad usage (the error and the usage line on stderr) or with one line on stderr
 * on an I/O error. */
import { Failure, UsageError } from '../io/failure';
import { lintShard, mergeSummaries } from './lintShards';
import { pageRulesMayApply } from './lintPages';
import { lintOptions } from './lintSettings';
import { COMMAND, HELP, parseArgs, type LintArgs } from './lintArgs';
import { usageErrorText } from '../io/commandHelp';
import { collectInputs } from './lintInputs';
import { severityCounts, type FileResult, type LintProblem } from '../../node/lintResults';
import { lintFiles } from './lintFiles';
import { formatJson } from '../formats/json';
import { formatSarif } from '../formats/sarif';
import { formatStylish } from '../formats/stylish';
import { formatCsv } from '../formats/csv';
import { capResults } from './maxProblems';
import { baselineTotals, prepareBaseline, settleBaseline, type BaselineTotals } from './baseline/applyBaseline';
import { exitQuietlyOnClosedPipe } from '../io/closedPipe';
import { reportMaxRss } from '../io/reportRss';
import { exitWhenFlushed } from '../io/exitWhenFlushed';
import { asksVersion, VERSION } from '../io/version';
import type { LintOptions, LiveLintOptions } from './lintContract';
import { favourMemory, liveLintOptions } from './lintLive';
import { LiveProgressLine, LOG_LINE_MS, type ProgressCounts } from './liveProgress';
import { isUrlInput } from '../http/urlInput';
import { UrlSitemaps } from '../http/urlSitemaps';
import { inflateLimit } from '../../../../shared/protocolLimits';

async function main(argv: readonly string[]): Promise<number> {
  const cwd = process.cwd();
  let results: FileResult[];
  let args: LintArgs;
  let baselineFile: string | undefined;
  if (asksVersion(argv)) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  try {
    args = parseArgs(argv);
    if (args.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const prepared = prepareBaseline(args, cwd);
    results = await run(args, cwd);
    if (prepared !== undefined) {
      results = settleBaseline(prepared, results, cwd, note);
      baselineFile = prepared.file;
    }
  } catch (e) {
    progressLine?.stop();
    if (e instanceof UsageError) {
      process.stderr.write(usageErrorText(COMMAND, e.message));
      return 2;
    }
    if (e instanceof Failure) {
      process.stderr.write(`sitemap-lint: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  progressLine?.stop();
  if (args.quiet) results = results.map(onlyErrors);
  const code = report(args, results, cwd, baselineFile);
  // Ctrl+C during --live: the report of what was checked, and the shell's code for an interrupted command.
  return liveInterrupt?.signal.aborted === true ? 130 : code;
}

/** The report on stdout; the exit code it makes. */
function report(args: LintArgs, results: FileResult[], cwd: string, baselineFile: string | undefined): number {
  const baseline = baselineFile === undefined ? undefined : baselineTotals(baselineFile, results);
  if (args.maxProblems !== undefined) results = capResults(results, args.maxProblems);
  process.stdout.write(format(args, results, cwd, baseline));
  // Every problem counts, those --max-problems left out too; none the baseline records.
  const { error, warning } = severityCounts(results);
  return error > 0 || (args.maxWarnings !== undefined && warning > args.maxWarnings) ? 1 : 0;
}

/** The whole run, a shard's (its summary written), or a merge of summaries. */
async function run(args: LintArgs, cwd: string): Promise<FileResult[]> {
  const { siteRoots, ...options } = lintOptions(args, cwd, note);
  if (args.live) {
    favourMemory();
    options.live = liveOptions(args);
  }
  if (args.mergeSummaries) return mergeSummaries(args.inputs, options, args.partition);
  if (args.inputs.some(isUrlInput)) return runWithUrls(args, cwd, options);
  const inputs = collectInputs(args.inputs, cwd);
  if (args.shard === undefined) return lintFiles(inputs, options);
  return lintShard(inputs, args.shard, options, { file: args.summaryOut, pageFacts: pageRulesMayApply(options.settings, siteRoots) });
}

/** --live's progress line on stderr (liveProgress.ts), none with --quiet: set while the live check runs. */
let progressLine: LiveProgressLine | undefined;

/** Aborted by the first Ctrl+C (SIGINT) of a --live run; a second one ends the process at once. */
let liveInterrupt: AbortController | undefined;

function interruptLiveOnSigint(): AbortController {
  const controller = new AbortController();
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
  return controller;
}

function liveOptions(args: LintArgs): LiveLintOptions {
  liveInterrupt = interruptLiveOnSigint();
  if (!args.quiet) progressLine = new LiveProgressLine(process.stderr, progressInterval());
  const line = progressLine;
  return {
    ...liveLintOptions(args), signal: liveInterrupt.signal,
    ...(line !== undefined ? { onProgress: (counts: ProgressCounts) => line.update(counts) } : {}),
    ...(args.liveCache !== undefined ? { cacheFile: args.liveCache } : {}),
  };
}

/** A run with URL inputs (issue 34): the HTTP client loaded, the URLs read in their turn among the files. */
async function runWithUrls(args: LintArgs, cwd: string, options: LintOptions): Promise<FileResult[]> {
  const urls = new UrlSitemaps({
    insecure: args.insecure, userAgent: args.httpUserAgent, timeoutMs: args.timeoutSeconds * 1000, allowedHosts: options.settings.allowedHosts,
    maxBytes: inflateLimit(options.settings.limits.maxBytes), onNote: note,
  });
  try {
    const inputs = args.inputs.flatMap((name) => (isUrlInput(name) ? [urls.input(name)] : collectInputs([name], cwd)));
    return await lintFiles(inputs, { ...options, urls });
  } finally {
    await urls.close();
  }
}

function format(args: LintArgs, results: readonly FileResult[], cwd: string, baseline: BaselineTotals | undefined): string {
  if (args.format === 'json') return formatJson(results);
  if (args.format === 'sarif') return formatSarif(results, cwd, baseline);
  if (args.format === 'csv') return formatCsv(results);
  return formatStylish(results, process.stdout.isTTY === true && process.env.NO_COLOR === undefined, baseline);
}

/** --quiet: the errors, suppressed ones too (the baseline's gone count stays whole). */
function onlyErrors(result: FileResult): FileResult {
  const errors = (problems: readonly LintProblem[]) => problems.filter((p) => p.severity === 'error');
  return { ...result, problems: errors(result.problems), ...(result.baseline && { baseline: { ...result.baseline, suppressed: errors(result.baseline.suppressed) } }) };
}

/** The log line's interval: LOG_LINE_MS, or SITEMAP_LINT_PROGRESS_MS's (the tests'). */
function progressInterval(): number {
  const ms = Number(process.env.SITEMAP_LINT_PROGRESS_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : LOG_LINE_MS;
}

function note(text: string): void {
  progressLine?.interrupt();
  process.stderr.write(`sitemap-lint: note: ${text}\n`);
}

exitQuietlyOnClosedPipe();
void main(process.argv.slice(2)).then((code) => {
  reportMaxRss('sitemap-lint');
  exitWhenFlushed(code);
});
