/**
 * `sitemap-split` figures (`BENCH_SPLIT=0` skips them): the bundled binary as a child process on generated files,
 * against `xmllint --noout` parsing the same 200,000-entry file, and against sitemap.js parsing and rewriting a
 * 50,000-entry file into 5 children with SitemapAndIndexStream (sitemapJsSplit.ts). Wall-clock medians of
 * BENCH_SPLIT_RUNS runs (default 3), node's start-up included on both sides; peak RSS as the CLI itself reports it
 * (process.resourceUsage().maxRSS, under SITEMAP_SPLIT_REPORT_RSS=1).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchSitemap } from '../support/generate';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_SPLIT_RUNS ?? 3);
const BIN = path.resolve(__dirname, '../../../dist/sitemap-split.js');
const SITEMAP_JS = path.resolve(__dirname, 'sitemapJsSplit.js');

/** Runs a command RUNS times; the median wall-clock time in ms, and the last run's stderr. */
function timed(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, before?: () => void): { ms: number; stderr: string } {
  const times: number[] = [];
  let stderr = '';
  for (let k = 0; k < RUNS; k++) {
    before?.();
    const start = performance.now();
    const r = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 1 << 26 });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    stderr = r.stderr;
  }
  return { ms: upperMedian(times), stderr };
}

function hasXmllint(): boolean {
  return spawnSync('xmllint', ['--version']).status === 0;
}

export function printSplit(): void {
  if (process.env.BENCH_SPLIT === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-bench-'));
  try {
    const big = path.join(dir, 'big.xml');
    fs.writeFileSync(big, benchSitemap(200_000));
    const bigMb = fs.statSync(big).size / 1_048_576;
    const out = path.join(dir, 'out');
    const fresh = () => fs.rmSync(out, { recursive: true, force: true });
    const split = timed(process.execPath, [BIN, big, '--max-entries', '50000', '--out', out, '--base-url', 'https://www.example.com/'], { ...process.env, SITEMAP_SPLIT_REPORT_RSS: '1' }, fresh);
    const rss = Number(/maxRSS (\d+) kB/.exec(split.stderr)?.[1] ?? NaN) / 1024;
    const xmllint = hasXmllint() ? timed('xmllint', ['--noout', big]).ms : undefined;

    const medium = path.join(dir, 'medium.xml');
    fs.writeFileSync(medium, benchSitemap(50_000));
    const ours = timed(process.execPath, [BIN, medium, '--max-entries', '10000', '--out', out, '--base-url', 'https://www.example.com/'], process.env, fresh).ms;
    const children = fs.readdirSync(out).filter((f) => f !== 'medium-index.xml').length;
    let theirs: number | undefined;
    try {
      require.resolve('sitemap');
      theirs = timed(process.execPath, [SITEMAP_JS, medium, out, '10000'], process.env, () => {
        fresh();
        fs.mkdirSync(out);
      }).ms;
    } catch (e) {
      if (!String(e).includes('Cannot find module')) throw e;
    }

    console.log(`\nsitemap-split (dist/sitemap-split.js as a child process, median of ${RUNS} runs)\n`);
    console.log('| file | split (ms) | peak RSS (MB) | compared with | its time (ms) | ratio | target |');
    console.log('|---|---:|---:|---|---:|---:|---|');
    console.log(`| 200,000 entries, ${bigMb.toFixed(1)} MB → 4 children | ${split.ms.toFixed(0)} | ${rss.toFixed(0)} | \`xmllint --noout\` | ${xmllint === undefined ? 'n/a (no xmllint)' : xmllint.toFixed(0)} | ${xmllint === undefined ? 'n/a' : `${(split.ms / xmllint).toFixed(2)}×`} | ≤ 2×, RSS ≤ 200 MB |`);
    console.log(`| 50,000 entries → ${children} children | ${ours.toFixed(0)} | | sitemap.js parse + SitemapAndIndexStream | ${theirs === undefined ? 'n/a (no sitemap package)' : theirs.toFixed(0)} | ${theirs === undefined ? 'n/a' : `${(ours / theirs).toFixed(2)}×`} | ≤ 0.25× |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
