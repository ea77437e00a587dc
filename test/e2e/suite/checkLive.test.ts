/**
 * Sitemap: Check Listed URLs Live in the real editor: a sitemap served on 127.0.0.1, opened from its URL, has each URL
 * it lists asked; the verdicts land on each entry's `<loc>` with the rule ids of the live check, the command resolves
 * with their count, and robots.txt's disallowed URL is never requested.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, openDocument, rangeOf, until } from './helpers';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HTML = '<!doctype html><html><head><title>A page</title></head><body>Hello</body></html>';
const LIVE = new Set(['blocked-by-robots', 'page-redirect', 'page-not-found', 'page-forbidden', 'page-unreachable', 'noindex-page', 'canonical-elsewhere', 'page-content-type']);

describe('Sitemap: Check Listed URLs Live', () => {
  let server: LoopbackServer;
  let origin = '';
  const sitemap = () => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${['/ok', '/gone', '/moved', '/private', '/noindex']
    .map((p) => `  <url><loc>${origin}${p}</loc></url>\n`).join('')}</urlset>\n`;

  before(async () => {
    const html = { 'content-type': 'text/html' };
    server = await startLoopbackServer((path, response) => {
      if (path === '/sitemap.xml') response.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap());
      else if (path === '/robots.txt') response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n');
      else if (path === '/ok' || path === '/target') response.writeHead(200, html).end(HTML);
      else if (path === '/moved') response.writeHead(301, { location: '/target' }).end();
      else if (path === '/noindex') response.writeHead(200, { ...html, 'x-robots-tag': 'noindex' }).end(HTML);
      else response.writeHead(404, html).end(HTML);
    });
    origin = server.origin;
  });
  after(async () => {
    await closeAllEditors();
    await server.close();
  });

  it("puts each listed URL's verdict on its <loc>, by rule id", async () => {
    const opened = await vscode.commands.executeCommand<string | undefined>('sitemap.openFromUrl', `${origin}/sitemap.xml`);
    assert.ok(opened !== undefined, 'the sitemap opened');
    const uri = vscode.Uri.parse(opened);
    const document = await until('the sitemap-url: document active', [vscode.window.onDidChangeActiveTextEditor, vscode.workspace.onDidOpenTextDocument],
      () => { const d = openDocument(uri); return d?.languageId === 'sitemap' && vscode.window.activeTextEditor?.document === d && d; });

    const outcome = await vscode.commands.executeCommand<{ checked?: number; problems?: Record<string, number> } | undefined>('sitemap.checkLive');
    assert.deepEqual([outcome?.checked, outcome?.problems], [5, { 'page-not-found': 1, 'page-redirect': 1, 'blocked-by-robots': 1, 'noindex-page': 1 }]);
    const live = await diagnosticsSettle(uri, 'four live verdicts', (codes) => codes.filter((c) => LIVE.has(String(c))).length === 4);
    assert.deepEqual(live.filter((v) => LIVE.has(String(v.code))).map((v) => [v.code, v.range]), [
      ['page-not-found', rangeOf(document, `${origin}/gone`)],
      ['page-redirect', rangeOf(document, `${origin}/moved`)],
      ['blocked-by-robots', rangeOf(document, `${origin}/private`)],
      ['noindex-page', rangeOf(document, `${origin}/noindex`)],
    ]);
    assert.equal(server.asked.includes('/private'), false);
  });
});
