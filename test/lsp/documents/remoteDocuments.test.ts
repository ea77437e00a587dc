/**
 * Sitemaps read from their URL over the wire (Sitemap: Open from URL…): a `sitemap-url:` document lives at its URL, so
 * scope needs no setting, and an index's children open read from their own URLs.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import type { DocumentLink } from 'vscode-languageserver-protocol';
import { toRemoteUri } from '../../../shared/remoteUri';
import { formatRange, hasCode, LspClient, rangeOf, summarize } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;
const sitemapindex = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

describe('sitemaps read from their URL, over the wire', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('places a sitemap-url: document at its URL: an entry outside its folder is out of scope', async () => {
    const uri = toRemoteUri('https://www.example.com/blog/sitemap.xml');
    const text = urlset('https://www.example.com/blog/first-post', 'https://www.example.com/shop/item');
    const published = client.nextDiagnostics(uri, hasCode('out-of-scope'));
    client.open(uri, 'sitemap', text);
    assert.deepEqual(summarize((await published).diagnostics).map((d) => [d.code, d.range]), [
      ['out-of-scope', formatRange(rangeOf(text, 'https://www.example.com/shop/item'))],
    ]);
    client.close(uri);
  });

  it("links an index's children to their own sitemap-url: documents", async () => {
    const uri = toRemoteUri('https://www.example.com/sitemap_index.xml');
    const text = sitemapindex('https://www.example.com/posts.xml', 'https://www.example.com/pages.xml.gz?v=2');
    const published = client.nextDiagnostics(uri, () => true);
    client.open(uri, 'sitemap', text);
    await published;
    const links = await client.connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(links.map((l) => [formatRange(l.range), l.target]), [
      [formatRange(rangeOf(text, 'https://www.example.com/posts.xml')), toRemoteUri('https://www.example.com/posts.xml')],
      [formatRange(rangeOf(text, 'https://www.example.com/pages.xml.gz?v=2')), toRemoteUri('https://www.example.com/pages.xml.gz?v=2')],
    ]);
    client.close(uri);
  });
});
