/** The Action with `base` against the same lint without it, and `sitemap-diff REV:public public` (issue 33;
 * `BENCH_ACTION=0` skips it; BENCH_ACTION_RUNS, default 3, medians; BENCH_ACTION_SECTIONS, default 2,000;
 * BENCH_ACTION_DIST, another build's dist/). A Hugo-like
 * build in git, two commits with fixed dates: a page and an RSS feed (`index.xml`, whose name leaves open whether it
 * is a sitemap) per section, robots.txt, and a sitemap index of two language sitemaps. Alone:
 * `npm run build && node out/test/bench/actionBaseBench.js`. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GIT_TEST_ENV, runGit } from '../support/gitRepository';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_ACTION_RUNS ?? 3);
const SECTIONS = Number(process.env.BENCH_ACTION_SECTIONS ?? 2_000);
/** Another build's dist/ (`BENCH_ACTION_DIST`), to compare. */
const DIST = path.resolve(process.env.BENCH_ACTION_DIST ?? path.resolve(__dirname, '../../../dist'));
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITE = 'https://www.example.com/';
/** The first commit's date (s); the second a day later. */
const FIRST_SECONDS = 1_700_000_000;

function urlset(paths: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${paths.map((p) => `  <url><loc>${SITE}${p}</loc></url>\n`).join('')}</urlset>\n`;
}

function feed(section: number): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>Section ${section}</title><link>${SITE}s${section}/</link></channel></rss>\n`;
}

/** The build of commit `version` (0 or 1): version 1 drops one section in 50 from the English sitemap and adds a page. */
export function buildFiles(sections: number, version: number): Map<string, string> {
  const files = new Map<string, string>();
  const en: string[] = [];
  const zh: string[] = [];
  for (let s = 0; s < sections; s++) {
    files.set(`public/s${s}/index.html`, `<!doctype html><html><head><title>Section ${s}</title></head><body>${s}</body></html>\n`);
    files.set(`public/s${s}/index.xml`, feed(s));
    if (version === 0 || s % 50 !== 7) en.push(`s${s}/`);
    if (s % 4 === 0) zh.push(`zh/s${s}/`);
  }
  if (version === 1) en.push('new/');
  files.set('public/robots.txt', `User-agent: *\nAllow: /\nSitemap: ${SITE}sitemap.xml\n`);
  files.set('public/sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
    + `  <sitemap><loc>${SITE}en/sitemap.xml</loc></sitemap>\n  <sitemap><loc>${SITE}zh/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`);
  files.set('public/en/sitemap.xml', urlset(en));
  files.set('public/zh/sitemap.xml', urlset(zh));
  return files;
}

/** The two commits, imported with `git fast-import`, the second checked out. */
export function buildRepository(dir: string, sections: number): void {
  runGit(dir, ['init', '-q', '-b', 'main']);
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const parts: string[] = [];
  for (const version of [0, 1]) {
    const seconds = FIRST_SECONDS + version * 86_400;
    parts.push(`commit refs/heads/main\nauthor Bench <bench@example.com> ${seconds} +0000\ncommitter Bench <bench@example.com> ${seconds} +0000\n${data(`build ${version}`)}`);
    for (const [name, text] of buildFiles(sections, version)) parts.push(`M 100644 inline ${name}\n${data(text)}`);
    parts.push('\n');
  }
  const imported = spawnSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: parts.join(''), env: GIT_TEST_ENV, maxBuffer: 1 << 30 });
  if (imported.status !== 0) throw new Error(`git fast-import failed: ${imported.stderr}`);
  runGit(dir, ['reset', '-q', '--hard', 'main']);
}

/** The median wall-clock ms of RUNS runs; exit codes 0 and 1 are fine. */
function timed(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const times: number[] = [];
  for (let k = 0; k < RUNS; k++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 });
    times.push(performance.now() - start);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  }
  return upperMedian(times);
}

/** The Action's environment as the runner sets it, its files in `files`. */
function actionEnv(workspace: string, files: string, inputs: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(INPUT_|GITHUB_|RUNNER_)/.test(k)) env[k] = v;
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return { ...env, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: path.join(files, 'output'), GITHUB_STEP_SUMMARY: path.join(files, 'summary') };
}

export function printActionBase(): void {
  if (process.env.BENCH_ACTION === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'action-base-bench-'));
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'action-base-bench-files-'));
  try {
    const repo = path.join(dir, 'site');
    fs.mkdirSync(repo);
    buildRepository(repo, SECTIONS);
    const inputs = { path: 'public', 'site-root': `public=${SITE}`, 'fail-on': 'never', sarif: '' };
    const lint = timed(repo, [path.join(DIST, 'sitemap-lint.js'), '--site-root', `public=${SITE}`, 'public']);
    const action = timed(repo, [path.join(DIST, 'action.js')], actionEnv(repo, files, inputs));
    const base = timed(repo, [path.join(DIST, 'action.js')], actionEnv(repo, files, { ...inputs, base: 'HEAD~1' }));
    const diffFolder = timed(repo, [path.join(DIST, 'sitemap-diff.js'), '--site-root', `public=${SITE}`, 'HEAD~1:public', 'public']);
    const diffFile = timed(repo, [path.join(DIST, 'sitemap-diff.js'), '--site-root', `public=${SITE}`, 'HEAD~1:public/sitemap.xml', 'public/sitemap.xml']);
    console.log(`\nThe Action with base (issue 33): ${SECTIONS.toLocaleString('en-US')} sections (a page and an index.xml feed each), 3 sitemaps, median of ${RUNS}\n`);
    console.log('| run | ms |');
    console.log('|---|---:|');
    console.log(`| sitemap-lint --site-root public=… public | ${lint.toFixed(0)} |`);
    console.log(`| the Action, path public | ${action.toFixed(0)} |`);
    console.log(`| the Action, path public, base HEAD~1 | ${base.toFixed(0)} |`);
    console.log(`| sitemap-diff HEAD~1:public public | ${diffFolder.toFixed(0)} |`);
    console.log(`| sitemap-diff HEAD~1:public/sitemap.xml public/sitemap.xml | ${diffFile.toFixed(0)} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(files, { recursive: true, force: true });
  }
}

if (require.main === module) printActionBase();
