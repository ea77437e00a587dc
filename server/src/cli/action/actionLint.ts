/** sitemap-lint's engine in the action's process, fed the inputs as sitemap-lint's own options (the same defaults, the
 * same reading of --site-root and --config), and the report's paths made relative to the workspace. */
import * as path from 'node:path';
import type { FileResult, LintProblem } from '../../node/lintResults';
import { parseArgs } from '../lint/lintArgs';
import { lintFiles } from '../lint/lintFiles';
import { collectInputs } from '../lint/lintInputs';
import { lintOptions } from '../lint/lintSettings';
import { favourMemory, liveLintOptions } from '../lint/lintLive';
import type { ActionInputs } from './actionInputs';
import { baselineTotals, prepareBaseline, settleBaseline, type BaselineTotals } from '../lint/baseline/applyBaseline';

export interface ActionLint {
  results: FileResult[];
  /** Absolute folder → site root URL, the config's and the inputs' together: the diff finds an index's children by them. */
  siteRoots: Record<string, string>;
  /** The files the lint read, absolute: the base diff reads these (and no folder) on each side. */
  files: string[];
  /** With the `baseline` input: what it suppressed, and what of it is gone. */
  baseline: BaselineTotals | undefined;
}

export async function lintPaths(inputs: ActionInputs, cwd: string, onNote: (text: string) => void): Promise<ActionLint> {
  const argv = [
    ...inputs.siteRoots.flatMap(({ dir, url }) => ['--site-root', `${dir}=${url}`]),
    ...(inputs.config === undefined ? [] : ['--config', inputs.config]),
    ...(inputs.baseline === undefined ? [] : ['--baseline', inputs.baseline]),
    ...inputs.live,
    '--', ...inputs.paths,
  ];
  const args = parseArgs(argv);
  const { siteRoots, ...options } = lintOptions(args, cwd, onNote);
  if (args.live) {
    favourMemory();
    options.live = liveLintOptions(args);
  }
  const prepared = prepareBaseline(args, cwd);
  const found = collectInputs(args.inputs, cwd);
  const files = found.flatMap((input) => (input.file === undefined ? [] : [input.file]));
  const results = await lintFiles(found, options);
  if (prepared === undefined) return { results, siteRoots, files, baseline: undefined };
  const settled = settleBaseline(prepared, results, cwd, onNote);
  return { results: settled, siteRoots, files, baseline: baselineTotals(prepared.file, settled) };
}

/** The results with every path relative to `workspace`, `/`-separated, as annotations and code scanning take them. */
export function relativeToWorkspace(results: readonly FileResult[], cwd: string, workspace: string): FileResult[] {
  const relative = (file: string) => {
    const absolute = path.resolve(cwd, file);
    const from = path.relative(workspace, absolute);
    return from.startsWith('..') || path.isAbsolute(from) ? absolute : from.split(path.sep).join('/');
  };
  const relatedIn = (problems: readonly LintProblem[]) => problems.map((p) => (p.related === undefined ? p : { ...p, related: p.related.map((x) => ({ ...x, file: relative(x.file) })) }));
  return results.map((r) => ({
    file: relative(r.file),
    problems: relatedIn(r.problems),
    ...(r.baseline && { baseline: { suppressed: relatedIn(r.baseline.suppressed), gone: r.baseline.gone } }),
  }));
}
