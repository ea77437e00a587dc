/**
 * Sitemaps read from their URL over the wire (Sitemap: Open from URL…): the server reads the text for the client's
 * `sitemap-url:` file system (`sitemap/readUrl`, from a server on 127.0.0.1), the document lives where its text came
 * from, so scope needs no setting, and an index's children open read from their own URLs.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { DocumentLink } from 'vscode-languageserver-protocol';
import { REMOTE_SITEMAP_REQUEST, type RemoteSitemapResult } from '../../../shared/protocol';
import { toRemoteUri } from '../../../shared/remoteUri';
import { startServer, type TestServer } from '../../support/httpServer';
import { formatRange, hasCode, LspClient, rangeOf, summarize } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;
const sitemapindex = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

describe('sitemaps read from their URL, over the wire', () => {
  let client: LspClient;
  let site: TestServer;
  const blog = urlset('https://www.example.com/blog/first-post', 'https://www.example.com/shop/item');
  before(async () => {
    client = await LspClient.start();
    site = await startServer({
      '/sitemap.xml.gz': (_, response) => response.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(blog)),
      '/old/sitemap.xml': (_, response) => response.writeHead(301, { location: '/blog/sitemap.xml' }).end(),
      '/blog/sitemap.xml': (_, response) => response.writeHead(200, { 'content-type': 'application/xml' }).end(blog),
    });
  });
  after(async () => {
    await client.stop();
    await site.close();
  });

  it('reads a sitemap from its URL for the client: gzip undone, redirects followed, the document located where they ended', async () => {
    const gz = await client.connection.sendRequest<RemoteSitemapResult>(REMOTE_SITEMAP_REQUEST, { url: `${site.origin}/sitemap.xml.gz` });
    assert.deepEqual([Buffer.from(gz.data, 'base64').toString(), gz.finalUrl, gz.redirects], [blog, `${site.origin}/sitemap.xml.gz`, []]);

    const asked = `${site.origin}/old/sitemap.xml`;
    const moved = await client.connection.sendRequest<RemoteSitemapResult>(REMOTE_SITEMAP_REQUEST, { url: asked });
    assert.deepEqual([Buffer.from(moved.data, 'base64').toString(), moved.finalUrl, moved.redirects], [blog, `${site.origin}/blog/sitemap.xml`, [`${site.origin}/blog/sitemap.xml`]]);
    // Its location is /blog/ (where the text came from), not /old/: an entry under /blog/ is in scope, the others not.
    const uri = toRemoteUri(asked);
    const text = urlset(`${site.origin}/blog/a`, `${site.origin}/old/b`);
    const published = client.nextDiagnostics(uri, hasCode('out-of-scope'));
    client.open(uri, 'sitemap', text);
    assert.deepEqual(summarize((await published).diagnostics).map((d) => [d.code, d.range]), [['out-of-scope', formatRange(rangeOf(text, `${site.origin}/old/b`))]]);
    client.close(uri);
    assert.deepEqual(site.log.map((l) => l.path), ['/sitemap.xml.gz', '/old/sitemap.xml', '/blog/sitemap.xml']);
  });

  // (The address policy's refusals are tested on the policy itself: no test here may send a packet off the loopback.)
  it('answers a URL it cannot read with an error, never a crash: not found, not http(s), credentials in it', async () => {
    for (const url of [`${site.origin}/missing.xml`, 'file:///etc/passwd', 'ftp://example.com/sitemap.xml', site.origin.replace('//', '//user:secret@') + '/blog/sitemap.xml']) {
      await assert.rejects(client.connection.sendRequest(REMOTE_SITEMAP_REQUEST, { url }), (error: Error & { code?: number }) => error.code === -32001, url);
    }
    assert.equal(client.gone(), undefined);
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

  it("links a robots.txt's Sitemap: lines to their own sitemap-url: documents, with its robots.txt diagnostics", async () => {
    const uri = toRemoteUri('https://www.example.com/robots.txt');
    const text = [
      'User-agent: *', 'Disallow: /cart', 'Sitemap: https://www.example.com/sitemap_index.xml', 'Sitemap: /relative.xml',
      'sitemap:https://cdn.example.net/news.xml.gz # the news', '',
    ].join('\n');
    const published = client.nextDiagnostics(uri, hasCode('robots-sitemap-url'));
    client.open(uri, 'robots-txt', text);
    assert.deepEqual(summarize((await published).diagnostics).map((d) => [d.code, d.range]), [['robots-sitemap-url', formatRange(rangeOf(text, '/relative.xml'))]]);
    const links = await client.connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(links.map((l) => [formatRange(l.range), l.target]), [
      [formatRange(rangeOf(text, 'https://www.example.com/sitemap_index.xml')), toRemoteUri('https://www.example.com/sitemap_index.xml')],
      [formatRange(rangeOf(text, 'https://cdn.example.net/news.xml.gz')), toRemoteUri('https://cdn.example.net/news.xml.gz')],
    ]);
    client.close(uri);
    // A robots.txt of the workspace keeps VS Code's own links (its URLs open in the browser).
    const local = 'file:///site/robots.txt';
    const localPublished = client.nextDiagnostics(local, () => true);
    client.open(local, 'robots-txt', text);
    await localPublished;
    assert.deepEqual(await client.connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: local } }), []);
    client.close(local);
  });
});
