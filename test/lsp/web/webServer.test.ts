/** The web build's language server (dist/web/server.js) run for real, without Node APIs: in a worker thread whose only
 * way out is a browser worker's `self` (postMessage and onmessage over the thread's port), spoken to over LSP. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createMessageConnection, PortMessageReader, PortMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CodeAction, CompletionList, Diagnostic, Hover, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

/** Tests compile to out/test/lsp/web/; the bundle is at the repository root. */
const WEB_SERVER_PATH = path.resolve(__dirname, '../../../../dist/web/server.js');

/** A browser worker's global scope over the thread's port, then the bundle, with Node's own globals out of its reach
 * (the bundle is an IIFE run by `new Function`, and a Node builtin would have failed its build). */
const WORKER_SHIM = `
const { parentPort, workerData } = require('node:worker_threads');
const source = require('node:fs').readFileSync(workerData, 'utf8');
const self = { onmessage: null, addEventListener() {}, removeEventListener() {}, postMessage: (message) => parentPort.postMessage(message) };
parentPort.on('message', (data) => self.onmessage?.({ data }));
const hidden = ['process', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'Buffer', 'setImmediate', 'clearImmediate'];
new Function('self', ...hidden, source)(self, ...hidden.map(() => undefined));
`;

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
  const worker = new Worker(WORKER_SHIM, { eval: true, workerData: WEB_SERVER_PATH });
  const failed = new Promise<never>((_, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the web server's worker exited with ${code}`)));
  });
  const connection = createMessageConnection(new PortMessageReader(worker), new PortMessageWriter(worker));
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
