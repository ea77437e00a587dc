/** The live check (node/live/checkLive.ts) with the real HTTP client against servers on 127.0.0.1: every verdict, redirect
 * chains and loops, robots.txt first (never a disallowed URL requested), Retry-After pausing the whole origin, the
 * per-origin concurrency and rate counted on the server's side, --live-origin and cancellation. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpGet, type HttpClient } from '../../../server/src/node/http/httpGet';
import type { HttpGet } from '../../../server/src/node/http/httpTypes';
import { checkLive, type LiveCheckOptions, type LiveProgress, type LiveResult, type LiveSummary } from '../../../server/src/node/live/checkLive';
import { endless, startServer, testCertificate, type Route } from '../../support/httpServer';
import { answer, countingServer, html, redirect, text, type CountingServer } from './liveServers';

/** Short waits, so that no test waits long on a retry; timeouts short enough that a failure ends within the test. */
const FAST: Partial<LiveCheckOptions> = { requestsPerSecond: 0, retry: { maxRetries: 3, backoffMs: 5, maxWaitMs: 50 } };

let client: HttpClient;
before(() => {
  client = createHttpGet({ connectTimeoutMs: 2_000, headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000, totalTimeoutMs: 5_000 });
});
after(() => client.close());

async function check(urls: string[], options: Partial<LiveCheckOptions> = {}): Promise<{ results: Map<string, LiveResult>; summary: LiveSummary; notes: string[] }> {
  const results = new Map<string, LiveResult>();
  const notes: string[] = [];
  const summary = await checkLive(urls, { get: client, ...FAST, ...options, onResult: (r) => results.set(r.url, r), onNote: (n) => notes.push(n) });
  return { results, summary, notes };
}

/** The client, each request's start and when the 429 came back recorded on the client's side. */
function recording(): { get: HttpGet; starts: Array<{ url: string; at: number }>; busyAt: () => number } {
  const starts: Array<{ url: string; at: number }> = [];
  let busyAt = 0;
  const get: HttpGet = async (url, options) => {
    starts.push({ url, at: Date.now() });
    const got = await client(url, options);
    if (got.status === 429) busyAt = Date.now();
    return got;
  };
  return { get, starts, busyAt: () => busyAt };
}

function rules(results: Map<string, LiveResult>): Record<string, string> {
  return Object.fromEntries([...results].map(([url, r]) => [new URL(url).pathname, r.verdict?.rule ?? 'ok']));
}

describe('every verdict, one per URL, robots.txt first', () => {
  let site: CountingServer;
  let elsewhere: CountingServer;
  const expected: Record<string, string> = {
    '/ok': 'ok',
    '/doc.pdf': 'ok',
    '/otherbot': 'ok',
    '/private/page': 'blocked-by-robots',
    '/moved': 'page-redirect',
    '/loop-a': 'page-redirect',
    '/hop/0': 'page-redirect',
    '/to-private': 'page-redirect',
    '/away': 'page-redirect',
    '/refresh': 'page-redirect',
    '/gone': 'page-not-found',
    '/missing': 'page-not-found',
    '/bad-request': 'page-not-found',
    '/login': 'page-forbidden',
    '/forbidden': 'page-forbidden',
    '/error': 'page-unreachable',
    '/hang-up': 'page-unreachable',
    '/noindex-header': 'noindex-page',
    '/none-header': 'noindex-page',
    '/noindex-meta': 'noindex-page',
    '/canonical-link': 'canonical-elsewhere',
    '/canonical-head': 'canonical-elsewhere',
    '/plain': 'page-content-type',
    '/no-type': 'page-content-type',
    '/endless-head': 'ok',
  };
  before(async () => {
    elsewhere = await countingServer({ '/': text('elsewhere') });
    const hops: Record<string, ReturnType<typeof redirect>> = {};
    for (let k = 0; k < 12; k++) hops[`/hop/${k}`] = redirect(`/hop/${k + 1}`, 302);
    site = await countingServer({
      '/robots.txt': text('User-agent: *\nDisallow: /private\n\nUser-agent: otherbot\nDisallow: /\n'),
      '/ok': html('<title>OK</title><link rel="canonical" href="/ok">'),
      '/doc.pdf': answer(200, { 'content-type': 'application/pdf', link: '</doc.pdf>; rel="canonical"' }, '%PDF-1.7\n'),
      '/otherbot': html('<title>x</title>', { 'x-robots-tag': 'otherbot: noindex' }),
      '/private/page': html('<title>never asked</title>'),
      '/private/target': html('<title>never asked</title>'),
      '/moved': redirect('/ok'),
      '/loop-a': redirect('/loop-b', 302),
      '/loop-b': redirect('/loop-a', 302),
      ...hops,
      '/to-private': redirect('/private/target'),
      '/away': (_q, r) => r.writeHead(301, { location: `${elsewhere.origin}/` }).end(),
      '/refresh': html('<meta http-equiv="refresh" content="0; url=/ok">'),
      '/gone': answer(410),
      '/bad-request': answer(400),
      '/login': answer(401, { 'www-authenticate': 'Basic' }),
      '/forbidden': answer(403),
      '/error': answer(500),
      '/hang-up': (request) => request.socket.destroy(),
      '/noindex-header': html('<title>x</title>', { 'x-robots-tag': 'googlebot: noindex' }),
      '/none-header': html('<title>x</title>', { 'x-robots-tag': ['noarchive', 'NONE'] }),
      '/noindex-meta': html('<meta name="robots" content="noindex,follow">'),
      '/canonical-link': answer(200, { 'content-type': 'application/pdf', link: '</ok>; rel="canonical"' }, '%PDF-1.7\n'),
      '/canonical-head': html('<link rel="canonical" href="/ok">'),
      '/plain': text('<!DOCTYPE html><html><head><title>x</title></head></html>'),
      '/no-type': (_q, r) => r.end('<!DOCTYPE html><html><head><title>x</title></head></html>'),
      '/endless-head': (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.write('<!doctype html><html><head><title>Big</title></head><body>');
        endless(r, Buffer.alloc(64 * 1024, 'a'));
      },
      '/missing': answer(404),
    });
  });
  after(async () => {
    await site.close();
    await elsewhere.close();
  });

  it('judges each URL as Google would, and never asks what robots.txt disallows nor an origin outside the run', async () => {
    const urls = Object.keys(expected).map((path) => site.origin + path);
    const { results, summary } = await check(urls, { concurrency: 4 });
    assert.deepEqual(rules(results), expected);
    assert.equal(summary.checked, urls.length);
    assert.equal(summary.errors, 2);
    const asked = site.log.map((a) => a.path);
    assert.equal(asked[0], '/robots.txt', 'robots.txt before any URL of its origin');
    assert.equal(asked.filter((p) => p === '/robots.txt').length, 1, 'robots.txt once');
    assert.deepEqual(asked.filter((p) => p.startsWith('/private')), [], 'no disallowed URL requested');
    assert.deepEqual(elsewhere.log, [], 'no request outside the sitemap\'s origins');
    assert.equal(asked.filter((p) => p === '/error').length, 1, 'a 500 is not retried');
    assert.equal(asked.filter((p) => p === '/hang-up').length, 4, 'a failed connection is retried 3 times');
    assert.ok(site.maxInFlight() <= 4, `in flight at most 4, saw ${site.maxInFlight()}`);
    assert.ok(site.cutShort.includes('/endless-head'), 'a page is read up to its head, then the connection closed');
    const head = results.get(site.origin + '/endless-head')!.record;
    assert.ok(head.truncated && head.body.length < 128 * 1024, `read ${head.body.length} bytes: up to </head>, not up to the cap`);
  });

  it('records the chain and its end: the target, a loop, more than 10 hops, robots.txt, another origin', async () => {
    const { results } = await check(['/moved', '/loop-a', '/hop/0', '/to-private', '/away'].map((p) => site.origin + p));
    const at = (path: string) => results.get(site.origin + path)!;
    assert.deepEqual(at('/moved').verdict!.chain, [{ url: `${site.origin}/moved`, status: 301 }, { url: `${site.origin}/ok`, status: 200 }]);
    assert.equal(at('/moved').verdict!.listInstead, `${site.origin}/ok`);
    assert.deepEqual(at('/loop-a').record.stop, { kind: 'loop', url: `${site.origin}/loop-a` });
    assert.equal(at('/loop-a').record.hops.length, 2);
    assert.deepEqual(at('/hop/0').record.stop, { kind: 'too-many-redirects', max: 10 });
    assert.equal(at('/hop/0').record.hops.length, 11, 'ten redirects followed, the eleventh not');
    assert.equal(at('/to-private').record.stop.kind, 'blocked');
    assert.deepEqual(at('/away').record.stop, { kind: 'left-origins', url: `${elsewhere.origin}/` });
    assert.equal(at('/away').verdict!.listInstead, undefined);
  });

  it('reads robots.txt for the crawler judged: another user agent gets its own group', async () => {
    const { results } = await check([site.origin + '/ok', site.origin + '/otherbot'], { userAgent: 'otherbot' });
    assert.deepEqual(rules(results), { '/ok': 'blocked-by-robots', '/otherbot': 'blocked-by-robots' });
  });
});

describe('robots.txt as RFC 9309 says', () => {
  const pages = { '/a': html('<title>a</title>'), '/x/b': html('<title>b</title>') };
  const serve = async (robots: Parameters<typeof countingServer>[0]) => countingServer({ ...pages, ...robots });

  it('a 5xx: everything disallowed, said once, nothing else requested', async () => {
    const site = await serve({ '/robots.txt': answer(500) });
    const { results, notes } = await check([site.origin + '/a', site.origin + '/x/b']);
    await site.close();
    assert.deepEqual(rules(results), { '/a': 'blocked-by-robots', '/x/b': 'blocked-by-robots' });
    assert.equal(notes.length, 1);
    assert.deepEqual(site.log.map((a) => a.path), ['/robots.txt']);
  });

  it('a listed URL is asked as URL writes it: percent-encoded for the matcher and the server, its fragment left out', async () => {
    const site = await serve({ '/robots.txt': text('User-agent: *\nDisallow: /caf\u00e9\n'), '/caf%C3%A9s': html(''), '/%C3%BCber': html('') });
    const { results } = await check([site.origin + '/caf\u00e9s#menu', site.origin + '/\u00fcber#top']);
    await site.close();
    assert.deepEqual(rules(results), { '/caf%C3%A9s': 'blocked-by-robots', '/%C3%BCber': 'ok' });
    assert.deepEqual(site.log.map((l) => l.path), ['/robots.txt', '/%C3%BCber']);
  });

  it('a 4xx: no restriction', async () => {
    const site = await serve({ '/robots.txt': answer(404) });
    const { results } = await check([site.origin + '/a', site.origin + '/x/b']);
    await site.close();
    assert.deepEqual(rules(results), { '/a': 'ok', '/x/b': 'ok' });
  });

  it('unreachable: everything disallowed after the retries, said once', async () => {
    const gone = await countingServer({});
    const origin = gone.origin;
    await gone.close();
    const { results, notes } = await check([origin + '/a', origin + '/x/b']);
    assert.deepEqual(rules(results), { '/a': 'blocked-by-robots', '/x/b': 'blocked-by-robots' });
    assert.equal(notes.length, 1);
  });

  it('redirects followed (up to 5) to the robots.txt that decides', async () => {
    const site = await serve({
      '/robots.txt': redirect('/r1'), '/r1': redirect('/r2'), '/r2': redirect('/r3'), '/r3': redirect('/r4'), '/r4': redirect('/real-robots.txt'),
      '/real-robots.txt': text('User-agent: *\nDisallow: /x/\n'),
    });
    const { results } = await check([site.origin + '/a', site.origin + '/x/b']);
    await site.close();
    assert.deepEqual(rules(results), { '/a': 'ok', '/x/b': 'blocked-by-robots' });
    assert.ok(!site.arrivals.some((a) => a.path === '/x/b'));
  });

  it('more than 5 redirects: taken as unavailable (no restriction)', async () => {
    const chain: Record<string, ReturnType<typeof redirect>> = { '/robots.txt': redirect('/r1') };
    for (let k = 1; k <= 6; k++) chain[`/r${k}`] = redirect(`/r${k + 1}`);
    chain['/r7'] = text('User-agent: *\nDisallow: /\n');
    const site = await serve(chain);
    const { results } = await check([site.origin + '/a']);
    await site.close();
    assert.deepEqual(rules(results), { '/a': 'ok' });
    assert.ok(!site.arrivals.some((a) => a.path === '/r7'));
  });
});

describe('429 and 503: Retry-After honoured, the whole origin slowed down, retries bounded', () => {
  /** `/busy` answers `first` once, then 200; the other pages at once. */
  async function busyServer(first: () => Record<string, string>) {
    let sent = 0;
    const pages: Record<string, ReturnType<typeof html>> = {};
    for (let k = 0; k < 6; k++) pages[`/p${k}`] = html('<title>p</title>');
    const site = await countingServer({
      '/robots.txt': answer(404),
      '/busy': (_q, r) => {
        if (sent++ === 0) r.writeHead(429, first()).end();
        else r.writeHead(200, { 'content-type': 'text/html' }).end('<html><head></head></html>');
      },
      ...pages,
    });
    return { site, urls: ['/busy', ...Object.keys(pages)].map((p) => site.origin + p) };
  }

  for (const [form, header] of [['seconds', () => ({ 'retry-after': '1' })], ['an HTTP-date', () => ({ 'retry-after': new Date(Date.now() + 1_500).toUTCString() })]] as const) {
    it(`Retry-After in ${form}: the retry, and every other request of the origin, waits`, async () => {
      const { site, urls } = await busyServer(header);
      const { get, starts, busyAt } = recording();
      // A fallback backoff of a minute: were Retry-After not read, the test would time out.
      const { results } = await check(urls, { get, concurrency: 2, requestsPerSecond: 0, retry: { maxRetries: 3, backoffMs: 60_000, maxWaitMs: 60_000 } });
      await site.close();
      assert.equal(results.get(urls[0]!)!.verdict, undefined);
      assert.equal(results.get(urls[0]!)!.record.hops[0]!.retries, 1);
      const later = starts.filter((s) => s.at > busyAt());
      assert.ok(later.length > 0);
      for (const s of later) assert.ok(s.at >= busyAt() + 400, `${s.url} asked ${s.at - busyAt()} ms after the 429 came back`);
    });
  }

  it('the wait is bounded, and a 503 that stays is page-unreachable after 3 retries', async () => {
    const site = await countingServer({ '/robots.txt': answer(404), '/down': answer(503, { 'retry-after': '3600' }) });
    const started = Date.now();
    const { results } = await check([site.origin + '/down'], { retry: { maxRetries: 3, backoffMs: 5, maxWaitMs: 20 } });
    await site.close();
    assert.equal(results.get(site.origin + '/down')!.verdict!.rule, 'page-unreachable');
    assert.equal(site.arrivals.filter((a) => a.path === '/down').length, 4);
    assert.ok(Date.now() - started < 30_000);
  });
});

describe('politeness: per-origin concurrency and rate, counted by the server', () => {
  it('never more requests in flight than the limit, and the limit reached', async () => {
    const routes: Record<string, ReturnType<typeof html>> = { '/robots.txt': text('User-agent: *\nDisallow: /no\n') };
    const slow = (_q: unknown, r: import('node:http').ServerResponse) => setTimeout(() => r.writeHead(200, { 'content-type': 'text/html' }).end('<head></head>'), 15);
    for (let k = 0; k < 30; k++) routes[`/p${k}`] = slow;
    const site = await countingServer(routes);
    const urls = [...Object.keys(routes).filter((p) => p.startsWith('/p')), '/no/1', '/no/2'].map((p) => site.origin + p);
    const { summary } = await check(urls, { concurrency: 3 });
    await site.close();
    assert.equal(site.maxInFlight(), 3);
    assert.equal(summary.maxInFlight[site.origin], 3);
    assert.deepEqual(site.log.filter((a) => a.path.startsWith('/no')), []);
  });

  it('through its gate, whatever asks: redirects from two other origins into a third stay within its limit', async () => {
    const slow: Route = (_q, r) => void setTimeout(() => r.writeHead(200, { 'content-type': 'text/html' }).end('<head></head>'), 10);
    const target: Record<string, Route> = { '/robots.txt': answer(404) };
    for (let k = 0; k < 30; k++) target[`/t${k}`] = slow;
    const c = await countingServer(target);
    const intoC = async (from: number) => {
      const routes: Record<string, ReturnType<typeof redirect>> = { '/robots.txt': answer(404) };
      for (let k = 0; k < 10; k++) routes[`/r${k}`] = redirect(`${c.origin}/t${from + k}`);
      return countingServer(routes);
    };
    const [a, b] = [await intoC(0), await intoC(10)];
    const urls = [a, b].flatMap((s) => Array.from({ length: 10 }, (_, k) => `${s.origin}/r${k}`));
    for (let k = 20; k < 30; k++) urls.push(`${c.origin}/t${k}`);
    const { summary } = await check(urls, { concurrency: 2 });
    await Promise.all([a.close(), b.close(), c.close()]);
    assert.equal(summary.checked, 30);
    assert.ok(c.maxInFlight() <= 2, `${c.maxInFlight()} in flight at once`);
  });

  it('many requests at once on one signal are no listener leak (no MaxListenersExceededWarning)', async () => {
    const routes: Record<string, Route> = { '/robots.txt': answer(404) };
    for (let k = 0; k < 40; k++) routes[`/p${k}`] = (_q, r) => void setTimeout(() => r.writeHead(200, { 'content-type': 'text/html' }).end('<head></head>'), 5);
    const site = await countingServer(routes);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const { summary } = await check(Object.keys(routes).filter((p) => p !== '/robots.txt').map((p) => site.origin + p), { concurrency: 16 });
      assert.ok(summary.maxInFlight[site.origin]! > 10, 'more than 10 requests at once (the client queues past its connections)');
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
      await site.close();
    }
    assert.deepEqual(warnings.filter((name) => name === 'MaxListenersExceededWarning'), []);
  });

  it('starts spaced by the rate', async () => {
    const routes: Record<string, ReturnType<typeof html>> = { '/robots.txt': answer(404) };
    for (let k = 0; k < 8; k++) routes[`/p${k}`] = html('');
    const site = await countingServer(routes);
    const { get, starts } = recording();
    await check(Object.keys(routes).filter((p) => p !== '/robots.txt').map((p) => site.origin + p), { get, concurrency: 4, requestsPerSecond: 20 });
    await site.close();
    const times = starts.map((s) => s.at);
    assert.equal(times.length, 9);
    for (let k = 1; k < times.length; k++) assert.ok(times[k]! - times[k - 1]! >= 45, `request ${k} started ${times[k]! - times[k - 1]!} ms after the one before`);
  });
});

describe('--live-origin', () => {
  it('asks each listed path on the preview, its robots.txt included, and reports against the listed URLs', async () => {
    const production = await countingServer({});
    const listed = (path: string) => production.origin + path;
    const preview = await countingServer({
      '/robots.txt': text('User-agent: *\nDisallow: /drafts/\n'),
      '/page': html(`<link rel="canonical" href="${production.origin}/page">`),
      '/own-canonical': html('<link rel="canonical" href="/own-canonical">'),
      '/old': redirect('/new'),
      '/new': html(''),
      '/drafts/x': html(''),
    });
    const { results } = await check(['/page', '/own-canonical', '/old', '/drafts/x', '/missing?q=1'].map(listed), { liveOrigin: preview.origin });
    await preview.close();
    await production.close();
    assert.deepEqual([...results.keys()].sort(), ['/drafts/x', '/missing?q=1', '/old', '/own-canonical', '/page'].map(listed).sort());
    assert.deepEqual(rules(results), { '/page': 'ok', '/own-canonical': 'ok', '/old': 'page-redirect', '/drafts/x': 'blocked-by-robots', '/missing': 'page-not-found' });
    assert.equal(results.get(listed('/old'))!.verdict!.listInstead, listed('/new'));
    assert.deepEqual(production.log, [], 'the production origin is not asked');
    assert.ok(preview.log.some((a) => a.path === '/missing?q=1'), 'the query kept');
    assert.ok(!preview.log.some((a) => a.path.startsWith('/drafts')));
  });
});

describe('verdicts as they come, and cancellation', () => {
  it('reports each verdict as soon as it is known; an abort stops every request and wait at once', async () => {
    const routes: Record<string, ReturnType<typeof html>> = { '/robots.txt': answer(404) };
    for (let k = 0; k < 3; k++) routes[`/fast${k}`] = answer(410);
    for (let k = 0; k < 20; k++) routes[`/hold${k}`] = () => {}; // never answers
    const site = await countingServer(routes);
    const controller = new AbortController();
    const results: LiveResult[] = [];
    const progress: LiveProgress[] = [];
    let threeJudged!: () => void;
    const judged = new Promise<void>((resolve) => (threeJudged = resolve));
    const running = checkLive(Object.keys(routes).filter((p) => p !== '/robots.txt').map((p) => site.origin + p), {
      get: client, ...FAST, concurrency: 3, signal: controller.signal,
      onResult: (r) => {
        results.push(r);
        if (results.length === 3) threeJudged();
      },
      onProgress: (p) => progress.push(p),
    });
    await judged; // while the run goes on: the verdicts came before its end
    await site.arrived(7); // robots.txt, the three fast pages, three held ones
    controller.abort();
    const summary = await running;
    await site.ended(7);
    await site.close();
    assert.deepEqual(results.map((r) => r.verdict?.rule), ['page-not-found', 'page-not-found', 'page-not-found']);
    assert.deepEqual(progress.map((p) => [p.checked, p.total, p.problems]), [[0, 23, 0], [1, 23, 1], [2, 23, 2], [3, 23, 3]]);
    assert.equal(summary.cancelled, true);
    assert.equal(summary.checked, 3);
    assert.deepEqual(site.cutShort.filter((p) => p.startsWith('/hold')).length, 3, 'the held requests closed by the client');
    assert.equal(site.arrivals.length, 7, 'nothing asked after the abort');
  });
});

describe('over TLS', () => {
  it('a self-signed staging host: checked with an insecure client; with a strict one its robots.txt is unreachable, so nothing is asked', async () => {
    const site = await startServer({
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'),
      '/ok': html('<title>OK</title>'),
      '/private/x': html(''),
    }, { tls: await testCertificate() });
    const urls = ['/ok', '/gone', '/private/x'].map((p) => site.origin + p);
    const insecure = createHttpGet({ insecure: true, totalTimeoutMs: 5_000 });
    try {
      const { results } = await check(urls, { get: insecure });
      assert.deepEqual(rules(results), { '/ok': 'ok', '/gone': 'page-not-found', '/private/x': 'blocked-by-robots' });
    } finally {
      await insecure.close();
    }
    const asked = site.log.length;
    const { results, notes } = await check(urls);
    await site.close();
    assert.deepEqual(rules(results), { '/ok': 'blocked-by-robots', '/gone': 'blocked-by-robots', '/private/x': 'blocked-by-robots' });
    assert.equal(notes.length, 1);
    assert.equal(site.log.length, asked, 'a failed handshake asks nothing');
    assert.ok(site.origin.startsWith('https://127.0.0.1:'));
  });
});
