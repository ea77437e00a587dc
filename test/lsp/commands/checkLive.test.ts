/**
 * Check Listed URLs Live over the wire (`sitemap/checkLive`, issue 34), against servers on 127.0.0.1 only: the
 * verdicts published on each listing entry's `<loc>` as they are known, with progress; the verdicts follow an edit
 * above them and leave an entry whose URL changed; Cancel stops every request at once (the server's log).
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, WorkDoneProgress, type WorkDoneProgressBegin, type WorkDoneProgressEnd, type WorkDoneProgressReport } from 'vscode-languageserver-protocol';
import { CHECK_LIVE_REQUEST, type CheckLiveResult } from '../../../shared/protocol';
import { toRemoteUri } from '../../../shared/remoteUri';
import { startServer, type TestServer } from '../../support/httpServer';
import { tempFolders } from '../../support/tempFolders';
import { formatRange, LspClient, rangeOf, WAIT_TIMEOUT_MS } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LIVE_RULES = new Set(['blocked-by-robots', 'page-redirect', 'page-not-found', 'page-forbidden', 'page-unreachable', 'noindex-page', 'canonical-elsewhere', 'page-content-type']);
const HTML = '<!doctype html><html><head><title>A page</title></head><body>Hello</body></html>';

const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;

/** The live rules' problems as `rule L:C-L:C`, in document order. */
function liveProblems(diagnostics: ReadonlyArray<{ code?: string | number; range: Parameters<typeof formatRange>[0] }>): string[] {
  return diagnostics.filter((d) => LIVE_RULES.has(String(d.code)))
    .sort((a, b) => a.range.start.line - b.range.start.line)
    .map((d) => `${d.code} ${formatRange(d.range)}`);
}

describe('Check Listed URLs Live, over the wire', () => {
  let client: LspClient;
  let site: TestServer;
  /** Answers /held once the test says so: a verdict known before it must be published before the run ends. */
  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  before(async () => {
    client = await LspClient.start();
    const page = (_: unknown, response: ServerResponse) => response.writeHead(200, { 'content-type': 'text/html' }).end(HTML);
    site = await startServer({
      '/robots.txt': (_, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'),
      '/ok': page,
      '/target': page,
      '/moved': (_, response) => response.writeHead(301, { location: '/target' }).end(),
      '/gone': (_, response) => response.writeHead(404, { 'content-type': 'text/html' }).end(HTML),
      '/forbidden': (_, response) => response.writeHead(403, { 'content-type': 'text/html' }).end(HTML),
      '/held': (_, response) => void held.then(() => response.writeHead(410, { 'content-type': 'text/html' }).end(HTML)),
      '/private': page,
    });
  });
  after(async () => {
    releaseHeld();
    await client.stop();
    await site.close();
  });

  it('publishes each verdict on the <loc> of the entries listing the URL as it is known, with progress, and follows edits', async () => {
    const uri = toRemoteUri(`${site.origin}/sitemap.xml`);
    const o = site.origin;
    // 127.0.0.2 is another origin (on the loopback still): listed, never asked.
    const text = urlset(`${o}/ok`, `${o}/moved`, `${o}/gone`, `${o}/private`, `${o}/forbidden`, `${o}/held`, `${o}/gone`, 'http://127.0.0.2:9/elsewhere');
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    await opened;

    const progress: Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd> = [];
    client.connection.onProgress(WorkDoneProgress.type, 'live-1', (value) => progress.push(value));
    const early = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'page-not-found'));
    const answer = client.connection.sendRequest<CheckLiveResult>(CHECK_LIVE_REQUEST, { uri, workDoneToken: 'live-1' });
    // Published while /held is still unanswered: the run has not ended.
    assert.deepEqual(liveProblems((await early).diagnostics).filter((p) => p.startsWith('page-not-found')), [
      `page-not-found ${formatRange(rangeOf(text, `${o}/gone`, 0))}`, `page-not-found ${formatRange(rangeOf(text, `${o}/gone`, 1))}`,
    ]);
    const all = client.nextDiagnostics(uri, (d) => liveProblems(d).length === 6);
    releaseHeld();
    const result = await answer;
    assert.deepEqual(result.problems, { 'page-redirect': 1, 'page-not-found': 2, 'blocked-by-robots': 1, 'page-forbidden': 1 });
    assert.deepEqual([result.checked, result.otherOrigins], [6, 1]);
    assert.deepEqual(liveProblems((await all).diagnostics), [
      `page-redirect ${formatRange(rangeOf(text, `${o}/moved`))}`,
      `page-not-found ${formatRange(rangeOf(text, `${o}/gone`, 0))}`,
      `blocked-by-robots ${formatRange(rangeOf(text, `${o}/private`))}`,
      `page-forbidden ${formatRange(rangeOf(text, `${o}/forbidden`))}`,
      `page-not-found ${formatRange(rangeOf(text, `${o}/held`))}`,
      `page-not-found ${formatRange(rangeOf(text, `${o}/gone`, 1))}`,
    ]);
    assert.deepEqual(site.log.map((l) => l.path).filter((p) => p === '/robots.txt' || p === '/private'), ['/robots.txt']);
    assert.equal(progress[0]?.kind, 'begin');
    assert.equal(progress.at(-1)?.kind, 'end');
    assert.equal(progress.filter((p) => p.kind === 'report').at(-1)?.percentage, 100);

    // An entry above, and the first /gone's URL changed: the verdicts move with their entries, that one's goes.
    const above = `  <url><loc>${o}/new</loc></url>\n`;
    const at = text.indexOf('  <url>');
    const edited = text.slice(0, at) + above + text.slice(at).replace(`${o}/gone<`, `${o}/gone-now<`);
    const moved = client.nextDiagnostics(uri, (d) => liveProblems(d).length === 5);
    client.change(uri, { text: edited });
    assert.deepEqual(liveProblems((await moved).diagnostics), [
      `page-redirect ${formatRange(rangeOf(edited, `${o}/moved`))}`,
      `blocked-by-robots ${formatRange(rangeOf(edited, `${o}/private`))}`,
      `page-forbidden ${formatRange(rangeOf(edited, `${o}/forbidden`))}`,
      `page-not-found ${formatRange(rangeOf(edited, `${o}/held`))}`,
      `page-not-found ${formatRange(rangeOf(edited, `${o}/gone<`, 0, `${o}/gone`.length))}`,
    ]);
    client.close(uri);
  });

  it('answers a document it cannot check with an error: an index, a file with no location', async () => {
    const index = toRemoteUri(`${site.origin}/index.xml`);
    client.open(index, 'sitemap', `<?xml version="1.0"?>\n<sitemapindex xmlns="${NS}">\n  <sitemap><loc>${site.origin}/a.xml</loc></sitemap>\n</sitemapindex>\n`);
    const nowhere = 'untitled:Untitled-1';
    client.open(nowhere, 'sitemap', urlset(`${site.origin}/ok`));
    for (const uri of [index, nowhere, 'file:///not/open.xml']) {
      await assert.rejects(client.connection.sendRequest(CHECK_LIVE_REQUEST, { uri }), (error: Error & { code?: number }) => error.code === -32001, uri);
    }
    client.close(index);
    client.close(nowhere);
  });
});

describe('Check Listed URLs Live, cancelled', () => {
  let client: LspClient;
  let site: TestServer;
  const COUNT = 12;
  let arrived: (count: number) => Promise<void>;
  before(async () => {
    client = await LspClient.start({ settings: { live: { concurrency: 2, requestsPerSecond: 0 } } });
    const waiting: Array<{ count: number; resolve: () => void }> = [];
    let slow = 0;
    const routes: Record<string, (request: unknown, response: ServerResponse) => void> = {};
    // Never answered: only the cancel ends them.
    for (let i = 0; i < COUNT; i++) {
      routes[`/slow/${i}`] = () => {
        slow++;
        for (const w of waiting.filter((w) => w.count <= slow)) w.resolve();
      };
    }
    arrived = (count) => new Promise((resolve) => (slow >= count ? resolve() : waiting.push({ count, resolve })));
    site = await startServer(routes);
  });
  after(async () => {
    await client.stop();
    await site.close();
  });

  it('stops every request at once: none after the cancel beyond those in flight, and those are cut', async () => {
    const uri = toRemoteUri(`${site.origin}/sitemap.xml`);
    const text = urlset(...Array.from({ length: COUNT }, (_, i) => `${site.origin}/slow/${i}`));
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    await opened;
    const cancel = new CancellationTokenSource();
    const answer = client.connection.sendRequest(CHECK_LIVE_REQUEST, { uri }, cancel.token);
    await arrived(2); // the concurrency: two in flight, the others waiting for them
    cancel.cancel();
    await assert.rejects(within(answer), (error: Error & { code?: number }) => error.code === -32800);
    // robots.txt (a 404: no restriction) and the two in flight, each ended by the client going away.
    await site.ended(3);
    const slow = site.log.map((l) => l.path).filter((p) => p.startsWith('/slow/'));
    assert.equal(slow.length, 2);
    assert.deepEqual([...site.cutShort].sort(), [...slow].sort());
    client.close(uri);
  });
});

/** `promise`, or a rejection once the tests' generous wait is over (a run the cancel did not stop never answers). */
function within<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${WAIT_TIMEOUT_MS} ms`)), WAIT_TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('Check Listed URLs Live beside the page rules', () => {
  const temp = tempFolders('sitemap-live-pages-');
  let client: LspClient;
  let site: TestServer;
  before(async () => {
    site = await startServer({
      '/ok': (_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(HTML),
      '/forbidden': (_, response) => response.writeHead(403, { 'content-type': 'text/html' }).end(HTML),
    });
  });
  after(async () => {
    await client?.stop();
    await site.close();
  });

  it('does not repeat a verdict the built site already gives the same <loc>', async () => {
    const o = site.origin;
    const text = urlset(`${o}/ok`, `${o}/gone`, `${o}/forbidden`);
    // The built site has /ok and /forbidden, not /gone: page-not-found from the page rules, and from the server.
    const dir = temp({ 'public/ok.html': HTML, 'public/forbidden.html': HTML, 'public/sitemap.xml': text });
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }], settings: { siteRoots: { public: `${o}/` } } });
    const uri = pathToFileURL(path.join(dir, 'public', 'sitemap.xml')).href;
    const pages = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'page-not-found'));
    client.open(uri, 'sitemap', text);
    await pages;
    const live = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'page-forbidden'));
    const result = await client.connection.sendRequest<CheckLiveResult>(CHECK_LIVE_REQUEST, { uri });
    assert.deepEqual(result.problems, { 'page-not-found': 1, 'page-forbidden': 1 });
    assert.deepEqual(liveProblems((await live).diagnostics), [
      `page-not-found ${formatRange(rangeOf(text, `${o}/gone`))}`,
      `page-forbidden ${formatRange(rangeOf(text, `${o}/forbidden`))}`,
    ]);
  });
});

describe('Check Listed URLs Live, with a sitemap.live.origin that is no origin', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ settings: { live: { origin: 'not an origin' } } });
  });
  after(async () => {
    await client.stop();
  });

  // Found by the language server's fuzzer (issue 35): the engine refused it, and the server logged that with its stack
  // and answered RequestFailed; it is the document's -32001 now, as every setting that leaves nothing to ask, nothing logged.
  it('answers -32001 at once, asks nothing and logs no failure', async () => {
    const uri = toRemoteUri('http://127.0.0.1:9/sitemap.xml');
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', urlset('http://127.0.0.1:9/a'));
    await opened;
    await assert.rejects(client.connection.sendRequest(CHECK_LIVE_REQUEST, { uri }), (error: Error & { code?: number }) => error.code === -32001);
    // The log is written before the answer: a failure logged would be there by now.
    assert.deepEqual(client.logMessages.filter((m) => /^\s+at /m.test(m)), []);
    client.close(uri);
  });
});
