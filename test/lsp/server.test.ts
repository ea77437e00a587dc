/**
 * The bundled server (`dist/server.js --stdio`) over the wire: documents, ranged edits, settings pulled with
 * workspace/configuration, where a sitemap lives (siteRoots, robots.txt), nested indexes, bad input.
 * Asserts rule ids and ranges, never message text; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, type Diagnostic, type Range } from 'vscode-languageserver-protocol';
import { codes, formatRange, hasCode, lacksCode, LspClient, rangeOf, summarize } from './lspClient';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ERROR = 1;
const WARNING = 2;

function urlset(...locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url>\n    <loc>${loc}</loc>\n  </url>\n`).join('')}</urlset>\n`;
}

function sitemapindex(...locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `  <sitemap>\n    <loc>${loc}</loc>\n  </sitemap>\n`).join('')}</sitemapindex>\n`;
}

const BROKEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.84">',
  '  <url>',
  '    <loc>https://www.example.com/?a=1&b=2</loc>',
  '    <priority>1.5</priority>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

function shiftLines(range: Range, lines: number): Range {
  return { start: { line: range.start.line + lines, character: range.start.character }, end: { line: range.end.line + lines, character: range.end.character } };
}

function only(diagnostics: readonly Diagnostic[], code: string): Diagnostic[] {
  return diagnostics.filter((d) => d.code === code);
}

describe('language server over stdio', () => {
  let client: LspClient;
  let root: string;
  let settings: Record<string, unknown> = {};
  let counter = 0;
  /** A fresh document URI inside the workspace folder (the file need not exist). */
  const uriFor = (relative: string): string => pathToFileURL(path.join(root, relative)).href;
  const fresh = (name: string): string => uriFor(`doc${++counter}/${name}`);
  const write = (relative: string, text: string): string => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return pathToFileURL(file).href;
  };
  /** Changes the settings the client hands out, and waits until `uri` was re-validated to `predicate`. */
  const reconfigure = async (next: Record<string, unknown>, uri: string, predicate: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => {
    settings = next;
    const published = client.nextDiagnostics(uri, predicate);
    client.configurationChanged();
    return (await published).diagnostics;
  };
  const openAndWait = async (uri: string, languageId: string, text: string, predicate?: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uri, predicate);
    client.open(uri, languageId, text);
    return (await published).diagnostics;
  };
  const closeAndWait = async (uri: string): Promise<void> => {
    const cleared = client.nextDiagnostics(uri, (d) => d.length === 0);
    client.close(uri);
    await cleared;
  };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-lsp-')));
    client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }],
      settings: () => settings,
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('writes nothing but the protocol to stdout', () => {
    assert.equal(client.stdoutHead.subarray(0, 15).toString('ascii'), 'Content-Length:');
    assert.deepEqual(client.protocolErrors, []);
  });

  it('registers file watchers for robots.txt and possible child sitemaps', () => {
    const registration = client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles');
    const globs = (registration?.registerOptions as { watchers: { globPattern: string }[] }).watchers.map((w) => w.globPattern);
    for (const glob of ['**/robots.txt', '**/*.xml', '**/*.txt']) assert.ok(globs.includes(glob), glob);
  });

  it('reports problems with rule ids and exact ranges', async () => {
    const uri = fresh('sitemap.xml');
    const diagnostics = await openAndWait(uri, 'sitemap', BROKEN);
    assert.deepEqual(summarize(diagnostics), [
      { code: 'bad-namespace', severity: ERROR, range: formatRange(rangeOf(BROKEN, 'http://www.sitemaps.org/schemas/sitemap/0.84')) },
      { code: 'unescaped-ampersand', severity: ERROR, range: formatRange(rangeOf(BROKEN, '&')) },
      { code: 'invalid-priority', severity: ERROR, range: formatRange(rangeOf(BROKEN, '1.5')) },
    ]);
    for (const d of diagnostics) {
      assert.equal(d.source, 'sitemap');
      assert.equal(typeof d.message, 'string');
    }
    assert.equal(client.lastDiagnostics(uri)?.version, 1);
    await closeAndWait(uri);
  });

  it('puts bad-namespace on the root tag name when there is no xmlns', async () => {
    const uri = fresh('sitemap.xml');
    const text = `<urlset>\n  <url><loc>https://www.example.com/</loc></url>\n</urlset>\n`;
    const diagnostics = await openAndWait(uri, 'sitemap', text);
    assert.deepEqual(summarize(only(diagnostics, 'bad-namespace')), [{ code: 'bad-namespace', severity: ERROR, range: '0:1-0:7' }]);
    await closeAndWait(uri);
  });

  it('follows ranged edits: fixing removes a problem, breaking brings it back', async () => {
    const uri = fresh('sitemap.xml');
    await openAndWait(uri, 'sitemap', BROKEN, hasCode('unescaped-ampersand'));

    // Fix: insert "amp;" after the '&' (line 3).
    const amp = rangeOf(BROKEN, '&').end;
    let published = client.nextDiagnostics(uri, lacksCode('unescaped-ampersand'));
    client.change(uri, { range: { start: amp, end: amp }, text: 'amp;' });
    let diagnostics = (await published).diagnostics;
    assert.deepEqual(codes(diagnostics), ['bad-namespace', 'invalid-priority']);
    assert.equal(client.lastDiagnostics(uri)?.version, 2);

    // Break: delete those four characters again.
    published = client.nextDiagnostics(uri, hasCode('unescaped-ampersand'));
    client.change(uri, { range: { start: amp, end: { line: amp.line, character: amp.character + 4 } }, text: '' });
    diagnostics = (await published).diagnostics;
    assert.deepEqual(summarize(only(diagnostics, 'unescaped-ampersand')), [{ code: 'unescaped-ampersand', severity: ERROR, range: formatRange(rangeOf(BROKEN, '&')) }]);

    // Two changes in one notification, the second against the text left by the first: a new line above <loc>
    // moves it to line 4, then the priority (now on line 5) is fixed.
    published = client.nextDiagnostics(uri, lacksCode('invalid-priority'));
    client.change(uri,
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '    <!-- moved -->\n' },
      { range: { start: { line: 5, character: 14 }, end: { line: 5, character: 17 } }, text: '0.8' });
    diagnostics = (await published).diagnostics;
    assert.deepEqual(summarize(diagnostics), [
      { code: 'bad-namespace', severity: ERROR, range: formatRange(rangeOf(BROKEN, 'http://www.sitemaps.org/schemas/sitemap/0.84')) },
      { code: 'unescaped-ampersand', severity: ERROR, range: formatRange(shiftLines(rangeOf(BROKEN, '&'), 1)) },
    ]);

    // A full-text change replaces the document.
    published = client.nextDiagnostics(uri, (d) => d.length === 0);
    client.change(uri, { text: urlset('https://www.example.com/') });
    await published;
    await closeAndWait(uri);
  });

  it('applies sitemap.rules: a rule turned off or given another severity', async () => {
    const uri = fresh('sitemap.xml');
    await openAndWait(uri, 'sitemap', BROKEN, hasCode('invalid-priority'));
    try {
      let diagnostics = await reconfigure({ rules: { 'invalid-priority': 'off' } }, uri, lacksCode('invalid-priority'));
      assert.deepEqual(codes(diagnostics), ['bad-namespace', 'unescaped-ampersand']);

      diagnostics = await reconfigure({ rules: { 'invalid-priority': 'warning', 'bad-namespace': 'hint' } }, uri, hasCode('invalid-priority'));
      assert.deepEqual(summarize(diagnostics), [
        { code: 'unescaped-ampersand', severity: ERROR, range: formatRange(rangeOf(BROKEN, '&')) },
        { code: 'invalid-priority', severity: WARNING, range: formatRange(rangeOf(BROKEN, '1.5')) },
        { code: 'bad-namespace', severity: 4, range: formatRange(rangeOf(BROKEN, 'http://www.sitemaps.org/schemas/sitemap/0.84')) },
      ]);
    } finally {
      await reconfigure({}, uri, (d) => only(d, 'invalid-priority')[0]?.severity === ERROR);
    }
    await closeAndWait(uri);
  });

  it('survives junk settings and falls back to the defaults', async () => {
    const uri = fresh('sitemap.xml');
    await openAndWait(uri, 'sitemap', BROKEN, hasCode('unescaped-ampersand'));
    try {
      await reconfigure({ rules: { 'unescaped-ampersand': 'off' } }, uri, lacksCode('unescaped-ampersand'));
      const junk = { rules: 'all', maxProblems: -3, limits: null, siteRoots: [1, 2], allowedHosts: 7, extra: { deep: [] } };
      const diagnostics = await reconfigure(junk, uri, hasCode('unescaped-ampersand'));
      assert.deepEqual(codes(diagnostics), ['bad-namespace', 'unescaped-ampersand', 'invalid-priority']);
      await reconfigure({ rules: { 'unescaped-ampersand': 'loud', 'no-such-rule': 'off' }, maxProblems: 'many' }, uri, (d) => d.length === 3);
    } finally {
      settings = {};
    }
    await closeAndWait(uri);
  });

  it('caps problems at sitemap.maxProblems, the summary included', async () => {
    const uri = fresh('sitemap.xml');
    const text = urlset('https://www.example.com/?a&b', 'https://www.example.com/?c&d', 'https://www.example.com/?e&f');
    await openAndWait(uri, 'sitemap', text, (d) => only(d, 'unescaped-ampersand').length === 3);
    try {
      const diagnostics = await reconfigure({ maxProblems: 2 }, uri, hasCode('too-many-problems'));
      assert.deepEqual(codes(diagnostics), ['unescaped-ampersand', 'too-many-problems']);
      assert.equal(diagnostics[1].source, 'sitemap');
    } finally {
      await reconfigure({}, uri, lacksCode('too-many-problems'));
    }
    await closeAndWait(uri);
  });

  it('decides out-of-scope from sitemap.siteRoots', async () => {
    const uri = uriFor('public/catalog/sitemap.xml');
    const text = urlset('https://www.example.com/catalog/show?item=23', ' https://www.example.com/image/show?item=23 ');
    let diagnostics = await openAndWait(uri, 'sitemap', text);
    assert.deepEqual(codes(diagnostics), []);
    try {
      diagnostics = await reconfigure({ siteRoots: { public: 'https://www.example.com/' } }, uri, hasCode('out-of-scope'));
      assert.deepEqual(summarize(diagnostics), [
        { code: 'out-of-scope', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/image/show?item=23')) },
      ]);
      // Another host for the folder: both URLs are out of scope.
      diagnostics = await reconfigure({ siteRoots: { './public/': 'https://shop.example.com' } }, uri, (d) => only(d, 'out-of-scope').length === 2);
      assert.deepEqual(codes(diagnostics), ['out-of-scope', 'out-of-scope']);
      // Allowed hosts (cross-submission) are never out of scope.
      diagnostics = await reconfigure({ siteRoots: { public: 'https://shop.example.com/' }, allowedHosts: ['https://www.example.com'] }, uri, lacksCode('out-of-scope'));
      assert.deepEqual(codes(diagnostics), []);
    } finally {
      await reconfigure({}, uri, lacksCode('out-of-scope'));
    }
    await closeAndWait(uri);
  });

  it('finds where a sitemap lives from a robots.txt in an ancestor folder, and follows its changes', async () => {
    const robots = write('site/robots.txt', 'User-agent: *\nDisallow: /private/\n\nSITEMAP: https://www.example.com/blog/sitemap.xml\n');
    const uri = uriFor('site/blog/sitemap.xml');
    const text = urlset('https://www.example.com/blog/first-post', 'https://www.example.com/shop/item');
    const diagnostics = await openAndWait(uri, 'sitemap', text, hasCode('out-of-scope'));
    assert.deepEqual(summarize(diagnostics), [
      { code: 'out-of-scope', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/shop/item')) },
    ]);

    // robots.txt no longer names this file: the location is unknown again.
    write('site/robots.txt', 'User-agent: *\nSitemap: https://www.example.com/sitemap.xml\n');
    let published = client.nextDiagnostics(uri, lacksCode('out-of-scope'));
    client.filesChanged([{ uri: robots, type: FileChangeType.Changed }]);
    await published;

    // A robots.txt next to the file naming it on another host: everything is out of scope.
    const nearer = write('site/blog/robots.txt', 'Sitemap: https://blog.example.org/sitemap.xml\n');
    published = client.nextDiagnostics(uri, (d) => only(d, 'out-of-scope').length === 2);
    client.filesChanged([{ uri: nearer, type: FileChangeType.Created }]);
    await published;

    fs.rmSync(path.join(root, 'site'), { recursive: true, force: true });
    published = client.nextDiagnostics(uri, lacksCode('out-of-scope'));
    client.filesChanged([{ uri: nearer, type: FileChangeType.Deleted }, { uri: robots, type: FileChangeType.Deleted }]);
    await published;
    await closeAndWait(uri);
  });

  it('reports nested indexes found through sitemap.siteRoots, on disk or open', async () => {
    const child = write('www/child-index.xml', sitemapindex('https://www.example.com/posts.xml'));
    write('www/posts.xml', urlset('https://www.example.com/a'));
    const uri = uriFor('www/sitemap_index.xml');
    const text = sitemapindex('https://www.example.com/posts.xml', 'https://www.example.com/child-index.xml', 'https://www.example.com/missing.xml');
    settings = { siteRoots: { www: 'https://www.example.com/' } };
    try {
      // The index's cross-file problems (missing.xml, the index itself unlisted) are site/site.test.ts's.
      let diagnostics = await openAndWait(uri, 'sitemap', text, hasCode('nested-index'));
      assert.deepEqual(summarize(only(diagnostics, 'nested-index')), [
        { code: 'nested-index', severity: ERROR, range: formatRange(rangeOf(text, 'https://www.example.com/child-index.xml')) },
      ]);

      // The child becomes a plain sitemap on disk.
      write('www/child-index.xml', urlset('https://www.example.com/b'));
      let published = client.nextDiagnostics(uri, lacksCode('nested-index'));
      client.filesChanged([{ uri: child, type: FileChangeType.Changed }]);
      diagnostics = (await published).diagnostics;
      assert.deepEqual(only(diagnostics, 'nested-index'), []);

      // The open document's text wins over the disk.
      published = client.nextDiagnostics(uri, hasCode('nested-index'));
      client.open(child, 'sitemap', sitemapindex('https://www.example.com/posts.xml'));
      await published;
      published = client.nextDiagnostics(uri, lacksCode('nested-index'));
      client.change(child, { text: urlset('https://www.example.com/c') });
      await published;
      await closeAndWait(child);
    } finally {
      await reconfigure({}, uri, lacksCode('nested-index'));
    }
    await closeAndWait(uri);
  });

  it('resolves siteRoots against the workspace folder that holds the document, as folders come and go', async () => {
    const other = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-lsp-other-')));
    const folder = { uri: pathToFileURL(other).href, name: 'other' };
    const uri = pathToFileURL(path.join(other, 'public', 'sitemap.xml')).href;
    const text = urlset('https://www.example.com/a', 'https://www.example.com/b');
    settings = { siteRoots: { public: 'https://shop.example.com/' } };
    try {
      assert.deepEqual(codes(await openAndWait(uri, 'sitemap', text)), [], 'outside every workspace folder, siteRoots do not apply');
      let published = client.nextDiagnostics(uri, (d) => only(d, 'out-of-scope').length === 2);
      void client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [folder], removed: [] } });
      await published;
      published = client.nextDiagnostics(uri, lacksCode('out-of-scope'));
      void client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [folder] } });
      await published;
    } finally {
      settings = {};
      fs.rmSync(other, { recursive: true, force: true });
    }
    await closeAndWait(uri);
  });

  it('validates text sitemaps (sitemap-txt)', async () => {
    const uri = fresh('sitemap.txt');
    const text = 'https://www.example.com/a\nnot a url\nhttps://www.example.com/b https://www.example.com/c\n';
    let diagnostics = await openAndWait(uri, 'sitemap-txt', text);
    assert.deepEqual(summarize(diagnostics), [
      { code: 'text-sitemap-line', severity: ERROR, range: '1:0-1:9' },
      { code: 'text-sitemap-line', severity: ERROR, range: '2:0-2:51' },
    ]);
    const published = client.nextDiagnostics(uri, (d) => d.length === 1);
    client.change(uri, { range: { start: { line: 2, character: 25 }, end: { line: 2, character: 51 } }, text: '' });
    diagnostics = (await published).diagnostics;
    assert.deepEqual(summarize(diagnostics), [{ code: 'text-sitemap-line', severity: ERROR, range: '1:0-1:9' }]);
    await closeAndWait(uri);
  });

  it('recognises sitemaps sent as plain xml or text by other editors', async () => {
    const xml = fresh('feed.xml');
    const diagnostics = await openAndWait(xml, 'xml', BROKEN);
    assert.deepEqual(codes(diagnostics), ['bad-namespace', 'unescaped-ampersand', 'invalid-priority']);
    const txt = fresh('sitemap-pages.txt');
    assert.deepEqual(codes(await openAndWait(txt, 'plaintext', 'https://www.example.com/a\nnot a url\n')), ['text-sitemap-line']);
    await closeAndWait(xml);
    await closeAndWait(txt);
  });

  it('serves two documents at once', async () => {
    const a = fresh('sitemap.xml');
    const b = fresh('sitemap.xml');
    const textA = urlset('https://www.example.com/?x=1&y=2');
    const textB = BROKEN;
    const publishedA = client.nextDiagnostics(a);
    const publishedB = client.nextDiagnostics(b);
    client.open(a, 'sitemap', textA);
    client.open(b, 'sitemap', textB);
    assert.deepEqual(codes((await publishedA).diagnostics), ['unescaped-ampersand']);
    assert.deepEqual(codes((await publishedB).diagnostics), ['bad-namespace', 'unescaped-ampersand', 'invalid-priority']);

    const amp = rangeOf(textA, '&');
    const fixedA = client.nextDiagnostics(a, (d) => d.length === 0);
    client.change(a, { range: amp, text: '&amp;' });
    await fixedA;
    assert.deepEqual(codes(client.lastDiagnostics(b)?.diagnostics ?? []), ['bad-namespace', 'unescaped-ampersand', 'invalid-priority']);
    await closeAndWait(a);
    await closeAndWait(b);
  });

  it('survives garbage documents and keeps serving the others', async () => {
    const healthy = fresh('sitemap.xml');
    await openAndWait(healthy, 'sitemap', BROKEN, hasCode('invalid-priority'));

    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const binary = Array.from({ length: 64 * 1024 }, () => String.fromCharCode(Math.floor(random() * 256))).join('');
    const garbage = fresh('sitemap.xml');
    const binaryDiagnostics = await openAndWait(garbage, 'sitemap', binary);
    assert.ok(binaryDiagnostics.length > 0);
    assert.ok(binaryDiagnostics.every((d) => d.source === 'sitemap'));

    const oneLine = `<urlset xmlns="${NS}">` + '<url><loc>https://www.example.com/?q=a&amp;b</loc></url>'.repeat(20_000) + '</urlset>';
    assert.ok(oneLine.length > 1_000_000);
    const longLine = fresh('sitemap.xml');
    await openAndWait(longLine, 'sitemap', oneLine, (d) => d.every((x) => x.source === 'sitemap'));
    const longText = fresh('sitemap.txt');
    await openAndWait(longText, 'sitemap-txt', 'x'.repeat(1_000_000));

    // Edits to the garbage still work, and the healthy document is still served.
    let published = client.nextDiagnostics(garbage);
    client.change(garbage, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, text: '\u0000<\uFFFD>&' });
    await published;
    published = client.nextDiagnostics(healthy, lacksCode('invalid-priority'));
    client.change(healthy, { range: rangeOf(BROKEN, '1.5'), text: '0.5' });
    assert.deepEqual(codes((await published).diagnostics), ['bad-namespace', 'unescaped-ampersand']);

    // Nonsense notifications do not kill the server either.
    client.change('file:///not/open.xml', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' });
    void client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: healthy, version: 99 }, contentChanges: [{ range: { start: { line: -5, character: 1e9 }, end: { line: 1e9, character: -1 } }, text: '<' }] });
    void client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'not a uri', type: 7 }, null] });
    published = client.nextDiagnostics(healthy, (d) => d.length === 0);
    client.change(healthy, { text: urlset('https://www.example.com/') });
    await published;

    for (const uri of [healthy, garbage, longLine, longText]) await closeAndWait(uri);
  });
});

describe('language server with a client that pushes its settings', () => {
  let client: LspClient;
  let settings: Record<string, unknown> = {};

  before(async () => {
    client = await LspClient.start({ pullConfiguration: false, settings: () => settings });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('takes sitemap settings from workspace/didChangeConfiguration', async () => {
    const uri = 'untitled:Untitled-1';
    let published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', BROKEN);
    assert.deepEqual(codes((await published).diagnostics), ['bad-namespace', 'unescaped-ampersand', 'invalid-priority']);

    settings = { rules: { 'invalid-priority': 'off', 'bad-namespace': 'warning' } };
    published = client.nextDiagnostics(uri, lacksCode('invalid-priority'));
    client.configurationChanged();
    assert.deepEqual(summarize((await published).diagnostics).map((d) => [d.code, d.severity]), [['unescaped-ampersand', ERROR], ['bad-namespace', WARNING]]);
  });
});
