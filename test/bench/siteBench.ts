/** Issue 22's target, on ≤ 3 s and ≤ 6× off: `sitemap-lint --site-root public=…` cold on BENCH_SITE_PAGES built pages
 * (50,000), BENCH_SITE_COMMITS commits (1,000), page rules on and off alternating, medians of BENCH_SITE_RUNS (5).
 * `BENCH_SITE=0` skips it, `BENCH_SITE_KEEP=1` keeps the site, `BENCH_SITE_DIR` times a kept one (docs/performance.md). */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBenchRepository, sectionPagePath } from './benchRepository';
import { median } from './median';

const PAGES = Number(process.env.BENCH_SITE_PAGES ?? 50_000);
const COMMITS = Number(process.env.BENCH_SITE_COMMITS ?? 1_000);
const RUNS = Number(process.env.BENCH_SITE_RUNS ?? 5);
const LINT = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const ORIGIN = 'https://www.example.com';
export const PAGE_RULES = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
/** Pages left out of the sitemap (unlisted), and as many listed URLs with no page (not found). */
const UNLISTED = 50;
const FILLER = `<p>${'Sitemaps tell crawlers which pages a site has and when they changed. '.repeat(40)}</p>`;

function urlOf(n: number): string {
  return `${ORIGIN}/${sectionPagePath(n).slice('public/'.length, -'index.html'.length)}`;
}

/** A built page of about 3 KB, its head as generators write it; one in 500 noindex, one in 700 canonical elsewhere. */
function page(n: number, version: number): string {
  const canonical = n % 700 === 1 ? `${ORIGIN}/` : urlOf(n);
  const robots = n % 500 === 2 ? 'noindex' : 'index, follow';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}</title>`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Page ${n}, version ${version}.">`
    + `<link rel="canonical" href="${canonical}"><meta name="robots" content="${robots}"><meta property="og:title" content="Page ${n}">`
    + `<link rel="stylesheet" href="/style.css"></head><body><h1>Page ${n}</h1><p>Version ${version}.</p>${FILLER}</body></html>\n`;
}

/** The sitemap: every page but the unlisted ones, lastmods their content's dates (one in 400 a year stale), missing pages. */
function sitemap(newest: Float64Array): string {
  const entries: string[] = [];
  for (let n = UNLISTED; n < PAGES; n++) {
    const date = n % 400 === 3 ? newest[n] - 365 * 86_400_000 : newest[n];
    entries.push(`<url><loc>${urlOf(n)}</loc><lastmod>${new Date(date).toISOString().replace('.000Z', '+00:00')}</lastmod></url>`);
  }
  for (let k = 0; k < UNLISTED; k++) entries.push(`<url><loc>${ORIGIN}/missing-${k}/</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** The site in `dir`: the repository of pages, then the sitemap and robots.txt written beside them (uncommitted). */
export function buildBenchSite(dir: string): void {
  const newest = buildBenchRepository(dir, { files: PAGES, commits: COMMITS, pagePath: sectionPagePath, page });
  fs.writeFileSync(path.join(dir, 'public', 'sitemap.xml'), sitemap(newest));
  fs.writeFileSync(path.join(dir, 'public', 'robots.txt'), `User-agent: *\nDisallow: /section-3/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
}

/** Wall-clock ms of one cold run, and its problems (JSON output). */
function lint(dir: string, rulesOff: boolean): { ms: number; problems: number } {
  const off = rulesOff ? PAGE_RULES.flatMap((id) => ['--rule', `${id}=off`]) : [];
  const start = performance.now();
  const r = spawnSync(process.execPath, [LINT, '--format', 'json', '--site-root', `public=${ORIGIN}/`, ...off, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`sitemap-lint exited with ${r.status}: ${r.stderr}`);
  const results = JSON.parse(r.stdout) as Array<{ problems: unknown[] }>;
  return { ms, problems: results.reduce((sum, f) => sum + f.problems.length, 0) };
}

export async function printSite(): Promise<void> {
  if (process.env.BENCH_SITE === '0') return;
  // BENCH_SITE_DIR: a site kept by an earlier run (BENCH_SITE_KEEP=1), timed again without building it.
  const kept = process.env.BENCH_SITE_DIR;
  const dir = kept ?? fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-')));
  try {
    const start = performance.now();
    if (kept === undefined) buildBenchSite(dir);
    console.log(`\nIssue 22, the page rules: ${kept ?? `built ${PAGES} pages × ${COMMITS} commits in ${((performance.now() - start) / 1000).toFixed(1)} s`}`);
    const on: number[] = [];
    const off: number[] = [];
    let problems = { on: 0, off: 0 };
    for (let run = 0; run < RUNS; run++) {
      const a = lint(dir, false);
      const b = lint(dir, true);
      on.push(a.ms);
      off.push(b.ms);
      problems = { on: a.problems, off: b.problems };
    }
    const load = os.loadavg()[0].toFixed(2);
    console.log(`medians of ${RUNS} alternating runs; ${os.availableParallelism()} cores, load average ${load} at the end\n`);
    console.log('| sitemap-lint --site-root public=… public/sitemap.xml | median (ms) | runs (ms) | problems | target |');
    console.log('|---|---:|---|---:|---|');
    console.log(`| page rules on | ${median(on).toFixed(0)} | ${on.map((t) => t.toFixed(0)).join(', ')} | ${problems.on} | ≤ 3,000 ms, ≤ 6× off (${(median(on) / median(off)).toFixed(2)}×) |`);
    console.log(`| page rules off (\`--rule …=off\` × ${PAGE_RULES.length}) | ${median(off).toFixed(0)} | ${off.map((t) => t.toFixed(0)).join(', ')} | ${problems.off} | |`);
  } finally {
    if (kept === undefined && process.env.BENCH_SITE_KEEP === undefined) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

if (require.main === module) {
  printSite().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
