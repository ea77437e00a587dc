/**
 * robots.txt over the wire: a `robots-txt` document (or plain text named robots.txt, as other editors send it) gets
 * robots-sitemap-url at the exact range, ranged edits fix it, and the quick fix and the hover arrive as the editor
 * asks for them. Rule ids and ranges, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, CompletionItem, CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { formatRange, hasCode, lacksCode, LspClient, rangeOf, summarize } from '../lspClient';
import { NS } from '../../support/fixtures';

const ERROR = 1;
const WARNING = 2;
const RULE = 'robots-sitemap-url';
const SPELLING = 'robots-sitemap-spelling';
const ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'Sitemap: /sitemap.xml',
  'Sitemaps: https://www.example.com/news.xml # the news',
  'Sitemap: https://www.example.com/ok.xml',
  '',
].join('\n');

describe('robots.txt over stdio', () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start({ settings: {} });
  });

  after(async () => {
    const code = await client.stop();
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('reports robots-sitemap-url at the value and robots-sitemap-spelling at a directive Google reads; an edit fixes each', async () => {
    const uri = 'file:///site/robots.txt';
    let published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', ROBOTS);
    assert.deepEqual(summarize((await published).diagnostics), [
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(ROBOTS, '/sitemap.xml')) },
      { code: SPELLING, severity: WARNING, range: formatRange(rangeOf(ROBOTS, 'Sitemaps')) },
    ]);
    // No site root: the relative URL has no fix (its origin is unknown).
    const relative = rangeOf(ROBOTS, '/sitemap.xml');
    const none = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: relative, context: { diagnostics: client.lastDiagnostics(uri)!.diagnostics.slice(0, 1), only: ['quickfix'] },
    }) as CodeAction[];
    assert.deepEqual(none, []);

    // The relative path made absolute, keystrokes apart: one ranged change.
    const at = rangeOf(ROBOTS, '/sitemap.xml').start;
    published = client.nextDiagnostics(uri, (d) => d.length === 1);
    client.change(uri, { range: { start: at, end: at }, text: 'https://www.example.com' });
    assert.deepEqual(summarize((await published).diagnostics), [{ code: SPELLING, severity: WARNING, range: formatRange(rangeOf(ROBOTS, 'Sitemaps')) }]);

    // The quick fix for the directive, applied as the editor would.
    const typo = rangeOf(ROBOTS, 'Sitemaps');
    const diagnostics = client.lastDiagnostics(uri)!.diagnostics;
    const actions = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: typo, context: { diagnostics, only: ['quickfix'] },
    }) as CodeAction[];
    const edits = actions.flatMap((a) => a.edit?.changes?.[uri] ?? []);
    assert.deepEqual(edits, [{ range: typo, newText: 'Sitemap' }]);
    published = client.nextDiagnostics(uri, lacksCode(SPELLING));
    client.change(uri, { range: edits[0].range, text: edits[0].newText });
    assert.deepEqual((await published).diagnostics, []);

    // Breaking a line again brings the rule back, on that line only.
    const ok = rangeOf(ROBOTS, 'https://www.example.com/ok.xml');
    published = client.nextDiagnostics(uri, hasCode(RULE));
    client.change(uri, { range: { start: ok.start, end: { line: ok.start.line, character: ok.start.character + 8 } }, text: 'ftp://' });
    assert.deepEqual(summarize((await published).diagnostics).map((d) => d.range), [`${ok.start.line}:${ok.start.character}-${ok.end.line}:${ok.end.character - 2}`]);
    client.close(uri);
  });

  it('hovers on the Sitemap directive', async () => {
    const uri = 'file:///site/hover/robots.txt';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', ROBOTS);
    await published;
    const directive = rangeOf(ROBOTS, 'Sitemap: https://www.example.com/ok.xml', 0, 'Sitemap'.length);
    const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: directive.start.line, character: 3 } }) as Hover | null;
    assert.deepEqual(hover?.range, directive);
    const none = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
    assert.equal(none, null);
    client.close(uri);
  });

  it('completes "Sitemap: " at the start of a line', async () => {
    const uri = 'file:///site/complete/robots.txt';
    const text = 'User-agent: *\nsit';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', text);
    await published;
    const answer = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 3 } }) as CompletionList | CompletionItem[];
    const items = Array.isArray(answer) ? answer : answer.items;
    assert.deepEqual(items.map((i) => i.textEdit), [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, newText: 'Sitemap: ' }]);
    client.close(uri);
  });

  it('serves plain text named robots.txt (other editors), and only the robots rule runs', async () => {
    const uri = 'file:///other/robots.txt';
    const text = 'Sitemap: http://localhost/s.xml#x\nSitemap: relative.xml\n';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'plaintext', text);
    assert.deepEqual(summarize((await published).diagnostics), [{ code: RULE, severity: ERROR, range: formatRange(rangeOf(text, 'relative.xml')) }]);
    client.close(uri);
  });
});

describe('robots.txt on a site over stdio: where it is published, the spellings Google reads', () => {
  let client: LspClient;
  let root: string;
  const uriOf = (relative: string): string => pathToFileURL(path.join(root, relative)).href;
  const write = (relative: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  };
  const open = async (relative: string, languageId: string, text: string): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uriOf(relative));
    client.open(uriOf(relative), languageId, text);
    return (await published).diagnostics;
  };
  const quickFixes = (relative: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> =>
    client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uriOf(relative) }, range: diagnostics[0].range, context: { diagnostics, only: ['quickfix'] },
    }) as Promise<CodeAction[]>;

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-robots-')));
    write('other/robots.txt', '\uFEFFUser-agent: *\nSite-map: https://www.example.com/blog/sitemap.xml\n');
    client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }],
      settings: { siteRoots: { public: 'https://www.example.com/' } },
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('offers the absolute URL for a relative Sitemap: line when sitemap.siteRoots maps the robots.txt\'s folder', async () => {
    const text = 'User-agent: *\r\nSitemap: /sitemap.xml # main\r\nsitemap www.example.com/news.xml\r\n';
    const diagnostics = await open('public/robots.txt', 'robots-txt', text);
    assert.deepEqual(summarize(diagnostics), [
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(text, '/sitemap.xml')) },
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(text, 'sitemap www', 0, 'sitemap'.length)) },
      { code: RULE, severity: ERROR, range: formatRange(rangeOf(text, 'www.example.com/news.xml')) },
    ]);
    const relative = await quickFixes('public/robots.txt', diagnostics.slice(0, 1));
    const at = rangeOf(text, '/sitemap.xml').start;
    assert.deepEqual(relative.map((a) => [a.isPreferred, a.edit?.changes?.[uriOf('public/robots.txt')]]), [
      [true, [{ range: { start: at, end: at }, newText: 'https://www.example.com' }]],
    ]);
    const hostOnly = await quickFixes('public/robots.txt', diagnostics.slice(2));
    const host = rangeOf(text, 'www.example.com/news.xml').start;
    assert.deepEqual(hostOnly.map((a) => a.edit?.changes?.[uriOf('public/robots.txt')]), [[{ range: { start: host, end: host }, newText: 'https://' }]]);
    client.close(uriOf('public/robots.txt'));
  });

  it('a Site-map: line on disk says where its sitemap lives (out-of-scope); a partial byte-order mark is no directive', async () => {
    const sitemap = `<urlset xmlns="${NS}">\n  <url><loc>https://www.example.com/blog/a</loc></url>\n  <url><loc>https://www.example.com/shop/b</loc></url>\n</urlset>\n`;
    write('other/blog/sitemap.xml', sitemap);
    const diagnostics = await open('other/blog/sitemap.xml', 'sitemap', sitemap);
    assert.deepEqual(summarize(diagnostics).map((d) => [d.code, d.range]), [['out-of-scope', formatRange(rangeOf(sitemap, 'https://www.example.com/shop/b'))]]);
    assert.ok(diagnostics[0].message.includes('https://www.example.com/blog/sitemap.xml'), 'the message names the location');
    const robots = '\uFFFDSitemap: https://www.example.com/sitemap.xml\nSite-Maps: https://www.example.com/blog/sitemap.xml\n';
    assert.deepEqual(summarize(await open('other/robots.txt', 'robots-txt', robots)), [
      { code: SPELLING, severity: WARNING, range: formatRange(rangeOf(robots, 'Site-Maps')) },
    ]);
  });
});

describe('out-of-scope over stdio: the message names the location; remove the entry, or allow its origin', () => {
  let client: LspClient;
  let root: string;
  const settings: { siteRoots: Record<string, string>; allowedHosts: string[] } = { siteRoots: { public: 'https://www.example.com/' }, allowedHosts: [] };

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-scope-')));
    client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: () => settings, initializationOptions: { allowHostCommand: true },
    });
  });

  after(async () => {
    const code = await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
    assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('offers the removal as an edit and the origin as the client\'s sitemap.allowHost command; allowing it clears the problem', async () => {
    const uri = pathToFileURL(path.join(root, 'public', 'news', 'sitemap.xml')).href;
    const text = `<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/news/a</loc>\n  </url>\n  <url>\n    <loc>https://cdn.example.net/news/b</loc>\n  </url>\n</urlset>\n`;
    let published = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    const diagnostics = (await published).diagnostics;
    const cdn = rangeOf(text, 'https://cdn.example.net/news/b');
    assert.deepEqual(summarize(diagnostics).map((d) => [d.code, d.range]), [['out-of-scope', formatRange(cdn)]]);
    assert.ok(diagnostics[0].message.includes('https://www.example.com/news/sitemap.xml'), 'the message names the location');
    const actions = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: cdn, context: { diagnostics, only: ['quickfix'] },
    }) as CodeAction[];
    const entryStart = { line: 4, character: 0 };
    assert.deepEqual(actions.map((a) => [a.edit?.changes?.[uri], a.command?.command, a.command?.arguments]), [
      [[{ range: { start: entryStart, end: { line: 7, character: 0 } }, newText: '' }], undefined, undefined],
      [undefined, 'sitemap.allowHost', [uri, 'https://cdn.example.net']],
    ]);
    // What the command does in VS Code (allowedHostsUpdate.ts): the setting gets the origin; the server re-validates.
    settings.allowedHosts = ['https://cdn.example.net'];
    published = client.nextDiagnostics(uri, (d) => d.length === 0);
    client.configurationChanged();
    await published;
    client.close(uri);
  });
});
