/**
 * `sitemap/listingIndexes` over stdio (Add to robots.txt: the sitemap is reachable already): of a robots.txt's
 * sitemaps, the indexes that list a given sitemap — found as the robots.txt's links are (below its folder, or through
 * siteRoots), read from disk (gzip too) or from the open document's unsaved text; a urlset, an index that does not
 * list it and a missing file are not.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../lspClient';
import { LISTING_INDEXES_REQUEST, type ListingIndexesResult } from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const index = (...locs: string[]): string => `<sitemapindex xmlns="${NS}">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>\n`;
const BLOG = 'https://www.example.com/blog/sitemap.xml';

describe('sitemap/listingIndexes over stdio', () => {
  let root: string;
  let client: LspClient;
  const write = (relative: string, data: string | Buffer): void => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), data);
  };
  const uriOf = (relative: string): string => pathToFileURL(path.join(root, relative)).href;
  const ask = (urls: string[], sitemapUrl = BLOG): Promise<ListingIndexesResult> =>
    client.connection.sendRequest(LISTING_INDEXES_REQUEST, { robotsUri: uriOf('robots.txt'), urls, sitemapUrl });

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-listing-')));
    write('sitemap_index.xml', index('https://www.example.com/shop.xml', BLOG));
    write('news_index.xml.gz', zlib.gzipSync(index('https://www.example.com/blog/sitemap.xml')));
    write('other_index.xml', index('https://www.example.com/shop.xml'));
    write('urls.xml', `<urlset xmlns="${NS}"><url><loc>${BLOG}</loc></url></urlset>\n`);
    write('robots.txt', 'User-agent: *\n');
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: {} });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('names the indexes that list the sitemap, from disk and gzip', async () => {
    const urls = ['https://www.example.com/other_index.xml', 'https://www.example.com/sitemap_index.xml', 'https://www.example.com/urls.xml',
      'https://www.example.com/gone.xml', 'https://www.example.com/news_index.xml.gz'];
    assert.deepEqual(await ask(urls), { indexes: ['https://www.example.com/sitemap_index.xml', 'https://www.example.com/news_index.xml.gz'] });
    assert.deepEqual(await ask(urls, 'https://www.example.com/elsewhere.xml'), { indexes: [] });
  });

  it('reads an open index as edited', async () => {
    const uri = uriOf('other_index.xml');
    client.open(uri, 'sitemap', index('https://www.example.com/shop.xml', BLOG));
    try {
      assert.deepEqual(await ask(['https://www.example.com/other_index.xml']), { indexes: ['https://www.example.com/other_index.xml'] });
    } finally {
      client.close(uri);
    }
  });
});
