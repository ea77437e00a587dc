/** The live check's own cost (node/live/checkLive.ts with the real client): BENCH_LIVE_URLS URLs (20,000) against a
 * server on 127.0.0.1 in a process of its own, BENCH_LIVE_CONCURRENCY requests at once (16) and no rate limit, so that
 * the tool and not the politeness is measured; wall time, URLs a second and the process's peak RSS, medians of
 * BENCH_LIVE_RUNS (3); BENCH_LIVE_HEAD_BYTES caps a page's read. Run: `npm run build && node out/test/bench/liveCheckBench.js`. */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createHttpGet } from '../../server/src/node/http/httpGet';
import { checkLive } from '../../server/src/node/live/checkLive';
import { median } from './median';

const URLS = Number(process.env.BENCH_LIVE_URLS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_LIVE_CONCURRENCY ?? 16);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
/** The bytes of a page read at most before `</head>` (checkLive's headBytes, 256 KiB by default). */
const HEAD_BYTES = process.env.BENCH_LIVE_HEAD_BYTES === undefined ? undefined : Number(process.env.BENCH_LIVE_HEAD_BYTES);

/** A page of about 3 KB whose head ends early, one in 50 a 404, one in 100 a redirect, one in 200 noindex. */
const SERVER = `
const http = require('node:http');
const filler = '<p>' + 'Sitemaps tell crawlers which pages a site has. '.repeat(60) + '</p>';
http.createServer((q, r) => {
  const n = Number(q.url.slice(3));
  if (q.url === '/robots.txt') return r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\\nDisallow: /private/\\n');
  if (n % 50 === 1) return r.writeHead(404).end();
  if (n % 100 === 2) return r.writeHead(301, { location: '/p/0' }).end();
  const robots = n % 200 === 3 ? 'noindex' : 'index, follow';
  r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><title>Page ' + n + '</title><meta name="robots" content="' + robots + '"><link rel="canonical" href="/p/' + n + '"></head><body>' + filler + '</body></html>');
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

async function startServer(): Promise<{ origin: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function main(): Promise<void> {
  const server = await startServer();
  const urls = Array.from({ length: URLS }, (_, n) => `${server.origin}/p/${n}`);
  const times: number[] = [];
  let problems = 0;
  for (let run = 0; run < RUNS; run++) {
    const client = createHttpGet({ connectionsPerOrigin: CONCURRENCY });
    const start = performance.now();
    const summary = await checkLive(urls, { get: client, concurrency: CONCURRENCY, requestsPerSecond: 0, ...(HEAD_BYTES !== undefined ? { headBytes: HEAD_BYTES } : {}) });
    times.push(performance.now() - start);
    problems = summary.problems;
    await client.close();
  }
  server.stop();
  const ms = median(times);
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(`live check: ${URLS} URLs, ${CONCURRENCY} at once: median ${ms.toFixed(0)} ms (${(URLS / (ms / 1000)).toFixed(0)} URLs/s; runs ${times.map((t) => t.toFixed(0)).join(', ')}), ${problems} problems, peak RSS ${rss.toFixed(0)} MB`);
}

void main();
