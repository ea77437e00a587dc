/** `sitemap-lint --live` as a child process against a server on 127.0.0.1: each verdict on the `<loc>` of the entries
 * that list the URL, with the rules' severities and settings, `--live-origin`, and no request without `--live`. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startServer, type TestServer } from '../support/httpServer';
import { countingServer } from '../node/live/liveServers';
import { tempFolders } from '../support/tempFolders';
import { runLint, type LintRun } from '../support/lintChild';

const folder = tempFolders('sitemap-lint-live-');

/** The binary run asynchronously: the server answering it lives in this process. `onStderr` sees stderr so far. */
function lint(args: string[], env: NodeJS.ProcessEnv = {}, onStderr?: (stderr: string) => void, onChild?: (child: ChildProcess) => void): Promise<LintRun> {
  return runLint(args, { env, onStderr, onChild });
}

interface JsonProblem {
  rule: string;
  severity: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  url?: string;
}

function problems(run: LintRun): string[] {
  const files = JSON.parse(run.stdout) as Array<{ problems: JsonProblem[] }>;
  return files.flatMap((f) => f.problems.map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${new URL(p.url!).pathname}`));
}

const html = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;

function sitemap(origin: string, paths: string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`), '</urlset>', ''].join('\n');
}

/** The URL inside the `<loc>` on line `line` (1-based) of sitemap(), after `  <url><loc>`, as the page rules place theirs. */
function locOf(line: number, origin: string, p: string): string {
  return `${line}:13-${line}:${13 + `${origin}${p}`.length}`;
}

describe('sitemap-lint --live', () => {
  let site: TestServer;
  const paths = ['/ok', '/moved', '/gone', '/login', '/plain', '/private/x', '/gone'];
  before(async () => {
    site = await startServer({
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'),
      '/ok': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>OK</title>')),
      '/moved': (_q, r) => r.writeHead(301, { location: '/ok' }).end(),
      '/gone': (_q, r) => r.writeHead(410).end(),
      '/login': (_q, r) => r.writeHead(403).end(),
      '/plain': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end(html('<title>x</title>')),
    });
  });
  after(() => site.close());

  it('puts each verdict on the <loc> of the entries that list the URL, and exits 1 on errors', async () => {
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(site.origin, paths));
    const run = await lint(['--live', '--format', 'json', file]);
    assert.equal(run.status, 1, run.stderr);
    const o = site.origin;
    assert.deepEqual(problems(run).filter((p) => !p.includes(' duplicate-url ')).sort(), [
      `${locOf(4, o, '/moved')} warning page-redirect /moved`,
      `${locOf(5, o, '/gone')} error page-not-found /gone`,
      `${locOf(6, o, '/login')} error page-forbidden /login`,
      `${locOf(7, o, '/plain')} warning page-content-type /plain`,
      `${locOf(8, o, '/private/x')} error blocked-by-robots /private/x`,
      `${locOf(9, o, '/gone')} error page-not-found /gone`,
    ].sort());
    assert.equal(site.log.filter((l) => l.path === '/gone').length, 1, 'a URL listed twice is asked once');
    assert.ok(!site.log.some((l) => l.path.startsWith('/private')));
  });

  it('takes the rules\' settings: off is not reported, a severity is the one set', async () => {
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(site.origin, ['/plain', '/login']));
    const run = await lint(['--live', '--rule', 'page-content-type=off', '--rule', 'page-forbidden=warning', '--format', 'json', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(problems(run), [`${locOf(4, site.origin, '/login')} warning page-forbidden /login`]);
  });

  it('--live-origin: each path asked on the preview, the problems on the listed URLs; the listed origin never asked', async () => {
    const production = await startServer({});
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(production.origin, ['/ok', '/gone']));
    const run = await lint(['--live-origin', site.origin, '--format', 'json', file]);
    await production.close();
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(problems(run), [`${locOf(4, production.origin, '/gone')} error page-not-found /gone`]);
    assert.deepEqual(production.log, []);
  });

  it('checks a sitemap read from its URL: its verdicts on its <loc>s, the report naming the URL', async () => {
    let origin = '';
    const served = await startServer({
      '/sitemap.xml': (_q, r) => r.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap(origin, ['/ok', '/gone'])),
      '/ok': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>OK</title>')),
      '/gone': (_q, r) => r.writeHead(410).end(),
    });
    origin = served.origin;
    const run = await lint(['--live', '--format', 'json', `${origin}/sitemap.xml`]);
    await served.close();
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(problems(run), [`${locOf(4, origin, '/gone')} error page-not-found /gone`]);
    assert.deepEqual((JSON.parse(run.stdout) as Array<{ file: string }>).map((f) => f.file), [`${origin}/sitemap.xml`]);
  });

  it('sends SITEMAP_HTTP_HEADERS to the origin it checks (a staging password), never to another, and never prints them', async () => {
    const secret = 'Basic c3RhZ2luZzpodW50ZXIy';
    const staging = await startServer({
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n'),
      '/ok': (q, r) => (q.headers.authorization === secret ? r.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>OK</title>')) : r.writeHead(401).end()),
      '/elsewhere': (_q, r) => r.writeHead(302, { location: `${site.origin}/ok` }).end(),
    });
    const production = await startServer({});
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(production.origin, ['/ok', '/elsewhere']));
    const run = await lint(['--live-origin', staging.origin, '--format', 'json', file], { SITEMAP_HTTP_HEADERS: `Authorization: ${secret}\n` });
    await Promise.all([staging.close(), production.close()]);
    assert.equal(run.status, 0, run.stderr);
    // /ok answered 200 only with the header; /elsewhere's redirect to another origin ends its chain, which is not asked.
    assert.deepEqual(problems(run), [`${locOf(4, production.origin, '/elsewhere')} warning page-redirect /elsewhere`]);
    assert.deepEqual(staging.log.map((l) => `${l.path} ${l.headers.authorization}`).sort(), [`/elsewhere ${secret}`, `/ok ${secret}`, `/robots.txt ${secret}`]);
    assert.ok(!site.log.some((l) => l.headers.authorization !== undefined), 'the header never went to another origin');
    assert.ok(!run.stdout.includes(secret) && !run.stderr.includes(secret));
  });

  it('asks nothing without --live, and refuses a --live-origin that is not an origin', async () => {
    const before = site.log.length;
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(site.origin, ['/gone']));
    const run = await lint(['--format', 'json', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(site.log.length, before);
    const bad = await lint(['--live-origin', 'ftp://example.com/x', file]);
    assert.equal(bad.status, 2);
  });

  it('--live-concurrency N: N requests in flight per origin at once, never more', async () => {
    const held: Array<() => void> = [];
    // Each page is held until three are in flight: only three at once lets the run end.
    const page = (_q: unknown, r: import('node:http').ServerResponse) => {
      held.push(() => r.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>x</title>')));
      if (held.length % 3 === 0) for (const release of held.splice(0)) release();
    };
    const paths = Array.from({ length: 9 }, (_, k) => `/p${k}`);
    const server = await countingServer({ '/robots.txt': (_q, r) => r.writeHead(404).end(), ...Object.fromEntries(paths.map((p) => [p, page])) });
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, paths));
    const run = await lint(['--live', '--live-concurrency', '3', '--live-rate', '0', '--format', 'json', file]);
    await server.close();
    assert.equal(run.status, 0, run.stderr);
    assert.equal(server.maxInFlight(), 3);
  });

  it('--live-rate N: request starts spaced to N a second per origin', async () => {
    const paths = Array.from({ length: 10 }, (_, k) => `/r${k}`);
    const server = await countingServer({ '/robots.txt': (_q, r) => r.writeHead(404).end(), ...Object.fromEntries(paths.map((p) => [p, (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html(''))])) });
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, paths));
    const run = await lint(['--live', '--live-rate', '40', '--live-concurrency', '8', '--format', 'json', file]);
    await server.close();
    assert.equal(run.status, 0, run.stderr);
    // Eleven starts (robots.txt and ten pages) at 40 a second span at least 250 ms; the default of 8 would take 1,250 ms.
    const span = server.arrivals.at(-1)!.at - server.arrivals[0]!.at;
    assert.ok(span >= 240 && span < 1_000, `span ${span} ms`);
  });

  it('refuses a --live-concurrency or --live-rate out of range, or without --live', async () => {
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(site.origin, ['/ok']));
    for (const bad of [['--live', '--live-concurrency', '0'], ['--live', '--live-concurrency', '2.5'], ['--live', '--live-concurrency=999'], ['--live', '--live-rate', '-1'], ['--live', '--live-rate', 'fast'], ['--live-rate', '4']]) {
      const run = await lint([...bad, file]);
      assert.equal(run.status, 2, bad.join(' '));
    }
    const before = site.log.length;
    const run = await lint(['--live', '--live-rate', '0.5', '--live-concurrency', '1', '--format', 'json', file]);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(site.log.length > before);
  });

  it('progress: a line on stderr at its interval when stderr is not a terminal, stdout the report alone; none with --quiet', async () => {
    // The last page is answered once stderr shows a progress line: the line comes while the check runs.
    let progressSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (progressSeen = resolve));
    const server = await countingServer({
      '/robots.txt': (_q, r) => r.writeHead(404).end(),
      '/a': (_q, r) => r.writeHead(404).end(),
      '/b': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(html('')),
      '/last': (_q, r) => void seen.then(() => r.writeHead(404).end()),
    });
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, ['/a', '/b', '/last']));
    const progressLine = /^sitemap-lint: live: ([0-9]+)\/3 /m;
    const run = await lint(['--live', '--live-rate', '0', '--format', 'json', file], { SITEMAP_LINT_PROGRESS_MS: '10' }, (stderr) => {
      if (progressLine.test(stderr)) progressSeen();
    });
    assert.equal(run.status, 1, run.stderr);
    assert.equal(problems(run).length, 2, 'stdout is the JSON report alone');
    assert.ok(!run.stderr.includes('\x1b'), 'no terminal codes in a log');
    const quiet = await lint(['--live', '--quiet', '--live-rate', '10', '--format', 'json', file], { SITEMAP_LINT_PROGRESS_MS: '1' });
    progressSeen();
    await server.close();
    assert.equal(quiet.status, 1, quiet.stderr);
    assert.doesNotMatch(quiet.stderr, progressLine);
  });

  it('Ctrl+C: every request stopped, the report of the URLs checked, a note of those not checked, exit 130', async () => {
    // Four pages answer 404 at once; every later one is held: two in flight (--live-concurrency 2) when SIGINT comes,
    // which only an abort ends (--timeout 3600).
    const paths = Array.from({ length: 20 }, (_, k) => `/c${k}`);
    let answered = 0;
    const page = (_q: unknown, r: import('node:http').ServerResponse) => {
      if (answered < 4) {
        answered++;
        r.writeHead(404).end();
      }
    };
    const server = await countingServer({ '/robots.txt': (_q, r) => r.writeHead(404).end(), ...Object.fromEntries(paths.map((p) => [p, page])) });
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, paths));
    let child: ChildProcess | undefined;
    let atSignal = -1;
    void server.arrived(7).then(() => {
      atSignal = server.arrivals.length;
      child!.kill('SIGINT');
    });
    const run = await lint(['--live', '--live-concurrency', '2', '--live-rate', '0', '--timeout', '3600', '--format', 'json', file], {}, undefined, (c) => (child = c));
    const seen = server.arrivals.map((a) => a.path);
    await server.close();
    assert.equal(run.status, 130, run.stderr);
    assert.equal(atSignal, 7);
    assert.equal(seen.length, 7, 'no request after the signal');
    const checked = seen.slice(1, 5);
    assert.deepEqual(problems(run).map((p) => p.split(' ').slice(1).join(' ')).sort(), checked.map((p) => `error page-not-found ${p}`).sort());
    assert.match(run.stderr, /\b16\b/, 'the note counts the URLs not checked');
  });

  it('--live-cache: a rerun asks conditionally, a 304 reuses the kept verdict; robots.txt asked every run', async () => {
    const modified = 'Tue, 01 Dec 2026 10:00:00 GMT';
    const server = await countingServer({
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n'),
      '/tagged': (q, r) => (q.headers['if-none-match'] === '"v1"' ? r.writeHead(304, { etag: '"v1"' }).end()
        : r.writeHead(200, { 'content-type': 'text/html', etag: '"v1"' }).end(html('<meta name="robots" content="noindex">'))),
      '/dated': (q, r) => (q.headers['if-modified-since'] === modified ? r.writeHead(304).end()
        : r.writeHead(200, { 'content-type': 'text/plain', 'last-modified': modified }).end(html(''))),
      '/fine': (q, r) => (q.headers['if-none-match'] === '"f"' ? r.writeHead(304).end()
        : r.writeHead(200, { 'content-type': 'text/html', etag: '"f"' }).end(html(''))),
      '/gone': (_q, r) => r.writeHead(410).end(),
      '/moved': (_q, r) => r.writeHead(301, { location: '/fine', etag: '"m"' }).end(),
    });
    const dir = folder();
    const file = path.join(dir, 'sitemap.xml');
    const cache = path.join(dir, 'live-cache.json');
    fs.writeFileSync(file, sitemap(server.origin, ['/tagged', '/dated', '/fine', '/gone', '/moved']));
    const args = ['--live', '--live-rate', '0', '--live-cache', cache, '--format', 'json', file];
    const first = await lint(args);
    assert.equal(first.status, 1, first.stderr);
    const firstLog = server.log.length;
    const second = await lint(args);
    await server.close();
    assert.equal(second.status, 1, second.stderr);
    assert.deepEqual(problems(second), problems(first));
    assert.deepEqual(problems(first).map((p) => p.split(' ').slice(2).join(' ')).sort(),
      ['noindex-page /tagged', 'page-content-type /dated', 'page-not-found /gone', 'page-redirect /moved'].sort());
    const rerun = server.log.slice(firstLog);
    const asked = (p: string) => rerun.find((l) => l.path === p)!.headers;
    assert.ok(rerun.some((l) => l.path === '/robots.txt'), 'robots.txt asked again');
    assert.equal(asked('/tagged')['if-none-match'], '"v1"');
    assert.equal(asked('/dated')['if-modified-since'], modified);
    assert.equal(asked('/fine')['if-none-match'], '"f"');
    for (const p of ['/gone', '/moved']) assert.equal(asked(p)['if-none-match'] ?? asked(p)['if-modified-since'], undefined, p);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['live-cache.json', 'sitemap.xml'], 'no temporary file left');
  });

  it('--live-cache: a corrupt or foreign cache file is one note and replaced, never a crash', async () => {
    const server = await countingServer({
      '/robots.txt': (_q, r) => r.writeHead(404).end(),
      '/page': (_q, r) => r.writeHead(200, { 'content-type': 'text/html', etag: '"p"' }).end(html('')),
    });
    const dir = folder();
    const file = path.join(dir, 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, ['/page']));
    for (const bad of ['{"entries": {', '{"format":"another tool","version":1,"entries":{}}', '\u0000\u0001binary']) {
      const cache = path.join(dir, 'cache.json');
      fs.writeFileSync(cache, bad);
      const run = await lint(['--live', '--live-cache', cache, '--format', 'json', file]);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr.split('\n').filter((l) => l.startsWith('sitemap-lint: note:') && l.includes(cache)).length, 1, run.stderr);
      const written = JSON.parse(fs.readFileSync(cache, 'utf8')) as { entries: Record<string, { etag: string }> };
      assert.equal(written.entries[`${server.origin}/page`]!.etag, '"p"');
    }
    await server.close();
  });

  it('X-Robots-Tag sent twice, "otherbot: noindex" then "noindex": the second speaks to every crawler (noindex-page)', async () => {
    const server = await countingServer({
      '/robots.txt': (_q, r) => r.writeHead(404).end(),
      '/twice': (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'x-robots-tag': ['otherbot: noindex', 'noindex'] }).end(html('')),
      '/scoped': (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'x-robots-tag': ['otherbot: noindex', 'otherbot: nofollow'] }).end(html('')),
    });
    const file = path.join(folder(), 'sitemap.xml');
    fs.writeFileSync(file, sitemap(server.origin, ['/twice', '/scoped']));
    const run = await lint(['--live', '--live-rate', '0', '--format', 'json', file]);
    await server.close();
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(problems(run), [`${locOf(3, server.origin, '/twice')} error noindex-page /twice`]);
  });
});
