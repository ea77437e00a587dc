/**
 * `sitemap/mergeIndex` over the wire, on real files in a temporary workspace: children found through
 * `sitemap.siteRoots` and beside the index, a gzip child, an open child's unsaved text preferred over the file; a
 * missing child, an ill-formed child and a limit refuse the merge with the child, the place and the counts.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../lspClient';
import { MERGE_INDEX_REQUEST, type MergeIndexResult } from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const sitemapindex = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

const opening = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`;
const closing = '\n</urlset>\n';
const unit = (p: string): string => `\n  <url><loc>https://www.example.com/${p}</loc></url>`;
const child = (...paths: string[]): string => opening + paths.map(unit).join('') + closing;

describe('sitemap/mergeIndex over stdio', () => {
  let client: LspClient;
  let root: string;
  const settings: Record<string, unknown> = { siteRoots: { public: 'https://www.example.com/' } };

  const write = (relative: string, data: string | Buffer): string => {
    const file = path.join(root, ...relative.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    return file;
  };
  const uriOf = (relative: string): string => pathToFileURL(path.join(root, ...relative.split('/'))).href;
  const merge = async (relative: string, text: string, allowMissing?: boolean): Promise<MergeIndexResult> => {
    const uri = uriOf(relative);
    client.open(uri, 'sitemap', text);
    try {
      return (await client.connection.sendRequest(MERGE_INDEX_REQUEST, { uri, allowMissing })) as MergeIndexResult;
    } finally {
      client.close(uri);
    }
  };

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-merge-'));
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: () => settings });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('merges children found through siteRoots and beside the index, a gzip one, and an open one as edited', async () => {
    write('public/maps/part-1.xml', child('a', 'küche'));
    // Not under a site root's URL: found by its name beside the index.
    write('public/part-2.xml.gz', zlib.gzipSync(child('c')));
    write('public/maps/part-3.xml', child('d-on-disk'));
    const openChild = uriOf('public/maps/part-3.xml');
    client.open(openChild, 'sitemap', child('d-unsaved', 'e'));
    const result = await merge('public/sitemap_index.xml', sitemapindex(
      'https://www.example.com/maps/part-1.xml', 'https://cdn.example.net/sitemaps/part-2.xml.gz', 'https://www.example.com/maps/part-3.xml'));
    client.close(openChild);
    assert.equal(result.refused, undefined, JSON.stringify(result.refused));
    const expected = child('a', 'küche', 'c', 'd-unsaved', 'e');
    assert.equal(result.merged?.text, expected);
    assert.equal(result.merged?.entries, 5);
    assert.equal(result.merged?.bytes, Buffer.byteLength(expected));
    assert.deepEqual(result.children.map((c) => [c.uri, c.entries, c.problem]), [
      [uriOf('public/maps/part-1.xml'), 2, undefined],
      [uriOf('public/part-2.xml.gz'), 1, undefined],
      [openChild, 2, undefined],
    ]);
    assert.equal(result.version, 1);
  });

  it('refuses when a child is missing, and says which', async () => {
    write('public/maps/part-1.xml', child('a'));
    const result = await merge('public/missing_index.xml', sitemapindex('https://www.example.com/maps/part-1.xml', 'https://www.example.com/maps/gone.xml'));
    assert.equal(result.merged, undefined);
    assert.equal(result.refused?.kind, 'missing-children');
    assert.deepEqual(result.children.map((c) => [c.loc, c.problem, c.uri]), [
      ['https://www.example.com/maps/part-1.xml', undefined, uriOf('public/maps/part-1.xml')],
      ['https://www.example.com/maps/gone.xml', 'not-found', uriOf('public/maps/gone.xml')],
    ]);
  });

  it('merges the children it can read when asked to (allowMissing), says which are missing, and counts URLs listed twice', async () => {
    write('public/maps/part-1.xml', child('a', 'b'));
    write('public/maps/part-3.xml', child('b', 'c', 'a'));
    const index = sitemapindex('https://www.example.com/maps/part-1.xml', 'https://www.example.com/maps/gone.xml', 'https://www.example.com/maps/part-3.xml');
    assert.equal((await merge('public/partial_index.xml', index)).refused?.kind, 'missing-children');
    const result = await merge('public/partial_index.xml', index, true);
    assert.equal(result.refused, undefined, JSON.stringify(result.refused));
    assert.equal(result.merged?.text, child('a', 'b', 'b', 'c', 'a'));
    assert.equal(result.merged?.duplicateUrls, 2);
    assert.deepEqual(result.children.map((c) => [c.problem, c.entries]), [[undefined, 2], ['not-found', undefined], [undefined, 3]]);
    // Nothing readable: nothing to merge, even when asked.
    const none = await merge('public/none_index.xml', sitemapindex('https://www.example.com/maps/gone.xml'), true);
    assert.equal(none.refused?.kind, 'missing-children');
  });

  it('points at an ill-formed child after a missing one, in that file (allowMissing)', async () => {
    write('public/maps/broken-2.xml', `${opening}\n  <url><loc>https://www.example.com/x</loc>\n  <url/>\n</urlset>\n`);
    const result = await merge('public/broken2_index.xml', sitemapindex('https://www.example.com/maps/gone.xml', 'https://www.example.com/maps/broken-2.xml'), true);
    assert.equal(result.refused?.kind, 'ill-formed');
    assert.equal(result.refused?.uri, uriOf('public/maps/broken-2.xml'));
  });

  it('refuses an ill-formed child at its first xml-syntax problem, in that file', async () => {
    const broken = `${opening}\n  <url><loc>https://www.example.com/x</loc>\n  <url/>\n</urlset>\n`;
    write('public/maps/broken.xml', broken);
    write('public/maps/part-1.xml', child('a'));
    const result = await merge('public/broken_index.xml', sitemapindex('https://www.example.com/maps/part-1.xml', 'https://www.example.com/maps/broken.xml'));
    assert.equal(result.refused?.kind, 'ill-formed');
    assert.equal(result.refused?.uri, uriOf('public/maps/broken.xml'));
    assert.deepEqual(result.refused?.range?.start, { line: 2, character: 3 });
  });

  it('refuses a merge past sitemap.limits.maxEntries with the count and the limit', async () => {
    write('public/maps/part-1.xml', child('a', 'b'));
    write('public/maps/part-2.xml', child('c'));
    settings.limits = { maxEntries: 2 };
    client.configurationChanged();
    try {
      const result = await merge('public/limit_index.xml', sitemapindex('https://www.example.com/maps/part-1.xml', 'https://www.example.com/maps/part-2.xml'));
      assert.deepEqual([result.refused?.kind, result.refused?.count, result.refused?.limit], ['too-many-entries', 3, 2]);
    } finally {
      delete settings.limits;
      client.configurationChanged();
    }
  });
});
