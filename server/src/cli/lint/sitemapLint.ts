/** `sitemap-lint`: the editor's checks for CI, on files, folders and standard input. Exit 0 without errors (and warnings
 * within --max-warnings), 1 otherwise, 2 with one line on stderr on bad usage or an I/O error. */
import { Failure } from '../io/failure';
import { lintSettings } from './lintSettings';
import { parseArgs, USAGE, UsageError, type LintArgs } from './lintArgs';
import { collectInputs } from './lintInputs';
import type { FileResult } from '../../node/lintResults';
import { lintFiles } from './lintFiles';
import { SiteContext } from './siteContext';
import { formatJson } from '../formats/json';
import { formatSarif } from '../formats/sarif';
import { formatStylish } from '../formats/stylish';
import { exitQuietlyOnClosedPipe } from '../io/closedPipe';
import { reportMaxRss } from '../io/reportRss';
import { exitWhenFlushed } from '../io/exitWhenFlushed';
import { asksVersion, VERSION } from '../io/version';

async function main(argv: readonly string[]): Promise<number> {
  const cwd = process.cwd();
  let results: FileResult[];
  let args: LintArgs;
  if (asksVersion(argv)) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  try {
    args = parseArgs(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const { settings, siteRoots } = lintSettings(args, cwd);
    const inputs = collectInputs(args.inputs, cwd);
    results = await lintFiles(inputs, {
      settings, site: new SiteContext(siteRoots, cwd), follow: args.follow, cwd, now: Date.now(),
      // The user ran it: git is trusted. Notes never change the exit code.
      pageRules: { git: true }, onNote: (text) => process.stderr.write(`sitemap-lint: note: ${text}\n`),
    });
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`sitemap-lint: ${e.message} (sitemap-lint --help for the usage)\n`);
      return 2;
    }
    if (e instanceof Failure) {
      process.stderr.write(`sitemap-lint: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (args.quiet) results = results.map((r) => ({ file: r.file, problems: r.problems.filter((p) => p.severity === 'error') }));
  process.stdout.write(format(args, results, cwd));
  const problems = results.flatMap((r) => r.problems);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  return errors > 0 || (args.maxWarnings !== undefined && warnings > args.maxWarnings) ? 1 : 0;
}

function format(args: LintArgs, results: readonly FileResult[], cwd: string): string {
  if (args.format === 'json') return formatJson(results);
  if (args.format === 'sarif') return formatSarif(results, cwd);
  return formatStylish(results, process.stdout.isTTY === true && process.env.NO_COLOR === undefined);
}

exitQuietlyOnClosedPipe();
void main(process.argv.slice(2)).then((code) => {
  reportMaxRss('sitemap-lint');
  exitWhenFlushed(code);
});
