/**
 * The GitHub Action in the command-line fuzzer (issue 35), run as the runner runs it: `node dist/action.js` (action.yml's
 * `runs.main`) in the workspace, every input action.yml declares set as `INPUT_<NAME>` (the runner sets the defaults of
 * those a workflow leaves out), `GITHUB_WORKSPACE` the site, `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files and
 * `RUNNER_TEMP` in the case's out/ folder. The inputs are drawn right and wrong: paths that exist or not, site roots and
 * fail-on values good and bad, a config, the SARIF file in out/ (or a folder, or none), base with the tree's git or a
 * revision that is not there, a baseline, live with the case's loopback server as its origin.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';

export type ActionPath = 'dot' | 'first' | 'two' | 'lines' | 'missing' | 'empty';

export interface ActionCase {
  path: ActionPath;
  siteRoot: string;
  config: 'none' | 'tree' | 'missing';
  failOn: string;
  sarif: string;
  base: string;
  baseline: 'none' | 'written' | 'missing';
  live: string;
  liveOrigin: 'none' | 'server' | 'with-path' | 'not-http';
  liveTuning: Array<[string, string]>;
}

/** A value right four times in five, else wrong: a run that stops at its first bad input tests only the input checks. */
function mostlyRight<T>(right: readonly T[], wrong: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...right) }, { weight: 1, arbitrary: fc.constantFrom(...wrong) });
}

export const actionCase: fc.Arbitrary<ActionCase> = fc.record({
  path: mostlyRight<ActionPath>(['dot', 'first', 'two', 'lines', 'empty'], ['missing']),
  siteRoot: mostlyRight(['', '.=https://www.example.com/', '.=https://www.example.com/\nnews=https://www.example.com/news/'], ['garbage', '=https://x.example/', '.=ftp://www.example.com/']),
  config: mostlyRight(['none' as const, 'tree' as const], ['missing' as const]),
  failOn: mostlyRight(['error', 'warning', 'never', ''], ['sometimes']),
  sarif: mostlyRight(['../out/lint.sarif', '../out/deep/er/lint.sarif', ''], ['../out']),
  base: mostlyRight(['', 'HEAD~1', 'HEAD', 'main'], ['no-such-revision', '-rf']),
  baseline: mostlyRight(['none' as const, 'written' as const], ['missing' as const]),
  live: mostlyRight(['false', 'true', 'TRUE', ''], ['yes']),
  liveOrigin: mostlyRight(['none' as const, 'server' as const], ['with-path' as const, 'not-http' as const]),
  liveTuning: mostlyRight<Array<[string, string]>>([[], [['live-concurrency', '16'], ['live-rate', '0']]], [[['live-concurrency', '0']], [['live-rate', 'x']]]),
});

/** action.yml's inputs and their defaults, which the runner sets when a workflow does not. */
const DEFAULTS: Record<string, string> = {
  path: '.', 'site-root': '', config: '', 'fail-on': 'error', sarif: 'sitemap-lint.sarif', base: '', baseline: '', live: 'false', 'live-origin': '', 'live-concurrency': '', 'live-rate': '',
};

/** The inputs of `a` for a tree whose sitemaps are `files`, its live origin `origin` (the case's server). */
export function actionInputs(a: ActionCase, files: readonly string[], origin: string): Record<string, string> {
  const first = files[0] ?? 'sitemap.xml';
  const paths: Record<ActionPath, string> = { dot: '.', first, two: files.slice(0, 2).join(' '), lines: files.join('\n'), missing: 'no-such-folder', empty: '' };
  const liveOrigins = { none: '', server: origin, 'with-path': `${origin}/path`, 'not-http': 'ftp://127.0.0.1/' };
  return {
    ...DEFAULTS,
    path: paths[a.path],
    'site-root': a.siteRoot,
    config: { none: '', tree: '../config.json', missing: '../no-config.json' }[a.config],
    'fail-on': a.failOn,
    sarif: a.sarif,
    base: a.base,
    baseline: { none: '', written: '../out/baseline.json', missing: '../out/no-baseline.json' }[a.baseline],
    live: a.live,
    'live-origin': liveOrigins[a.liveOrigin],
    ...Object.fromEntries(a.liveTuning),
  };
}

/** The runner's environment for one run: the inputs, the workspace, the runner's files in out/. */
export function actionEnvironment(inputs: Record<string, string>, site: string, out: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // The fuzzer may itself run in GitHub Actions: none of its runner's variables leak in.
  for (const [k, v] of Object.entries(process.env)) if (!/^(INPUT_|GITHUB_|RUNNER_)/.test(k)) env[k] = v;
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const runner = path.join(out, 'runner');
  fs.mkdirSync(path.join(runner, 'temp'), { recursive: true });
  for (const file of ['output', 'summary']) fs.writeFileSync(path.join(runner, file), '');
  return { ...env, GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: site, GITHUB_OUTPUT: path.join(runner, 'output'), GITHUB_STEP_SUMMARY: path.join(runner, 'summary'), RUNNER_TEMP: path.join(runner, 'temp') };
}
