/**
 * `sitemap-lint URL` and `sitemap-diff URL …` (issue 34), the real binaries as child processes against servers the test
 * starts on 127.0.0.1 (plain, and TLS with a certificate made now): rule ids and ranges in the fetched text, the URL's
 * location for scope, gzip by magic bytes and by Content-Encoding, redirects, an index's children and a robots.txt's
 * sitemaps read, the size limit while reading, one-line failures with exit 2; each server's log proves what was asked.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as http from 'node:http';
import { endless, startServer, testCertificate, type Route, type TestServer } from '../support/httpServer';
import { tempFolders } from '../support/tempFolders';

const LINT = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const DIFF = path.resolve(__dirname, '../../../dist/sitemap-diff.js');
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const folder = tempFolders('sitemap-lint-url-');

/** A urlset of `locs`, one `<url>` a line from line 3 (`<loc>` from column 11). */
const urlset = (locs: string[]) => `${DECL}\n${URLSET}\n${locs.map((l) => `<url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;
const index = (locs: string[]) => `${DECL}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The binary as a child process, waited on without blocking this process (whose servers must answer it). */
function run(bin: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = folder()): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface JsonFile {
  file: string;
  problems: Array<{ rule: string; line: number; column: number; endLine: number; endColumn: number; url?: string }>;
}

/** file → "rule line:col-line:col" per problem, from a --format json run. */
function summary(r: Run): Record<string, string[]> {
  const files = JSON.parse(r.stdout) as JsonFile[];
  return Object.fromEntries(files.map((f) => [f.file, f.problems.map((p) => `${p.rule} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`)]));
}

/** One line on stderr, no stack: what a failure prints. */
function assertOneLineFailure(r: Run): void {
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trimEnd().split('\n').filter((line) => !line.includes(': note: '));
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(!/\bat .+:\d+:\d+/.test(r.stderr), r.stderr);
}

const text = (body: string | Buffer, type = 'application/xml', extra: http.OutgoingHttpHeaders = {}) =>
  (_q: http.IncomingMessage, r: http.ServerResponse) => r.writeHead(200, { 'content-type': type, ...extra }).end(body);
/** A `<loc>`'s range on `line`: from column 11 in a urlset (`<url><loc>`), 15 in an index (`<sitemap><loc>`). */
const loc = (line: number, url: string, from = 11) => `${line}:${from}-${line}:${from + url.length}`;
const redirect = (to: string, status = 301) => (_q: http.IncomingMessage, r: http.ServerResponse) => r.writeHead(status, { location: to }).end();

describe('sitemap-lint and sitemap-diff read URLs', () => {
  let site: TestServer;
  let other: TestServer;
  let o: string;
  const asked = (server: TestServer) => server.log.map((entry) => entry.path);
  const inFlight = { now: 0, most: 0 };

  before(async () => {
    other = await startServer({
      '/s.xml': (q, r) => text(urlset([`http://${q.headers.host}/x`]))(q, r),
      '/idx.xml': (q, r) => text(index([`http://${q.headers.host}/s.xml`]))(q, r),
    });
    // Routes that name the server's own origin are filled in once it listens (`o`).
    const routes: Record<string, Route> = {};
    site = await startServer(routes);
    o = site.origin;
    const clean = urlset([`${o}/a`, `${o}/b`]);
    const own: Record<string, Route> = {
      '/sitemap.xml': text(urlset([`${o}/a`, `${o}/a&b`, 'https://elsewhere.example/c'])),
      '/clean.xml': text(clean),
      '/sitemap.xml.gz': text(gzipSync(urlset([`${o}/c`, `${o}/d`])), 'application/gzip'),
      '/encoded.xml': text(gzipSync(urlset([`${o}/a`, `${o}/a&b`, 'https://elsewhere.example/c'])), 'application/xml', { 'content-encoding': 'gzip' }),
      '/moved.xml': redirect('/hop.xml', 302),
      '/hop.xml': redirect(`${o}/blog/sitemap.xml`),
      '/blog/sitemap.xml': text(urlset([`${o}/blog/post`, `${o}/about`])),
      '/loop-a.xml': redirect('/loop-b.xml'),
      '/loop-b.xml': redirect('/loop-a.xml'),
      '/index.xml': text(index([`${o}/clean.xml`, `${o}/sitemap.xml.gz`, `${o}/gone.xml`, `${other.origin}/s.xml`])),
      '/index2.xml': text(index([`${o}/clean.xml`, `${o}/sitemap.xml.gz`])),
      '/robots.txt': text(`User-agent: *\nDisallow:\nSitemap: ${o}/index.xml\n`, 'text/plain'),
      '/broken.xml': (_q, r) => r.writeHead(500).end('oops'),
      '/huge.xml': (_q, r) => {
        r.writeHead(200, { 'content-type': 'application/xml' });
        r.write(`${DECL}\n${URLSET}\n`);
        endless(r, Buffer.from(`<url><loc>${o}/${'p'.repeat(80)}</loc></url>\n`.repeat(500)));
      },
      '/trickle.xml': (_q, r) => {
        r.writeHead(200, { 'content-type': 'application/xml' });
        const timer = setInterval(() => r.write(' '), 50);
        r.on('close', () => clearInterval(timer));
      },
      '/headers': (q, r) => text(urlset([`${o}/${q.headers.authorization === undefined ? 'none' : 'sent'}`]))(q, r),
    };
    Object.assign(routes, own);
    // An index of 12 children, each answered a little later so that requests overlap: the server counts them in flight.
    routes['/many.xml'] = text(index(Array.from({ length: 12 }, (_, k) => `${o}/many/${k}.xml`)));
    for (let k = 0; k < 12; k++) {
      routes[`/many/${k}.xml`] = (q, r) => {
        inFlight.now++;
        inFlight.most = Math.max(inFlight.most, inFlight.now);
        setTimeout(() => {
          inFlight.now--;
          text(urlset([`${o}/many/page-${k}`]))(q, r);
        }, 30);
      };
    }
    routes['/to-other.xml'] = (_q, r) => r.writeHead(302, { location: `${other.origin}/s.xml` }).end();
    routes['/to-other-index.xml'] = (_q, r) => r.writeHead(301, { location: `${other.origin}/idx.xml` }).end();
    routes['/robots2.txt'] = text(`Sitemap: ${o}/index2.xml\n`, 'text/plain');
    for (let k = 0; k < 11; k++) routes[`/chain${k}.xml`] = redirect(`/chain${k + 1}.xml`);
    routes['/chain11.xml'] = text(clean);
  });
  after(async () => {
    await site.close();
    await other.close();
  });

  it('lints a sitemap by its URL: rule ids and ranges in the fetched text, the file named as given, scope from its URL', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/sitemap.xml`]);
    assert.equal(r.code, 1, r.stderr);
    const amp = 11 + `${o}/a`.length;
    assert.deepEqual(summary(r), { [`${o}/sitemap.xml`]: [`unescaped-ampersand 4:${amp}-4:${amp + 1}`, `out-of-scope ${loc(5, 'https://elsewhere.example/c')}`] });
    // SARIF names the file by its URL (an absolute URI), not as a path under the current directory.
    const sarif = JSON.parse((await run(LINT, ['--format', 'sarif', `${o}/sitemap.xml`])).stdout) as { runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }> }> }> };
    const located = sarif.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation);
    assert.deepEqual(located, [{ uri: `${o}/sitemap.xml` }, { uri: `${o}/sitemap.xml` }]);
    const entry = site.log.find((e) => e.path === '/sitemap.xml')!;
    assert.match(entry.headers['user-agent']!, /^sitemap-studio\/\d+\.\d+\.\d+ \(\+https:\/\/.+\/docs\/live\.md\)$/);
  });

  it('reads gzip by its magic bytes and by Content-Encoding', async () => {
    const gz = await run(LINT, ['--format', 'json', `${o}/sitemap.xml.gz`]);
    assert.equal(gz.code, 0, gz.stderr);
    assert.deepEqual(summary(gz), { [`${o}/sitemap.xml.gz`]: [] });
    const encoded = await run(LINT, ['--format', 'json', `${o}/encoded.xml`]);
    const amp = 11 + `${o}/a`.length;
    assert.deepEqual(summary(encoded), { [`${o}/encoded.xml`]: [`unescaped-ampersand 4:${amp}-4:${amp + 1}`, `out-of-scope ${loc(5, 'https://elsewhere.example/c')}`] });
  });

  it('follows redirects, says where they ended, and judges scope from there', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/moved.xml`]);
    assert.equal(r.code, 1, r.stderr);
    // Served from /blog/: /about is out of its scope.
    assert.deepEqual(summary(r), { [`${o}/moved.xml`]: [`out-of-scope ${loc(4, `${o}/about`)}`] });
    assert.ok(r.stderr.includes(`${o}/blog/sitemap.xml`), r.stderr);
    const at = asked(site).lastIndexOf('/moved.xml');
    assert.deepEqual(asked(site).slice(at, at + 3), ['/moved.xml', '/hop.xml', '/blog/sitemap.xml']);
  });

  it('fails with one line on a redirect loop and past 10 redirects; follows 10', async () => {
    assertOneLineFailure(await run(LINT, [`${o}/loop-a.xml`]));
    assertOneLineFailure(await run(LINT, [`${o}/chain0.xml`]));
    assert.ok(!asked(site).includes('/chain11.xml'), 'the 11th redirect is not followed');
    const ten = await run(LINT, [`${o}/chain1.xml`]);
    assert.equal(ten.code, 0, ten.stderr);
    assert.ok(asked(site).includes('/chain11.xml'));
  });

  it('reads an index\'s children on its origin; a missing one is missing-sitemap-file, another origin\'s is not asked', async () => {
    const before = other.log.length;
    const r = await run(LINT, ['--format', 'json', `${o}/index.xml`]);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(summary(r), {
      [`${o}/index.xml`]: [`missing-sitemap-file ${loc(5, `${o}/gone.xml`, 15)}`, `out-of-scope ${loc(6, `${other.origin}/s.xml`, 15)}`],
      [`${o}/clean.xml`]: [],
      [`${o}/sitemap.xml.gz`]: [],
    });
    assert.ok(asked(site).includes('/gone.xml'));
    assert.equal(other.log.length, before, 'the other origin is not asked');
    assert.ok(r.stderr.includes(other.origin), r.stderr);
    // --allowed-host: that origin's child is read too (and its own URLs are in its scope).
    const allowed = await run(LINT, ['--format', 'json', '--allowed-host', other.origin, `${o}/index.xml`]);
    assert.deepEqual(summary(allowed)[`${other.origin}/s.xml`], []);
    assert.deepEqual(other.log.slice(before).map((e) => e.path), ['/s.xml']);
  });

  it('reads the children an index lists on the origin its redirects ended at', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/to-other-index.xml`]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(Object.keys(summary(r)), [`${o}/to-other-index.xml`, `${other.origin}/s.xml`]);
  });

  it('reads an index\'s children a few at a time: never more than 4 requests in flight', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/many.xml`]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(Object.keys(summary(r)).length, 13);
    assert.ok(inFlight.most >= 1 && inFlight.most <= 4, `${inFlight.most} in flight at most`);
  });

  it('reads a robots.txt URL\'s sitemaps, and what they list', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/robots.txt`]);
    assert.deepEqual(Object.keys(summary(r)), [`${o}/robots.txt`, `${o}/index.xml`, `${o}/clean.xml`, `${o}/sitemap.xml.gz`]);
  });

  it('stops reading at the size limit and reports file-too-large, as for a local gzip', async () => {
    const r = await run(LINT, ['--format', 'json', `${o}/huge.xml`]);
    assert.equal(r.code, 1, r.stderr);
    // On the root's name (line 2), as for a local gzip that inflates past the limit.
    assert.deepEqual(summary(r), { [`${o}/huge.xml`]: ['file-too-large 2:2-2:8'] });
    await site.ended(site.log.length);
    assert.ok(site.cutShort.includes('/huge.xml'));
  });

  it('fails with one line and exit 2 on a non-2xx answer, a closed port and a timeout', async () => {
    for (const url of [`${o}/nothing.xml`, `${o}/broken.xml`]) assertOneLineFailure(await run(LINT, [url]));
    const closed = await startServer({});
    const port = closed.origin;
    await closed.close();
    assertOneLineFailure(await run(LINT, [`${port}/sitemap.xml`]));
    assertOneLineFailure(await run(LINT, ['--timeout', '0.5', `${o}/trickle.xml`]));
    // Bad usage: exit 2, the error and the usage line.
    for (const args of [['--shard', '1/2', `${o}/clean.xml`], ['--write-baseline', 'b.json', `${o}/clean.xml`], ['--timeout', '0', `${o}/clean.xml`]]) {
      const usage = await run(LINT, args);
      assert.equal(usage.code, 2, usage.stderr);
      assert.match(usage.stderr, /\nusage: sitemap-lint /);
    }
  });

  it('sends SITEMAP_HTTP_HEADERS and --http-user-agent, and never prints the headers', async () => {
    const secret = 'Bearer staging-token-6f1c';
    const r = await run(LINT, ['--format', 'json', '--http-user-agent', 'StagingCheck/1.0', `${o}/headers`], { SITEMAP_HTTP_HEADERS: `Authorization: ${secret}\n` });
    assert.equal(site.log.at(-1)!.headers['user-agent'], 'StagingCheck/1.0');
    assert.equal(site.log.at(-1)!.headers.authorization, secret);
    assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret));
    const failed = await run(LINT, [`${o}/nothing.xml`], { SITEMAP_HTTP_HEADERS: `Authorization: ${secret}` });
    assert.equal(failed.code, 2);
    assert.ok(!failed.stderr.includes('staging-token'), failed.stderr);
    // A redirect to another origin does not take the headers along.
    await run(LINT, [`${o}/to-other.xml`], { SITEMAP_HTTP_HEADERS: `Authorization: ${secret}` });
    assert.equal(site.log.at(-1)!.headers.authorization, secret);
    assert.equal(other.log.at(-1)!.path, '/s.xml');
    assert.equal(other.log.at(-1)!.headers.authorization, undefined);
    const bad = await run(LINT, [`${o}/clean.xml`], { SITEMAP_HTTP_HEADERS: `not a header ${secret}` });
    assertOneLineFailure(bad);
    assert.ok(!bad.stderr.includes('staging-token'), bad.stderr);
  });

  it('compares URL sides with sitemap-diff, an index\'s children read, and a URL with a file', async () => {
    const r = await run(DIFF, ['--format', 'json', `${o}/clean.xml`, `${o}/index2.xml`]);
    assert.equal(r.code, 0, r.stderr);
    const diff = JSON.parse(r.stdout) as { counts: { added: number; removed: number; old: number } };
    assert.deepEqual([diff.counts.old, diff.counts.added, diff.counts.removed], [2, 2, 0]);
    const robots = await run(DIFF, ['--format', 'json', `${o}/clean.xml`, `${o}/robots2.txt`]);
    assert.deepEqual((JSON.parse(robots.stdout) as { counts: { added: number } }).counts.added, 2);
    // A listed child that is not there fails the side, as a local index's missing child does.
    assertOneLineFailure(await run(DIFF, [`${o}/clean.xml`, `${o}/index.xml`]));
    const dir = folder({ 'sitemap.xml': urlset([`${o}/a`, `${o}/new`]) });
    const withFile = await run(DIFF, ['--format', 'json', `${o}/clean.xml`, 'sitemap.xml'], {}, dir);
    const counts = (JSON.parse(withFile.stdout) as { counts: { added: number; removed: number } }).counts;
    assert.deepEqual([counts.added, counts.removed], [1, 1]);
    assertOneLineFailure(await run(DIFF, [`${o}/nothing.xml`, 'sitemap.xml'], {}, dir));
  });

  it('does not load the HTTP bundle for a file, and loads it for a URL', async () => {
    const dir = folder({ 'sitemap.xml': urlset(['https://www.example.com/']) });
    const probe = path.join(dir, 'probe.js');
    fs.writeFileSync(probe, 'process.on(\'exit\', () => process.stderr.write(\'\\nLOADED \' + JSON.stringify(Object.keys(require.cache)) + \'\\n\'));\n');
    const loaded = async (input: string) => {
      const r = await new Promise<Run>((resolve) => {
        const child = spawn(process.execPath, ['--require', probe, LINT, input], { cwd: dir });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (code) => resolve({ code, stdout: '', stderr }));
      });
      const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
      assert.ok(line !== undefined, r.stderr);
      return (JSON.parse(line.slice(7)) as string[]).some((file) => path.basename(file) === 'http.js');
    };
    assert.equal(await loaded('sitemap.xml'), false);
    assert.equal(await loaded(`${o}/clean.xml`), true);
  });
});

describe('sitemap-lint over TLS', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ '/sitemap.xml': text(urlset(['https://127.0.0.1/x'])) }, { tls: await testCertificate() });
  });
  after(() => server.close());

  it('refuses a self-signed certificate in one line, and reads the sitemap with --insecure', async () => {
    assertOneLineFailure(await run(LINT, [`${server.origin}/sitemap.xml`]));
    const r = await run(LINT, ['--format', 'json', '--insecure', `${server.origin}/sitemap.xml`]);
    // https://127.0.0.1/x is the port 443's origin, not the server's: out of the sitemap's scope.
    assert.deepEqual(summary(r), { [`${server.origin}/sitemap.xml`]: ['out-of-scope 3:11-3:30'] });
  });
});
