/**
 * The Sitemaps view's data over the wire (`sitemap/siteTree`, `sitemap/siteTreeChanged`): a temporary site on disk read
 * level by level — kinds, URIs, counts, missing files, problems as published — and the notification after a change on
 * disk and after an edit.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import {
  CHECK_SITE_REQUEST, SITE_TREE_CHANGED_NOTIFICATION, SITE_TREE_REQUEST,
  type CheckSiteParams, type CheckSiteResult, type SiteTreeChangedParams, type SiteTreeNode, type SiteTreeParams, type SiteTreeResult,
} from '../../../shared/protocol';
import { LspClient, WAIT_TIMEOUT_MS } from '../lspClient';
import { index, loc, ROOT, urlset } from '../../support/siteFixture';
import { tempFolders } from '../../support/tempFolders';
import { fixtureSite } from '../../support/pageSite';
import { startOnSite } from './pageSiteClient';

const SITE = {
  'public/robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\n`,
  'public/sitemap-index.xml': index(loc('a.xml'), loc('missing.xml')),
  'public/a.xml': urlset(`${loc('p1')}<lastmod>2024-03-01</lastmod><priority>2</priority>`, `${loc('p2')}<lastmod>2024-05-02</lastmod>`),
  'public/orphan.xml': urlset(loc('p4')),
};

const SITE_TREE = new RequestType<SiteTreeParams, SiteTreeResult, void>(SITE_TREE_REQUEST);
const CHECK_SITE = new RequestType<CheckSiteParams, CheckSiteResult, void>(CHECK_SITE_REQUEST);
const CHANGED = new NotificationType<SiteTreeChangedParams>(SITE_TREE_CHANGED_NOTIFICATION);

const clients: LspClient[] = [];
after(async () => {
  for (const c of clients) await c.stop();
});
const workspace = tempFolders('site-tree-');

/** Each node as `kind label` plus what the test reads of it. */
const brief = (n: SiteTreeNode) => ({ kind: n.kind, label: n.label, uri: n.uri, entries: n.entries, hasChildren: n.hasChildren });

/** The first notification `accept` takes (a failure after the tests' timeout); `cancel` stops waiting. */
function nextChange(client: LspClient, accept: (p: SiteTreeChangedParams) => boolean): Promise<SiteTreeChangedParams> & { cancel: () => void } {
  const seen = listeners.get(client)!;
  let timer: NodeJS.Timeout | undefined;
  let listener: (p: SiteTreeChangedParams) => boolean = () => false;
  const promise = new Promise<SiteTreeChangedParams>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${SITE_TREE_CHANGED_NOTIFICATION} within ${WAIT_TIMEOUT_MS} ms`)), WAIT_TIMEOUT_MS);
    listener = (p) => {
      if (!accept(p)) return false;
      clearTimeout(timer);
      resolve(p);
      return true;
    };
    seen.push(listener);
  });
  const cancel = (): void => {
    clearTimeout(timer);
    if (seen.includes(listener)) seen.splice(seen.indexOf(listener), 1);
  };
  return Object.assign(promise, { cancel });
}
const listeners = new Map<LspClient, ((p: SiteTreeChangedParams) => boolean)[]>();

async function start(dir: string): Promise<LspClient> {
  const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: path.basename(dir) }] });
  clients.push(client);
  const waiting: ((p: SiteTreeChangedParams) => boolean)[] = [];
  listeners.set(client, waiting);
  client.connection.onNotification(CHANGED, (p) => {
    for (const w of [...waiting]) if (w(p)) waiting.splice(waiting.indexOf(w), 1);
  });
  return client;
}

/** The node's entries once read: asked again after each notification naming it. */
async function settled(client: LspClient, params: SiteTreeParams, uri: string, entries: number): Promise<SiteTreeNode> {
  for (;;) {
    const changed = nextChange(client, (p) => p.nodes === undefined || p.nodes.includes(uri));
    const node = (await client.connection.sendRequest(SITE_TREE, params)).nodes.find((n) => n.uri === uri);
    if (node?.entries === entries) {
      changed.cancel();
      return node;
    }
    await changed;
  }
}

describe('sitemap/siteTree', () => {
  const dir = workspace(SITE);
  const uri = (name: string) => pathToFileURL(path.join(dir, name)).href;
  const folder = pathToFileURL(dir).href;

  it('gives the workspace folders, then a folder\'s robots.txt and the sitemaps no one lists, then what each lists', async () => {
    const client = await start(dir);
    const roots = await client.connection.sendRequest(SITE_TREE, {});
    assert.deepEqual(roots.nodes.map(brief), [{ kind: 'folder', label: path.basename(dir), uri: folder, entries: undefined, hasChildren: true }]);
    assert.deepEqual(roots.limits, { entries: 50_000, bytes: 52_428_800 });

    const first = await client.connection.sendRequest(SITE_TREE, { folder });
    assert.deepEqual(first.nodes.map((n) => [n.kind, n.uri, n.hasChildren]), [
      ['robots', uri('public/robots.txt'), true],
      ['sitemap', uri('public/orphan.xml'), false],
    ]);
    assert.equal(first.nodes[1].bytes, Buffer.byteLength(SITE['public/orphan.xml']));
    // A sitemap shown before it was read gets its counts in the background, then a notification.
    assert.equal((await settled(client, { folder }, uri('public/orphan.xml'), 1)).entries, 1);

    const robots = await client.connection.sendRequest(SITE_TREE, { node: first.nodes[0].id });
    assert.deepEqual(robots.nodes.map(brief), [{ kind: 'index', label: 'sitemap-index.xml', uri: uri('public/sitemap-index.xml'), entries: 2, hasChildren: true }]);
    assert.equal(robots.nodes[0].url, `${ROOT}sitemap-index.xml`);

    const children = await client.connection.sendRequest(SITE_TREE, { node: robots.nodes[0].id });
    assert.deepEqual(children.nodes.map((n) => [n.kind, n.uri, n.url, n.hasChildren]), [
      ['sitemap', uri('public/a.xml'), `${ROOT}a.xml`, false],
      ['missing', uri('public/missing.xml'), `${ROOT}missing.xml`, false],
    ]);
    const a = await settled(client, { node: robots.nodes[0].id }, uri('public/a.xml'), 2);
    assert.deepEqual({ entries: a.entries, bytes: a.bytes, newestLastmod: a.newestLastmod }, { entries: 2, bytes: Buffer.byteLength(SITE['public/a.xml']), newestLastmod: '2024-05-02' });
    assert.deepEqual((await client.connection.sendRequest(SITE_TREE, { node: children.nodes[0].id })).nodes, []);
  });

  it('answers nothing, and keeps serving, for a node it does not know or bad params', async () => {
    const client = await start(dir);
    for (const params of [{ node: 'missing:https://www.example.com/x.xml' }, { node: 'not a uri' }, { node: uri('public/nowhere.xml') }, { node: pathToFileURL(path.dirname(dir)).href }]) {
      assert.deepEqual((await client.connection.sendRequest(SITE_TREE, params)).nodes, [], JSON.stringify(params));
    }
    assert.deepEqual((await client.connection.sendRequest(SITE_TREE, { node: uri('public/orphan.xml') })).nodes, []);
    assert.equal((await client.connection.sendRequest(SITE_TREE, null as unknown as SiteTreeParams)).nodes[0].kind, 'folder');
  });

  it('counts each file\'s problems by severity as the server published them', async () => {
    const client = await start(dir);
    await client.connection.sendRequest(CHECK_SITE, {});
    const expected = (name: string) => {
      const diagnostics = client.lastDiagnostics(uri(name))?.diagnostics ?? [];
      const count = (s: (n: number | undefined) => boolean) => diagnostics.filter((d) => s(d.severity)).length;
      return { errors: count((s) => s === 1), warnings: count((s) => s === 2), others: count((s) => s !== 1 && s !== 2) };
    };
    const first = (await client.connection.sendRequest(SITE_TREE, { folder })).nodes;
    const index = (await client.connection.sendRequest(SITE_TREE, { node: first[0].id })).nodes[0];
    const a = (await client.connection.sendRequest(SITE_TREE, { node: index.id })).nodes[0];
    for (const [node, name] of [[first[1], 'public/orphan.xml'], [index, 'public/sitemap-index.xml'], [a, 'public/a.xml']] as const) {
      assert.ok(expected(name).errors + expected(name).warnings + expected(name).others > 0, name);
      assert.deepEqual(node.problems, expected(name), name);
    }
  });

  it('notifies a change on disk and an edit, and answers with the new counts', async () => {
    const client = await start(dir);
    const first = (await client.connection.sendRequest(SITE_TREE, { folder })).nodes;
    await settled(client, { folder }, uri('public/orphan.xml'), 1);

    const onDisk = nextChange(client, (p) => p.folder === folder && (p.nodes === undefined || p.nodes.includes(uri('public/orphan.xml'))));
    fs.writeFileSync(path.join(dir, 'public/orphan.xml'), urlset(loc('p4'), loc('p5'), loc('p6')));
    client.filesChanged([{ uri: uri('public/orphan.xml'), type: 2 }]);
    await onDisk;
    assert.equal((await settled(client, { folder }, uri('public/orphan.xml'), 3)).entries, 3);

    const indexId = (await client.connection.sendRequest(SITE_TREE, { node: first[0].id })).nodes[0].id;
    const text = urlset(loc('p1'), loc('p2'), loc('p7'), loc('p8'));
    client.open(uri('public/a.xml'), 'sitemap', SITE['public/a.xml']);
    const edited = nextChange(client, (p) => p.folder === folder && (p.nodes === undefined || p.nodes.includes(uri('public/a.xml'))));
    client.change(uri('public/a.xml'), { text });
    await edited;
    const a = (await client.connection.sendRequest(SITE_TREE, { node: indexId })).nodes[0];
    assert.deepEqual({ entries: a.entries, bytes: a.bytes }, { entries: 4, bytes: text.length });

    // An index edited to list the unlisted sitemap: the folder's tree changed, not only the index's node.
    const whole = nextChange(client, (p) => p.folder === folder && p.nodes === undefined);
    client.open(uri('public/sitemap-index.xml'), 'sitemap', SITE['public/sitemap-index.xml']);
    client.change(uri('public/sitemap-index.xml'), { text: index(loc('a.xml'), loc('missing.xml'), loc('orphan.xml')) });
    await whole;
    assert.deepEqual((await client.connection.sendRequest(SITE_TREE, { folder })).nodes.map((n) => n.kind), ['robots']);
    assert.deepEqual((await client.connection.sendRequest(SITE_TREE, { node: indexId })).nodes.map((n) => n.kind), ['sitemap', 'missing', 'sitemap']);
  });

  it('gives each listed node the range of its URL in the file that lists it, not the same text in a comment', async () => {
    const listing = workspace({
      'robots.txt': `# Sitemap: ${ROOT}sitemap-index.xml (old)\nUser-agent: *\nSitemap:   ${ROOT}sitemap-index.xml\n`,
      'sitemap-index.xml': [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<!-- ${ROOT}gone.xml -->`,
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <sitemap><loc>${ROOT}a.xml</loc></sitemap>`,
        `  <sitemap>\t<loc>${ROOT}gone.xml</loc></sitemap>`,
        `  <sitemap><loc>${ROOT}gone.xml</loc></sitemap>`,
        '</sitemapindex>',
        '',
      ].join('\r\n'),
      'a.xml': urlset(loc('p1')),
    });
    const client = await start(listing);
    const on = (name: string) => pathToFileURL(path.join(listing, name)).href;
    const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });
    const [robots] = (await client.connection.sendRequest(SITE_TREE, { folder: pathToFileURL(listing).href })).nodes;
    const [indexNode] = (await client.connection.sendRequest(SITE_TREE, { node: robots.id })).nodes;
    assert.deepEqual(indexNode.range, range(2, 11, 11 + `${ROOT}sitemap-index.xml`.length));
    const children = (await client.connection.sendRequest(SITE_TREE, { node: indexNode.id })).nodes;
    assert.deepEqual(children.map((n) => [n.kind, n.url, n.range]), [
      ['sitemap', `${ROOT}a.xml`, range(3, 16, 16 + `${ROOT}a.xml`.length)],
      ['missing', `${ROOT}gone.xml`, range(4, 17, 17 + `${ROOT}gone.xml`.length)],
      ['missing', `${ROOT}gone.xml`, range(5, 16, 16 + `${ROOT}gone.xml`.length)],
    ]);
    assert.equal(robots.range, undefined, 'a first-level node is listed by no one');

    // Open and edited, the index's ranges are its document's as it is now.
    client.open(on('sitemap-index.xml'), 'sitemap', fs.readFileSync(path.join(listing, 'sitemap-index.xml'), 'utf8'));
    client.change(on('sitemap-index.xml'), { range: range(0, 0, 0), text: '\n\n' });
    const edited = (await client.connection.sendRequest(SITE_TREE, { node: indexNode.id })).nodes;
    assert.deepEqual(edited.map((n) => n.range), [range(5, 16, 16 + `${ROOT}a.xml`.length), range(6, 17, 17 + `${ROOT}gone.xml`.length), range(7, 16, 16 + `${ROOT}gone.xml`.length)]);
  });

  it('counts a sitemap\'s entries by the page rules\' verdict, under a site root with built pages', async () => {
    const repo = fixtureSite(workspace());
    const client = await startOnSite(repo);
    clients.push(client);
    listeners.set(client, []);
    const sitemap = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    await client.connection.sendRequest(CHECK_SITE, {});
    const nodes = (await client.connection.sendRequest(SITE_TREE, { folder: pathToFileURL(repo.dir).href })).nodes;
    const node = nodes.find((n) => n.uri === sitemap)!;
    const codes = (client.lastDiagnostics(sitemap)?.diagnostics ?? []).map((d) => d.code);
    const count = (rule: string) => codes.filter((c) => c === rule).length;
    assert.deepEqual(node.pages, { blocked: 1, noindex: 1, notFound: 2, redirected: 2 });
    assert.deepEqual(node.pages, { blocked: count('blocked-by-robots'), noindex: count('noindex-page'), notFound: count('page-not-found'), redirected: count('page-redirect') });
    assert.equal(nodes.find((n) => n.uri === pathToFileURL(path.join(repo.dir, 'public', 'robots.txt')).href)?.pages, undefined);
  });
});
