/**
 * `workspace/symbol` over the wire: a URL found across the sitemaps of two workspace folders — files recognised by
 * name or by content, skipped folders left out, open documents (saved or not) searched in their edited state,
 * files on disk re-read after watched-file events — with the `<loc>` value as the location. Never sleeps: each
 * request is answered after the notifications sent before it.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileChangeType, SymbolKind, type Range, type SymbolInformation } from 'vscode-languageserver-protocol';
import { formatRange, LspClient, rangeOf } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url>\n    <loc>${loc}</loc>\n  </url>\n`).join('')}</urlset>\n`;
const sitemapindex = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

interface Found {
  name: string;
  file: string;
  range: string;
}

describe('workspace symbols over stdio', () => {
  let client: LspClient;
  let site: string;
  let shop: string;
  /** What each file holds now, by absolute path (also for files that are only open). */
  const texts = new Map<string, string>();

  const write = (root: string, relative: string, text: string): string => {
    const file = path.join(root, ...relative.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    texts.set(file, text);
    return file;
  };
  const uriOf = (file: string): string => pathToFileURL(file).href;

  const search = async (query: string): Promise<SymbolInformation[]> =>
    (await client.connection.sendRequest('workspace/symbol', { query })) as SymbolInformation[];

  /** Results as name, file (relative to the temp dir, or the URI) and range; sorted for comparison. */
  const found = async (query: string): Promise<Found[]> => {
    const parent = path.dirname(site);
    return (await search(query)).map((s) => {
      const file = s.location.uri.startsWith('file:') ? path.relative(parent, fileURLToPath(s.location.uri)).split(path.sep).join('/') : s.location.uri;
      return { name: s.name, file, range: formatRange(s.location.range) };
    }).sort((a, b) => (a.file + a.name < b.file + b.name ? -1 : 1));
  };

  /** The expected result for the `occurrence`-th `<loc>` value `written` of `file` (named by the decoded URL). */
  const expected = (file: string, written: string, name = written, occurrence = 0): Found => {
    const text = texts.get(file);
    assert.ok(text !== undefined, file);
    const range: Range = rangeOf(text, `<loc>${written}</loc>`, occurrence, 5 + written.length);
    range.start.character += 5;
    return { name, file: path.relative(path.dirname(site), file).split(path.sep).join('/'), range: formatRange(range) };
  };

  let siteMap: string;
  let pages: string;
  let post: string;
  let text: string;
  let index: string;
  let shopMap: string;

  before(async () => {
    const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-symbols-')));
    site = path.join(parent, 'site');
    shop = path.join(parent, 'shop');
    siteMap = write(site, 'sitemap.xml', urlset(
      'https://www.example.com/About-Us/',
      'https://www.example.com/search?q=a&amp;b=c',
      'https://www.example.com/contact/',
    ));
    // Recognised by its root element, not its name.
    pages = write(site, 'content/pages.xml', `<!-- generated -->\n${urlset('https://www.example.com/about/team/')}`);
    post = write(site, 'blog/post-sitemap.xml', urlset('https://www.example.com/blog/about-this-blog/'));
    index = write(site, 'sitemap_index.xml', sitemapindex('https://www.example.com/sitemap.xml', 'https://www.example.com/post-sitemap.xml'));
    text = write(site, 'sitemap.txt', 'https://www.example.com/txt/about\nhttps://www.example.com/txt/other\n');
    // Not sitemaps: another root, a text file not named sitemap*.txt.
    write(site, 'feed.xml', `<rss version="2.0"><channel><link>https://www.example.com/about/feed</link></channel></rss>\n`);
    write(site, 'notes.txt', 'https://www.example.com/about/notes\n');
    // Skipped folders.
    for (const folder of ['node_modules/pkg', '.git']) write(site, `${folder}/sitemap.xml`, urlset(`https://www.example.com/about/${folder.replace('/', '-')}`));
    // A second workspace folder; a BOM must not shift positions.
    shopMap = write(shop, 'sitemap.xml', `\uFEFF<urlset xmlns="${NS}"><url><loc>https://shop.example.com/about-shop</loc></url></urlset>`);
    texts.set(shopMap, texts.get(shopMap)!.slice(1));
    // More entries than a search returns.
    write(shop, 'bulk/sitemap-bulk.xml', urlset(...Array.from({ length: 1500 }, (_, i) => `https://shop.example.com/bulk/${i}`)));

    client = await LspClient.start({
      workspaceFolders: [{ uri: uriOf(site), name: 'site' }, { uri: uriOf(shop), name: 'shop' }],
      settings: {},
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(path.dirname(site), { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('declares the capability', () => {
    assert.equal(client.initializeResult?.capabilities.workspaceSymbolProvider, true);
  });

  it('finds a URL case-insensitively in every sitemap of every folder, at its <loc> value', async () => {
    assert.deepEqual(await found('ABOUT'), [
      expected(post, 'https://www.example.com/blog/about-this-blog/'),
      expected(pages, 'https://www.example.com/about/team/'),
      expected(siteMap, 'https://www.example.com/About-Us/'),
      { ...lineResult(text, 'https://www.example.com/txt/about') },
      expected(shopMap, 'https://shop.example.com/about-shop'),
    ].sort((a, b) => (a.file + a.name < b.file + b.name ? -1 : 1)));
  });

  it('matches the decoded URL and names the symbol by it', async () => {
    assert.deepEqual(await found('q=a&b'), [expected(siteMap, 'https://www.example.com/search?q=a&amp;b=c', 'https://www.example.com/search?q=a&b=c')]);
    assert.deepEqual(await found('&amp;'), []);
  });

  it('tells index entries from pages and names the file they are in', async () => {
    const symbols = await search('post-sitemap.xml');
    assert.equal(symbols.length, 1);
    assert.equal(symbols[0].kind, SymbolKind.File);
    assert.equal(symbols[0].location.uri, uriOf(index));
    assert.equal(symbols[0].containerName, 'sitemap_index.xml');
    const page = (await search('about-this-blog'))[0];
    assert.notEqual(page.kind, SymbolKind.File);
    assert.equal(page.containerName, 'blog/post-sitemap.xml');
  });

  it('caps the results', async () => {
    assert.equal((await search('/bulk/')).length, 1000);
    assert.equal((await search('')).length, 1000);
  });

  it('searches open documents as edited, instead of the file on disk', async () => {
    const uri = uriOf(siteMap);
    const opened = texts.get(siteMap)!.replace('About-Us', 'About-Them');
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', opened);
    await published;
    let names = (await search('about-')).map((s) => s.name);
    assert.ok(names.includes('https://www.example.com/About-Them/'), names.join(' '));
    assert.ok(!names.includes('https://www.example.com/About-Us/'), names.join(' '));

    // A ranged edit (not saved).
    const at = rangeOf(opened, 'Them');
    const changed = client.nextDiagnostics(uri);
    client.change(uri, { range: at, text: 'Others' });
    await changed;
    const results = (await search('about-others')).map((s) => ({ name: s.name, uri: s.location.uri, range: formatRange(s.location.range) }));
    const edited = opened.replace('Them', 'Others');
    const loc = rangeOf(edited, 'https://www.example.com/About-Others/');
    assert.deepEqual(results, [{ name: 'https://www.example.com/About-Others/', uri, range: formatRange(loc) }]);

    // Closed: the file on disk again.
    const cleared = client.nextDiagnostics(uri, (d) => d.length === 0);
    client.close(uri);
    await cleared;
    names = (await search('about-')).map((s) => s.name);
    assert.ok(names.includes('https://www.example.com/About-Us/'), names.join(' '));
  });

  it('searches documents that are not files', async () => {
    const uri = 'untitled:Untitled-1';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', urlset('https://www.example.com/untitled/about'));
    await published;
    const symbols = await search('untitled/ABOUT');
    assert.deepEqual(symbols.map((s) => [s.name, s.location.uri]), [['https://www.example.com/untitled/about', uri]]);
    const cleared = client.nextDiagnostics(uri, (d) => d.length === 0);
    client.close(uri);
    await cleared;
  });

  it('follows files that change, appear and disappear on disk', async () => {
    write(site, 'content/pages.xml', urlset('https://www.example.com/about/team/', 'https://www.example.com/about/careers/'));
    client.filesChanged([{ uri: uriOf(pages), type: FileChangeType.Changed }]);
    assert.deepEqual(await found('careers'), [expected(pages, 'https://www.example.com/about/careers/')]);

    fs.rmSync(post);
    client.filesChanged([{ uri: uriOf(post), type: FileChangeType.Deleted }]);
    assert.deepEqual(await found('about-this-blog'), []);

    const created = write(site, 'news/news-sitemap.xml', urlset('https://www.example.com/news/about-us-today'));
    client.filesChanged([{ uri: uriOf(created), type: FileChangeType.Created }]);
    assert.deepEqual(await found('about-us-today'), [expected(created, 'https://www.example.com/news/about-us-today')]);
  });

  /** The expected result for a text-sitemap line holding `url`. */
  function lineResult(file: string, url: string): Found {
    const range = rangeOf(texts.get(file)!, url);
    return { name: url, file: path.relative(path.dirname(site), file).split(path.sep).join('/'), range: formatRange(range) };
  }
});
