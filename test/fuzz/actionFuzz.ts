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

type LiveInputs = Pick<ActionCase, 'live' | 'liveOrigin' | 'liveTuning'>;

/** live as a workflow sets it: off, or on against the case's server (a live-origin implies live). */
const RIGHT_LIVE: readonly LiveInputs[] = [
  { live: 'false', liveOrigin: 'none', liveTuning: [] },
  { live: '', liveOrigin: 'none', liveTuning: [] },
  { live: 'true', liveOrigin: 'server', liveTuning: [['live-concurrency', '16'], ['live-rate', '0']] },
  { live: 'TRUE', liveOrigin: 'server', liveTuning: [['live-rate', '0']] },
  { live: 'false', liveOrigin: 'server', liveTuning: [['live-concurrency', '16'], ['live-rate', '0']] },
];

/** Every input right: the run lints, diffs, writes its SARIF file, summary and outputs. */
const rightInputs: fc.Arbitrary<ActionCase> = fc.record({
  path: fc.constantFrom<ActionPath>('dot', 'first', 'two', 'lines', 'empty'),
  siteRoot: fc.constantFrom('', '.=https://www.example.com/', '.=https://www.example.com/\nnews=https://www.example.com/news/'),
  config: fc.constantFrom('none' as const, 'tree' as const),
  failOn: fc.constantFrom('error', 'warning', 'never', ''),
  sarif: fc.constantFrom('../out/lint.sarif', '../out/deep/er/lint.sarif', ''),
  base: fc.constantFrom('', 'HEAD~1', 'HEAD', 'main'),
  baseline: fc.constantFrom('none' as const, 'written' as const),
  live: fc.constantFrom(...RIGHT_LIVE),
}).map(({ live, ...rest }) => ({ ...rest, ...live }));

/** One input wrong (a run stops at its first bad input: two wrong ones test no more than one). */
const wrongInput: fc.Arbitrary<Partial<ActionCase>> = fc.constantFrom<Partial<ActionCase>>(
  { path: 'missing' }, { siteRoot: 'garbage' }, { siteRoot: '=https://x.example/' }, { siteRoot: '.=ftp://www.example.com/' },
  { config: 'missing' }, { failOn: 'sometimes' }, { sarif: '../out' }, { base: 'no-such-revision' }, { base: '-rf' },
  { baseline: 'missing' }, { live: 'yes' }, { liveOrigin: 'with-path' }, { liveOrigin: 'not-http' },
  { live: 'true', liveOrigin: 'server', liveTuning: [['live-concurrency', '0']] }, { live: 'true', liveOrigin: 'server', liveTuning: [['live-rate', 'x']] },
  { live: 'false', liveOrigin: 'none', liveTuning: [['live-rate', '2']] },
  // The listed origin itself, which the net guard does not resolve: each URL unreachable after its retries.
  { live: 'true', liveOrigin: 'none', liveTuning: [['live-rate', '0']] },
);

/** The Action's inputs: all right two times in three, else one of them wrong. */
export const actionCase: fc.Arbitrary<ActionCase> = fc.tuple(rightInputs, fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: wrongInput }))
  .map(([right, wrong]) => ({ ...right, ...wrong }));

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
