/**
 * The Sitemaps view's data for sitemaps opened from their URL, over the wire (`sitemap/siteTree`): a group per origin
 * after the workspace folders, holding the robots.txt and the sitemaps no opened file lists; below a robots.txt or an
 * index what it lists, an opened document as itself (counts, published problems) and any other URL as `unopened`
 * (nothing read); a document closed leaves the tree, with a `sitemap/siteTreeChanged` for its group each time.
 * The documents are opened by the test as VS Code opens them after `sitemap/readUrl`: nothing is fetched.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import {
  SITE_TREE_CHANGED_NOTIFICATION, SITE_TREE_REQUEST,
  type SiteTreeChangedParams, type SiteTreeNode, type SiteTreeParams, type SiteTreeResult,
} from '../../../shared/protocol';
import { toRemoteUri } from '../../../shared/remoteUri';
import { hasCode, LspClient, rangeOf, WAIT_TIMEOUT_MS } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITE_TREE = new RequestType<SiteTreeParams, SiteTreeResult, void>(SITE_TREE_REQUEST);
const CHANGED = new NotificationType<SiteTreeChangedParams>(SITE_TREE_CHANGED_NOTIFICATION);
const ORIGIN = 'https://www.example.com';
const GROUP = `sitemap-url-origin:${ORIGIN}`;

const url = (path: string) => `${ORIGIN}${path}`;
const ROBOTS = `User-agent: *\nDisallow: /cart\nSitemap: ${url('/sitemap_index.xml')}\n`;
const INDEX = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
  + `  <sitemap><loc>${url('/posts.xml')}</loc></sitemap>\n  <sitemap><loc>https://cdn.example.net/pages.xml?v=2</loc></sitemap>\n</sitemapindex>\n`;
const POSTS = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`
  + `  <url><loc>${url('/a')}</loc><lastmod>2024-05-01</lastmod></url>\n  <url><loc>${url('/b')}</loc><priority>2</priority></url>\n</urlset>\n`;
const OTHER = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>https://shop.example.org/x</loc></url>\n</urlset>\n`;

const brief = (n: SiteTreeNode) => ({ kind: n.kind, label: n.label, uri: n.uri, url: n.url, entries: n.entries, hasChildren: n.hasChildren });

describe('the Sitemaps view of sitemaps opened from their URL, over the wire', () => {
  let client: LspClient;
  const changes: SiteTreeChangedParams[] = [];
  const waiting: (() => void)[] = [];
  before(async () => {
    client = await LspClient.start();
    client.connection.onNotification(CHANGED, (params) => {
      changes.push(params);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  after(async () => {
    await client.stop();
  });

  /** Waits for a notification `accept` takes, among those since `since`. */
  async function changed(since: number, accept: (p: SiteTreeChangedParams) => boolean): Promise<SiteTreeChangedParams> {
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    for (;;) {
      const seen = changes.slice(since).find(accept);
      if (seen !== undefined) return seen;
      if (Date.now() > deadline) throw new Error(`no ${SITE_TREE_CHANGED_NOTIFICATION} within ${WAIT_TIMEOUT_MS} ms: ${JSON.stringify(changes.slice(since))}`);
      await new Promise<void>((wake) => {
        waiting.push(wake);
        setTimeout(wake, deadline - Date.now()).unref();
      });
    }
  }
  const level = async (params: SiteTreeParams) => (await client.connection.sendRequest(SITE_TREE, params)).nodes;

  it('groups them by origin after the workspace folders: the robots.txt, what it lists, opened or not', async () => {
    const robots = toRemoteUri(url('/robots.txt'));
    const index = toRemoteUri(url('/sitemap_index.xml'));
    const posts = toRemoteUri(url('/posts.xml'));
    const other = toRemoteUri('https://shop.example.org/sitemap.xml');
    const since = changes.length;
    const published = client.nextDiagnostics(posts, hasCode('invalid-priority'));
    client.open(robots, 'robots-txt', ROBOTS);
    client.open(index, 'sitemap', INDEX);
    client.open(posts, 'sitemap', POSTS);
    client.open(other, 'sitemap', OTHER);
    await published;
    await changed(since, (p) => p.folder === GROUP && p.nodes === undefined);

    assert.deepEqual((await level({})).map(brief), [
      { kind: 'origin', label: 'https://shop.example.org', uri: undefined, url: undefined, entries: undefined, hasChildren: true },
      { kind: 'origin', label: ORIGIN, uri: undefined, url: undefined, entries: undefined, hasChildren: true },
    ]);
    // The index and the posts are listed by an opened file: only the robots.txt is at the group's first level.
    const first = await level({ node: GROUP });
    assert.deepEqual(first.map(brief), [{ kind: 'robots', label: '/robots.txt', uri: robots, url: undefined, entries: 1, hasChildren: true }]);
    const listed = await level({ node: robots });
    assert.deepEqual(listed.map(brief), [{ kind: 'index', label: '/sitemap_index.xml', uri: index, url: url('/sitemap_index.xml'), entries: 2, hasChildren: true }]);
    assert.deepEqual(listed[0].range, rangeOf(ROBOTS, url('/sitemap_index.xml')));

    const children = await level({ node: index });
    assert.deepEqual(children.map(brief), [
      { kind: 'sitemap', label: '/posts.xml', uri: posts, url: url('/posts.xml'), entries: 2, hasChildren: false },
      {
        kind: 'unopened', label: 'https://cdn.example.net/pages.xml?v=2', uri: toRemoteUri('https://cdn.example.net/pages.xml?v=2'),
        url: 'https://cdn.example.net/pages.xml?v=2', entries: undefined, hasChildren: false,
      },
    ]);
    assert.deepEqual([children[0].bytes, children[0].newestLastmod, children[0].problems], [POSTS.length, '2024-05-01', { errors: 1, warnings: 0, others: 0 }]);
    assert.deepEqual(children[1].range, rangeOf(INDEX, 'https://cdn.example.net/pages.xml?v=2'));
    assert.deepEqual((await level({ node: posts })), []);
    assert.deepEqual((await level({ node: 'sitemap-url-origin:https://nowhere.example' })), []);
  });

  it('leaves out a closed one: what listed it shows it unopened, and its group goes with its last document', async () => {
    const index = toRemoteUri(url('/sitemap_index.xml'));
    const posts = toRemoteUri(url('/posts.xml'));
    let since = changes.length;
    client.close(posts);
    await changed(since, (p) => p.folder === GROUP && p.nodes === undefined);
    assert.deepEqual((await level({ node: index })).map((n) => [n.kind, n.uri]), [
      ['unopened', toRemoteUri(url('/posts.xml'))],
      ['unopened', toRemoteUri('https://cdn.example.net/pages.xml?v=2')],
    ]);

    since = changes.length;
    for (const path of ['/robots.txt', '/sitemap_index.xml']) client.close(toRemoteUri(url(path)));
    await changed(since, (p) => p.folder === GROUP && p.nodes === undefined);
    assert.deepEqual((await level({})).map((n) => n.label), ['https://shop.example.org']);
    assert.deepEqual(await level({ node: GROUP }), []);
  });
});
