/** The web worker's Check Site run (server/src/browser/browserCheckSite.ts) over a fake client: its limits on files and
 * bytes (said once, the rest left out) and its cancellation; what it publishes is webServer.test.ts's, over the wire. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserCheckSite } from '../../../server/src/browser/browserCheckSite';
import { BrowserSiteChecks } from '../../../server/src/browser/browserSiteChecks';
import type { FileReader } from '../../../server/src/browser/fileMirror';
import type { CheckSiteDone } from '../../../server/src/lsp/commands/checkSite';
import { DEFAULT_SERVER_SETTINGS } from '../../../server/src/lsp/documents/configuration';
import { DocumentStore } from '../../../server/src/lsp/documents/documentStore';
import { Workspace } from '../../../server/src/lsp/documents/workspace';
import { SiteLocator } from '../../../server/src/lsp/site/siteLocation';
import { index, loc, urlset } from '../../support/siteFixture';

/** Five sitemaps of an index, each about 200 bytes, in a fresh folder. */
function site(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-web-check-unit-'));
  fs.writeFileSync(path.join(dir, 'index.xml'), index(loc('s1.xml'), loc('s2.xml'), loc('s3.xml'), loc('s4.xml')));
  for (let k = 1; k <= 4; k++) fs.writeFileSync(path.join(dir, `s${k}.xml`), urlset(`${loc(`p${k}`)}<priority>2</priority>`));
  return dir;
}

const readFile: FileReader = async (fsPath, maxBytes) => {
  if (!fs.existsSync(fsPath)) return null;
  const bytes = fs.readFileSync(fsPath);
  return { mtimeMs: 1, size: bytes.length, head: new Uint8Array(bytes.subarray(0, maxBytes)), asked: maxBytes };
};

function run(dir: string, limits: { files: number; bytes: number }) {
  const workspace = new Workspace();
  workspace.set([{ uri: pathToFileURL(dir).href, name: 'site' }]);
  const settingsOf = async () => DEFAULT_SERVER_SETTINGS;
  const listSiteFiles = async (folder: string, maxFiles: number) => fs.readdirSync(folder).sort().map((name) => path.join(folder, name)).slice(0, maxFiles);
  const checks = new BrowserSiteChecks({
    store: new DocumentStore(() => undefined), workspace, locator: new SiteLocator(workspace), settingsOf, republish: () => undefined,
    logFailure: (_what, error) => assert.fail(String(error)), readFile, listSiteFiles, enabled: () => true,
  });
  const warnings: string[] = [];
  const progress: number[] = [];
  const reports: Array<{ done: number; known: number }> = [];
  const started = browserCheckSite({ workspace, checks, readFile, listSiteFiles, settingsOf, warn: (text) => warnings.push(text) }, limits)(
    { folders: [{ path: dir, settings: DEFAULT_SERVER_SETTINGS, siteRoots: {} }], now: Date.now(), git: false },
    (message) => {
      if (message.type !== 'progress') return;
      progress.push(message.done);
      reports.push({ done: message.done, known: message.known });
    });
  return { ...started, warnings, progress, reports };
}

const names = (done: CheckSiteDone): string[] => done.files.map((f) => path.basename(f.file));

test('Check Site on the web checks every listed file under its limits, without a warning', async () => {
  const dir = site();
  const { result, warnings, progress } = run(dir, { files: 100, bytes: 1_000_000 });
  const done = await result;
  assert.deepEqual(names(done), ['index.xml', 's1.xml', 's2.xml', 's3.xml', 's4.xml']);
  assert.deepEqual(done.files.find((f) => f.file.endsWith('s1.xml'))?.problems.map((p) => p.rule), ['invalid-priority']);
  assert.deepEqual(progress, [1, 2, 3, 4, 5]);
  assert.deepEqual(warnings, []);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Check Site on the web lists at most its files a folder, and says so once', async () => {
  const dir = site();
  const { result, warnings } = run(dir, { files: 3, bytes: 1_000_000 });
  assert.deepEqual(names(await result), ['index.xml', 's1.xml', 's2.xml']);
  assert.equal(warnings.length, 1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Check Site on the web reads at most its bytes a run: the files after are left out, said once', async () => {
  const dir = site();
  const { result, warnings } = run(dir, { files: 100, bytes: fs.statSync(path.join(dir, 'index.xml')).size + 10 });
  assert.deepEqual(names(await result), ['index.xml', 's1.xml']);
  assert.equal(warnings.length, 1);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Check Site on the web stops when cancelled', async () => {
  const dir = site();
  const { result, cancel } = run(dir, { files: 100, bytes: 1_000_000 });
  cancel();
  await assert.rejects(result);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Check Site on the web counts in its progress what its summary counts: files listed that are no site files leave the count (issue 33)', async () => {
  const dir = site();
  // Named like site files (the listing's glob), but none: an RSS feed, notes, an XML file of another kind.
  fs.writeFileSync(path.join(dir, 'feed.xml'), '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>News</title></channel></rss>\n');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'Remember to rebuild the site before Friday.\nThen tell everyone.\n');
  fs.writeFileSync(path.join(dir, 'zz-config.xml'), '<?xml version="1.0"?>\n<configuration><a>1</a></configuration>\n');
  const { result, reports } = run(dir, { files: 100, bytes: 1_000_000 });
  const done = await result;
  assert.equal(done.files.length, 5);
  assert.deepEqual(reports.at(-1), { done: done.files.length, known: done.files.length });
  assert.ok(reports.every((r) => r.done <= r.known), JSON.stringify(reports));
  fs.rmSync(dir, { recursive: true, force: true });
});
