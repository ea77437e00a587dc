/** A closed UTF-16 site file without a byte-order mark (found by its root, as shared/fileEncoding.ts sniffs it), or with
 * one, is read as its decoded text by every reader over the wire: nested-index on the index listing it, the Sitemaps
 * view's ranges, workspace symbols, a robots.txt's Sitemap: lines. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RequestType, type SymbolInformation } from 'vscode-languageserver-protocol';
import { SITE_TREE_REQUEST, type SiteTreeParams, type SiteTreeResult } from '../../../shared/protocol';
import { formatRange, hasCode, LspClient, rangeOf, summarize } from '../lspClient';
import { index, loc, ROOT, urlset } from '../../support/siteFixture';
import { tempFolders } from '../../support/tempFolders';

const SITE_TREE = new RequestType<SiteTreeParams, SiteTreeResult, void>(SITE_TREE_REQUEST);
const ERROR = 1;
const WARNING = 2;

/** The child index's text, lines of different lengths before its `<loc>`s, so that a wrong decoding moves their ranges. */
const CHILD_INDEX = index(`\n  ${loc('a.xml')}`, `\n    ${loc('b.xml')}`).replace('encoding="UTF-8"', 'encoding="UTF-16"');
const PARENT = index(loc('utf16-index.xml'), loc('a.xml'), loc('missing.xml'));

const workspace = tempFolders('site-utf16-');
const clients: LspClient[] = [];
after(async () => {
  for (const client of clients) await client.stop();
});

describe('a UTF-16BE index without a byte-order mark, closed', () => {
  const dir = workspace({
    'sitemap-index.xml': PARENT,
    'utf16-index.xml': Buffer.from(CHILD_INDEX, 'utf16le').swap16(),
    'a.xml': urlset(loc('p1')),
    'b.xml': urlset(loc('p2')),
  });
  const uri = (name: string): string => pathToFileURL(path.join(dir, name)).href;

  it('is an index to the open index listing it: nested-index at its exact range', async () => {
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }] });
    clients.push(client);
    // missing-sitemap-file comes with the site's pass: by then the child has been looked at.
    const published = client.nextDiagnostics(uri('sitemap-index.xml'), hasCode('missing-sitemap-file'));
    client.open(uri('sitemap-index.xml'), 'sitemap', PARENT);
    assert.deepEqual(summarize((await published).diagnostics).sort((x, y) => x.range.localeCompare(y.range)), [
      { code: 'nested-index', severity: ERROR, range: formatRange(rangeOf(PARENT, `${ROOT}utf16-index.xml`)) },
      { code: 'missing-sitemap-file', severity: WARNING, range: formatRange(rangeOf(PARENT, `${ROOT}missing.xml`)) },
    ].sort((x, y) => x.range.localeCompare(y.range)));
  });

  it("gives the Sitemaps view's nodes it lists their ranges in its decoded text", async () => {
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }] });
    clients.push(client);
    const level = async (params: SiteTreeParams) => (await client.connection.sendRequest(SITE_TREE, params)).nodes;
    const [parent] = await level({ folder: pathToFileURL(dir).href });
    const child = (await level({ node: parent.id })).find((n) => n.uri === uri('utf16-index.xml'));
    assert.equal(child?.kind, 'index');
    const listed = await level({ node: child.id });
    assert.deepEqual(listed.map((n) => [n.uri, n.range]), [
      [uri('a.xml'), rangeOf(CHILD_INDEX, `${ROOT}a.xml`)],
      [uri('b.xml'), rangeOf(CHILD_INDEX, `${ROOT}b.xml`)],
    ]);
  });
});

describe('other readers of a closed UTF-16 site file', () => {
  it('workspace symbols find a URL of a UTF-16BE sitemap without a byte-order mark at its range in the decoded text', async () => {
    const text = urlset(`\n  ${loc('first')}`, `\n    ${loc('utf16-page')}`).replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const dir = workspace({ 'pages.xml': Buffer.from(text, 'utf16le').swap16() });
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }] });
    clients.push(client);
    const found = (await client.connection.sendRequest('workspace/symbol', { query: 'utf16-page' })) as SymbolInformation[];
    assert.deepEqual(found.map((s) => [s.name, s.location.uri, formatRange(s.location.range)]), [
      [`${ROOT}utf16-page`, pathToFileURL(path.join(dir, 'pages.xml')).href, formatRange(rangeOf(text, `${ROOT}utf16-page`))],
    ]);
  });

  it("a UTF-16LE robots.txt with a byte-order mark locates the sitemap its Sitemap: line names: out-of-scope", async () => {
    const robots = `User-agent: *\nSitemap: ${ROOT}blog/sitemap.xml\n`;
    const blog = urlset(loc('blog/first-post'), loc('shop/item'));
    const dir = workspace({ 'robots.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(robots, 'utf16le')]), 'blog/sitemap.xml': blog });
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'site' }] });
    clients.push(client);
    const uri = pathToFileURL(path.join(dir, 'blog/sitemap.xml')).href;
    const published = client.nextDiagnostics(uri, () => true);
    client.open(uri, 'sitemap', blog);
    const outOfScope = (await published).diagnostics.filter((d) => d.code === 'out-of-scope');
    assert.deepEqual(outOfScope.map((d) => formatRange(d.range)), [formatRange(rangeOf(blog, `${ROOT}shop/item`))]);
  });
});
