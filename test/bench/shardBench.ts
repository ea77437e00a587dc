/** Issue 23's sharded lint at BENCH_SHARD_FILES (50) × BENCH_SHARD_URLS (50,000) URLs, an index naming them, linted in
 * BENCH_SHARD_COUNT (4) shards then merged whole and in BENCH_SHARD_PARTITIONS (4) partitions, without and with page facts:
 * summary bytes per URL, time, peak memory and summary bytes read of each step. `BENCH_SHARD=0` skips it (docs/performance.md). */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

const FILES = Number(process.env.BENCH_SHARD_FILES ?? 50);
const URLS = Number(process.env.BENCH_SHARD_URLS ?? 50_000);
const SHARDS = Number(process.env.BENCH_SHARD_COUNT ?? 4);
const PARTITIONS = Number(process.env.BENCH_SHARD_PARTITIONS ?? 4);
const LINT = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const ORIGIN = 'https://www.example.com';

/** Sitemap `f` of the site: its URLs, one in 1,000 also listed by the next file (cross-file duplicates). */
function sitemap(f: number): string {
  const rows: string[] = [];
  for (let k = 0; k < URLS; k++) {
    const page = k % 1000 === 999 && f > 0 ? `${f - 1}/${k}` : `${f}/${k}`;
    rows.push(`<url><loc>${ORIGIN}/section-${page}/page.html</loc><lastmod>2024-05-${String(1 + (k % 28)).padStart(2, '0')}</lastmod></url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`;
}

function writeSite(dir: string): void {
  fs.mkdirSync(path.join(dir, 'public'), { recursive: true });
  const children: string[] = [];
  for (let f = 0; f < FILES; f++) {
    fs.writeFileSync(path.join(dir, 'public', `sitemap-${f}.xml`), sitemap(f));
    children.push(`<sitemap><loc>${ORIGIN}/sitemap-${f}.xml</loc><lastmod>2024-05-28</lastmod></sitemap>`);
  }
  fs.writeFileSync(path.join(dir, 'public', 'sitemap-index.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children.join('\n')}\n</sitemapindex>\n`);
}

interface Step { label: string; seconds: number; rssMb: number; readMb: number }

/** The page rules, off where the shards write no page facts (a merge that runs them needs the sitemaps' entries whole). */
const PAGE_RULES_OFF = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page',
  'lastmod-stale', 'lastmod-inflated'].flatMap((rule) => ['--rule', `${rule}=off`]);

/** One sitemap-lint run: its wall time, peak RSS and summary bytes read (the lines SITEMAP_LINT_REPORT_RSS/READ=1 make it write). */
function step(label: string, args: string[], cwd: string): Step {
  const start = performance.now();
  const r = spawnSync(process.execPath, [LINT, '--format', 'json', '--site-root', `public=${ORIGIN}/`, ...args],
    { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, SITEMAP_LINT_REPORT_RSS: '1', SITEMAP_LINT_REPORT_READ: '1' } });
  const seconds = (performance.now() - start) / 1000;
  if (r.status === 2 || r.status === null) throw new Error(`${label}: ${r.stderr}`);
  const rss = /maxRSS ([0-9]+) kB/.exec(r.stderr);
  const read = /summary bytes read ([0-9]+)/.exec(r.stderr);
  return { label, seconds, rssMb: rss === null ? NaN : Number(rss[1]) / 1024, readMb: read === null ? NaN : Number(read[1]) / 1e6 };
}

/** The shards, their summaries' bytes, the merge whole and (`partitions` > 0) in partitions. */
function shardsAndMerges(dir: string, options: string[], tag: string, partitions: number): { steps: Step[]; bytes: number } {
  const steps: Step[] = [];
  const summaries: string[] = [];
  for (let i = 1; i <= SHARDS; i++) {
    summaries.push(`summary-${tag}-${i}.bin`);
    steps.push(step(`shard ${i}/${SHARDS}${tag}`, [...options, '--shard', `${i}/${SHARDS}`, '--summary-out', summaries[i - 1], 'public'], dir));
  }
  steps.push(step(`merge${tag}`, [...options, '--merge-summaries', ...summaries], dir));
  for (let k = 1; k <= partitions; k++) {
    steps.push(step(`merge partition ${k}/${partitions}${tag}`, [...options, '--merge-summaries', '--partition', `${k}/${partitions}`, ...summaries], dir));
  }
  return { steps, bytes: summaries.reduce((sum, s) => sum + fs.statSync(path.join(dir, s)).size, 0) };
}

export function printShards(): void {
  if (process.env.BENCH_SHARD === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-shard-bench-'));
  try {
    writeSite(dir);
    const steps: Step[] = [step('whole run', [...PAGE_RULES_OFF, 'public'], dir)];
    const compact = shardsAndMerges(dir, PAGE_RULES_OFF, '', PARTITIONS);
    steps.push(...compact.steps, step('whole run, page rules on', ['public'], dir));
    const withPages = shardsAndMerges(dir, [], ', page facts', 0);
    steps.push(...withPages.steps);
    const perUrl = (bytes: number): string => `${bytes} bytes, ${(bytes / (FILES * URLS)).toFixed(1)} bytes per URL`;
    console.log(`\n### Sharded lint: ${FILES} files × ${URLS} URLs (${FILES * URLS} URLs), ${SHARDS} shards, ${PARTITIONS} partitions\n`);
    console.log(`Summary files: ${perUrl(compact.bytes)}; with page facts ${perUrl(withPages.bytes)}.\n`);
    console.log('| step | wall (s) | peak RSS (MB) | summary read (MB) |\n|---|---:|---:|---:|');
    for (const s of steps) {
      const read = Number.isNaN(s.readMb) ? '' : s.readMb.toFixed(1);
      console.log(`| ${s.label} | ${s.seconds.toFixed(2)} | ${Number.isNaN(s.rssMb) ? '?' : s.rssMb.toFixed(0)} | ${read} |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) printShards();
