/**
 * Split into Index over the wire: `sitemap/documentInfo` (counts, where the sitemap is published, the first entry's
 * origin, the first xml-syntax problem), `sitemap/splitPlan` (the children's and the index's exact texts, refusals
 * with their ranges, bad parameters) and the quick fix on the limit rules, offered only to a client that runs the
 * command. Real files for siteRoots and robots.txt, in a temporary workspace.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient, rangeOf } from '../lspClient';
import {
  SPLIT_COMMAND, DOCUMENT_INFO_REQUEST, SPLIT_PLAN_REQUEST, type DocumentInfo, type SplitPlanParams, type SplitPlanResult,
} from '../../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Three entries, a comment before the second, a non-ASCII URL, one entry dated. */
const THREE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<urlset xmlns="${NS}">`,
  '  <url><loc>https://www.example.com/a</loc><lastmod>2024-05-01</lastmod></url>',
  '  <!-- second -->',
  '  <url><loc>https://www.example.com/küche</loc></url>',
  '  <url><loc>https://www.example.com/c</loc><lastmod>2024-06-02T10:00:00+02:00</lastmod></url>',
  '</urlset>',
  '',
].join('\n');

describe('Split into Index over stdio', () => {
  let root: string;
  let client: LspClient;
  const write = (relative: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  };
  const uriOf = (relative: string): string => pathToFileURL(path.join(root, relative)).href;
  const request = <R>(method: string, params: unknown): Promise<R> => client.connection.sendRequest<R>(method, params);
  const openAndWait = async (uri: string, text: string, languageId = 'sitemap'): Promise<Diagnostic[]> => {
    const published = client.nextDiagnostics(uri);
    client.open(uri, languageId, text);
    return (await published).diagnostics;
  };
  const plan = (uri: string, options: Partial<SplitPlanParams> = {}): Promise<SplitPlanResult | null> =>
    request(SPLIT_PLAN_REQUEST, { uri, maxEntries: 2, maxBytes: 52_428_800, baseUrl: 'https://www.example.com/maps/', namePattern: 'sitemap-{n}.xml', ...options });

  before(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-split-')));
    write('robots.txt', 'User-agent: *\nSitemap: https://www.example.com/big.xml\n');
    client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }],
      settings: { siteRoots: { public: 'https://www.example.com/' }, limits: { maxEntries: 2 } },
      initializationOptions: { splitCommand: true },
    });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('tells the prompts the counts, the location from siteRoots and the first origin', async () => {
    const uri = uriOf('public/maps/sitemap.xml');
    await openAndWait(uri, THREE);
    assert.deepEqual(await request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri }), {
      open: true, kind: 'urlset', entries: 3, bytes: Buffer.byteLength(THREE),
      location: 'https://www.example.com/maps/sitemap.xml', firstOrigin: 'https://www.example.com',
    });
    client.close(uri);
  });

  it('points at the first xml-syntax problem, where the diagnostics put it', async () => {
    const uri = uriOf('public/broken.xml');
    const text = THREE.replace('<loc>https://www.example.com/küche</loc>', '<loc>https://www.example.com/küche</lo>').replace('</urlset>', '</urlset><');
    const diagnostics = await openAndWait(uri, text);
    const first = diagnostics.find((d) => d.code === 'xml-syntax');
    assert.ok(first);
    const info = await request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri });
    assert.deepEqual(info.syntaxError, first.range);
    assert.equal(info.syntaxError?.start.line, 4); // the entry with </lo>, not the stray < after the root
    const refused = await plan(uri);
    assert.deepEqual(refused, { version: 1, refused: { reason: 'ill-formed', range: first.range } });
    client.close(uri);
  });

  it('knows where an unopened file is published (robots.txt), without counts', async () => {
    assert.deepEqual(await request<DocumentInfo>(DOCUMENT_INFO_REQUEST, { uri: uriOf('big.xml') }), {
      open: false, kind: 'unknown', entries: 0, bytes: 0, location: 'https://www.example.com/big.xml',
    });
  });

  it('plans the children and the index: exact texts', async () => {
    const uri = uriOf('public/maps/sitemap.xml');
    await openAndWait(uri, THREE);
    const result = await plan(uri);
    assert.ok(result?.children !== undefined && result.index !== undefined, JSON.stringify(result));
    const head = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;
    assert.deepEqual(result.children.map((c) => ({ ...c, text: undefined })), [
      { name: 'sitemap-1.xml', loc: 'https://www.example.com/maps/sitemap-1.xml', entries: 2, bytes: Buffer.byteLength(result.children[0].text), lastmod: '2024-05-01', text: undefined },
      { name: 'sitemap-2.xml', loc: 'https://www.example.com/maps/sitemap-2.xml', entries: 1, bytes: Buffer.byteLength(result.children[1].text), lastmod: '2024-06-02T10:00:00+02:00', text: undefined },
    ]);
    assert.equal(result.children[0].text, head
      + '  <url><loc>https://www.example.com/a</loc><lastmod>2024-05-01</lastmod></url>\n'
      + '  <!-- second -->\n'
      + '  <url><loc>https://www.example.com/küche</loc></url>\n'
      + '</urlset>\n');
    assert.equal(result.children[1].text, head
      + '  <url><loc>https://www.example.com/c</loc><lastmod>2024-06-02T10:00:00+02:00</lastmod></url>\n'
      + '</urlset>\n');
    assert.equal(result.index, [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<sitemapindex xmlns="${NS}">`,
      '  <sitemap>',
      '    <loc>https://www.example.com/maps/sitemap-1.xml</loc>',
      '    <lastmod>2024-05-01</lastmod>',
      '  </sitemap>',
      '  <sitemap>',
      '    <loc>https://www.example.com/maps/sitemap-2.xml</loc>',
      '    <lastmod>2024-06-02T10:00:00+02:00</lastmod>',
      '  </sitemap>',
      '</sitemapindex>',
      '',
    ].join('\n'));
    // The plan is of the current text: after an edit, of the edited one.
    const version = client.change(uri, { range: rangeOf(THREE, '/c<'), text: '/d<' });
    const edited = await plan(uri, { maxEntries: 5 });
    assert.equal(edited?.version, version);
    assert.equal(edited?.children?.length, 1);
    assert.ok(edited?.children?.[0].text.includes('https://www.example.com/d<'));
    client.close(uri);
  });

  it('splits a text sitemap into text children and an XML index', async () => {
    const uri = uriOf('public/sitemap.txt');
    const text = 'https://www.example.com/\r\nhttps://www.example.com/about\r\nhttps://www.example.com/contact\r\n';
    await openAndWait(uri, text, 'sitemap-txt');
    const result = await plan(uri, { namePattern: 'sitemap-{n}.txt', baseUrl: 'https://www.example.com/' });
    assert.deepEqual(result?.children?.map((c) => [c.name, c.text]), [
      ['sitemap-1.txt', 'https://www.example.com/\r\nhttps://www.example.com/about\r\n'],
      ['sitemap-2.txt', 'https://www.example.com/contact\r\n'],
    ]);
    assert.ok(result?.index?.includes('<loc>https://www.example.com/sitemap-2.txt</loc>'), result?.index);
    client.close(uri);
  });

  it('refuses an entry larger than the byte limit, at that entry', async () => {
    const uri = uriOf('public/maps/sitemap.xml');
    await openAndWait(uri, THREE);
    const result = await plan(uri, { maxBytes: 200 });
    assert.equal(result?.refused?.reason, 'entry-too-large');
    // The third entry: 2 alone would fit, not the third with its long lastmod. The range is where it starts.
    const third = rangeOf(THREE, '<url><loc>https://www.example.com/c<').start;
    assert.deepEqual(result?.refused?.range, { start: third, end: third });
    client.close(uri);
  });

  it('answers bad parameters with InvalidParams, a document not open with null', async () => {
    const uri = uriOf('public/maps/sitemap.xml');
    for (const bad of [{ maxEntries: 0 }, { maxBytes: 1.5 }, { baseUrl: 'https://www.example.com' }, { namePattern: 'sitemap.xml' }]) {
      await assert.rejects(plan(uri, bad), (error: { code?: number }) => error.code === ErrorCodes.InvalidParams);
    }
    assert.equal(await plan(uriOf('public/not-open.xml')), null);
  });

  it('offers the quick fix on too-many-entries, running the client command on the document', async () => {
    const uri = uriOf('public/maps/sitemap.xml');
    const diagnostics = await openAndWait(uri, THREE);
    const limit = diagnostics.find((d) => d.code === 'too-many-entries');
    assert.ok(limit, JSON.stringify(diagnostics));
    const actions = await request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: limit.range, context: { diagnostics: [limit] } });
    const split = actions.filter((a) => a.command?.command === SPLIT_COMMAND);
    assert.deepEqual(split.map((a) => ({ kind: a.kind, args: a.command?.arguments, diagnostics: a.diagnostics })), [
      { kind: 'quickfix', args: [uri], diagnostics: [limit] },
    ]);
    // Not on other problems, and not when only source actions are asked for.
    const other = { ...limit, code: 'invalid-lastmod' };
    const none = await request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: limit.range, context: { diagnostics: [other] } });
    assert.equal(none.filter((a) => a.command?.command === SPLIT_COMMAND).length, 0);
    const source = await request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: limit.range, context: { diagnostics: [limit], only: ['source.fixAll.sitemap'] } });
    assert.equal(source.filter((a) => a.command?.command === SPLIT_COMMAND).length, 0);
    client.close(uri);
  });
});

describe('Split into Index: a client that does not run the command', () => {
  it('gets no quick fix', async () => {
    const client = await LspClient.start({ settings: { limits: { maxEntries: 2 } } });
    try {
      const uri = 'file:///other/sitemap.xml';
      const published = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'too-many-entries'));
      client.open(uri, 'sitemap', THREE);
      const limit = (await published).diagnostics.find((d) => d.code === 'too-many-entries')!;
      const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: limit.range, context: { diagnostics: [limit] } });
      assert.deepEqual(actions.filter((a) => a.command?.command === SPLIT_COMMAND), []);
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });
});
