/** `sitemap-lint --live --shard I/N` as child processes run at once, against a server on 127.0.0.1 that logs who asked
 * what (each shard names itself in its User-Agent): each shard asks the URLs its own files list, its verdicts on its own
 * files' `<loc>`s; the shards plus the merge report what one whole `--live` run does; each shard takes its share of the
 * per-origin budget. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type * as http from 'node:http';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { startServer, type Route, type TestServer } from '../support/httpServer';
import { tempFolders } from '../support/tempFolders';
import { runLint, type LintRun } from '../support/lintChild';
import { shardOfPath } from '../../server/src/cli/lint/lintShards';
import { liveShare, shardBytes, type LiveBudget } from '../../server/src/cli/lint/liveShare';

const folder = tempFolders('sitemap-lint-live-shards-');

function lint(args: string[], cwd: string): Promise<LintRun> {
  return runLint(['--format', 'json', ...args], { cwd });
}

/** A shard run: its own User-Agent, so that the server's log tells the shards apart. */
function shard(i: number, n: number, options: string[], cwd: string, summary?: string): Promise<LintRun> {
  return lint([...options, '--http-user-agent', `shard-${i}`, '--shard', `${i}/${n}`, ...(summary !== undefined ? ['--summary-out', summary] : []), 'public'], cwd);
}

interface JsonProblem {
  rule: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  url: string | null;
}

/** Each problem as `file line:col-line:col severity rule url`, sorted. A merge's cross-file duplicates name no URL. */
function problems(run: LintRun): string[] {
  const files = JSON.parse(run.stdout) as Array<{ file: string; problems: JsonProblem[] }>;
  return files.flatMap((f) => f.problems.map((p) => {
    const url = p.rule === 'cross-file-duplicate-url' || p.url === null ? '-' : new URL(p.url).pathname;
    return `${f.file.split(path.sep).join('/')} ${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${url}`;
  })).sort();
}

function filesOf(run: LintRun): string[] {
  return (JSON.parse(run.stdout) as Array<{ file: string }>).map((f) => f.file.split(path.sep).join('/'));
}

/** A urlset whose entries are `  <url><loc>URL</loc></url>`, from line 3: the URL of `paths[k]` at line k + 3, column 13. */
function sitemap(origin: string, paths: readonly string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`), '</urlset>', ''].join('\n');
}

function locOf(k: number, origin: string, p: string): string {
  return `${k + 3}:13-${k + 3}:${13 + `${origin}${p}`.length}`;
}

const html = '<!doctype html><html><head><title>t</title></head><body></body></html>';
const LIVE_RULES = new Set(['page-not-found', 'page-redirect', 'blocked-by-robots', 'page-forbidden', 'noindex-page']);

describe('sitemap-lint --live --shard', () => {
  let site: TestServer;
  before(async () => {
    const routes: Record<string, Route> = {
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'),
      '/shared': (_q, r) => r.writeHead(410).end(),
    };
    for (let k = 0; k < 6; k++) {
      routes[`/f${k}/ok`] = (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html);
      routes[`/f${k}/gone`] = (_q, r) => r.writeHead(404).end();
      routes[`/f${k}/moved`] = (_q, r) => r.writeHead(301, { location: `/landing/f${k}` }).end();
      routes[`/landing/f${k}`] = (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html);
      routes[`/f${k}/login`] = (_q, r) => r.writeHead(403).end();
    }
    site = await startServer(routes);
  });
  after(() => site.close());

  /** Six sitemaps of distinct URLs; `/shared` in two of them when `shared` (a cross-file duplicate). */
  function fixture(shared: boolean): { dir: string; listed: Map<string, string[]> } {
    const listed = new Map<string, string[]>();
    for (let k = 0; k < 6; k++) listed.set(`public/f${k}.xml`, [`/f${k}/ok`, `/f${k}/gone`, `/f${k}/moved`, `/f${k}/login`, `/private/f${k}`, ...(shared && k < 2 ? ['/shared'] : [])]);
    const dir = folder(Object.fromEntries([...listed].map(([file, paths]) => [file, sitemap(site.origin, paths)])));
    return { dir, listed };
  }

  /** The requests that asking `paths` makes, sorted: a disallowed one none, a redirect its hop too. */
  function asks(paths: readonly string[]): string[] {
    return paths.filter((p) => !p.startsWith('/private/')).flatMap((p) => (p.endsWith('/moved') ? [p, `/landing/${p.split('/')[1]}`] : [p])).sort();
  }

  /** What one whole run reports of the live rules: each verdict on the `<loc>` of every entry listing the URL. */
  function expectedLive(listed: Map<string, string[]>): string[] {
    const verdict = (p: string): string | undefined => (p.startsWith('/private/') ? 'error blocked-by-robots' : p.endsWith('/gone') || p === '/shared' ? 'error page-not-found'
      : p.endsWith('/moved') ? 'warning page-redirect' : p.endsWith('/login') ? 'error page-forbidden' : undefined);
    return [...listed].flatMap(([file, paths]) => paths.flatMap((p, k) => (verdict(p) === undefined ? [] : [`${file} ${locOf(k, site.origin, p)} ${verdict(p)} ${p}`]))).sort();
  }

  for (const shared of [false, true]) {
    it(`N shards ask each URL once per shard listing it, place verdicts on their own files, and with the merge equal one run${shared ? ' (a URL in two shards\' files)' : ''}`, async () => {
      const { dir, listed } = fixture(shared);
      const whole = await lint(['--live', '--live-rate', '0', 'public'], dir);
      assert.equal(whole.status, 1, whole.stderr);
      const expected = problems(whole);
      assert.deepEqual(expected.filter((p) => LIVE_RULES.has(p.split(' ')[3]!)), expectedLive(listed));
      for (const n of [2, 3]) {
        const logStart = site.log.length;
        const runs = await Promise.all(Array.from({ length: n }, (_, k) => shard(k + 1, n, ['--live', '--live-rate', '0', '--live-cache', `cache-${k + 1}-of-${n}.json`], dir, `summary-${k + 1}-of-${n}.bin`)));
        const merge = await lint(['--merge-summaries', ...runs.map((_, k) => `summary-${k + 1}-of-${n}.bin`)], dir);
        assert.deepEqual([...runs.flatMap(problems), ...problems(merge)].sort(), expected, `n=${n}`);
        assert.equal(Math.max(...runs.map((r) => Number(r.status)), Number(merge.status)), whole.status);
        const asked = site.log.slice(logStart).filter((l) => l.path !== '/robots.txt');
        for (let i = 1; i <= n; i++) {
          const own = [...listed].filter(([file]) => shardOfPath(path.join(dir, file), dir, n) === i);
          assert.deepEqual(filesOf(runs[i - 1]!).sort(), own.map(([file]) => file).sort(), `n=${n} shard ${i}: its own files`);
          assert.ok(problems(runs[i - 1]!).every((p) => own.some(([file]) => p.startsWith(`${file} `))), `n=${n} shard ${i}: problems on its own files`);
          // Each URL its files list, once (disallowed ones never), a redirect's hop, and no other.
          const mine = asks([...new Set(own.flatMap(([, paths]) => paths))]);
          assert.deepEqual(asked.filter((l) => l.headers['user-agent'] === `shard-${i}`).map((l) => l.path).sort(), mine, `n=${n} shard ${i}: what it asked`);
          const cache = JSON.parse(fs.readFileSync(path.join(dir, `cache-${i}-of-${n}.json`), 'utf8')) as { entries: Record<string, unknown> };
          assert.ok(Object.keys(cache.entries).every((url) => mine.includes(new URL(url).pathname)), `n=${n} shard ${i}: its own cache`);
        }
        const shardsListing = (p: string) => new Set([...listed].filter(([, paths]) => paths.includes(p)).map(([file]) => shardOfPath(path.join(dir, file), dir, n))).size;
        const everyUrl = [...new Set([...listed.values()].flat())].flatMap((p) => Array<string>(shardsListing(p)).fill(p));
        assert.deepEqual(asked.map((l) => l.path).sort(), asks(everyUrl), `n=${n}: every URL once per shard listing it`);
      }
    });
  }

  it('--live with --merge-summaries is bad usage (exit 2); --live with --shard is not', async () => {
    const { dir } = fixture(false);
    for (const live of [['--live'], ['--live-origin', site.origin]]) {
      const run = await lint([...live, '--merge-summaries', 'summary.bin'], dir);
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stdout, '');
    }
  });
});

describe('sitemap-lint --live --shard: the per-origin budget split', () => {
  it('liveShare: the rate by bytes; the concurrency 1 per shard that asks, the rest by bytes, adding up to the whole', () => {
    const whole = { concurrency: 4, requestsPerSecond: 20 };
    const shares = (budget: LiveBudget, bytes: number[]) => bytes.map((_, k) => liveShare(budget, { index: k + 1, count: bytes.length }, bytes));
    assert.deepEqual(shares(whole, [100, 100]), [{ concurrency: 2, requestsPerSecond: 10 }, { concurrency: 2, requestsPerSecond: 10 }]);
    assert.deepEqual(shares(whole, [300, 100]), [{ concurrency: 3, requestsPerSecond: 15 }, { concurrency: 1, requestsPerSecond: 5 }]);
    // A tiny shard still has one request in flight, taken from the large one's: the whole stays 4.
    assert.deepEqual(shares(whole, [1000, 1, 0]).map((s) => s.concurrency), [3, 1, 1]);
    assert.equal(shares(whole, [1000, 1, 0])[2]!.requestsPerSecond, 20 / 3, 'a shard without bytes asks nothing: its rate is not 0, no limit');
    assert.deepEqual(shares(whole, [0, 0]), [{ concurrency: 2, requestsPerSecond: 10 }, { concurrency: 2, requestsPerSecond: 10 }]);
    for (const bytes of [[5, 7, 11], [1, 1, 1, 1, 1, 1, 1], [90, 3, 3, 2, 1, 1], [13, 0, 8, 21]]) {
      for (const concurrency of [1, 4, 5, 16, 256]) {
        const split = shares({ concurrency, requestsPerSecond: 8 }, bytes).filter((_, k) => bytes[k]! > 0);
        const asking = bytes.filter((b) => b > 0).length;
        assert.equal(split.reduce((sum, s) => sum + s.concurrency, 0), Math.max(concurrency, asking), `${concurrency} over ${bytes.join(',')}`);
        assert.ok(Math.abs(split.reduce((sum, s) => sum + s.requestsPerSecond, 0) - 8) < 1e-9);
      }
    }
    assert.equal(liveShare({ concurrency: 4, requestsPerSecond: 0 }, { index: 1, count: 2 }, [1, 1]).requestsPerSecond, 0, 'no limit stays no limit');
  });

  it('shardBytes: a gzip sitemap weighs its uncompressed bytes, by its trailer', () => {
    const text = sitemap('https://www.example.com', Array.from({ length: 500 }, (_, k) => `/page/${k}`));
    const dir = folder({ 'plain.xml': text, 'packed.xml.gz': zlib.gzipSync(text) });
    const inputs = ['plain.xml', 'packed.xml.gz'].map((name) => ({ name, file: path.join(dir, name) }));
    assert.deepEqual(shardBytes(inputs, 2, (file) => (file.endsWith('.gz') ? 2 : 1)), [Buffer.byteLength(text), Buffer.byteLength(text)]);
  });

  /** Pages that say who asked: arrivals by User-Agent with their times, the connections each used, and the most in flight at once, by User-Agent and in all. */
  async function budgetServer(hold: (agent: string, respond: () => void) => void): Promise<TestServer & BudgetLog> {
    const byAgent = new Map<string, number[]>();
    const socketsByAgent = new Map<string, Set<unknown>>();
    const inFlight = new Map<string, number>();
    const maxByAgent = new Map<string, number>();
    let all = 0;
    let maxAll = 0;
    const page: Route = (q: http.IncomingMessage, r: http.ServerResponse) => {
      const agent = q.headers['user-agent'] ?? '';
      byAgent.set(agent, [...(byAgent.get(agent) ?? []), Date.now()]);
      socketsByAgent.set(agent, (socketsByAgent.get(agent) ?? new Set()).add(q.socket));
      inFlight.set(agent, (inFlight.get(agent) ?? 0) + 1);
      maxByAgent.set(agent, Math.max(maxByAgent.get(agent) ?? 0, inFlight.get(agent)!));
      maxAll = Math.max(maxAll, ++all);
      r.on('close', () => {
        inFlight.set(agent, inFlight.get(agent)! - 1);
        all--;
      });
      hold(agent, () => r.writeHead(200, { 'content-type': 'text/html' }).end(html));
    };
    const routes: Record<string, Route> = { '/robots.txt': (_q, r) => r.writeHead(404).end() };
    for (let k = 0; k < 4; k++) for (let p = 0; p < 8; p++) routes[`/g${k}/p${p}`] = page;
    const server = await startServer(routes);
    return { ...server, byAgent, maxByAgent, maxInAll: () => maxAll, connections: (agent) => socketsByAgent.get(agent)?.size ?? 0 };
  }

  interface BudgetLog {
    byAgent: Map<string, number[]>;
    maxByAgent: Map<string, number>;
    maxInAll: () => number;
    /** The connections a User-Agent's pages came on (the HTTP client's per origin follow the concurrency). */
    connections: (agent: string) => number;
  }

  /** Four sitemaps of 2, 4, 6 and 8 pages; per shard of 2 that has files, the pages it lists and its share of `whole`. */
  function pages(origin: string, whole: LiveBudget): { dir: string; busy: Map<number, { pages: number; share: LiveBudget }> } {
    const sizes = [2, 4, 6, 8];
    const files = Object.fromEntries(sizes.map((size, k) => [`public/g${k}.xml`, sitemap(origin, Array.from({ length: size }, (_, p) => `/g${k}/p${p}`))]));
    const dir = folder(files);
    const inputs = Object.keys(files).map((name) => ({ name, file: path.join(dir, name) }));
    const shardOf = (file: string) => shardOfPath(file, dir, 2);
    const bytes = shardBytes(inputs, 2, shardOf);
    const busy = new Map<number, { pages: number; share: LiveBudget }>();
    sizes.forEach((size, k) => {
      const i = shardOf(inputs[k]!.file);
      busy.set(i, { pages: (busy.get(i)?.pages ?? 0) + size, share: liveShare(whole, { index: i, count: 2 }, bytes) });
    });
    return { dir, busy };
  }

  it('--live-concurrency 4 over 2 shards at once: each shard its share in flight at most, 4 in all', async () => {
    // Each shard's pages are held until its share of them are in flight (or its last ones): a shard asking fewer at once never ends.
    const held = new Map<string, Array<() => void>>();
    const answered = new Map<string, number>();
    let busy = new Map<number, { pages: number; share: LiveBudget }>();
    const server = await budgetServer((agent, respond) => {
      const mine = [...(held.get(agent) ?? []), respond];
      const { pages: listed, share } = busy.get(Number(agent.replace('shard-', '')))!;
      const left = listed - (answered.get(agent) ?? 0);
      if (mine.length < Math.min(share.concurrency, left)) return void held.set(agent, mine);
      held.set(agent, []);
      answered.set(agent, (answered.get(agent) ?? 0) + mine.length);
      for (const release of mine) release();
    });
    const fixture = pages(server.origin, { concurrency: 4, requestsPerSecond: 0 });
    busy = fixture.busy;
    const runs = await Promise.all([1, 2].map((i) => shard(i, 2, ['--live', '--live-concurrency', '4', '--live-rate', '0'], fixture.dir)));
    await server.close();
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    for (const [i, { share }] of busy) {
      if (busy.size === 2) assert.ok(share.concurrency < 4, 'the budget is split');
      assert.equal(server.maxByAgent.get(`shard-${i}`), share.concurrency, `shard ${i}: in flight`);
      assert.ok(server.connections(`shard-${i}`) <= share.concurrency, `shard ${i}: ${server.connections(`shard-${i}`)} connections, share ${share.concurrency}`);
    }
    assert.ok(server.maxInAll() <= 4, `${server.maxInAll()} in all`);
  });

  it('--live-rate 20 over 2 shards: each shard starts its requests at its share of 20 a second', async () => {
    const server = await budgetServer((_agent, respond) => respond());
    const { dir, busy } = pages(server.origin, { concurrency: 8, requestsPerSecond: 20 });
    const runs = await Promise.all([1, 2].map((i) => shard(i, 2, ['--live', '--live-rate', '20', '--live-concurrency', '8'], dir)));
    await server.close();
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    for (const [i, { pages: listed, share }] of busy) {
      if (busy.size === 2) assert.ok(share.requestsPerSecond < 20, 'the budget is split');
      const starts = server.byAgent.get(`shard-${i}`) ?? [];
      assert.equal(starts.length, listed, `shard ${i}: its pages`);
      // robots.txt's start came first, one interval before the first page: the pages' span is (pages - 1) intervals at least.
      const span = starts.at(-1)! - starts[0]!;
      const interval = 1000 / share.requestsPerSecond;
      assert.ok(span >= (starts.length - 1) * interval * 0.9, `shard ${i}: ${starts.length} pages in ${span} ms at ${share.requestsPerSecond} a second`);
    }
  });
});
