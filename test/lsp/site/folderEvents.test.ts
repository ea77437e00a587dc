/**
 * A folder of pages or sitemaps deleted, renamed or moved in, followed live. VS Code folds a folder's deletion into
 * one event for the folder (microsoft/vscode#109754), which no `**\/*.html` watcher matches, and a folder moved in
 * is one creation: the server watches folders too and reads again what they may have held.
 * Rule ids and ranges, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, WatchKind, type Diagnostic, type DidChangeWatchedFilesRegistrationOptions } from 'vscode-languageserver-protocol';
import { formatRange, LspClient, rangeOf } from '../lspClient';
import { tempFolders } from '../../support/tempFolders';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const BASE = 'https://www.example.com/';
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
  <url><loc>${BASE}</loc></url>
  <url><loc>${BASE}blog/a/</loc></url>
  <url><loc>${BASE}docs/b/</loc></url>
</urlset>
`;
const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="${NS}">
  <sitemap><loc>${BASE}sitemap.xml</loc></sitemap>
  <sitemap><loc>${BASE}news/sitemap.xml</loc></sitemap>
</sitemapindex>
`;
const NEWS = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${BASE}news/</loc></url>\n</urlset>\n`;
const page = (title: string): string => `<!doctype html>\n<html><head><title>${title}</title></head><body><p>${title}</p></body></html>\n`;
const SETTINGS = { siteRoots: { public: BASE }, rules: { 'lastmod-stale': 'off', 'lastmod-inflated': 'off', 'unlisted-page': 'off' } };

const notFound = (d: readonly Diagnostic[]): string[] => d.filter((x) => x.code === 'page-not-found').map((x) => formatRange(x.range)).sort();
const missing = (d: readonly Diagnostic[]): string[] => d.filter((x) => x.code === 'missing-sitemap-file').map((x) => formatRange(x.range)).sort();
const locRange = (text: string, url: string): string => formatRange(rangeOf(text, `${url}</loc>`)).replace(/:(\d+)$/, (_, c) => `:${Number(c) - '</loc>'.length}`);

describe('folders of pages and sitemaps followed live', () => {
  const temp = tempFolders('sitemap-folder-events-');
  let root: string;
  let outside: string;
  let client: LspClient;
  const file = (relative: string): string => path.join(root, relative);
  const uriOf = (relative: string): string => pathToFileURL(file(relative)).href;

  before(async () => {
    root = temp({
      'public/sitemap.xml': SITEMAP,
      'public/sitemap_index.xml': INDEX,
      'public/robots.txt': `User-agent: *\nSitemap: ${BASE}sitemap_index.xml\n`,
      'public/index.html': page('Home'),
      'public/blog/a/index.html': page('A'),
    });
    outside = temp({ 'docs/b/index.html': page('B'), 'news/sitemap.xml': NEWS, 'news/index.html': page('News') });
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: SETTINGS });
  });

  after(async () => {
    await client?.stop();
  });

  it('watches folders being created and deleted, not only the files it reads', async () => {
    const registration = await client.waitForRegistration('workspace/didChangeWatchedFiles');
    const watchers = (registration.registerOptions as DidChangeWatchedFilesRegistrationOptions).watchers;
    const folders = watchers.filter((w) => w.globPattern === '**/*' && ((w.kind ?? 7) & (WatchKind.Create | WatchKind.Delete)) === (WatchKind.Create | WatchKind.Delete));
    assert.equal(folders.length, 1, JSON.stringify(watchers));
  });

  it('follows a folder of pages deleted as one event for the folder', async () => {
    const initial = client.nextDiagnostics(uriOf('public/sitemap.xml'), (d) => notFound(d).length === 1);
    client.open(uriOf('public/sitemap.xml'), 'sitemap', SITEMAP);
    assert.deepEqual(notFound((await initial).diagnostics), [locRange(SITEMAP, `${BASE}docs/b/`)]);
    const gone = client.nextDiagnostics(uriOf('public/sitemap.xml'), (d) => notFound(d).length === 2);
    fs.rmSync(file('public/blog'), { recursive: true });
    client.filesChanged([{ uri: uriOf('public/blog'), type: FileChangeType.Deleted }]);
    assert.deepEqual(notFound((await gone).diagnostics), [locRange(SITEMAP, `${BASE}blog/a/`), locRange(SITEMAP, `${BASE}docs/b/`)].sort());
  });

  it('follows a folder of pages moved in as one event for the folder', async () => {
    const served = client.nextDiagnostics(uriOf('public/sitemap.xml'), (d) => notFound(d).length === 1);
    fs.renameSync(path.join(outside, 'docs'), file('public/docs'));
    client.filesChanged([{ uri: uriOf('public/docs'), type: FileChangeType.Created }]);
    assert.deepEqual(notFound((await served).diagnostics), [locRange(SITEMAP, `${BASE}blog/a/`)]);
  });

  it('follows a folder holding a sitemap moved in as one event for the folder', async () => {
    const initial = client.nextDiagnostics(uriOf('public/sitemap_index.xml'), (d) => missing(d).length === 1);
    client.open(uriOf('public/sitemap_index.xml'), 'sitemap', INDEX);
    assert.deepEqual(missing((await initial).diagnostics), [locRange(INDEX, `${BASE}news/sitemap.xml`)]);
    const found = client.nextDiagnostics(uriOf('public/sitemap_index.xml'), (d) => missing(d).length === 0);
    fs.renameSync(path.join(outside, 'news'), file('public/news'));
    client.filesChanged([{ uri: uriOf('public/news'), type: FileChangeType.Created }]);
    await found;
  });
});
