/** Issue 32's target for lastmod by content: `sitemap-lint --site-root public=…` cold on BENCH_LASTMOD_PAGES built pages
 * (50,000) whose every lastmod is followed by a template-wide commit (the last of BENCH_LASTMOD_COMMITS, 1,000), within
 * 2× of the same lint with the lastmod rules off; medians of BENCH_LASTMOD_RUNS (5) alternating runs. The builds (the
 * first and the last commit; BENCH_LASTMOD_BUILDS=3 the middle one too) change only the template (a footer naming the build), the other commits the
 * main text of 20 pages each: every page's history must be walked back through the template commits to its last edit.
 * `BENCH_LASTMOD=0` skips it, `BENCH_LASTMOD_KEEP=1` keeps the site, `BENCH_LASTMOD_DIR` times a kept one. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBenchRepository, sectionPagePath } from './benchRepository';
import { median } from './median';

const PAGES = Number(process.env.BENCH_LASTMOD_PAGES ?? 50_000);
const COMMITS = Number(process.env.BENCH_LASTMOD_COMMITS ?? 1_000);
const RUNS = Number(process.env.BENCH_LASTMOD_RUNS ?? 5);
const LINT = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const ORIGIN = 'https://www.example.com';
const FILLER = `<p>${'Sitemaps tell crawlers which pages a site has and when they changed. '.repeat(40)}</p>`;

function urlOf(n: number): string {
  return `${ORIGIN}/${sectionPagePath(n).slice('public/'.length, -'index.html'.length)}`;
}

/** Template-wide commits: the first and the last (the issue's case: one after every lastmod), and with
 * BENCH_LASTMOD_BUILDS=3 the middle one too (a second template commit after half of the lastmods). */
const BUILDS = Number(process.env.BENCH_LASTMOD_BUILDS ?? 2);
const isBuild = (k: number): boolean => k === 0 || k === COMMITS - 1 || (BUILDS >= 3 && k === Math.floor(COMMITS / 2));

/** Each page's last content version, as the commits are written in order. */
const contentVersion = new Int32Array(PAGES);

/** A built page of about 3.4 KB: a head, a sidebar, the main text (its content version), a footer naming the build. */
function page(n: number, k: number): string {
  if (!isBuild(k)) contentVersion[n] = k;
  const version = contentVersion[n];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}</title>`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Page ${n}.">`
    + `<link rel="canonical" href="${urlOf(n)}"><link rel="stylesheet" href="/style.css?build=${k}"></head>`
    + `<body><header><a href="/">Home</a></header><aside><a href="/section-0/">Section 0</a></aside>`
    + `<main><h1>Page ${n}</h1><p>Version ${version}.</p>${FILLER}</main><footer>Built by commit ${k}</footer></body></html>\n`;
}

/** The sitemap: every page, its lastmod the date of its last content change (all right: no problem is expected). */
function sitemap(newest: Float64Array): string {
  const entries: string[] = [];
  for (let n = 0; n < PAGES; n++) entries.push(`<url><loc>${urlOf(n)}</loc><lastmod>${new Date(newest[n]).toISOString().replace('.000Z', '+00:00')}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function buildSite(dir: string): void {
  const newest = buildBenchRepository(dir, { files: PAGES, commits: COMMITS, pagePath: sectionPagePath, page, isBuild });
  fs.writeFileSync(path.join(dir, 'public', 'sitemap.xml'), sitemap(newest));
}

/** Wall-clock ms of one cold run, and its lastmod problems. */
function lint(dir: string, lastmodOff: boolean): { ms: number; problems: number } {
  const off = lastmodOff ? ['--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off'] : [];
  const start = performance.now();
  const r = spawnSync(process.execPath, [LINT, '--format', 'json', '--site-root', `public=${ORIGIN}/`, ...off, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`sitemap-lint exited with ${r.status}: ${r.stderr}`);
  const results = JSON.parse(r.stdout) as Array<{ problems: Array<{ rule: string }> }>;
  return { ms, problems: results.reduce((sum, f) => sum + f.problems.filter((p) => p.rule.startsWith('lastmod-')).length, 0) };
}

export async function printLastmod(): Promise<void> {
  if (process.env.BENCH_LASTMOD === '0') return;
  const kept = process.env.BENCH_LASTMOD_DIR;
  const dir = kept ?? fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'lastmod-bench-')));
  try {
    const start = performance.now();
    if (kept === undefined) buildSite(dir);
    console.log(`\nIssue 32, lastmod by content: ${kept ?? `built ${PAGES} pages × ${COMMITS} commits in ${((performance.now() - start) / 1000).toFixed(1)} s`}`);
    const on: number[] = [];
    const off: number[] = [];
    let problems = 0;
    for (let run = 0; run < RUNS; run++) {
      const a = lint(dir, false);
      off.push(lint(dir, true).ms);
      on.push(a.ms);
      problems = a.problems;
    }
    const load = os.loadavg()[0].toFixed(2);
    console.log(`${BUILDS} template-wide commits; medians of ${RUNS} alternating runs; ${os.availableParallelism()} cores, load average ${load} at the end\n`);
    console.log('| sitemap-lint --site-root public=… public/sitemap.xml | median (ms) | runs (ms) | lastmod problems | target |');
    console.log('|---|---:|---|---:|---|');
    console.log(`| lastmod rules on | ${median(on).toFixed(0)} | ${on.map((t) => t.toFixed(0)).join(', ')} | ${problems} | ≤ 2× off (${(median(on) / median(off)).toFixed(2)}×) |`);
    console.log(`| lastmod rules off | ${median(off).toFixed(0)} | ${off.map((t) => t.toFixed(0)).join(', ')} | | |`);
  } finally {
    if (kept === undefined && process.env.BENCH_LASTMOD_KEEP === undefined) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

if (require.main === module) {
  printLastmod().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
