/**
 * Sitemap: Open from URL… in the real editor: a sitemap served on 127.0.0.1 (gzip, behind a redirect) opens read-only
 * as a `sitemap-url:` document in the sitemap language, with the diagnostics of its location (where the redirect
 * ended); a robots.txt opens too, its Sitemap: line a link that opens that sitemap the same way; the Sitemaps view shows
 * them under their origin, a listed sitemap not opened yet opening on a click; asked for again, a URL is read again;
 * File: Save As keeps a copy on disk.
 */
import * as assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import type { SitemapStudioApi } from '../../../client/src/extension';
import type { SitemapsElement } from '../../../client/src/sitemapsView/sitemapsView';
import { changesUntil, closeAllEditors, diagnosticsSettle, EXTENSION_ID, formatRange, openDocument, rangeOf, runAcceptingDefaults, until } from './helpers';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('Sitemap: Open from URL…', () => {
  let server: LoopbackServer;
  let origin = '';
  let api: SitemapStudioApi;
  const sitemap = () => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${origin}/blog/a</loc></url>\n  <url><loc>${origin}/shop/b</loc><priority>2</priority></url>\n</urlset>\n`;
  const robots = () => `User-agent: *\nDisallow: /cart\nSitemap: ${origin}/sitemap_index.xml\n`;
  const index = () => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n  <sitemap><loc>${origin}/blog/sitemap.xml.gz</loc></sitemap>\n</sitemapindex>\n`;
  const kept = () => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${origin}/feeds/kept</loc></url>\n</urlset>\n`;
  const copies: vscode.Uri[] = [];
  let readings = 0;
  const changing = (reading: number) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url><loc>${origin}/feeds/${reading}</loc></url>\n</urlset>\n`;

  before(async () => {
    server = await startLoopbackServer((path, response) => {
      if (path === '/sitemap.xml') response.writeHead(301, { location: '/blog/sitemap.xml.gz' }).end();
      else if (path === '/blog/sitemap.xml.gz') response.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(sitemap()));
      else if (path === '/robots.txt') response.writeHead(200, { 'content-type': 'text/plain' }).end(robots());
      else if (path === '/sitemap_index.xml') response.writeHead(200, { 'content-type': 'application/xml' }).end(index());
      else if (path === '/feeds/changing.xml') response.writeHead(200, { 'content-type': 'application/xml' }).end(changing(++readings));
      else if (path === '/feeds/kept-copy-sitemap.xml.gz') response.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(kept()));
      else response.writeHead(404).end();
    });
    origin = server.origin;
    api = await vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID)!.activate();
  });
  after(async () => {
    await closeAllEditors();
    for (const copy of copies) await vscode.workspace.fs.delete(copy);
    await server.close();
  });

  /** Runs Open from URL on `url`; resolves with its document once open in `languageId` and active. */
  async function openFromUrl(url: string, languageId: string): Promise<vscode.TextDocument> {
    const opened = await vscode.commands.executeCommand<string | undefined>('sitemap.openFromUrl', url);
    assert.ok(opened !== undefined, `the command opened ${url}`);
    const uri = vscode.Uri.parse(opened);
    assert.equal(uri.scheme, 'sitemap-url');
    const document = await until(`the sitemap-url: document of ${url} in ${languageId}`, [vscode.workspace.onDidOpenTextDocument, vscode.window.onDidChangeActiveTextEditor],
      () => { const d = openDocument(uri); return d?.languageId === languageId && d; });
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    return document;
  }

  it('opens the sitemap read-only, located where its redirect ended, with its diagnostics', async () => {
    const document = await openFromUrl(`${origin}/sitemap.xml`, 'sitemap');
    assert.equal(document.getText(), sitemap());
    // /shop/b is outside /blog/, where the text came from; its priority is the document's own problem.
    assert.deepEqual(await diagnosticsSettle(document.uri, 'out-of-scope and invalid-priority', (codes) => codes.includes('out-of-scope') && codes.includes('invalid-priority')), [
      { code: 'out-of-scope', severity: 'Error', range: rangeOf(document, `${origin}/shop/b`) },
      { code: 'invalid-priority', severity: 'Error', range: rangeOf(document, '2', '<priority>') },
    ]);
    assert.deepEqual(server.asked, ['/sitemap.xml', '/blog/sitemap.xml.gz']);
  });

  it("opens a robots.txt, whose Sitemap: line opens that sitemap the same way; the Sitemaps view shows them under their origin", async () => {
    const provider = api.sitemapsProvider!;
    const document = await openFromUrl(`${origin}/robots.txt`, 'robots-txt');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    const link = links.find((l) => l.target?.scheme === 'sitemap-url');
    assert.ok(link?.target, JSON.stringify(links));
    assert.equal(formatRange(link.range), rangeOf(document, `${origin}/sitemap_index.xml`));

    // The view: the origin's group after the workspace's files, the two documents opened in it (the first test's
    // sitemap is listed by no opened file), and below the robots.txt the index it lists, not opened: nothing read.
    const children = (parent?: SitemapsElement) => Promise.resolve(provider.getChildren(parent)).then((c) => c ?? []);
    const show = (elements: SitemapsElement[]) => elements.map((e) => `${e.node.kind} ${e.node.label}`).join('; ');
    const top = await changesUntil('the origin in the view', provider.onDidChangeTreeData, () => children(),
      (elements) => elements.some((e) => e.node.kind === 'origin' && e.node.label === origin), show);
    const group = top.find((e) => e.node.kind === 'origin' && e.node.label === origin)!;
    const inGroup = await changesUntil('both documents in the group', provider.onDidChangeTreeData, () => children(group), (elements) => elements.length === 2, show);
    assert.deepEqual(inGroup.map((e) => [e.node.kind, e.node.label]), [['robots', '/robots.txt'], ['sitemap', '/sitemap.xml']]);
    assert.equal(inGroup[0].resourceUri?.toString(), document.uri.toString());
    const [listed] = await children(inGroup[0]);
    assert.deepEqual([listed?.node.kind, listed?.node.url], ['unopened', `${origin}/sitemap_index.xml`]);
    assert.ok(!server.asked.includes('/sitemap_index.xml'), 'the view reads nothing by itself');

    // A click on it opens it from its URL; the view then shows it opened, and what it lists.
    const { command } = await provider.getTreeItem(listed);
    assert.ok(command, 'the item has a command (what a click runs)');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const opened = await until('the index in the editor', [vscode.window.onDidChangeActiveTextEditor],
      () => vscode.window.activeTextEditor?.document.uri.toString() === link.target!.toString() && vscode.window.activeTextEditor.document);
    assert.equal(opened.getText(), index());
    const [shownIndex] = await changesUntil('the index opened in the view', provider.onDidChangeTreeData, () => children(inGroup[0]),
      (elements) => elements[0]?.node.kind === 'index', show);
    assert.equal(shownIndex.node.entries, 1);
    assert.deepEqual((await children(shownIndex)).map((e) => [e.node.kind, e.node.url]), [['unopened', `${origin}/blog/sitemap.xml.gz`]]);
  });

  it('reads a URL already open again when asked for it again, as File: Revert File reads a file', async () => {
    const document = await openFromUrl(`${origin}/feeds/changing.xml`, 'sitemap');
    assert.equal(document.getText(), changing(1));
    await vscode.commands.executeCommand('sitemap.openFromUrl', `${origin}/feeds/changing.xml`);
    await until('the text read again', [vscode.workspace.onDidChangeTextDocument], () => document.getText() === changing(2), () => document.getText());
    assert.equal(server.asked.filter((path) => path === '/feeds/changing.xml').length, 2);
  });

  it('File: Save As keeps a copy, an ordinary file with the text read', async () => {
    const document = await openFromUrl(`${origin}/feeds/kept-copy-sitemap.xml.gz`, 'sitemap');
    const saving = runAcceptingDefaults('workbench.action.files.saveAs');
    saving.catch(() => undefined); // awaited below, once the copy shows
    const copy = await until('the copy in the editor', [vscode.window.onDidChangeActiveTextEditor],
      () => vscode.window.activeTextEditor?.document.uri.scheme === 'file' && vscode.window.activeTextEditor.document.uri);
    copies.push(copy);
    await saving;
    assert.ok(copy.path.endsWith('/kept-copy-sitemap.xml'), copy.toString());
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(copy)), kept());
    assert.equal(document.getText(), kept(), 'the document read from its URL stays as it was');
  });
});
