/**
 * Compressed sitemaps over the wire: a `sitemap-gz:` document (how the client opens `x.xml.gz` as text) is placed
 * where its file is, and an index entry naming a gzipped child resolves to the `.gz` file on disk.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DocumentLink } from 'vscode-languageserver-protocol';
import { toCompressedUri } from '../../../shared/compressedUri';
import { formatRange, hasCode, LspClient, rangeOf, summarize } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ERROR = 1;

const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;
const sitemapindex = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

describe('compressed sitemaps over the wire', () => {
  let client: LspClient;
  let root: string;
  const settings = { siteRoots: { www: 'https://www.example.com/' } };
  const file = (relative: string): string => path.join(root, ...relative.split('/'));
  const writeGzip = (relative: string, text: string): void => {
    fs.mkdirSync(path.dirname(file(relative)), { recursive: true });
    fs.writeFileSync(file(relative), zlib.gzipSync(text));
  };
  const openAndWait = async (uri: string, languageId: string, text: string, predicate?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uri, predicate);
    client.open(uri, languageId, text);
    return (await published).diagnostics;
  };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-lsp-gz-')));
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: () => settings });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('locates a sitemap-gz: document by its file path (siteRoots), for out-of-scope', async () => {
    const uri = pathToFileURL(file('www/blog/sitemap.xml.gz')).href.replace(/^file:\/\//, 'sitemap-gz:');
    assert.match(uri, /^sitemap-gz:\/[^/]/);
    const text = urlset('https://www.example.com/blog/a', 'https://www.example.com/shop/item');
    const diagnostics = await openAndWait(uri, 'sitemap', text, hasCode('out-of-scope'));
    assert.deepEqual(summarize(diagnostics), [
      { code: 'out-of-scope', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/shop/item')) },
    ]);
    client.close(uri);
  });

  it('locates a sitemap-gz: document of a workspace folder (its path in the folder, the folder in the query) by its file', async () => {
    const uri = toCompressedUri(pathToFileURL(file('www/news/sitemap.xml.gz')).href, { uri: pathToFileURL(root).href, path: root });
    assert.match(uri, /^sitemap-gz:\/www\/news\/sitemap\.xml\.gz\?/);
    const text = urlset('https://www.example.com/news/a', 'https://www.example.com/shop/item');
    const diagnostics = await openAndWait(uri, 'sitemap', text, hasCode('out-of-scope'));
    assert.deepEqual(summarize(diagnostics), [
      { code: 'out-of-scope', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/shop/item')) },
    ]);
    client.close(uri);
  });

  it('reads a gzipped child of an index from disk: nested-index, and the link to the .gz file', async () => {
    writeGzip('www/child-index.xml.gz', sitemapindex('https://www.example.com/posts.xml.gz'));
    writeGzip('www/posts.xml.gz', urlset('https://www.example.com/a'));
    const uri = pathToFileURL(file('www/sitemap_index.xml')).href;
    const text = sitemapindex('https://www.example.com/posts.xml.gz', 'https://www.example.com/child-index.xml.gz');
    const diagnostics = await openAndWait(uri, 'sitemap', text, hasCode('nested-index'));
    assert.deepEqual(summarize(diagnostics), [
      { code: 'nested-index', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/child-index.xml.gz')) },
    ]);
    const links = await client.connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    assert.deepEqual(links.map((l) => [formatRange(l.range), l.target]), [
      [formatRange(rangeOf(text, 'https://www.example.com/posts.xml.gz')), pathToFileURL(file('www/posts.xml.gz')).href],
      [formatRange(rangeOf(text, 'https://www.example.com/child-index.xml.gz')), pathToFileURL(file('www/child-index.xml.gz')).href],
    ]);
    client.close(uri);
  });
});
