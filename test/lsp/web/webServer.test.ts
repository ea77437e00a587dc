/** The web build's language server (dist/web/server.js) run for real, without Node APIs: in a worker thread whose only
 * way out is a browser worker's `self` (postMessage and onmessage over the thread's port), spoken to over LSP. */
import { test, type TestContext } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { BASE, page, PAGES, SETTINGS, SITEMAP } from '../../support/pageSite';
import {
  MERGE_INDEX_REQUEST, READ_SCRIPT_REQUEST, SITE_ROOT_FOUND_NOTIFICATION, type FindSiteFilesParams, type MergeIndexResult, type ReadFileParams,
  type ReadFileResult, type ReadScriptParams, type SiteRootFoundParams,
} from '../../../shared/protocol';
import { PARALLEL_READS } from '../../../server/src/browser/clientFiles';
import { MAX_PAGE_CHARS, PAGE_HEAD_CHUNK } from '../../../server/src/language/languageService';
import { ROOT_EVIDENCE_FILES } from '../../../shared/siteInference';
import { SITE_ROOT_EVIDENCE_GLOBS } from '../../../server/src/lsp/documents/watchedFiles';
import { MAX_BYTES } from '../../../shared/protocolLimits';
import type { CodeAction, CompletionList, Diagnostic, Hover, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { formatRange, LspClient } from '../lspClient';
import { index as siteIndex, loc, ROOT, urlset as siteUrlset } from '../../support/siteFixture';
import { startWebWorker } from '../../support/webWorker';

/** Tests compile to out/test/lsp/web/; the bundle is at the repository root. */
const WEB_SERVER_PATH = path.resolve(__dirname, '../../../../dist/web/server.js');


const URI = 'vscode-vfs://github/example/site/sitemap.xml';
const TEXT = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url><loc>https://www.example.com/</loc><priority>2</priority></url>',
  '  <url>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

interface WebServer {
  connection: MessageConnection;
  worker: Worker;
  diagnostics: Promise<PublishDiagnosticsParams>;
  /** Rejects when the worker fails or exits: the test ends then rather than waiting for an answer that cannot come. */
  failed: Promise<never>;
}

function startWebServer(): WebServer {
  const { connection, worker, failed } = startWebWorker(WEB_SERVER_PATH);
  const diagnostics = new Promise<PublishDiagnosticsParams>((resolve) => {
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => { if (params.uri === URI) resolve(params); });
  });
  connection.listen();
  return { connection, worker, diagnostics, failed };
}

test('the web server bundle answers over a browser worker\'s messages: diagnostics, completion, hover, a quick fix', { timeout: 30_000 }, async () => {
  const { connection, worker, diagnostics, failed } = startWebServer();
  failed.catch(() => undefined);
  try {
    await Promise.race([exercise(connection, diagnostics), failed]);
  } finally {
    connection.dispose();
    await worker.terminate();
  }
});

async function exercise(connection: MessageConnection, diagnostics: Promise<PublishDiagnosticsParams>): Promise<void> {
  // A client that does not say `workspaceFiles` is never asked for a file.
  connection.onRequest('sitemap/readFile', () => assert.fail('the server asked a client that does not read files'));
  const init = await connection.sendRequest<InitializeResult>('initialize', { processId: null, rootUri: null, capabilities: {} });
  assert.equal(init.capabilities.hoverProvider, true);
  assert.equal(init.capabilities.workspaceSymbolProvider, undefined, 'no workspace symbols without a file system');
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'sitemap', version: 1, text: TEXT } });
  const published = await diagnostics;
  assert.deepEqual(published.diagnostics.map((d: Diagnostic) => [d.code, d.range]), [
    ['invalid-priority', { start: { line: 2, character: 52 }, end: { line: 2, character: 53 } }],
    ['missing-loc', { start: { line: 3, character: 3 }, end: { line: 3, character: 6 } }],
  ]);
  const completion = await connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 3, character: 7 } });
  assert.ok(completion.items.some((item) => item.label === 'loc'), 'an empty <url> offers <loc>');
  const hover = await connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line: 2, character: 51 } });
  assert.deepEqual(hover?.range, { start: { line: 2, character: 43 }, end: { line: 2, character: 51 } });
  const actions = await connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI }, range: published.diagnostics[0].range, context: { diagnostics: [published.diagnostics[0]] },
  });
  const fix = actions.find((action) => action.kind === 'quickfix' && action.edit !== undefined);
  assert.ok(fix, 'a quick fix for invalid-priority');
  const edits = fix.edit?.changes?.[URI] ?? fix.edit?.documentChanges?.flatMap((change) => 'edits' in change ? change.edits : []);
  assert.ok(edits !== undefined && edits.length > 0);
}

/** The site's files, on disk here, seen by the server as github.dev shows them (`vscode-vfs:`), read through the client. */
const SITE_URI = 'vscode-vfs://github/example/site';

const urlset = (...locs: string[]): string => [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...locs.map((loc) => `  <url><loc>${loc}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
const sitemapindex = (...locs: string[]): string => [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`),
  '</sitemapindex>',
  '',
].join('\n');

/** The range of the first `needle` in `text` (one line). */
function rangeOf(text: string, needle: string): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const offset = text.indexOf(needle);
  const line = text.slice(0, offset).split('\n').length - 1;
  const character = offset - (text.lastIndexOf('\n', offset - 1) + 1);
  return { start: { line, character }, end: { line, character: character + needle.length } };
}

interface SiteServer {
  server: WebServer;
  /** The next publication for `uri` that `until` accepts. */
  publishedFor: (uri: string, until: (d: Diagnostic[]) => boolean) => Promise<Diagnostic[]>;
  /** The URIs the server asked the client to read. */
  asked: string[];
  /** The scripts the server asked the client for (READ_SCRIPT_REQUEST), each time it asked. */
  scripts: string[];
  /** The glob patterns of the file watchers the server registered. */
  watched: string[];
}

/** The web server as VS Code for the Web's client runs it: a workspace folder, file watchers, files read through the
 * client (here from `root` on disk); the test's time out (`signal`) ends any wait, so that a failure is reported. With
 * `settings`, the client answers `workspace/configuration` with it (else the server takes the defaults unasked). */
/**
 * The web server over the folder `root`, stopped when the test ends (its connection closed, its worker ended, `root`
 * removed); its failure ends any wait rather than being unhandled.
 */
async function startSiteServer(root: string, t: TestContext, settings?: () => unknown, options: Record<string, unknown> = {}): Promise<SiteServer> {
  const server = startWebServer();
  server.failed.catch(() => undefined);
  t.after(async () => {
    server.connection.dispose();
    await server.worker.terminate();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const signal = t.signal;
  if (settings !== undefined) server.connection.onRequest('workspace/configuration', settings);
  const asked: string[] = [];
  const scripts: string[] = [];
  const waiting: { uri: string; until: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  server.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    for (const wait of waiting.filter((w) => w.uri === params.uri && w.until(params.diagnostics))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(params.diagnostics);
    }
  });
  const watched: string[] = [];
  server.connection.onRequest('client/registerCapability', (params: { registrations: { method: string; registerOptions?: { watchers?: { globPattern: string }[] } }[] }) => {
    for (const r of params.registrations) if (r.method === 'workspace/didChangeWatchedFiles') watched.push(...(r.registerOptions?.watchers ?? []).map((w) => w.globPattern));
    return null;
  });
  server.connection.onRequest('sitemap/readFile', (params: ReadFileParams) => {
    asked.push(params.uri);
    return fileAnswer(root, params);
  });
  // The web client's answer (webServerLauncher.ts): the extension's own script, by name.
  server.connection.onRequest(READ_SCRIPT_REQUEST, (params: ReadScriptParams) => {
    scripts.push(params.name);
    return fs.readFileSync(path.join(path.dirname(WEB_SERVER_PATH), `${params.name}.js`), 'utf8');
  });
  server.connection.onRequest('sitemap/findSiteFiles', (params: FindSiteFilesParams) => listingAnswer(root, params));
  const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('no such diagnostics came')), { once: true }));
  timedOut.catch(() => undefined);
  await Promise.race([server.connection.sendRequest<InitializeResult>('initialize', {
    processId: null, rootUri: SITE_URI, workspaceFolders: [{ uri: SITE_URI, name: 'site' }],
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, configuration: settings !== undefined } },
    initializationOptions: { workspaceFiles: true, ...options },
  }), server.failed, timedOut]);
  await server.connection.sendNotification('initialized', {});
  const publishedFor = (uri: string, until: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> =>
    Promise.race([new Promise<Diagnostic[]>((resolve) => waiting.push({ uri, until, resolve })), server.failed, timedOut]);
  return { server, publishedFor, asked, scripts, watched };
}

/** The web client's answer to READ_FILE_REQUEST (workspaceFiles.ts), from `root` on disk. */
function fileAnswer(root: string, params: ReadFileParams): ReadFileResult | null {
  assert.ok(params.uri.startsWith(SITE_URI + '/'), `a file of the workspace: ${params.uri}`);
  const file = path.join(root, ...params.uri.slice(SITE_URI.length + 1).split('/').map(decodeURIComponent));
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  const stat = fs.statSync(file);
  return { mtime: stat.mtimeMs, size: stat.size, data: fs.readFileSync(file).subarray(0, params.maxBytes).toString('base64') };
}

/** The web client's answer to FIND_SITE_FILES_REQUEST (workspaceFiles.ts's globs), from `root` on disk. */
function listingAnswer(root: string, params: FindSiteFilesParams): string[] {
  if (params.kind === 'built') return builtFiles(root, params.folder, params.maxFiles);
  if (params.kind === 'pages' || params.kind === 'siteRootEvidence') return listedAs(params.kind, root, params.folder, params.maxFiles);
  assert.equal(params.folder, SITE_URI);
  const names = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));
  return names.filter((name) => !name.startsWith('node_modules/') && fs.statSync(path.join(root, name)).isFile() && /(^|\/)(robots\.txt|[^/]*\.(xml|txt)(\.gz)?)$/.test(name))
    .slice(0, params.maxFiles).map((name) => `${SITE_URI}/${name}`);
}

/** The client's `built` answer: every file under a folder of the workspace (a site root's built folder). */
function builtFiles(root: string, folder: string, maxFiles: number): string[] {
  assert.ok(folder === SITE_URI || folder.startsWith(SITE_URI + '/'), `a folder of the workspace: ${folder}`);
  const relative = folder.slice(SITE_URI.length + 1);
  const dir = path.join(root, ...relative.split('/'));
  const names = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));
  return names.filter((name) => fs.statSync(path.join(dir, name)).isFile()).slice(0, maxFiles).map((name) => `${folder}/${name}`);
}

/** The web client's `pages` and `siteRootEvidence` answers (workspaceFiles.ts's globs), from the folder on disk. */
function listedAs(kind: 'pages' | 'siteRootEvidence', root: string, folder: string, maxFiles: number): string[] {
  const evidence = (name: string): boolean => ROOT_EVIDENCE_FILES.some((file) => name === file || new RegExp(`^[^/]+/${file.replace(/\./g, '\\.')}$`).test(name));
  const page = (name: string): boolean => /^[^/]+\.html?$/i.test(name) || /^[^/]+\/index\.html$/.test(name);
  return builtFiles(root, folder, Infinity).filter((uri) => (kind === 'pages' ? page : evidence)(uri.slice(folder.length + 1))).slice(0, maxFiles);
}

const codesOf = (diagnostics: Diagnostic[], code: string): Diagnostic[] => diagnostics.filter((d) => d.code === code);

test('the web server finds where a sitemap lives and which listed files are indexes from files read through the client', { timeout: 30_000 }, async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-web-site-'));
  const write = (relative: string, content: string | Buffer): void => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), content);
  };
  write('robots.txt', 'User-agent: *\nDisallow: /private/\n\nSITEMAP: https://www.example.com/blog/sitemap.xml\n');
  write('child-index.xml', sitemapindex('https://www.example.com/posts.xml'));
  write('archive.xml.gz', gzipSync(sitemapindex('https://www.example.com/old.xml')));
  write('posts.xml', urlset('https://www.example.com/a'));
  const { server, publishedFor, asked, scripts } = await startSiteServer(root, t);
  const notes: unknown[] = [];
  server.connection.onNotification('window/showMessage', (params) => notes.push(params));
  // Located by the robots.txt of an ancestor folder: an entry of another section is out of scope, as in Node.
  const blog = `${SITE_URI}/blog/sitemap.xml`;
  const blogText = urlset('https://www.example.com/blog/first-post', 'https://www.example.com/shop/item');
  const located = publishedFor(blog, (d) => codesOf(d, 'out-of-scope').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: blog, languageId: 'sitemap', version: 1, text: blogText } });
  assert.deepEqual((await located).map((d) => [d.code, d.range]), [['out-of-scope', rangeOf(blogText, 'https://www.example.com/shop/item')]]);
  assert.ok(asked.includes(`${SITE_URI}/robots.txt`));

  // robots.txt changes on disk: the watched-file event has it read again, and the location is unknown again.
  write('robots.txt', 'User-agent: *\nSitemap: https://www.example.com/sitemap.xml\n');
  const unlocated = publishedFor(blog, (d) => codesOf(d, 'out-of-scope').length === 0);
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/robots.txt`, type: 2 }] });
  await unlocated;

  // An index lists an index (plain, and gzipped) beside it: nested-index on both, not on the plain sitemap.
  const index = `${SITE_URI}/sitemap_index.xml`;
  const indexText = sitemapindex('https://www.example.com/posts.xml', 'https://www.example.com/child-index.xml', 'https://www.example.com/archive.xml.gz');
  const nested = publishedFor(index, (d) => codesOf(d, 'nested-index').length === 2);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: index, languageId: 'sitemap', version: 1, text: indexText } });
  assert.deepEqual(codesOf(await nested, 'nested-index').map((d) => d.range), [
    rangeOf(indexText, 'https://www.example.com/child-index.xml'), rangeOf(indexText, 'https://www.example.com/archive.xml.gz'),
  ]);

  // The child becomes a plain sitemap on disk.
  write('child-index.xml', urlset('https://www.example.com/b'));
  const one = publishedFor(index, (d) => codesOf(d, 'nested-index').length === 1);
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/child-index.xml`, type: 2 }] });
  assert.deepEqual(codesOf(await one, 'nested-index').map((d) => d.range), [rangeOf(indexText, 'https://www.example.com/archive.xml.gz')]);

  // sitemap.siteRoots locates the sitemap; what the web skips under a site root (the page rules…) is said once.
  assert.equal(notes.length, 0);
  const configure = async (): Promise<void> => {
    const rooted = publishedFor(blog, (d) => codesOf(d, 'out-of-scope').length === 1);
    const reindexed = publishedFor(index, (d) => codesOf(d, 'nested-index').length === 1);
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: { siteRoots: { blog: 'https://www.example.com/blog/' } } } });
    // (robots.txt no longer lists it: unlisted-sitemap too, the cross-file rules' own.)
    assert.deepEqual(codesOf(await rooted, 'out-of-scope').map((d) => d.range), [rangeOf(blogText, 'https://www.example.com/shop/item')]);
    await reindexed;
  };
  await configure();
  await configure();
  assert.equal(notes.length, 1);
  assert.deepEqual(scripts, [], 'no site root holds pages: the page rules\' script is not loaded');
});

test('the web server gets the cross-file rules of an open index from the site files the client lists and reads, as in Node', { timeout: 30_000 }, async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-web-cross-'));
  const BASE = 'https://www.example.com/';
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const entries = (tag: string, list: [string, string?][]): string => list.map(([loc, lastmod]) =>
    `  <${tag}>\n    <loc>${BASE}${loc}</loc>\n${lastmod !== undefined ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </${tag}>\n`).join('');
  // test/lsp/site/site.test.ts's fixture: the Node server's answers are the standard.
  const A = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries('url', [['one', '2024-03-01'], ['two', '2024-01-02']])}</urlset>\n`;
  const INDEX = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries('sitemap', [['a.xml', '2024-01-15'], ['b.xml'], ['missing.xml'], ['nested-index.xml'], ['broken.xml.gz']])}</sitemapindex>\n`;
  const write = (relative: string, content: string | Buffer): void => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), content);
  };
  write('robots.txt', `User-agent: *\nSitemap: ${BASE}sitemap_index.xml\nSitemap: ${BASE}gone.xml\n`);
  write('a.xml', A);
  write('b.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries('url', [['three'], ['two']])}</urlset>\n`);
  write('sitemap_index.xml', INDEX);
  write('nested-index.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries('sitemap', [['a.xml']])}</sitemapindex>\n`);
  write('broken.xml.gz', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
  fs.mkdirSync(path.join(root, 'folder.xml'));
  write('pom.xml', '<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n'); // no site file
  const { server, publishedFor } = await startSiteServer(root, t);
  const index = `${SITE_URI}/sitemap_index.xml`;
  const published = publishedFor(index, (d) => codesOf(d, 'stale-index-lastmod').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: index, languageId: 'sitemap', version: 1, text: INDEX } });
  const diagnostics = await published;
  const byRange = (x: { range: unknown }, y: { range: unknown }): number => JSON.stringify(x.range).localeCompare(JSON.stringify(y.range));
  assert.deepEqual(diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: d.range })).sort(byRange), [
    { code: 'stale-index-lastmod', severity: 2, range: rangeOf(INDEX, '2024-01-15') },
    { code: 'missing-sitemap-file', severity: 2, range: rangeOf(INDEX, `${BASE}missing.xml`) },
    { code: 'nested-index', severity: 1, range: rangeOf(INDEX, `${BASE}nested-index.xml`) },
  ].sort(byRange));
  const stale = diagnostics.find((d) => d.code === 'stale-index-lastmod');
  assert.deepEqual(stale?.relatedInformation?.map((r) => [r.location.uri, r.location.range]), [[`${SITE_URI}/a.xml`, rangeOf(A, '2024-03-01')]]);

  // The missing child is created: the watched-file event lists the folder again, and the warning goes.
  write('missing.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries('url', [['five']])}</urlset>\n`);
  const found = publishedFor(index, (d) => codesOf(d, 'missing-sitemap-file').length === 0 && codesOf(d, 'stale-index-lastmod').length > 0);
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/missing.xml`, type: 1 }] });
  await found;

  // The Sitemaps view's data, from the same files: robots.txt → the index (gone.xml missing) → its children; pom.xml,
  // no sitemap, is not among the unlisted ones.
  type Node = { id: string; kind: string; label: string; entries?: number; newestLastmod?: string; problems?: unknown };
  const level = async (params: object): Promise<Node[]> => (await server.connection.sendRequest<{ nodes: Node[] }>('sitemap/siteTree', params)).nodes;
  assert.deepEqual((await level({})).map((n) => [n.kind, n.label]), [['folder', 'site']]);
  const top = await level({ folder: SITE_URI });
  assert.deepEqual(top.map((n) => [n.kind, n.label]), [['robots', 'robots.txt']]);
  const listed = await level({ node: top[0].id });
  assert.deepEqual(listed.map((n) => [n.kind, n.label]), [['index', 'sitemap_index.xml'], ['missing', `${BASE}gone.xml`]]);
  assert.deepEqual(listed[0].problems, { errors: 1, warnings: 1, others: 0 }, 'as published: nested-index, stale-index-lastmod');
  const children = await level({ node: listed[0].id });
  assert.deepEqual(children.map((n) => [n.kind, n.label, n.entries, n.newestLastmod]), [
    ['sitemap', 'a.xml', 2, '2024-03-01'], ['sitemap', 'b.xml', 2, undefined], ['sitemap', 'missing.xml', 1, undefined],
    // Corrupt gzip is no site file, as the Node server's scan finds (node/siteFiles.ts): listed, it shows missing.
    ['index', 'nested-index.xml', 1, undefined], ['missing', `${BASE}broken.xml.gz`, undefined, undefined],
  ]);
});

test('the web server survives a client that answers its file requests with nonsense: no crash, no file read', { timeout: 30_000 }, async (t) => {
  const server = startWebServer();
  server.failed.catch(() => undefined);
  t.after(async () => {
    server.connection.dispose();
    await server.worker.terminate();
  });
  const timedOut = new Promise<never>((_, reject) => t.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true }));
  timedOut.catch(() => undefined);
  const answers: unknown[] = [42, 'nope', { data: 7 }, { data: '%%% not base64 %%%', size: 'x', mtime: null }, null];
  let asked = 0;
  server.connection.onRequest('sitemap/readFile', () => answers[asked++ % answers.length]);
  server.connection.onRequest('sitemap/findSiteFiles', () => 'nope');
  server.connection.onRequest('client/registerCapability', () => null);
  await Promise.race([(async () => {
    await server.connection.sendRequest('initialize', {
      processId: null, rootUri: SITE_URI, workspaceFolders: [{ uri: SITE_URI, name: 'site' }], capabilities: {}, initializationOptions: { workspaceFiles: true },
    });
    await server.connection.sendNotification('initialized', {});
    const index = `${SITE_URI}/sitemap_index.xml`;
    const text = sitemapindex('https://www.example.com/a.xml', 'https://www.example.com/b.xml.gz');
    const published = new Promise<PublishDiagnosticsParams>((resolve) => {
      server.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => { if (params.uri === index) resolve(params); });
    });
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: index, languageId: 'sitemap', version: 1, text } });
    assert.deepEqual((await published).diagnostics, []);
    // The folder could not be listed: its tree is empty.
    const tree = await server.connection.sendRequest<{ nodes: unknown[] }>('sitemap/siteTree', { folder: SITE_URI });
    assert.deepEqual(tree.nodes, []);
    assert.ok(asked > 0, 'the server asked for files');
    const hover = await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: index }, position: { line: 2, character: 10 } });
    assert.notEqual(hover, undefined);
  })(), server.failed, timedOut]);
});

/** Check Site's fixture (test/lsp/site/checkSite.test.ts): every cross-file rule and a per-file one, no file open. */
const CHECK_SITE_FIXTURE: Record<string, string> = {
  'public/robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\nSitemap: ${ROOT}gone.xml\n`,
  'public/sitemap-index.xml': siteIndex(`${loc('a.xml')}<lastmod>2024-01-01</lastmod>`, loc('b.xml'), loc('inner-index.xml'), loc('missing.xml')),
  'public/a.xml': siteUrlset(`${loc('p1')}<lastmod>2024-03-01</lastmod><priority>2</priority>`, loc('p2')),
  'public/b.xml': siteUrlset(loc('p2'), loc('p3')),
  'public/inner-index.xml': siteIndex(loc('b.xml')),
  'public/orphan.xml': siteUrlset(loc('p4')),
  'README.md': '# not a sitemap\n',
};

/** What `sitemap/checkSite` answers (docs/editors.md), the part compared here. */
interface CheckSiteAnswer {
  unreadable: { uri: string }[];
}

/** Each published problem as `rule L:C-L:C`, its related places as `file L:C-L:C` relative to the folder. */
function described(diagnostics: Diagnostic[], folderUri: string): string[] {
  return diagnostics.map((d) => [`${d.code} ${formatRange(d.range)}`,
    ...(d.relatedInformation ?? []).map((r) => `  ${r.location.uri.slice(folderUri.length + 1)} ${formatRange(r.location.range)}`)].join('\n'));
}

/** What Node's Check Site publishes for the fixture in `root`: the standard the web's is held to. `unreadable`: takes the
 * files its answer names unreadable, relative to the folder. */
async function nodeCheckSite(
  root: string, files: readonly string[], settings?: Record<string, unknown>, unreadable?: (files: string[]) => void,
): Promise<Record<string, string[] | undefined>> {
  const folderUri = pathToFileURL(root).href;
  const client = await LspClient.start({ workspaceFolders: [{ uri: folderUri, name: 'site' }], settings });
  try {
    const answer = await client.connection.sendRequest<CheckSiteAnswer>('sitemap/checkSite', {});
    unreadable?.(answer.unreadable.map((u) => u.uri.slice(folderUri.length + 1)));
    await client.connection.sendRequest('workspace/symbol', { query: 'x' }); // its publications handled
    return Object.fromEntries(files.map((f) => {
      const published = client.lastDiagnostics(`${folderUri}/${f}`);
      return [f, published === undefined ? undefined : described(published.diagnostics, folderUri)];
    }));
  } finally {
    await client.stop();
  }
}

test("Check Site in the web worker publishes every closed site file's problems, per-file and cross-file, as Node's Check Site", { timeout: 60_000 }, async (t) => {
  const root = writeFixture(CHECK_SITE_FIXTURE, 'sitemap-web-check-');
  const files = Object.keys(CHECK_SITE_FIXTURE).filter((f) => f.startsWith('public/'));
  const { server, publishedFor } = await startSiteServer(root, t);
  const publications = files.map((f) => publishedFor(`${SITE_URI}/${f}`, () => true));
  const progress: string[] = [];
  server.connection.onNotification('$/progress', (params: { token: string; value: { kind: string } }) => progress.push(params.value.kind));
  server.connection.onRequest('window/workDoneProgress/create', () => null);
  const result = await server.connection.sendRequest('sitemap/checkSite', { workDoneToken: 'web-check-1' });
  assert.deepEqual(result, { folders: 1, files: 6, errors: 2, warnings: 4, others: 1, unreadable: [] });
  const web = Object.fromEntries((await Promise.all(publications)).map((d, k) => [files[k], described(d, SITE_URI)]));
  // A per-file problem and a cross-file one with its related place, at their exact ranges.
  assert.deepEqual(web['public/a.xml'], ['invalid-priority 2:81-2:82']);
  assert.deepEqual(web['public/b.xml'], ['cross-file-duplicate-url 2:10-2:36\n  public/a.xml 3:10-3:36']);
  assert.deepEqual(web['public/orphan.xml'], ['unlisted-sitemap 1:1-1:7']);
  assert.deepEqual(web, await nodeCheckSite(root, files));
  assert.equal(progress[0], 'begin');
  assert.equal(progress.at(-1), 'end');
});

test("the web worker, as the Node server, gives a file its Check Site problems back when it closes unedited, even before its own diagnostics came", { timeout: 30_000 }, async (t) => {
  const root = writeFixture(CHECK_SITE_FIXTURE, 'sitemap-web-check-closed-');
  let holdSettings = false;
  const { server, publishedFor } = await startSiteServer(root, t, () => (holdSettings ? new Promise(() => undefined) : [null]));
  const uri = `${SITE_URI}/public/a.xml`;
  const checked = publishedFor(uri, (d) => d.length > 0);
  await server.connection.sendRequest('sitemap/checkSite', {});
  assert.deepEqual(described(await checked, SITE_URI), ['invalid-priority 2:81-2:82']);
  // The document's settings never come, so its own diagnostics never do: it closes while they are awaited.
  holdSettings = true;
  const cleared = publishedFor(uri, (d) => d.length === 0);
  const back = publishedFor(uri, (d) => d.length > 0);
  const text = CHECK_SITE_FIXTURE['public/a.xml'];
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text } });
  await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  await cleared;
  assert.deepEqual(described(await back, SITE_URI), ['invalid-priority 2:81-2:82']);
});

/** Site files that are not UTF-8 (sitemap-lint's encoding cases): UTF-16 decoded then reported once, binary reported once. */
const UTF16_URLSET = (p: string): string => siteUrlset(`${loc(p)}<lastmod>2024-03-01</lastmod><priority>2</priority>`).replace('encoding="UTF-8"', 'encoding="UTF-16"');
const ENCODING_INDEX = siteIndex(`${loc('le.xml')}<lastmod>2024-01-01</lastmod>`, `${loc('be.xml')}<lastmod>2024-01-01</lastmod>`, loc('sitemap-binary.xml'));

function encodingFixture(): Record<string, string | Buffer> {
  const binary = Buffer.alloc(600);
  for (let i = 0; i < binary.length; i++) binary[i] = (i * 37 + 11) % 256;
  const gzipped = gzipSync(siteUrlset(...Array.from({ length: 300 }, (_, k) => loc(`cut/${k}`))));
  const cut = gzipped.subarray(0, gzipped.length >> 1);
  return {
    'robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\n`,
    'sitemap-index.xml': ENCODING_INDEX,
    // UTF-16LE with a byte-order mark, UTF-16BE without one (found by its root), and a binary file named as a sitemap.
    'le.xml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(UTF16_URLSET('le'), 'utf16le')]),
    'be.xml': Buffer.from(UTF16_URLSET('be'), 'utf16le').swap16(),
    'sitemap-binary.xml': binary,
    // gzip's magic bytes, then no gzip stream, or a gzip stream cut short: not named .gz, a binary file; named so, unreadable.
    'sitemap-broken.xml': Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 0x6a, 0x75, 0x6e, 0x6b]),
    'sitemap-cut.xml': cut,
    'sitemap-cut.xml.gz': cut,
  };
}

/** The index's stale-index-lastmod of each UTF-16 child, its related place the child's lastmod in the decoded text. */
function staleUtf16Children(): string[] {
  return ['le', 'be'].map((child) => {
    const end = rangeOf(ENCODING_INDEX, `${child}.xml</loc><lastmod>2024-01-01`).end;
    const related = formatRange(rangeOf(UTF16_URLSET(child), '2024-03-01'));
    return `stale-index-lastmod ${formatRange({ start: { ...end, character: end.character - 10 }, end })}\n  ${child}.xml ${related}`;
  });
}

type TreeNode = { id: string; kind: string; label: string; entries?: number; bytes?: number; range?: Parameters<typeof formatRange>[0] };

/** A node as `kind label entries bytes`. */
const countsOf = (n: TreeNode): string => `${n.kind} ${n.label} ${n.entries ?? '?'} ${n.bytes ?? '?'}`;

/** The Sitemaps view's whole tree (`sitemap/siteTree`, asked by `level`), a line a node (`line`), indented by depth. */
async function treeOf(level: (params: object) => Promise<{ nodes: TreeNode[] }>, folderUri: string, line = countsOf): Promise<string[]> {
  const lines: string[] = [];
  const walk = async (params: object, depth: number): Promise<void> => {
    for (const n of (await level(params)).nodes) {
      lines.push(`${'  '.repeat(depth)}${line(n)}`);
      if (n.kind === 'robots' || n.kind === 'index') await walk({ node: n.id }, depth + 1);
    }
  };
  await walk({ folder: folderUri }, 0);
  return lines;
}

/** The fixture's files in a new temporary folder (its subfolders made). */
function writeFixture(fixture: Record<string, string | Buffer>, prefix: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [relative, content] of Object.entries(fixture)) {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), content);
  }
  return root;
}

test('Check Site in the web worker reports a UTF-16 file (decoded) and a binary file with one encoding problem at its start, as Node\'s Check Site', { timeout: 60_000 }, async (t) => {
  const fixture = encodingFixture();
  const root = writeFixture(fixture, 'sitemap-web-check-encoding-');
  const files = Object.keys(fixture);
  const { server, publishedFor } = await startSiteServer(root, t);
  server.connection.onRequest('window/workDoneProgress/create', () => null);
  const publications = files.map((f) => publishedFor(`${SITE_URI}/${f}`, () => true));
  const answer = await server.connection.sendRequest<CheckSiteAnswer>('sitemap/checkSite', {});
  // Published before the answer (checkSite.ts): a file not published by then never is.
  const settled = await Promise.all(publications.map((p) => Promise.race([p, Promise.resolve(undefined)])));
  const web = Object.fromEntries(settled.map((d, k) => [files[k], d === undefined ? undefined : described(d, SITE_URI)]));
  // The file's encoding at its start, the decoded text's own problems after it; the declaration's "UTF-16" not again.
  const value = rangeOf(UTF16_URLSET('le'), '<priority>2').end;
  const priority = formatRange({ start: { ...value, character: value.character - 1 }, end: value });
  assert.deepEqual(web['le.xml'], ['encoding 0:0-0:0', `invalid-priority ${priority}`]);
  assert.deepEqual(web['be.xml'], ['encoding 0:0-0:0', `invalid-priority ${priority}`]);
  assert.deepEqual(web['sitemap-binary.xml'], ['encoding 0:0-0:0']);
  assert.deepEqual(web['sitemap-broken.xml'], ['encoding 0:0-0:0']);
  assert.deepEqual(web['sitemap-cut.xml'], ['encoding 0:0-0:0']);
  // The UTF-16 files take part in the site as their decoded text; the binary one, listed, is neither missing nor read.
  assert.deepEqual(web['sitemap-index.xml'], staleUtf16Children());
  const unreadable = answer.unreadable.map((u) => u.uri.slice(SITE_URI.length + 1));
  assert.deepEqual(unreadable, ['sitemap-cut.xml.gz']);
  let nodeUnreadable: string[] = [];
  assert.deepEqual(web, await nodeCheckSite(root, files, undefined, (found) => { nodeUnreadable = found; }));
  assert.deepEqual(unreadable, nodeUnreadable);
});

test('the web server reads a closed UTF-16 file (with or without a byte-order mark) decoded and a binary one not at all for the cross-file rules of an open index, as the Node server', { timeout: 60_000 }, async (t) => {
  const root = writeFixture(encodingFixture(), 'sitemap-web-encoding-');
  const { server, publishedFor } = await startSiteServer(root, t);
  const node = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }] });
  try {
    // A pass's problems come together: once one stale-index-lastmod is in, the pass is.
    const stale = (d: Diagnostic[]): boolean => codesOf(d, 'stale-index-lastmod').length > 0;
    const index = `${SITE_URI}/sitemap-index.xml`;
    const published = publishedFor(index, stale);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: index, languageId: 'sitemap', version: 1, text: ENCODING_INDEX } });
    const web = described(await published, SITE_URI);
    assert.deepEqual(web, staleUtf16Children());
    const nodeIndex = `${pathToFileURL(root).href}/sitemap-index.xml`;
    const nodePublished = node.nextDiagnostics(nodeIndex, stale);
    node.open(nodeIndex, 'sitemap', ENCODING_INDEX);
    assert.deepEqual(web, described((await nodePublished).diagnostics, pathToFileURL(root).href));
    // The Sitemaps view from the same reads: a binary file, or gzip that does not inflate, is a sitemap of unknown entries.
    const webTree = await treeOf((params) => server.connection.sendRequest('sitemap/siteTree', params), SITE_URI);
    assert.ok(webTree.includes('    sitemap sitemap-binary.xml ? 600'), webTree.join('\n'));
    assert.deepEqual(webTree, await treeOf((params) => node.connection.sendRequest('sitemap/siteTree', params), pathToFileURL(root).href));
  } finally {
    await node.stop();
    server.connection.dispose();
    await server.worker.terminate();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("Check Site in the web worker counts a UTF-8 file's bytes as Node's: a byte-order mark is no text, a malformed byte counts as its U+FFFD", { timeout: 60_000 }, async (t) => {
  const text = siteUrlset(loc('a'), loc('b'));
  const limit = Buffer.byteLength(text);
  const malformed = Buffer.from(text.replace('/b<', '/\u0001<'));
  malformed[malformed.indexOf(1)] = 0xff;
  // At the limit once its byte-order mark is left out; one byte that decodes to a three-byte U+FFFD, over it.
  const root = writeFixture({ 'bom.xml': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'malformed.xml': malformed }, 'sitemap-web-bytes-');
  const settings = { limits: { maxBytes: limit } };
  const { server, publishedFor } = await startSiteServer(root, t, () => [settings]);
  server.connection.onRequest('window/workDoneProgress/create', () => null);
  const files = ['bom.xml', 'malformed.xml'];
  const publications = files.map((f) => publishedFor(`${SITE_URI}/${f}`, () => true));
  await server.connection.sendRequest('sitemap/checkSite', {});
  const web = Object.fromEntries((await Promise.all(publications)).map((d, k) => [files[k], described(d, SITE_URI)]));
  assert.ok(!web['bom.xml'].some((p) => p.startsWith('file-too-large')), JSON.stringify(web));
  assert.ok(web['malformed.xml'].some((p) => p.startsWith('file-too-large')), JSON.stringify(web));
  assert.deepEqual(web, await nodeCheckSite(root, files, settings));
});

/** An open index and what it lists, its problems and its Sitemaps view, asked of the web server and of the Node server
 * over the same folder once the site's pass is in (missing-sitemap-file, for `missing.xml`): the web's, then Node's. */
async function siteOfBoth(root: string, t: TestContext, indexName: string, line = countsOf): Promise<[string[], string[], string[], string[]]> {
  const { server, publishedFor } = await startSiteServer(root, t);
  const node = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }] });
  t.after(() => node.stop());
  const text = fs.readFileSync(path.join(root, indexName), 'utf8');
  const passed = (d: Diagnostic[]): boolean => codesOf(d, 'missing-sitemap-file').length > 0;
  const published = publishedFor(`${SITE_URI}/${indexName}`, (d) => passed(d) && codesOf(d, 'nested-index').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: `${SITE_URI}/${indexName}`, languageId: 'sitemap', version: 1, text } });
  const web = described(await published, SITE_URI);
  const nodeIndex = `${pathToFileURL(root).href}/${indexName}`;
  const nodePublished = node.nextDiagnostics(nodeIndex, passed);
  node.open(nodeIndex, 'sitemap', text);
  const inNode = described((await nodePublished).diagnostics, pathToFileURL(root).href);
  const webTree = await treeOf((params) => server.connection.sendRequest('sitemap/siteTree', params), SITE_URI, line);
  const nodeTree = await treeOf((params) => node.connection.sendRequest('sitemap/siteTree', params), pathToFileURL(root).href, line);
  return [web, inNode, webTree, nodeTree];
}

test("the web server, as the Node server, sees a closed UTF-16BE index without a byte-order mark as an index: nested-index, and the Sitemaps view's ranges of what each file lists", { timeout: 60_000 }, async (t) => {
  const child = siteIndex(`\n  ${loc('a.xml')}`, `\n    ${loc('b.xml')}`).replace('encoding="UTF-8"', 'encoding="UTF-16"');
  const parent = siteIndex(`<!-- ${ROOT}a.xml -->`, loc('utf16-index.xml'), loc('a.xml'), loc('missing.xml'));
  const root = writeFixture({
    'robots.txt': `User-agent: *\nSitemap:  ${ROOT}sitemap-index.xml\n`, 'sitemap-index.xml': parent,
    'utf16-index.xml': Buffer.from(child, 'utf16le').swap16(), 'a.xml': siteUrlset(loc('p1')), 'b.xml': siteUrlset(loc('p2')),
  }, 'sitemap-web-utf16-index-');
  try {
    const ranged = (n: TreeNode): string => `${n.kind} ${n.label} ${n.range === undefined ? '-' : formatRange(n.range)}`;
    const [web, inNode, webTree, nodeTree] = await siteOfBoth(root, t, 'sitemap-index.xml', ranged);
    assert.deepEqual(web.filter((d) => d.startsWith('nested-index')), [`nested-index ${formatRange(rangeOf(parent, `${ROOT}utf16-index.xml`))}`]);
    assert.deepEqual(web, inNode);
    assert.ok(webTree.includes(`      sitemap b.xml ${formatRange(rangeOf(child, `${ROOT}b.xml`))}`), webTree.join('\n'));
    assert.deepEqual(webTree, nodeTree);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the Sitemaps view on the web shows a closed file past MAX_BYTES, on disk or inflated, by its name and size, its entries not read, as the Node server', { timeout: 60_000 }, async (t) => {
  const head = siteUrlset(loc('p1')).replace('</urlset>\n', '');
  const parent = siteIndex(loc('big.xml'), loc('big.xml.gz'), loc('child-index.xml'), loc('missing.xml'));
  const root = writeFixture({
    'sitemap-index.xml': parent,
    'big.xml': head,
    // Small as gzip, past MAX_BYTES inflated (at a sitemap's rate: its first bytes do not inflate past a sniff's bound).
    'big.xml.gz': gzipSync(`${head}${Array.from({ length: MAX_BYTES / 40 }, (_, k) => `<url>${loc(`p${k}`)}</url>\n`).join('')}</urlset>\n`),
    'child-index.xml': siteIndex(loc('a.xml')),
    'a.xml': siteUrlset(loc('p1')),
  }, 'sitemap-web-big-');
  // Past MAX_BYTES on disk, its bytes after the urlset's start zeros (a sparse file: written as its length only).
  fs.truncateSync(path.join(root, 'big.xml'), MAX_BYTES + 1);
  try {
    const [, , webTree, nodeTree] = await siteOfBoth(root, t, 'sitemap-index.xml');
    assert.ok(webTree.includes(`  sitemap big.xml ? ${MAX_BYTES + 1}`), webTree.join('\n'));
    assert.ok(webTree.includes('  sitemap big.xml.gz ? ?'), webTree.join('\n'));
    assert.deepEqual(webTree, nodeTree);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("Check Site in the web worker runs the page rules over a site root's pages for closed sitemaps, as Node's Check Site does without git", { timeout: 60_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-check-pages-');
  const { server, publishedFor } = await startSiteServer(root, t);
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  server.connection.onRequest('window/workDoneProgress/create', () => null);
  const published = publishedFor(`${SITE_URI}/public/sitemap.xml`, () => true);
  await server.connection.sendRequest('sitemap/checkSite', {});
  const web = described(await published, SITE_URI);
  // The page rules' problems at their ranges (pageChecks.test.ts's fixture), blocked-by-robots with robots.txt's line.
  const loc = (rest: string): string => formatRange(rangeOf(SITEMAP, `${BASE}${rest}`));
  const meta = formatRange(rangeOf(PAGES['public/noindex.html'], '<meta name="robots" content="noindex">'));
  assert.ok(web.includes(`noindex-page ${loc('noindex')}\n  public/noindex.html ${meta}`), JSON.stringify(web));
  assert.ok(web.includes(`blocked-by-robots ${loc('blocked/')}\n  public/robots.txt ${formatRange(rangeOf(PAGES['public/robots.txt'], 'Disallow: /blocked/'))}`), JSON.stringify(web));
  assert.deepEqual({ 'public/sitemap.xml': web }, await nodeCheckSite(root, ['public/sitemap.xml'], SETTINGS));
});

test('the web server runs the page rules over the built pages the client lists and reads, at the Node server\'s ranges; git\'s are skipped', { timeout: 30_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-pages-');
  const { server, publishedFor, scripts } = await startSiteServer(root, t);
  const notes: unknown[] = [];
  server.connection.onNotification('window/showMessage', (params) => notes.push(params));
  const pageRules = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
  const pageProblems = (diagnostics: readonly Diagnostic[]): string[] =>
    diagnostics.filter((d) => pageRules.includes(String(d.code))).map((d) => `${d.code} ${JSON.stringify(d.range)}`).sort();
  // test/lsp/site/pageChecks.test.ts's fixture and ranges (the Node server's), without git's two lastmod rules.
  const loc = (rest: string): string => {
    const range = rangeOf(SITEMAP, `${BASE}${rest}</loc>`);
    return JSON.stringify({ start: range.start, end: { line: range.end.line, character: range.end.character - '</loc>'.length } });
  };
  const expected = [
    `blocked-by-robots ${loc('blocked/')}`, `noindex-page ${loc('noindex')}`, `canonical-elsewhere ${loc('canon')}`,
    `page-redirect ${loc('old')}`, `page-redirect ${loc('moved')}`, `page-not-found ${loc('a')}`, `page-not-found ${loc('missing')}`,
    `unlisted-page ${JSON.stringify(rangeOf(SITEMAP, 'urlset'))}`,
  ].sort();
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: SITEMAP } });
  const diagnostics = await published;
  assert.deepEqual(pageProblems(diagnostics), expected);
  const blocked = codesOf(diagnostics, 'blocked-by-robots')[0];
  assert.deepEqual(blocked.relatedInformation?.map((r) => [r.location.uri, r.location.range]),
    [[`${SITE_URI}/public/robots.txt`, rangeOf(PAGES['public/robots.txt'], 'Disallow: /blocked/')]]);
  assert.equal(notes.length, 1, 'one note: git\'s lastmod rules are skipped');

  // A page changed on disk: the watched-file event has the site read again, and noindex-page goes.
  fs.writeFileSync(path.join(root, 'public', 'noindex.html'), page('Shown now'));
  const gone = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length === 0 && codesOf(d, 'blocked-by-robots').length > 0);
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/public/noindex.html`, type: 2 }] });
  assert.deepEqual(pageProblems(await gone), expected.filter((p) => !p.startsWith('noindex-page')));
  assert.equal(notes.length, 1);
  assert.deepEqual(scripts, ['pageRules'], 'the page rules\' script, loaded once');
});

test('the web server checks blocked-by-robots on a site root with a robots.txt and no built pages, and no other page rule (issue 32)', { timeout: 30_000 }, async (t) => {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${BASE}</loc></url>\n  <url><loc>${BASE}private/a</loc></url>\n</urlset>\n`;
  const root = writeFixture({ 'public/robots.txt': 'User-agent: *\nDisallow: /private/\n', 'public/sitemap.xml': text }, 'sitemap-web-robots-only-');
  const { server, publishedFor } = await startSiteServer(root, t);
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'blocked-by-robots').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text } });
  const diagnostics = await published;
  const range = rangeOf(text, `${BASE}private/a`);
  assert.deepEqual(diagnostics.filter((d) => /^(blocked-by-robots|noindex-page|canonical-elsewhere|page-redirect|page-not-found|unlisted-page|lastmod-stale|lastmod-inflated)$/.test(String(d.code))).map((d) => `${d.code} ${JSON.stringify(d.range)}`),
    [`blocked-by-robots ${JSON.stringify(range)}`]);
});

test('the web server reads no page through the client when only blocked-by-robots is on (issue 32)', { timeout: 30_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-robots-needs-');
  const pageRules = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
  const settings = { ...SETTINGS, rules: Object.fromEntries(pageRules.filter((rule) => rule !== 'blocked-by-robots').map((rule) => [rule, 'off'])) };
  const { server, publishedFor, asked } = await startSiteServer(root, t, () => [settings]);
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'blocked-by-robots').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: SITEMAP } });
  const diagnostics = await published;
  assert.deepEqual([...new Set(diagnostics.map((d) => String(d.code)).filter((code) => pageRules.includes(code)))], ['blocked-by-robots']);
  assert.ok(asked.includes(`${SITE_URI}/public/robots.txt`));
  assert.deepEqual(asked.filter((uri) => /\.html?$/.test(uri)), []);
});

test('the web server without the page rules\' script (the client cannot read it): no page rule and no crash, one error logged; they come once it can', { timeout: 30_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-noscript-');
  const { server, publishedFor, scripts } = await startSiteServer(root, t);
  let readable = false;
  const waits: { count: number; resolve: () => void }[] = [];
  const asked = (count: number): Promise<void> => new Promise((resolve) => waits.push({ count, resolve }));
  server.connection.onRequest(READ_SCRIPT_REQUEST, (params: ReadScriptParams) => {
    scripts.push(params.name);
    for (const wait of waits.filter((w) => w.count === scripts.length)) wait.resolve();
    if (!readable) throw new Error('no such file');
    return fs.readFileSync(path.join(path.dirname(WEB_SERVER_PATH), `${params.name}.js`), 'utf8');
  });
  const errors: string[] = [];
  server.connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
    if (params.type === 1) errors.push(params.message);
  });
  const pageChanged = async (): Promise<void> => {
    fs.appendFileSync(path.join(root, 'public', 'noindex.html'), '\n');
    await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/public/noindex.html`, type: 2 }] });
  };
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const first = publishedFor(uri, () => true);
  const firstAsked = asked(1);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: SITEMAP } });
  assert.deepEqual(codesOf(await first, 'noindex-page'), []);
  await Promise.race([firstAsked, server.failed]);
  // Asked again at the next pass (a page changed on disk), still unreadable; then readable.
  const secondAsked = asked(2);
  await pageChanged();
  await Promise.race([secondAsked, server.failed]);
  readable = true;
  const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
  await pageChanged();
  assert.deepEqual(codesOf(await published, 'noindex-page').map((d) => d.range.start.line), [rangeOf(SITEMAP, `${BASE}noindex`).start.line]);
  assert.equal(errors.length, 1, 'the failure is logged once');
});

test('the web server reads at most 2,000 pages of a site root for the page rules, and says so once', { timeout: 60_000 }, async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-web-cap-'));
  fs.mkdirSync(path.join(root, 'public', 'p'), { recursive: true });
  for (let k = 0; k <= 2_000; k++) fs.writeFileSync(path.join(root, 'public', 'p', `${k}.html`), page(`Page ${k}`));
  const text = urlset(`${BASE}p/0`, `${BASE}gone`);
  fs.writeFileSync(path.join(root, 'public', 'sitemap.xml'), text);
  const { server, publishedFor } = await startSiteServer(root, t);
  const notes: unknown[] = [];
  server.connection.onNotification('window/showMessage', (params) => notes.push(params));
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'page-not-found').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text } });
  assert.deepEqual(codesOf(await published, 'page-not-found').map((d) => d.range), [rangeOf(text, `${BASE}gone`)]);
  assert.equal(notes.length, 2, 'git\'s lastmod rules skipped, and the pages past the cap');
  const again = publishedFor(uri, (d) => codesOf(d, 'page-not-found').length === 0);
  await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: urlset(`${BASE}p/1`) }] });
  await again;
  assert.equal(notes.length, 2, 'said once');
});

test('the web server lists and reads a site root\'s pages beside the cross-file pass, not after it (issue 33)', { timeout: 30_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-pages-early-');
  const { server, publishedFor } = await startSiteServer(root, t);
  let pageAsked = (): void => undefined;
  const pageRead = new Promise<void>((resolve) => (pageAsked = resolve));
  // The cross-file pass cannot end before the folder's site files are listed: that answer waits for a page's read.
  server.connection.onRequest('sitemap/findSiteFiles', async (params: FindSiteFilesParams) => {
    if (params.kind === undefined) await pageRead;
    return listingAnswer(root, params);
  });
  server.connection.onRequest('sitemap/readFile', (params: ReadFileParams) => {
    if (/\.html$/.test(params.uri)) pageAsked();
    return fileAnswer(root, params);
  });
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: SITEMAP } });
  assert.deepEqual(codesOf(await published, 'noindex-page').map((d) => d.range.start.line), [rangeOf(SITEMAP, `${BASE}noindex`).start.line]);
});

test('the web server keeps a listing of the folder\'s site files on its way when the settings change: one search, not two (issue 33)', { timeout: 30_000 }, async (t) => {
  const root = writeFixture(PAGES, 'sitemap-web-one-listing-');
  const { server, publishedFor } = await startSiteServer(root, t);
  let siteListings = 0;
  let answerListing = (): void => undefined;
  const listingAnswered = new Promise<void>((resolve) => (answerListing = resolve));
  const asked = { site: (): void => undefined, built: (): void => undefined };
  const siteAsked = new Promise<void>((resolve) => (asked.site = resolve));
  const builtAsked = new Promise<void>((resolve) => (asked.built = resolve));
  server.connection.onRequest('sitemap/findSiteFiles', async (params: FindSiteFilesParams) => {
    if (params.kind === 'built') asked.built();
    if (params.kind === undefined) {
      siteListings++;
      asked.site();
      await listingAnswered;
    }
    return listingAnswer(root, params);
  });
  try {
    const uri = `${SITE_URI}/public/sitemap.xml`;
    const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: SITEMAP } });
    await Promise.race([siteAsked, server.failed]);
    // The settings change while the folder is being listed (as the editor's start sends them): the pass starts again;
    // the site root it maps is listed by that pass after the pass asked for the folder's site files, if it asks.
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
    await Promise.race([builtAsked, server.failed]);
    answerListing();
    assert.deepEqual(codesOf(await published, 'noindex-page').map((d) => d.range.start.line), [rangeOf(SITEMAP, `${BASE}noindex`).start.line]);
    assert.equal(siteListings, 1);
  } finally {
    answerListing();
    server.connection.dispose();
    await server.worker.terminate();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the web server reads a site root\'s pages as a pool: PARALLEL_READS in flight, the next asked as soon as one is answered (issue 33)', { timeout: 60_000 }, async (t) => {
  const count = PARALLEL_READS * 3 + 5;
  const fixture: Record<string, string> = { 'public/sitemap.xml': urlset(...Array.from({ length: count }, (_, k) => `${BASE}p/${k}`)) };
  for (let k = 0; k < count; k++) fixture[`public/p/${k}.html`] = page(`Page ${k}`, k === count - 1 ? '<meta name="robots" content="noindex">' : '');
  const root = writeFixture(fixture, 'sitemap-web-pool-');
  const { server, publishedFor } = await startSiteServer(root, t);
  const held: (() => void)[] = [];
  let pagesAsked = 0;
  let most = 0;
  // Each page's answer held: when PARALLEL_READS are, the oldest is answered, and a pool asks the next before any other
  // is answered (batches would wait for the rest of theirs, and nothing would move); all answered once all are asked.
  server.connection.onRequest('sitemap/readFile', (params: ReadFileParams) => {
    const answer = fileAnswer(root, params);
    if (!/\.html$/.test(params.uri)) return answer;
    return new Promise((resolve) => {
      held.push(() => resolve(answer));
      most = Math.max(most, held.length);
      if (++pagesAsked === count) held.splice(0).forEach((answerNow) => answerNow());
      else if (held.length === PARALLEL_READS) held.shift()!();
    });
  });
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const text = fixture['public/sitemap.xml'];
  const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text } });
  assert.deepEqual(codesOf(await published, 'noindex-page').map((d) => d.range), [rangeOf(text, `${BASE}p/${count - 1}`)]);
  assert.equal(pagesAsked, count, 'each page read once');
  assert.equal(most, PARALLEL_READS, 'never more in flight');
});

test('the web server asks the client for a page\'s head (PAGE_HEAD_CHUNK), and for more only when the head goes on past it, as the Node server reads, without its stamp (issue 33)', { timeout: 30_000 }, async (t) => {
  const longHead = page('Long', `<meta name="description" content="${'d'.repeat(PAGE_HEAD_CHUNK)}"><meta name="robots" content="noindex">`);
  const longBody = page('Long body').replace('<p>', `<p>${'b'.repeat(4 * PAGE_HEAD_CHUNK)}`);
  const text = urlset(`${BASE}head`, `${BASE}body`, `${BASE}short`);
  const root = writeFixture({
    'public/head.html': longHead, 'public/body.html': longBody, 'public/short.html': page('Short'), 'public/sitemap.xml': text, 'public/robots.txt': 'User-agent: *\n',
    'drafts/sitemap.xml': urlset('https://drafts.example.com/'),
  }, 'sitemap-web-heads-');
  const { server, publishedFor } = await startSiteServer(root, t);
  const asked: string[] = [];
  const stamps: string[] = [];
  server.connection.onRequest('sitemap/readFile', (params: ReadFileParams) => {
    const file = params.uri.slice(SITE_URI.length + 1);
    if (/\.html$/.test(params.uri)) asked.push(`${file} ${params.maxBytes}`);
    stamps.push(`${file} ${params.stamp}`);
    return fileAnswer(root, params);
  });
  await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: SETTINGS } });
  const uri = `${SITE_URI}/public/sitemap.xml`;
  const published = publishedFor(uri, (d) => codesOf(d, 'noindex-page').length > 0);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text } });
  assert.deepEqual(codesOf(await published, 'noindex-page').map((d) => d.range), [rangeOf(text, `${BASE}head`)]);
  assert.deepEqual(asked.sort(), [
    `public/body.html ${PAGE_HEAD_CHUNK + 1}`, `public/head.html ${PAGE_HEAD_CHUNK + 1}`, `public/head.html ${MAX_PAGE_CHARS + 1}`, `public/short.html ${PAGE_HEAD_CHUNK + 1}`,
  ].sort());
  // The page rules compare no stamp (the client skips its stat); the site parts' reads (a closed sitemap) are stamped.
  assert.deepEqual([...new Set(stamps.filter((s) => /\.html /.test(s)))].sort(), ['public/body.html false', 'public/head.html false', 'public/short.html false']);
  assert.ok(stamps.includes('public/robots.txt false') && stamps.includes('drafts/sitemap.xml undefined'), stamps.join(', '));
});

test('Merge on the web: an open index\'s children read through the client (one gzipped) merge to the text the Node server gives; a missing child, or one past the limit, refuses as in Node', { timeout: 60_000 }, async (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-web-merge-'));
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const child = (...paths: string[]): string =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${paths.map((p) => `\n  <url><loc>https://www.example.com/${p}</loc></url>`).join('')}\n</urlset>\n`;
  fs.writeFileSync(path.join(root, 'part-1.xml'), child('a', 'küche'));
  fs.writeFileSync(path.join(root, 'part-2.xml.gz'), gzipSync(child('c')));
  fs.writeFileSync(path.join(root, 'broken.xml.gz'), Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
  // Past sitemap.limits.maxBytes (1000 below) and the read's slack of 1 MiB: inflated (small as gzip), and on disk.
  const many = child(...Array.from({ length: 25_000 }, (_, i) => `page-${i}`));
  fs.writeFileSync(path.join(root, 'huge.xml.gz'), gzipSync(many));
  fs.writeFileSync(path.join(root, 'huge.xml'), many);
  const settings: Record<string, unknown> = {};
  const node = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: () => settings });
  const { server } = await startSiteServer(root, t);
  const nodeUri = (name: string): string => pathToFileURL(path.join(root, name)).href;
  /** Both servers' answers for the index `name` with `text`, the Node one's URIs as the web client names the files. */
  const mergeBoth = async (name: string, text: string): Promise<[MergeIndexResult, MergeIndexResult]> => {
    node.open(nodeUri(name), 'sitemap', text);
    await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: `${SITE_URI}/${name}`, languageId: 'sitemap', version: 1, text } });
    const web = await Promise.race([server.connection.sendRequest<MergeIndexResult>(MERGE_INDEX_REQUEST, { uri: `${SITE_URI}/${name}` }), server.failed]);
    const inNode = await node.connection.sendRequest(MERGE_INDEX_REQUEST, { uri: nodeUri(name) }) as MergeIndexResult;
    const asWeb = JSON.parse(JSON.stringify(inNode).split(pathToFileURL(root).href).join(SITE_URI)) as MergeIndexResult;
    return [web, asWeb];
  };
  const BASE = 'https://www.example.com/';
  try {
    const [web, inNode] = await mergeBoth('sitemap_index.xml', sitemapindex(`${BASE}part-1.xml`, `${BASE}part-2.xml.gz`));
    assert.equal(web.refused, undefined, JSON.stringify(web.refused));
    assert.equal(web.merged?.text, child('a', 'küche', 'c'));
    assert.deepEqual(web, inNode);
    assert.deepEqual(web.children.map((c) => [c.uri, c.entries]), [[`${SITE_URI}/part-1.xml`, 2], [`${SITE_URI}/part-2.xml.gz`, 1]]);

    const [missing, missingInNode] = await mergeBoth('partial_index.xml', sitemapindex(`${BASE}part-1.xml`, `${BASE}gone.xml`, `${BASE}broken.xml.gz`));
    assert.equal(missing.refused?.kind, 'missing-children');
    assert.deepEqual(missing.children, missingInNode.children);
    assert.deepEqual(missing.children.map((c) => [c.uri, c.problem]), [
      [`${SITE_URI}/part-1.xml`, undefined], [`${SITE_URI}/gone.xml`, 'not-found'], [`${SITE_URI}/broken.xml.gz`, 'unreadable'],
    ]);

    settings.limits = { maxBytes: 1000 };
    node.configurationChanged();
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { sitemap: settings } });
    const tooLarge = (result: MergeIndexResult): unknown[] => [result.refused?.kind, result.refused?.uri, result.refused?.count, result.refused?.limit];
    const [inflated, inflatedInNode] = await mergeBoth('gz_index.xml', sitemapindex(`${BASE}part-1.xml`, `${BASE}huge.xml.gz`));
    assert.deepEqual(tooLarge(inflated), ['too-large', `${SITE_URI}/huge.xml.gz`, 1000 + 1024 * 1024 + 1, 1000]);
    assert.deepEqual(tooLarge(inflated), tooLarge(inflatedInNode));
    const [plain, plainInNode] = await mergeBoth('plain_index.xml', sitemapindex(`${BASE}huge.xml`));
    assert.deepEqual(tooLarge(plain), ['too-large', `${SITE_URI}/huge.xml`, Buffer.byteLength(many), 1000]);
    assert.deepEqual(tooLarge(plain), tooLarge(plainInNode));
  } finally {
    server.connection.dispose();
    await server.worker.terminate();
    await node.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** Issue 32's inference on the web: built pages whose root URL the files say, and a sitemap with a URL of each kind. */
const INFERRED_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/a/</loc></url>
  <url><loc>https://example.com/missing/</loc></url>
  <url><loc>https://elsewhere.example/b/</loc></url>
</urlset>
`;
const builtAt = (folder: string): Record<string, string> => ({
  [`${folder}/sitemap.xml`]: INFERRED_SITEMAP,
  [`${folder}/index.html`]: '<!doctype html><html><head><title>Home</title></head><body>Home</body></html>\n',
  [`${folder}/a/index.html`]: '<!doctype html><html><head><title>A</title></head><body>A</body></html>\n',
});
/** The rules whose answers depend on the location (and git's off, which the web cannot read). */
const INFERRED_SETTINGS = { rules: { 'lastmod-stale': 'off', 'lastmod-inflated': 'off', 'unlisted-page': 'off' } };
const locationProblems = (diagnostics: readonly Diagnostic[]): string[] => diagnostics
  .filter((d) => ['out-of-scope', 'mixed-hosts', 'page-not-found'].includes(String(d.code))).map((d) => `${d.code} ${formatRange(d.range)}`).sort();

/** The Node server's location problems for `file` in the fixture at `root`, and its offers, once they are in. */
async function nodeInferred(root: string, file: string, until: (problems: string[]) => boolean): Promise<{ problems: string[]; offers: SiteRootFoundParams[] }> {
  const client = await LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings: INFERRED_SETTINGS, initializationOptions: { siteRootOffer: true },
  });
  const offers: SiteRootFoundParams[] = [];
  client.connection.onNotification(SITE_ROOT_FOUND_NOTIFICATION, (params: SiteRootFoundParams) => offers.push(params));
  try {
    const uri = pathToFileURL(path.join(root, ...file.split('/'))).href;
    const published = client.nextDiagnostics(uri, (d) => until(locationProblems(d)));
    client.open(uri, 'sitemap', INFERRED_SITEMAP);
    const problems = locationProblems((await published).diagnostics);
    await client.connection.sendRequest('workspace/symbol', { query: 'x' }); // what it sent before is in
    return { problems, offers: offers.map((o) => ({ ...o, workspaceFolder: o.workspaceFolder === pathToFileURL(root).href ? SITE_URI : o.workspaceFolder })) };
  } finally {
    await client.stop();
  }
}

for (const [name, evidence, built] of [
  ['a CNAME in the built folder', { 'public/CNAME': 'example.com\n' }, 'public'],
  ["Hugo's config/_default/hugo.toml in a first-level project folder, its publishDir", { 'site/config/_default/hugo.toml': 'baseURL = "https://example.com/"\npublishDir = "build"\n' }, 'site/build'],
] as const) {
  test(`the web server infers the site root from ${name} with no setting, as the Node server: the same problems and the same offer (issue 32)`, { timeout: 60_000 }, async (t) => {
    const root = writeFixture({ ...evidence, ...builtAt(built) }, 'sitemap-web-inferred-');
    const file = `${built}/sitemap.xml`;
    const judged = (problems: string[]): boolean => problems.some((p) => p.startsWith('page-not-found'));
    try {
      const inNode = await nodeInferred(root, file, judged);
      assert.deepEqual(inNode.problems.map((p) => p.split(' ')[0]), ['out-of-scope', 'page-not-found'], 'the standard: the root inferred in Node');
      const { server, publishedFor } = await startSiteServer(root, t, () => [INFERRED_SETTINGS], { siteRootOffer: true });
          const offers: SiteRootFoundParams[] = [];
      const offered = new Promise<void>((resolve) => server.connection.onNotification(SITE_ROOT_FOUND_NOTIFICATION, (params: SiteRootFoundParams) => {
        offers.push(params);
        resolve();
      }));
      const logs: string[] = [];
      server.connection.onNotification('window/logMessage', (params: { message: string }) => logs.push(params.message));
      const uri = `${SITE_URI}/${file}`;
      const published = publishedFor(uri, (d) => judged(locationProblems(d)));
      await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: INFERRED_SITEMAP } });
      assert.deepEqual(locationProblems(await published), inNode.problems);
      await Promise.race([offered, server.failed]);
      // Checked again (settings changed): the note and the offer are not made twice.
      const again = publishedFor(uri, (d) => judged(locationProblems(d)));
      await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      assert.deepEqual(locationProblems(await again), inNode.problems);
      assert.deepEqual(offers, inNode.offers);
      assert.equal(logs.filter((line) => line.includes('https://example.com/') && line.includes(`${built}/`)).length, 1, 'the inference said once in the log');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

test('the web server reads the evidence again when it changes: two sources that disagree give no root, as in Node, and agreeing again gives it back (issue 32)', { timeout: 60_000 }, async (t) => {
  const root = writeFixture({ 'hugo.toml': 'baseURL = "https://example.com/"\n', 'public/CNAME': 'example.com\n', ...builtAt('public') }, 'sitemap-web-inferred-conflict-');
  const file = 'public/sitemap.xml';
  const uri = `${SITE_URI}/${file}`;
  const judged = (problems: string[]): boolean => problems.some((p) => p.startsWith('page-not-found'));
  const { server, publishedFor, watched } = await startSiteServer(root, t, () => [INFERRED_SETTINGS]);
  const inferred = publishedFor(uri, (d) => judged(locationProblems(d)));
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sitemap', version: 1, text: INFERRED_SITEMAP } });
  const agreeing = locationProblems(await inferred);
  // VS Code sends these changes only for files watched: the evidence's, as the Node server watches them.
  assert.deepEqual(SITE_ROOT_EVIDENCE_GLOBS.filter((glob) => !watched.includes(glob)), []);
  // hugo.toml now says another host than the CNAME: no root for public/, so no page judged and nothing out of scope.
  const disagreeing = { 'hugo.toml': 'baseURL = "https://www.example.org/"\n', 'public/CNAME': 'example.com\n', ...builtAt('public') };
  const inNode = await nodeInferred(writeFixture(disagreeing, 'sitemap-node-inferred-conflict-'), file, () => true);
  assert.deepEqual(inNode.problems.map((p) => p.split(' ')[0]), ['mixed-hosts'], 'the standard: no root inferred in Node');
  const none = publishedFor(uri, (d) => locationProblems(d).join() === inNode.problems.join());
  fs.writeFileSync(path.join(root, 'hugo.toml'), disagreeing['hugo.toml']);
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/hugo.toml`, type: 2 }] });
  assert.deepEqual(locationProblems(await none), inNode.problems);
  // They agree again: the root is back.
  const back = publishedFor(uri, (d) => judged(locationProblems(d)));
  fs.writeFileSync(path.join(root, 'hugo.toml'), 'baseURL = "https://example.com/"\n');
  await server.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: `${SITE_URI}/hugo.toml`, type: 2 }] });
  assert.deepEqual(locationProblems(await back), agreeing);
});
