/**
 * Sitemap: Check Site over the wire (`sitemap/checkSite`): the real server on a temporary workspace on disk publishes
 * the problems of files that are not open — per-file and cross-file rules at exact ranges, related information — with
 * the folder's settings, each workspace folder a site of its own; open documents keep their live problems; a second
 * run clears what was fixed; a cancelled run stops its child process and publishes nothing, while the server
 * keeps answering during the run; files changed under a run are checked again, and files that keep changing are said.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, FileChangeType, RequestType, WorkDoneProgress, type WorkDoneProgressReport } from 'vscode-languageserver-protocol';
import { CHECK_SITE_REQUEST, type CheckSiteParams, type CheckSiteResult } from '../../../shared/protocol';
import { formatRange, LspClient, rangeOf, WAIT_TIMEOUT_MS, type ClientOptions } from '../lspClient';
import { index, loc, ROOT, urlset } from '../../support/siteFixture';
import { tempFolders } from '../../support/tempFolders';


/** One site with every cross-file rule and a per-file one (`invalid-priority` in a.xml). */
const SITE = {
  'public/robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\nSitemap: ${ROOT}gone.xml\n`,
  'public/sitemap-index.xml': index(`${loc('a.xml')}<lastmod>2024-01-01</lastmod>`, loc('b.xml'), loc('inner-index.xml'), loc('missing.xml')),
  'public/a.xml': urlset(`${loc('p1')}<lastmod>2024-03-01</lastmod><priority>2</priority>`, loc('p2')),
  'public/b.xml': urlset(loc('p2'), loc('p3')),
  'public/inner-index.xml': index(loc('b.xml')),
  'public/orphan.xml': urlset(loc('p4')),
  'README.md': '# not a sitemap\n',
};

/** `rule L:C-L:C` (0-based, as LSP) of each problem Check Site published, by workspace-relative path. */
const EXPECTED: Record<string, string[]> = {
  'public/robots.txt': ['missing-sitemap-file 2:9-2:41'],
  'public/sitemap-index.xml': ['nested-index 4:14-4:53', 'stale-index-lastmod 2:58-2:68', 'missing-sitemap-file 5:14-5:49'],
  'public/a.xml': ['invalid-priority 2:81-2:82'],
  'public/b.xml': ['cross-file-duplicate-url 2:10-2:36'],
  'public/inner-index.xml': [],
  'public/orphan.xml': ['unlisted-sitemap 1:1-1:7'],
};

const CHECK_SITE = new RequestType<CheckSiteParams, CheckSiteResult, void>(CHECK_SITE_REQUEST);

const clients: LspClient[] = [];
after(async () => {
  for (const c of clients) await c.stop();
});

const workspace = tempFolders('check-site-');

const uriOf = (dir: string, name: string) => pathToFileURL(path.join(dir, name)).href;

async function start(folders: string[], settings: ClientOptions['settings'] = {}): Promise<LspClient> {
  const client = await LspClient.start({ workspaceFolders: folders.map((f) => ({ uri: pathToFileURL(f).href, name: path.basename(f) })), settings });
  clients.push(client);
  return client;
}

function checkSite(client: LspClient, workDoneToken?: string, token?: CancellationTokenSource): Promise<CheckSiteResult> {
  const params = workDoneToken === undefined ? {} : { workDoneToken };
  return (token === undefined ? client.connection.sendRequest(CHECK_SITE, params) : client.connection.sendRequest(CHECK_SITE, params, token.token));
}

/** The last published problems of each file under `dir`, as `rule L:C-L:C`. */
function published(client: LspClient, dir: string, names: readonly string[]): Record<string, string[] | undefined> {
  return Object.fromEntries(names.map((n) => [n, client.lastDiagnostics(uriOf(dir, n))?.diagnostics.map((d) => `${d.code} ${formatRange(d.range)}`)]));
}

/** A round trip: every notification the server sent before it has been handled when this resolves. */
async function roundTrip(client: LspClient): Promise<void> {
  await client.connection.sendRequest('workspace/symbol', { query: 'x' });
}

/** `promise`, or a failure after the tests' one generous timeout. */
function within<T>(promise: Promise<T>, what: string, ms = WAIT_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The processes whose parent is `pid` (Linux /proc; undefined elsewhere). */
function childrenOf(pid: number): number[] | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

describe('Check Site over the wire', () => {
  it('publishes every file of the site, not open, with per-file and cross-file rules, related information and progress', async () => {
    const dir = workspace(SITE);
    const client = await start([dir]);
    const reports: WorkDoneProgressReport[] = [];
    const kinds: string[] = [];
    client.connection.onProgress(WorkDoneProgress.type, 'check-1', (value) => {
      kinds.push(value.kind);
      if (value.kind === 'report') reports.push(value);
    });
    const result = await checkSite(client, 'check-1');
    assert.deepEqual(result, { folders: 1, files: 6, errors: 2, warnings: 4, others: 1, unreadable: [] });
    assert.deepEqual(published(client, dir, Object.keys(EXPECTED)), EXPECTED);
    assert.equal(client.lastDiagnostics(uriOf(dir, 'README.md')), undefined);
    const duplicate = client.lastDiagnostics(uriOf(dir, 'public/b.xml'))!.diagnostics[0];
    assert.deepEqual(duplicate.relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]), [[uriOf(dir, 'public/a.xml'), '3:10-3:36']]);
    assert.equal(duplicate.source, 'sitemap');
    assert.equal(duplicate.severity, 2);
    // Progress: begun, reported up to every file, ended.
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end');
    assert.equal(reports.at(-1)?.percentage, 100);
  });

  it('uses each folder\'s settings (rules, siteRoots, limits); each workspace folder is a site; a folder without sitemaps is no error', async () => {
    const site = workspace({
      'www/sitemap-index.xml': index(loc('a.xml'), loc('missing.xml')),
      'www/a.xml': urlset(loc('p1'), loc('p2')),
      'www/b.xml': urlset(loc('p2')),
    });
    const other = workspace({ 'sitemap.xml': urlset(loc('p1')) });
    const empty = workspace({ 'notes.txt': 'nothing here\n' });
    const client = await start([site, other, empty], (scopeUri: string | undefined) => (scopeUri === pathToFileURL(site).href
      ? { siteRoots: { './www/': ROOT }, rules: { 'cross-file-duplicate-url': 'error', 'unlisted-sitemap': 'off' }, limits: { maxEntries: 1 } }
      : {}));
    const result = await checkSite(client);
    assert.deepEqual(result, { folders: 3, files: 4, errors: 3, warnings: 1, others: 0, unreadable: [] });
    assert.deepEqual(published(client, site, ['www/sitemap-index.xml', 'www/a.xml', 'www/b.xml']), {
      // maxEntries 1: the second entry is one too many; missing.xml found missing through the site root (no robots.txt).
      'www/sitemap-index.xml': ['too-many-entries 3:0-3:9', 'missing-sitemap-file 3:14-3:49'],
      'www/a.xml': ['too-many-entries 3:0-3:5'],
      // An error by the settings; b.xml, listed by nothing, is not reported: unlisted-sitemap is off.
      'www/b.xml': ['cross-file-duplicate-url 2:10-2:36'],
    });
    // The other folder's sitemap lists p1 as www/a.xml does: another site, so no duplicate; and its default settings.
    assert.deepEqual(published(client, other, ['sitemap.xml']), { 'sitemap.xml': [] });
  });

  it('leaves out a file it cannot read (a corrupt .gz), names it, and checks the others', async () => {
    // Truncated: its head inflates (so the folder search takes it for a sitemap), the whole does not.
    const gzip = zlib.gzipSync(urlset(loc('p9')));
    const dir = workspace({ ...SITE, 'public/broken-sitemap.xml.gz': gzip.subarray(0, gzip.length - 12) });
    const client = await start([dir]);
    const result = await checkSite(client);
    assert.deepEqual(result.unreadable.map((u) => u.uri), [uriOf(dir, 'public/broken-sitemap.xml.gz')]);
    assert.equal(result.files, 6); // the files checked; the unreadable one is named apart
    assert.deepEqual(published(client, dir, Object.keys(EXPECTED)), EXPECTED);
  });

  it('a binary file named like a sitemap is one encoding problem at its start, above the site\'s real problems', async () => {
    // Bytes of every value, NUL included: no text, and so no part of the site (no cross-file problem either).
    const binary = Buffer.from(Array.from({ length: 20_000 }, (_, k) => (k * 7919 + 13) & 255));
    const dir = workspace({ ...SITE, 'public/sitemap-binary.xml': binary });
    const client = await start([dir]);
    await checkSite(client);
    assert.deepEqual(published(client, dir, [...Object.keys(EXPECTED), 'public/sitemap-binary.xml']), { ...EXPECTED, 'public/sitemap-binary.xml': ['encoding 0:0-0:0'] });
  });

  it('open documents keep their live problems; closed unedited, a file gets its Check Site problems back, edited, none', async () => {
    const dir = workspace(SITE);
    const client = await start([dir]);
    const orphan = uriOf(dir, 'public/orphan.xml');
    // Open with a text that differs from the disk's: the live problems tell the two apart. Wait for the live
    // cross-file pass too (unlisted-sitemap), which publishes after the document's own problems.
    const live = client.nextDiagnostics(orphan, (d) => d.some((x) => x.code === 'invalid-changefreq') && d.some((x) => x.code === 'unlisted-sitemap'));
    client.open(orphan, 'sitemap', urlset(`${loc('p4')}<changefreq>sometimes</changefreq>`));
    const livePublished = await live;
    await checkSite(client);
    assert.equal(client.lastDiagnostics(orphan), livePublished, 'nothing published over an open document');
    assert.deepEqual(published(client, dir, ['public/b.xml']), { 'public/b.xml': EXPECTED['public/b.xml'] });

    client.close(orphan);
    await roundTrip(client);
    assert.deepEqual(published(client, dir, ['public/orphan.xml']), { 'public/orphan.xml': EXPECTED['public/orphan.xml'] });

    client.open(orphan, 'sitemap', urlset(loc('p4')));
    client.change(orphan, { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: ' ' });
    client.close(orphan);
    await roundTrip(client);
    assert.deepEqual(published(client, dir, ['public/orphan.xml']), { 'public/orphan.xml': [] });
  });

  it('a second run replaces the first: a fixed file and a deleted one are cleared', async () => {
    const dir = workspace(SITE);
    const client = await start([dir]);
    await checkSite(client);
    assert.deepEqual(published(client, dir, ['public/b.xml', 'public/orphan.xml']), { 'public/b.xml': EXPECTED['public/b.xml'], 'public/orphan.xml': EXPECTED['public/orphan.xml'] });
    fs.writeFileSync(path.join(dir, 'public/b.xml'), urlset(loc('p3')));
    fs.rmSync(path.join(dir, 'public/orphan.xml'));
    const result = await checkSite(client);
    assert.equal(result.files, 5);
    assert.deepEqual(published(client, dir, ['public/b.xml', 'public/orphan.xml', 'public/a.xml']), {
      'public/b.xml': [], 'public/orphan.xml': [], 'public/a.xml': EXPECTED['public/a.xml'],
    });
  });

  it('runs in a child process while the server keeps answering; a new request or Cancel kills it, and it publishes nothing', async () => {
    // 80 files of 3,000 entries: long enough to still be running when the first file's progress arrives.
    const files: Record<string, string> = {};
    for (let k = 0; k < 80; k++) files[`big/sitemap-${k}.xml`] = urlset(...Array.from({ length: 3000 }, (_, j) => `${loc(`p-${k}-${j}`)}<lastmod>2024-01-01</lastmod>`));
    const dir = workspace(files);
    const client = await start([dir]);
    const firstReport = (token: string) => within(new Promise<void>((resolve) => client.connection.onProgress(WorkDoneProgress.type, token, (v) => {
      if (v.kind === 'report') resolve();
    })), `the first progress report of ${token}`);
    let settled = false;
    const first = checkSite(client, 'first');
    void first.then(() => { settled = true; }, () => { settled = true; });
    await firstReport('first');
    const running = childrenOf(client.process.pid!) ?? [1];
    assert.equal(running.length, 1, 'the check runs in a child of the server');
    // The server answers while the site is checked: an opened document gets its problems.
    const open = uriOf(dir, 'open.xml');
    const live = client.nextDiagnostics(open, (d) => d.some((x) => x.code === 'invalid-changefreq'));
    client.open(open, 'sitemap', urlset(`${loc('x')}<changefreq>sometimes</changefreq>`));
    await live;
    assert.equal(settled, false, 'the check was still running');

    // A second request overtakes the first, which is answered RequestCancelled; then Cancel stops the second.
    const source = new CancellationTokenSource();
    const second = checkSite(client, 'second', source);
    await assert.rejects(within(first, 'the overtaken request'), (error: { code?: number }) => error.code === -32800);
    await firstReport('second');
    assert.notDeepEqual(childrenOf(client.process.pid!) ?? [2], running, 'the first child was replaced');
    source.cancel();
    // Answered RequestCancelled once the child has gone: promptly, not after the 80 files (which take longer than the wait).
    await assert.rejects(within(second, 'the cancelled request'), (error: { code?: number }) => error.code === -32800);
    await roundTrip(client);
    assert.deepEqual(Object.keys(files).filter((n) => client.lastDiagnostics(uriOf(dir, n)) !== undefined), [], 'a cancelled run publishes nothing');
    assert.deepEqual(childrenOf(client.process.pid!) ?? [], [], 'no child process left');
  });
  describe('files that change while it runs', () => {
    /** a.xml (read first: its folder's first file) with an invalid priority, then 40 files of 3,000 entries: a run
     * lasts long enough for a change made after a.xml was read to come while it runs. Each test waits for as many
     * runs as it makes. */
    const site = (): Record<string, string> => {
      const files: Record<string, string> = { 'a.xml': urlset(`${loc('a')}<priority>2</priority>`) };
      for (let k = 0; k < 40; k++) files[`big/sitemap-${k}.xml`] = urlset(...Array.from({ length: 3000 }, (_, j) => loc(`p-${k}-${j}`)));
      return files;
    };
    const problemsOfA = (client: LspClient, dir: string): string[] | undefined => published(client, dir, ['a.xml'])['a.xml'];

    /** Rewrites a.xml on disk and tells the server, at each progress report of `token` for which `when` holds. */
    const changeAtReports = (client: LspClient, dir: string, token: string, text: (report: number) => string, when: (report: number) => boolean): void => {
      let reports = 0;
      client.connection.onProgress(WorkDoneProgress.type, token, (value) => {
        if (value.kind !== 'report' || !when(++reports)) return;
        fs.writeFileSync(path.join(dir, 'a.xml'), text(reports));
        client.filesChanged([{ uri: uriOf(dir, 'a.xml'), type: FileChangeType.Changed }]);
      });
    };

    it('checks again when a file changed under a run: what it publishes is the files as they are now', async () => {
      const dir = workspace(site());
      const client = await start([dir]);
      changeAtReports(client, dir, 'settles', () => urlset(loc('a')), (report) => report === 1);
      const result = await within(checkSite(client, 'settles'), 'Check Site run twice', 2 * WAIT_TIMEOUT_MS);
      assert.equal(result.changedWhileChecking, undefined);
      assert.deepEqual(problemsOfA(client, dir), [], 'the fixed a.xml, read again');
    });

    it('says so when files keep changing under every run', async () => {
      const dir = workspace(site());
      const client = await start([dir]);
      changeAtReports(client, dir, 'churns', (report) => urlset(`${loc('a')}<priority>${report % 2 === 0 ? 2 : 3}</priority>`), () => true);
      const result = await within(checkSite(client, 'churns'), 'Check Site run three times', 3 * WAIT_TIMEOUT_MS);
      assert.equal(result.changedWhileChecking, true);
      const value = formatRange(rangeOf(fs.readFileSync(path.join(dir, 'a.xml'), 'utf8'), '</priority>')).replace(/^2:(\d+)-.*$/, (_, c) => `2:${Number(c) - 1}-2:${c}`);
      assert.deepEqual(problemsOfA(client, dir), [`invalid-priority ${value}`]);
    });
  });
});
