/**
 * Issue 32's page reading: `sitemap-lint --site-root` cold (a new process per run) on generated built sites without git
 * (the lastmod rules then say one note and judge nothing), medians of BENCH_PRETTY_RUNS (5):
 * - 50,000 pretty-URL pages (BENCH_PRETTY_PAGES), one folder each (`section-N/page-M/index.html`, ~8 KB), a sitemap
 *   listing them all: the target is ≤ 3 s; beside it the same lint without a site root;
 * - 2,400 pages of 94–141 KB (BENCH_PRETTY_BIG_PAGES; half of them Chinese, two-byte strings once decoded), heads of
 *   ~4 KB: the process's peak memory (maxRSS), which used to grow with the HTML read.
 * `BENCH_PRETTY=0` skips it, `BENCH_PRETTY_KEEP=1` keeps the sites; `BENCH_LINT_BIN` times another build's sitemap-lint.js (docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './median';

const PAGES = Number(process.env.BENCH_PRETTY_PAGES ?? 50_000);
const BIG_PAGES = Number(process.env.BENCH_PRETTY_BIG_PAGES ?? 2_400);
const RUNS = Number(process.env.BENCH_PRETTY_RUNS ?? 5);
const LINT = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const ORIGIN = 'https://www.example.com';
const EN = 'Sitemaps tell crawlers which pages a site has and when they changed. ';
const ZH = '网站地图告诉爬虫网站有哪些页面以及它们何时更改。';

function relativeUrl(n: number): string {
  return `section-${Math.floor(n / 100)}/page-${n % 100}/`;
}

/** A built page: its head as generators write it (`extra` more metas), then `body`; one in 500 noindex. */
function page(n: number, extra: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}</title>`
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Page ${n}.">`
    + `<link rel="canonical" href="${ORIGIN}/${relativeUrl(n)}"><meta name="robots" content="${n % 500 === 2 ? 'noindex' : 'index, follow'}">`
    + `${extra}<link rel="stylesheet" href="/style.css"></head><body><h1>Page ${n}</h1>${body}</body></html>\n`;
}

/** `count` pages under `dir`/public, the sitemap listing them, a robots.txt disallowing one section. */
export function writePrettySite(dir: string, count: number, pageOf: (n: number) => string): void {
  const entries: string[] = [];
  for (let n = 0; n < count; n++) {
    const file = path.join(dir, 'public', relativeUrl(n), 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, pageOf(n));
    entries.push(`<url><loc>${ORIGIN}/${relativeUrl(n)}</loc></url>`);
  }
  fs.writeFileSync(path.join(dir, 'public', 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`);
  fs.writeFileSync(path.join(dir, 'public', 'robots.txt'), 'User-agent: *\nDisallow: /section-3/\n');
}

const smallPage = (n: number): string => page(n, '', `<p>${EN.repeat(110)}</p>`);
const bigPage = (n: number): string => {
  const words = n % 2 === 1 ? ZH : EN;
  const metas = Array.from({ length: 30 }, (_, k) => `<meta property="og:x${k}" content="Page ${n} ${k} ${words}">`).join('');
  return page(n, metas, `<p>${n % 2 === 1 ? ZH.repeat(1900) : EN.repeat(1300)}</p>`);
};

/** One cold run: wall-clock ms and the child's peak memory (MB), read by a preload that prints it at exit. */
function lint(dir: string, siteRoot: boolean, preload: string): { ms: number; rssMb: number } {
  const args = [LINT, '--format', 'json', ...(siteRoot ? ['--site-root', `public=${ORIGIN}/`] : []), 'public/sitemap.xml'];
  const start = performance.now();
  const r = spawnSync(process.execPath, ['--require', preload, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`sitemap-lint exited with ${r.status}: ${r.stderr}`);
  const rss = /bench-max-rss (\d+)/.exec(r.stderr);
  return { ms, rssMb: rss === null ? NaN : Number(rss[1]) / 1024 };
}

export async function printPrettySite(): Promise<void> {
  if (process.env.BENCH_PRETTY === '0') return;
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pretty-bench-')));
  const preload = path.join(dir, 'maxRss.js');
  fs.writeFileSync(preload, "process.on('exit', () => process.stderr.write(`bench-max-rss ${process.resourceUsage().maxRSS}\\n`));\n");
  try {
    const small = path.join(dir, 'small');
    const big = path.join(dir, 'big');
    writePrettySite(small, PAGES, smallPage);
    writePrettySite(big, BIG_PAGES, bigPage);
    const runs = { site: [] as number[], none: [] as number[], bigRss: [] as number[], bigMs: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      runs.site.push(lint(small, true, preload).ms);
      runs.none.push(lint(small, false, preload).ms);
      const b = lint(big, true, preload);
      runs.bigRss.push(b.rssMb);
      runs.bigMs.push(b.ms);
    }
    const load = os.loadavg()[0].toFixed(2);
    console.log(`\nIssue 32, pages read as heads: medians of ${RUNS} cold runs; ${os.availableParallelism()} cores, load average ${load} at the end\n`);
    console.log('| sitemap-lint, no git | median (ms) | runs (ms) | peak memory (MB) | target |');
    console.log('|---|---:|---|---:|---|');
    console.log(`| ${PAGES} pretty-URL pages, \`--site-root\` | ${median(runs.site).toFixed(0)} | ${runs.site.map((t) => t.toFixed(0)).join(', ')} | | ≤ 3,000 ms |`);
    console.log(`| the same sitemap, no site root | ${median(runs.none).toFixed(0)} | ${runs.none.map((t) => t.toFixed(0)).join(', ')} | | |`);
    console.log(`| ${BIG_PAGES} pages of 94–141 KB, \`--site-root\` | ${median(runs.bigMs).toFixed(0)} | ${runs.bigMs.map((t) => t.toFixed(0)).join(', ')} | ${median(runs.bigRss).toFixed(0)} | |`);
  } finally {
    if (process.env.BENCH_PRETTY_KEEP === undefined) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

if (require.main === module) {
  printPrettySite().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
