/**
 * A 50,000-entry sitemap over the wire: no answer to a routine request exceeds 1 MB of JSON, folding stays within the
 * client's limit (5,000 when it states none, as VS Code's own), the outline stops at 1 MB with an item saying how many
 * entries are left out, and a urlset gets no links (the editor links URLs itself).
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SymbolKind, type ClientCapabilities, type DocumentSymbol, type FoldingRange, type SymbolInformation,
} from 'vscode-languageserver-protocol';
import { LspClient } from '../lspClient';
import { benchSitemap } from '../../support/generate';

const ENTRIES = 50_000;
const MB = 1_000_000;
/** `benchSitemap`: two lines before the first entry, six lines per entry. */
const entryLine = (n: number): number => 2 + 6 * n;

const bytes = (answer: unknown): number => Buffer.byteLength(JSON.stringify(answer ?? null));

describe('a 50,000-entry sitemap over stdio', () => {
  const text = benchSitemap(ENTRIES);
  let root: string;
  let uri: string;
  const clients: LspClient[] = [];

  /** A client with these capabilities, the big file open and validated. */
  const start = async (textDocumentCapabilities: ClientCapabilities['textDocument']): Promise<LspClient> => {
    const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], textDocumentCapabilities });
    clients.push(client);
    const opened = client.nextDiagnostics(uri);
    client.open(uri, 'sitemap', text);
    await opened;
    return client;
  };

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-large-')));
    const file = path.join(root, 'sitemap.xml');
    fs.writeFileSync(file, text);
    uri = pathToFileURL(file).href;
  });

  after(async () => {
    for (const client of clients) {
      const code = await client.stop();
      assert.equal(code, 0, `server exit code; stderr:\n${client.stderr}`);
      assert.deepEqual(client.protocolErrors, []);
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe('a client that states no limits', () => {
    let client: LspClient;
    const request = <R>(method: string, params: unknown): Promise<R> => client.connection.sendRequest<R>(method, params);
    before(async () => {
      client = await start({});
    });

    it('gets no links: the editor links URLs itself', async () => {
      assert.deepEqual(await request('textDocument/documentLink', { textDocument: { uri } }), []);
    });

    it('gets 5,000 folding ranges, VS Code\'s own limit: the root, then the entries in document order', async () => {
      const folds = await request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
      assert.equal(folds.length, 5000);
      assert.ok(bytes(folds) <= MB, `${bytes(folds)} bytes`);
      // What VS Code keeps itself when it cuts: outer levels first, then document order.
      assert.deepEqual([folds[0].startLine, folds[0].endLine], [1, entryLine(ENTRIES) - 1]);
      assert.deepEqual(folds.slice(1, 3).map((f) => [f.startLine, f.endLine]), [[entryLine(0), entryLine(0) + 4], [entryLine(1), entryLine(1) + 4]]);
      assert.equal(folds[4999].startLine, entryLine(4998));
    });

    it('gets a flat outline under 1 MB, its last item covering the entries left out', async () => {
      const symbols = await request<SymbolInformation[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.ok(bytes(symbols) <= MB, `${bytes(symbols)} bytes`);
      const [rootSymbol, ...rest] = symbols;
      assert.equal(rootSymbol.kind, SymbolKind.Namespace);
      const more = rest[rest.length - 1];
      const entries = rest.slice(0, -1);
      assert.equal(more.kind, SymbolKind.Null);
      assert.ok(entries.length > 1000, `${entries.length} entries`);
      assert.ok(entries.every((s, n) => s.location.range.start.line === entryLine(n) && s.kind === SymbolKind.Object));
      assert.deepEqual([more.location.range.start.line, more.location.range.end.line], [entryLine(entries.length), entryLine(ENTRIES) - 1]);
      assert.match(more.name, new RegExp(`\\b${(ENTRIES - entries.length).toLocaleString('en-US')}\\b`));
    });

    it('gets small answers to hover, selection ranges and code actions', async () => {
      const inLoc = { line: entryLine(25_000) + 1, character: 30 };
      const hover = await request('textDocument/hover', { textDocument: { uri }, position: inLoc });
      assert.ok(hover !== null && bytes(hover) <= 10_000, `${bytes(hover)} bytes`);
      const selection = await request('textDocument/selectionRange', { textDocument: { uri }, positions: [inLoc] });
      assert.ok(bytes(selection) <= 10_000, `${bytes(selection)} bytes`);
      const everything = { start: { line: 0, character: 0 }, end: { line: entryLine(ENTRIES) + 1, character: 0 } };
      const diagnostics = client.lastDiagnostics(uri)!.diagnostics;
      const actions = await request('textDocument/codeAction', { textDocument: { uri }, range: everything, context: { diagnostics } });
      assert.ok(bytes(actions) <= 10_000, `${bytes(actions)} bytes`);
      const fixAll = await request('textDocument/codeAction', { textDocument: { uri }, range: everything, context: { diagnostics: [], only: ['source.fixAll'] } });
      assert.ok(bytes(fixAll) <= 10_000, `${bytes(fixAll)} bytes`);
    });
  });

  describe('a client like VS Code', () => {
    let client: LspClient;
    const request = <R>(method: string): Promise<R> => client.connection.sendRequest<R>(method, { textDocument: { uri } });
    before(async () => {
      client = await start({ documentSymbol: { hierarchicalDocumentSymbolSupport: true }, foldingRange: { rangeLimit: 1234 } });
    });

    it('gets as many folding ranges as its rangeLimit', async () => {
      assert.equal((await request<FoldingRange[]>('textDocument/foldingRange')).length, 1234);
    });

    it('gets a hierarchical outline under 1 MB, its last item covering the entries left out', async () => {
      const symbols = await request<DocumentSymbol[]>('textDocument/documentSymbol');
      assert.ok(bytes(symbols) <= MB, `${bytes(symbols)} bytes`);
      const children = symbols[0].children!;
      const more = children[children.length - 1];
      assert.equal(more.kind, SymbolKind.Null);
      assert.ok(children.length > 1000, `${children.length} children`);
      assert.deepEqual([more.range.start.line, more.range.end.line], [entryLine(children.length - 1), entryLine(ENTRIES) - 1]);
    });
  });
});
