/**
 * `sitemap-lint --live --shard i/n`: the per-origin budget is the matrix's, not each job's. BENCH_LIVE_SHARD_URLS pages
 * (2,000) in 16 sitemaps on disk, served on 127.0.0.1, asked at `--live-rate` BENCH_LIVE_SHARD_RATE (200 a second) and
 * `--live-concurrency` 8 by one run, then by n shards run at once (BENCH_LIVE_SHARD_COUNTS, 2 and 4): wall clock from
 * the first spawn to the last exit, the requests the server saw, the most it saw started within any one second, and
 * the most connections open at once. Medians of BENCH_LIVE_SHARD_RUNS (3). `BENCH_LIVE_SHARD=0` skips it;
 * `BENCH_LIVE_SHARD_BIN` runs another build. Only 127.0.0.1 is ever asked.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { median } from './median';

const URLS = Number(process.env.BENCH_LIVE_SHARD_URLS ?? 2_000);
const RATE = Number(process.env.BENCH_LIVE_SHARD_RATE ?? 200);
const CONCURRENCY = 8;
const FILES = 16;
const COUNTS = (process.env.BENCH_LIVE_SHARD_COUNTS ?? '2,4').split(',').map(Number);
const RUNS = Number(process.env.BENCH_LIVE_SHARD_RUNS ?? 3);
/** `BENCH_LIVE_SHARD_BIN`: another build's sitemap-lint.js. */
const LINT = process.env.BENCH_LIVE_SHARD_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');

interface Seen {
  ms: number;
  requests: number;
  mostPerSecond: number;
  mostConnections: number;
}

/** A server of small pages that keeps each request's arrival time and the most connections open at once. */
async function startSite(): Promise<{ origin: string; arrivals: number[]; mostConnections: () => number; reset: () => void; close: () => Promise<void> }> {
  const arrivals: number[] = [];
  let open = 0;
  let most = 0;
  const server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    if (request.url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>${request.url}</title></head><body>…</body></html>`);
  });
  server.on('connection', (socket) => {
    most = Math.max(most, ++open);
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals, mostConnections: () => most,
    reset: () => { arrivals.length = 0; most = open; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** The most arrivals within any one second. */
function mostWithinASecond(times: readonly number[]): number {
  let most = 0;
  for (let from = 0, to = 0; to < times.length; to++) {
    while (times[to] - times[from] >= 1000) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

function runLint(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LINT, '--rule', 'local-url=off', '--quiet', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`sitemap-lint exited ${code}: ${stderr}`))));
  });
}

async function measure(site: Awaited<ReturnType<typeof startSite>>, shards: number, dir: string): Promise<Seen> {
  site.reset();
  const live = ['--live', '--live-rate', String(RATE), '--live-concurrency', String(CONCURRENCY)];
  const started = performance.now();
  const jobs = shards === 1 ? [runLint([...live, 'public'], dir)]
    : Array.from({ length: shards }, (_, k) => runLint([...live, '--shard', `${k + 1}/${shards}`, 'public'], dir));
  await Promise.all(jobs);
  const ms = performance.now() - started;
  return { ms, requests: site.arrivals.length, mostPerSecond: mostWithinASecond(site.arrivals), mostConnections: site.mostConnections() };
}

export async function printLiveShards(): Promise<void> {
  if (process.env.BENCH_LIVE_SHARD === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-live-shard-bench-'));
  const site = await startSite();
  try {
    fs.mkdirSync(path.join(dir, 'public'));
    const perFile = Math.ceil(URLS / FILES);
    for (let f = 0; f < FILES; f++) {
      const entries = Array.from({ length: Math.max(0, Math.min(perFile, URLS - f * perFile)) }, (_, k) => `<url><loc>${site.origin}/p/${f * perFile + k}</loc></url>`);
      fs.writeFileSync(path.join(dir, 'public', `s${f}.xml`), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`);
    }
    const load = os.loadavg()[0];
    const seen = new Map<number, Seen[]>();
    for (let run = 0; run < RUNS; run++) for (const n of [1, ...COUNTS]) seen.set(n, [...(seen.get(n) ?? []), await measure(site, n, dir)]);
    console.log(`\n#### The live check sharded: ${URLS.toLocaleString('en')} pages in ${FILES} sitemaps, --live-rate ${RATE} --live-concurrency ${CONCURRENCY} (load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}, medians of ${RUNS})\n`);
    console.log('| jobs at once | wall (runs) | requests | most started within a second | most connections at once |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [n, runs] of seen) {
      const ms = runs.map((r) => r.ms);
      console.log(`| ${n === 1 ? 'one run' : `${n} shards`} | ${Math.round(median(ms))} ms (${ms.map(Math.round).join(', ')}) | ${median(runs.map((r) => r.requests))} | ${median(runs.map((r) => r.mostPerSecond))} | ${median(runs.map((r) => r.mostConnections))} |`);
    }
  } finally {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  printLiveShards().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
