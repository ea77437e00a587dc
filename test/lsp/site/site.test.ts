/**
 * The cross-file rules over the wire: open documents of a workspace folder get missing-sitemap-file,
 * stale-index-lastmod, cross-file-duplicate-url and unlisted-sitemap against the folder's other site files (on disk,
 * or open as edited), at exact ranges with related information in the other file; a file changed on disk or an open
 * document's edit updates them; settings turn them off or change their severity; nested-index is reported once.
 * Rule ids and ranges, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol';
import { formatRange, hasCode, lacksCode, LspClient, rangeOf, summarize } from '../lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ERROR = 1;
const WARNING = 2;
const INFORMATION = 3;
const BASE = 'https://www.example.com/';

function urlset(...entries: [string, string?][]): string {
  const body = entries.map(([loc, lastmod]) => `  <url>\n    <loc>${BASE}${loc}</loc>\n${lastmod !== undefined ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body}</urlset>\n`;
}

function sitemapindex(...entries: [string, string?][]): string {
  const body = entries.map(([loc, lastmod]) => `  <sitemap>\n    <loc>${BASE}${loc}</loc>\n${lastmod !== undefined ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${body}</sitemapindex>\n`;
}

const ROBOTS = `User-agent: *\nSitemap: ${BASE}sitemap_index.xml\nSitemap: ${BASE}gone.xml\n`;
const A = urlset(['one', '2024-03-01'], ['two', '2024-01-02']);
const B = urlset(['three'], ['two']);
// broken.xml.gz is not gzip and folder.xml a folder: read or not, neither is missing, nothing crashes.
const INDEX = sitemapindex(['a.xml', '2024-01-15'], ['b.xml'], ['missing.xml'], ['nested-index.xml'], ['broken.xml.gz']);
const NESTED = sitemapindex(['a.xml']);
const EXTRA = urlset(['four']);

describe('the cross-file rules over stdio', () => {
  let client: LspClient;
  let root: string;
  let settings: Record<string, unknown> = {};
  const file = (relative: string): string => path.join(root, relative);
  const uriOf = (relative: string): string => pathToFileURL(file(relative)).href;
  const write = (relative: string, text: string): string => {
    fs.mkdirSync(path.dirname(file(relative)), { recursive: true });
    fs.writeFileSync(file(relative), text);
    return uriOf(relative);
  };
  const openAndWait = async (relative: string, languageId: string, text: string, predicate: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uriOf(relative), predicate);
    client.open(uriOf(relative), languageId, text);
    return (await published).diagnostics;
  };
  const closeAndWait = async (relative: string): Promise<void> => {
    const cleared = client.nextDiagnostics(uriOf(relative), (d) => d.length === 0);
    client.close(uriOf(relative));
    await cleared;
  };
  const at = (text: string, needle: string, occurrence = 0): string => formatRange(rangeOf(text, needle, occurrence));

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-site-')));
    write('robots.txt', ROBOTS);
    write('a.xml', A);
    write('b.xml', B);
    write('sitemap_index.xml', INDEX);
    write('nested-index.xml', NESTED);
    write('extra.xml', EXTRA);
    write('node_modules/pkg/sitemap.xml', urlset(['four'])); // never searched
    write('notes.txt', 'hello\n');
    write('broken.xml.gz', '');
    fs.writeFileSync(file('broken.xml.gz'), Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
    fs.mkdirSync(file('folder.xml'));
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: () => settings });
  });

  after(async () => {
    const code = await client.stop();
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an open index gets stale-index-lastmod and missing-sitemap-file at exact ranges, nested-index once', async () => {
    const diagnostics = await openAndWait('sitemap_index.xml', 'sitemap', INDEX, hasCode('stale-index-lastmod'));
    assert.deepEqual(summarize(diagnostics).sort((x, y) => x.range.localeCompare(y.range)), [
      { code: 'stale-index-lastmod', severity: WARNING, range: at(INDEX, '2024-01-15') },
      { code: 'missing-sitemap-file', severity: WARNING, range: at(INDEX, `${BASE}missing.xml`) },
      { code: 'nested-index', severity: ERROR, range: at(INDEX, `${BASE}nested-index.xml`) },
    ].sort((x, y) => x.range.localeCompare(y.range)));
    const stale = diagnostics.find((d) => d.code === 'stale-index-lastmod')!;
    assert.deepEqual(stale.relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]), [[uriOf('a.xml'), at(A, '2024-03-01')]]);
    await closeAndWait('sitemap_index.xml');
  });

  it('a robots.txt gets missing-sitemap-file for a Sitemap: line naming no file', async () => {
    const diagnostics = await openAndWait('robots.txt', 'robots-txt', ROBOTS, hasCode('missing-sitemap-file'));
    assert.deepEqual(summarize(diagnostics), [{ code: 'missing-sitemap-file', severity: WARNING, range: at(ROBOTS, `${BASE}gone.xml`) }]);
    await closeAndWait('robots.txt');
  });

  it('a sitemap gets cross-file-duplicate-url with the first listing, in the other file, as related information', async () => {
    const diagnostics = await openAndWait('b.xml', 'sitemap', B, hasCode('cross-file-duplicate-url'));
    assert.deepEqual(summarize(diagnostics), [{ code: 'cross-file-duplicate-url', severity: WARNING, range: at(B, `${BASE}two`) }]);
    assert.deepEqual(diagnostics[0].relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]), [[uriOf('a.xml'), at(A, `${BASE}two`)]]);
    await closeAndWait('b.xml');
  });

  it('a sitemap no index and no robots.txt lists gets unlisted-sitemap at its root element', async () => {
    const diagnostics = await openAndWait('extra.xml', 'sitemap', EXTRA, hasCode('unlisted-sitemap'));
    assert.deepEqual(summarize(diagnostics), [{ code: 'unlisted-sitemap', severity: INFORMATION, range: at(EXTRA, 'urlset') }]);
    await closeAndWait('extra.xml');
  });

  it("an index's problems follow its children on disk (didChangeWatchedFiles)", async () => {
    const uri = uriOf('sitemap_index.xml');
    await openAndWait('sitemap_index.xml', 'sitemap', INDEX, hasCode('stale-index-lastmod'));
    try {
      // The child's newest lastmod moves before the index's: no longer stale.
      let published = client.nextDiagnostics(uri, lacksCode('stale-index-lastmod'));
      const a = write('a.xml', urlset(['one', '2024-01-10'], ['two', '2024-01-02']));
      client.filesChanged([{ uri: a, type: FileChangeType.Changed }]);
      let diagnostics = (await published).diagnostics;
      assert.ok(diagnostics.some((d) => d.code === 'missing-sitemap-file'));

      // The missing child is generated, then deleted again.
      published = client.nextDiagnostics(uri, lacksCode('missing-sitemap-file'));
      const missing = write('missing.xml', urlset(['five']));
      client.filesChanged([{ uri: missing, type: FileChangeType.Created }]);
      diagnostics = (await published).diagnostics;
      assert.deepEqual(summarize(diagnostics), [{ code: 'nested-index', severity: ERROR, range: at(INDEX, `${BASE}nested-index.xml`) }]);

      published = client.nextDiagnostics(uri, hasCode('missing-sitemap-file'));
      fs.rmSync(file('missing.xml'));
      client.filesChanged([{ uri: missing, type: FileChangeType.Deleted }]);
      diagnostics = (await published).diagnostics;
      assert.deepEqual(summarize(diagnostics.filter((d) => d.code === 'missing-sitemap-file')), [
        { code: 'missing-sitemap-file', severity: WARNING, range: at(INDEX, `${BASE}missing.xml`) },
      ]);

      // Stale again on disk.
      published = client.nextDiagnostics(uri, hasCode('stale-index-lastmod'));
      write('a.xml', A);
      client.filesChanged([{ uri: a, type: FileChangeType.Changed }]);
      await published;
    } finally {
      write('a.xml', A);
    }
    await closeAndWait('sitemap_index.xml');
  });

  it("an open child's edits update the index, and an edit in the index keeps the problems after it in place", async () => {
    const uri = uriOf('sitemap_index.xml');
    await openAndWait('sitemap_index.xml', 'sitemap', INDEX, hasCode('stale-index-lastmod'));
    // The child opened as on disk, then its newest lastmod edited to an earlier date.
    client.open(uriOf('a.xml'), 'sitemap', A);
    let published = client.nextDiagnostics(uri, lacksCode('stale-index-lastmod'));
    const march = rangeOf(A, '2024-03-01');
    client.change(uriOf('a.xml'), { range: march, text: '2024-01-01' });
    await published;

    // Back to March: stale again, its related location in the open child.
    published = client.nextDiagnostics(uri, hasCode('stale-index-lastmod'));
    client.change(uriOf('a.xml'), { range: march, text: '2024-03-01' });
    const stale = (await published).diagnostics.find((d) => d.code === 'stale-index-lastmod')!;
    assert.deepEqual(stale.relatedInformation?.map((r) => [r.location.uri, formatRange(r.location.range)]), [[uriOf('a.xml'), at(A, '2024-03-01')]]);

    // A line inserted at the top of the index: the cross-file problems move with their text at once.
    const version = client.change(uri, { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '<!-- x -->\n' });
    const shifted = await client.nextDiagnostics(uri, (_, params) => params.version === version);
    const edited = INDEX.replace('\n', '\n<!-- x -->\n');
    assert.deepEqual(summarize(shifted.diagnostics.filter((d) => d.code !== 'nested-index')).sort((x, y) => x.range.localeCompare(y.range)), [
      { code: 'stale-index-lastmod', severity: WARNING, range: at(edited, '2024-01-15') },
      { code: 'missing-sitemap-file', severity: WARNING, range: at(edited, `${BASE}missing.xml`) },
    ].sort((x, y) => x.range.localeCompare(y.range)));
    client.close(uriOf('a.xml'));
    await closeAndWait('sitemap_index.xml');
  });

  it('settings turn the rules off and change their severity', async () => {
    const uri = uriOf('sitemap_index.xml');
    await openAndWait('sitemap_index.xml', 'sitemap', INDEX, hasCode('stale-index-lastmod'));
    try {
      settings = { rules: { 'stale-index-lastmod': 'off', 'missing-sitemap-file': 'error' } };
      const published = client.nextDiagnostics(uri, (d) => lacksCode('stale-index-lastmod')(d) && d.some((x) => x.code === 'missing-sitemap-file' && x.severity === ERROR));
      client.configurationChanged();
      const diagnostics = (await published).diagnostics;
      assert.deepEqual(summarize(diagnostics.filter((d) => d.code === 'missing-sitemap-file')), [
        { code: 'missing-sitemap-file', severity: ERROR, range: at(INDEX, `${BASE}missing.xml`) },
      ]);

      // sitemap.maxProblems bounds the document's own and its cross-file problems together.
      settings = { maxProblems: 2 };
      const capped = client.nextDiagnostics(uri, (d) => d.length === 2 && lacksCode('missing-sitemap-file')(d));
      client.configurationChanged();
      assert.deepEqual(summarize((await capped).diagnostics), [
        { code: 'nested-index', severity: ERROR, range: at(INDEX, `${BASE}nested-index.xml`) },
        { code: 'stale-index-lastmod', severity: WARNING, range: at(INDEX, '2024-01-15') },
      ]);
    } finally {
      settings = {};
      const restored = client.nextDiagnostics(uri, hasCode('stale-index-lastmod'));
      client.configurationChanged();
      await restored;
    }
    await closeAndWait('sitemap_index.xml');
  });
});

describe('missing-sitemap-file for an index whose location is unknown, over stdio', () => {
  let client: LspClient;
  let root: string;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-unlocated-')));
    fs.mkdirSync(path.join(root, 'maps'));
    fs.writeFileSync(path.join(root, 'maps', 'child.xml'), urlset(['five']));
    fs.writeFileSync(path.join(root, 'maps', 'inner.xml'), sitemapindex(['child.xml']));
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'unlocated' }], settings: {} });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('finds the children by file name beside the index (as Merge does): one that is not there is missing, an index nested', async () => {
    // No site root, no robots.txt: the index's URLs map to no path; their file names do.
    const index = sitemapindex(['child.xml'], ['lost.xml'], ['deep/lost-too.xml?v=2'], ['folder/'], ['inner.xml']);
    const uri = pathToFileURL(path.join(root, 'maps', 'index.xml')).href;
    const published = client.nextDiagnostics(uri, (d) => hasCode('missing-sitemap-file')(d) && hasCode('nested-index')(d));
    client.open(uri, 'sitemap', index);
    assert.deepEqual(summarize((await published).diagnostics).filter((d) => d.code !== 'unlisted-sitemap'), [
      { code: 'nested-index', severity: ERROR, range: formatRange(rangeOf(index, `${BASE}inner.xml`)) },
      { code: 'missing-sitemap-file', severity: WARNING, range: formatRange(rangeOf(index, `${BASE}lost.xml`)) },
      { code: 'missing-sitemap-file', severity: WARNING, range: formatRange(rangeOf(index, `${BASE}deep/lost-too.xml?v=2`)) },
    ]);
    client.close(uri);
  });
});

describe('an index\'s children below its folder (Hugo\'s multilingual layout), its location unknown, over stdio', () => {
  let client: LspClient;
  let root: string;
  const HUGO_INDEX = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
    + `<sitemap><loc>${BASE}en/sitemap.xml</loc></sitemap>\n<sitemap><loc>${BASE}zh/sitemap.xml</loc></sitemap>\n`
    + `<sitemap><loc>${BASE}fr/sitemap.xml</loc></sitemap>\n<sitemap><loc>https://cdn.example.net/x/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-hugo-')));
    for (const [name, text] of [
      ['public/sitemap.xml', HUGO_INDEX], ['public/en/sitemap.xml', urlset(['en/'])], ['public/zh/sitemap.xml', sitemapindex(['zh/posts.xml'])],
      ['located/robots.txt', `Sitemap: ${BASE}sitemap.xml\n`], ['located/sitemap.xml', sitemapindex(['en/sitemap.xml'])],
    ]) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'hugo' }], settings: {} });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('nested-index only on the child that is an index, never the index itself; a child that cannot be placed is said once in the log', async () => {
    const uri = pathToFileURL(path.join(root, 'public', 'sitemap.xml')).href;
    const logged = (): string[] => client.logMessages.filter((m) => m.includes('https://cdn.example.net/x/sitemap.xml'));
    const published = client.nextDiagnostics(uri, (d) => hasCode('nested-index')(d) && logged().length > 0);
    client.open(uri, 'sitemap', HUGO_INDEX);
    // fr/ is missing where en/ places the index's folder: missing-sitemap-file; the CDN's child cannot be placed: logged.
    assert.deepEqual(summarize((await published).diagnostics).filter((d) => d.code !== 'mixed-hosts'), [
      { code: 'nested-index', severity: ERROR, range: formatRange(rangeOf(HUGO_INDEX, `${BASE}zh/sitemap.xml`)) },
      { code: 'missing-sitemap-file', severity: WARNING, range: formatRange(rangeOf(HUGO_INDEX, `${BASE}fr/sitemap.xml`)) },
    ]);
    assert.equal(logged().length, 1);
    client.close(uri);
  });

  it('a sitemap listed by an index that robots.txt names gets out-of-scope: its location from the index\'s listing', async () => {
    const text = urlset(['en/a/'], ['zh/b/']);
    const uri = pathToFileURL(path.join(root, 'located', 'en', 'sitemap.xml')).href;
    fs.mkdirSync(path.join(root, 'located', 'en'), { recursive: true });
    fs.writeFileSync(path.join(root, 'located', 'en', 'sitemap.xml'), text);
    const published = client.nextDiagnostics(uri, hasCode('out-of-scope'));
    client.open(uri, 'sitemap', text);
    assert.deepEqual(summarize((await published).diagnostics), [{ code: 'out-of-scope', severity: ERROR, range: formatRange(rangeOf(text, `${BASE}zh/b/`)) }]);
    client.close(uri);
  });
});
