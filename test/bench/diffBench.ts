/** `sitemap-diff` figures (`BENCH_DIFF=0` skips them; BENCH_DIFF_RUNS, default 5, medians): two versions of a 50,000-URL
 * index of 10 children against one `sitemap-lint --follow` of the new version, and two 46 MB sitemaps with peak RSS. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchEntry } from '../support/generate';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 5);
const DIFF = path.resolve(__dirname, '../../../dist/sitemap-diff.js');
const LINT = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/** The median wall-clock ms of RUNS runs of `node args`, and the last run's stderr; exit codes 0 and 1 are fine. */
function timed(args: string[], env: NodeJS.ProcessEnv = process.env): { ms: number; stderr: string } {
  const times: number[] = [];
  let stderr = '';
  for (let k = 0; k < RUNS; k++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
    times.push(performance.now() - start);
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    stderr = r.stderr;
  }
  return { ms: upperMedian(times), stderr };
}

/** Entries `from` to `to` of the benchmark sitemap; in the new version 1 in 100 dropped, 1 in 100 new and 1 in 20 lastmods moved. */
export function urlset(from: number, to: number, version: 'old' | 'new'): string {
  const parts = [HEAD];
  for (let n = from; n < to; n++) {
    if (version === 'new' && n % 100 === 7) continue;
    let entry = benchEntry(n);
    if (version === 'new' && n % 20 === 3) entry = entry.replace(/<lastmod>[^<]*/, '<lastmod>2025-06-01');
    parts.push(entry);
    if (version === 'new' && n % 100 === 50) parts.push(benchEntry(n + 10_000_000));
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

function writeIndexSite(dir: string, version: 'old' | 'new', children: number, perChild: number): string {
  fs.mkdirSync(dir, { recursive: true });
  const locs: string[] = [];
  for (let c = 0; c < children; c++) {
    fs.writeFileSync(path.join(dir, `sitemap-${c}.xml`), urlset(c * perChild, (c + 1) * perChild, version));
    locs.push(`  <sitemap><loc>https://www.example.com/sitemap-${c}.xml</loc></sitemap>\n`);
  }
  const index = path.join(dir, 'sitemap.xml');
  fs.writeFileSync(index, `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.join('')}</sitemapindex>\n`);
  return index;
}

export function printDiff(): void {
  if (process.env.BENCH_DIFF === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diff-bench-'));
  try {
    const oldIndex = writeIndexSite(path.join(dir, 'old'), 'old', 10, 5_000);
    const newIndex = writeIndexSite(path.join(dir, 'new'), 'new', 10, 5_000);
    const roots = ['--site-root', `${path.join(dir, 'old')}=https://www.example.com/`, '--site-root', `${path.join(dir, 'new')}=https://www.example.com/`];
    const diff = timed([DIFF, ...roots, '--format', 'json', oldIndex, newIndex]).ms;
    const lint = timed([LINT, '--follow', '--site-root', `${path.join(dir, 'new')}=https://www.example.com/`, newIndex]).ms;

    const big = (version: 'old' | 'new') => {
      const file = path.join(dir, `big-${version}.xml`);
      fs.writeFileSync(file, urlset(0, 200_000, version));
      return file;
    };
    const [bigOld, bigNew] = [big('old'), big('new')];
    const megabytes = fs.statSync(bigNew).size / 1_048_576;
    const large = timed([DIFF, '--format', 'json', bigOld, bigNew], { ...process.env, SITEMAP_DIFF_REPORT_RSS: '1' });
    const rss = Number(/maxRSS (\d+) kB/.exec(large.stderr)?.[1] ?? NaN) / 1024;

    console.log(`\nsitemap-diff (issue 23), bundled binary as a child process, median of ${RUNS}\n`);
    console.log('| case | sitemap-diff (ms) | sitemap-lint --follow of the new version (ms) | ratio |');
    console.log('|---|---:|---:|---:|');
    console.log(`| index of 10 × 5,000 URLs, two versions | ${diff.toFixed(0)} | ${lint.toFixed(0)} | ${(diff / lint).toFixed(2)}× |`);
    console.log(`\n| case | size each (MB) | sitemap-diff (ms) | peak RSS (MB) |`);
    console.log('|---|---:|---:|---:|');
    console.log(`| two sitemaps of 200,000 URLs | ${megabytes.toFixed(1)} | ${large.ms.toFixed(0)} | ${rss.toFixed(0)} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) printDiff();
