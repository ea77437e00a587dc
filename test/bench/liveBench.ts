/**
 * Issue 34's live check against its peers: BENCH_LIVE_URLS pages (20,000 by default) served by a test server on the
 * loopback, asked by `sitemap-lint --live` from the sitemap's URL, by `linkchecker --stdin` (Debian's package,
 * installed with apt-get as the editor runs install theirs) and by linkinator (npm) given a page linking them, all at the
 * same concurrency (BENCH_LIVE_CONCURRENCY, 16) with no rate limit, alternating run by run (BENCH_LIVE_RUNS, 3):
 * wall clock and peak RSS from `/usr/bin/time`, medians, with the load average. BENCH_LIVE_RSS_URLS (100,000; 0 skips
 * it) is the row of `sitemap-lint --live` alone, for its memory. Only 127.0.0.1 is ever asked.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median } from './median';
import { startLiveSite, type LiveSite } from './liveBenchSite';
import { ensureDebianPackages } from '../e2e/install';
import { LIVE_BENCH_PACKAGES } from '../e2e/debianPackages';

const URLS = Number(process.env.BENCH_LIVE_URLS ?? 20_000);
const RSS_URLS = Number(process.env.BENCH_LIVE_RSS_URLS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_LIVE_CONCURRENCY ?? 16);
/** `BENCH_LIVE_BIN`: another build's sitemap-lint.js. */
const LINT = process.env.BENCH_LIVE_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');

interface Tool {
  name: string;
  /** The program and its arguments for a site; undefined when the tool cannot run here (said once). */
  command: (site: LiveSite) => { program: string; args: string[]; stdin?: string } | undefined;
}

interface Measured {
  ms: number;
  rssMb: number;
  requests: number;
  mostConnections: number;
}

export async function printLive(): Promise<void> {
  if (process.env.BENCH_LIVE === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-live-bench-'));
  try {
    await ensureDebianPackages(LIVE_BENCH_PACKAGES, (line) => console.error(line));
    const tools = [ourTool(), linkcheckerTool(dir), linkinatorTool()];
    await compareTools(tools, URLS, dir);
    if (RSS_URLS > 0) await compareTools([ourTool()], RSS_URLS, dir, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function compareTools(tools: readonly Tool[], count: number, dir: string, runs = RUNS): Promise<void> {
  const site = await startLiveSite(count);
  try {
    const load = os.loadavg()[0];
    const measured = new Map<string, Measured[]>();
    for (let k = 0; k < runs; k++) {
      for (const tool of tools) {
        const command = tool.command(site);
        if (command === undefined) continue;
        const one = await measure(site, command, dir);
        measured.set(tool.name, [...(measured.get(tool.name) ?? []), one]);
      }
    }
    console.log(`\n#### The live check: ${count.toLocaleString('en')} pages on the loopback, concurrency ${CONCURRENCY} (load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}, medians of ${runs})\n`);
    console.log('| tool | wall (runs) | peak RSS | requests | most connections at once |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, runsOf] of measured) {
      const ms = runsOf.map((r) => r.ms);
      console.log(`| ${name} | ${Math.round(median(ms))} ms (${ms.map(Math.round).join(', ')}) | ${median(runsOf.map((r) => r.rssMb)).toFixed(0)} MB | ${median(runsOf.map((r) => r.requests))} | ${median(runsOf.map((r) => r.mostConnections))} |`);
    }
  } finally {
    await site.close();
  }
}

/** One run under `/usr/bin/time`: wall clock from spawn to exit, the peak RSS it reports, what the server saw. */
async function measure(site: LiveSite, command: { program: string; args: string[]; stdin?: string }, dir: string): Promise<Measured> {
  const timeFile = path.join(dir, 'time.txt');
  site.resetCounts();
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, command.program, ...command.args], { stdio: [command.stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
    if (command.stdin !== undefined) child.stdin!.end(command.stdin);
    child.on('error', reject);
    // Each tool exits 1 when it found a problem; the site is clean, but a tool's own notes may still say so.
    child.on('close', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`${command.program} exited ${code}: ${stderr}`))));
  });
  const ms = performance.now() - started;
  const rssKb = Number(fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop());
  return { ms, rssMb: rssKb / 1024, requests: site.requests(), mostConnections: site.mostConnections() };
}

/** `sitemap-lint --live` from the sitemap's URL, its rate limit lifted. */
function ourTool(): Tool {
  return {
    name: '`sitemap-lint --live`',
    command: (site) => (hasLive() ? { program: process.execPath, args: [LINT, `${site.origin}/sitemap.xml`, '--live', '--live-concurrency', String(CONCURRENCY), '--live-rate', '0'] } : undefined),
  };
}

/** Whether this build's sitemap-lint has the live check. */
function hasLive(): boolean {
  return spawnSync(process.execPath, [LINT, '--help'], { encoding: 'utf8' }).stdout.includes('--live');
}

/** Debian's linkchecker, the URLs on standard input; its own 10 requests a second per host lifted by the site's `LinkChecker` header and its configuration. */
function linkcheckerTool(dir: string): Tool {
  const config = path.join(dir, 'linkcheckerrc');
  fs.writeFileSync(config, `[checking]\nthreads=${CONCURRENCY}\nmaxrequestspersecond=100000\n[output]\nstatus=0\nwarnings=0\n`);
  return {
    name: '`linkchecker --stdin`',
    command: (site) => ({ program: 'linkchecker', args: ['--config', config, '--stdin', '--no-status', '--output', 'none', '--threads', String(CONCURRENCY)], stdin: site.pageUrls.join('\n') + '\n' }),
  };
}

/**
 * linkinator given one page that links every page, without recursion: it checks each link (a HEAD, a GET where HEAD is
 * refused) within its concurrency. Given the URLs themselves as roots, it starts every one at once (2,000 connections
 * at once for 2,000 URLs, its concurrency option unused), and its command line cannot take 100,000 arguments.
 */
function linkinatorTool(): Tool {
  const runner = path.resolve(__dirname, '../../../test/bench/linkinatorRun.mjs');
  return {
    name: 'linkinator',
    command: (site) => ({ program: process.execPath, args: [runner, `${site.origin}/links.html`, String(CONCURRENCY)] }),
  };
}

if (require.main === module) {
  printLive().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
