/**
 * Sitemap: Open from URL… in the real editor: a sitemap served on 127.0.0.1 (gzip, behind a redirect) opens read-only
 * as a `sitemap-url:` document in the sitemap language, with the diagnostics of its location (where the redirect
 * ended) and its index's children one click away.
 */
import * as assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, openDocument, rangeOf, until } from './helpers';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('Sitemap: Open from URL…', () => {
  let server: LoopbackServer;
  let origin = '';
  const sitemap = () => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${origin}/blog/a</loc></url>\n  <url><loc>${origin}/shop/b</loc><priority>2</priority></url>\n</urlset>\n`;

  before(async () => {
    server = await startLoopbackServer((path, response) => {
      if (path === '/sitemap.xml') response.writeHead(301, { location: '/blog/sitemap.xml.gz' }).end();
      else if (path === '/blog/sitemap.xml.gz') response.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(sitemap()));
      else response.writeHead(404).end();
    });
    origin = server.origin;
  });
  after(async () => {
    await closeAllEditors();
    await server.close();
  });

  it('opens the sitemap read-only, located where its redirect ended, with its diagnostics', async () => {
    const opened = await vscode.commands.executeCommand<string | undefined>('sitemap.openFromUrl', `${origin}/sitemap.xml`);
    assert.ok(opened !== undefined, 'the command opened a document');
    const uri = vscode.Uri.parse(opened);
    assert.equal(uri.scheme, 'sitemap-url');
    const document = await until('the sitemap-url: document in the sitemap language', [vscode.workspace.onDidOpenTextDocument, vscode.window.onDidChangeActiveTextEditor],
      () => { const d = openDocument(uri); return d?.languageId === 'sitemap' && d; });
    assert.equal(document.getText(), sitemap());
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.equal(vscode.workspace.fs.isWritableFileSystem('sitemap-url'), false);
    // /shop/b is outside /blog/, where the text came from; its priority is the document's own problem.
    assert.deepEqual(await diagnosticsSettle(uri, 'out-of-scope and invalid-priority', (codes) => codes.includes('out-of-scope') && codes.includes('invalid-priority')), [
      { code: 'out-of-scope', severity: 'Error', range: rangeOf(document, `${origin}/shop/b`) },
      { code: 'invalid-priority', severity: 'Error', range: rangeOf(document, '2', '<priority>') },
    ]);
    assert.deepEqual(server.asked, ['/sitemap.xml', '/blog/sitemap.xml.gz']);
  });
});
