/**
 * A server that dies mid-command leaves a true account (issue 33): Add Unlisted Pages on a site of 3,000 built pages,
 * the server's process killed the moment its edit reaches the document (the first change of the document, before the
 * client can answer the server's `workspace/applyEdit`): the command reports the server stopped with its edit applied
 * (its result, not its wording), the document holds every page, and one Undo gives back the original text byte for byte.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, EXTENSION_ID, fixtureUri, openAs, poll, revert, setSetting, until } from './helpers';

interface SitemapStudioApi {
  isClientRunning(): boolean;
  serverProcessId(): number | undefined;
}

const FOLDER = 'stoppedsite';
const BASE = 'https://stopped.example.com/';
const PAGES = 3_000;
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${BASE}p0.html</loc></url>\n</urlset>\n`;

function writeSite(root: string): void {
  const pages = path.join(root, 'public');
  fs.mkdirSync(pages, { recursive: true });
  for (let i = 0; i < PAGES; i++) {
    fs.writeFileSync(path.join(pages, `p${i}.html`), `<!doctype html>\n<html><head><title>Page ${i}</title></head><body><p>Page ${i}</p></body></html>\n`);
  }
  fs.writeFileSync(path.join(pages, 'sitemap.xml'), SITEMAP);
}

describe('a server killed while a command edits', () => {
  let document: vscode.TextDocument | undefined;

  before(async () => {
    writeSite(fixtureUri(FOLDER).fsPath);
    await setSetting('siteRoots', { [`${FOLDER}/public`]: BASE });
  });

  after(async () => {
    if (document !== undefined) await revert(document);
    await closeAllEditors();
    await setSetting('siteRoots', undefined);
    // A fresh crash history for the tests that follow (a restart the user asks for resets it).
    await vscode.commands.executeCommand('sitemap.restartServer');
    fs.rmSync(fixtureUri(FOLDER).fsPath, { recursive: true, force: true });
  });

  it('Add Unlisted Pages reports its edit applied, the document holds it, and one Undo reverts it', async () => {
    const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
    assert.ok(extension);
    const opened = await openAs(`${FOLDER}/public/sitemap.xml`, 'sitemap');
    document = opened;
    await diagnosticsSettle(opened.uri, 'the site\'s unlisted pages', (codes) => codes.includes('unlisted-page'));
    await vscode.window.showTextDocument(opened, { preview: false });
    const api = await poll('the server to run', () => extension.exports, (exports) => exports?.isClientRunning() === true && exports.serverProcessId() !== undefined);
    const pid = api.serverProcessId()!;
    let killed = false;
    const killOnEdit = vscode.workspace.onDidChangeTextDocument((event) => {
      if (killed || event.document !== opened || event.contentChanges.length === 0) return;
      killed = true;
      process.kill(pid, 'SIGKILL');
    });
    let result: unknown;
    try {
      result = await vscode.commands.executeCommand('sitemap.addUnlistedPages');
    } finally {
      killOnEdit.dispose();
    }
    assert.ok(killed, 'the edit reached the document');
    assert.deepEqual(result, { status: 'server-stopped', applied: true });
    const text = opened.getText();
    for (const i of [0, 1, PAGES / 2, PAGES - 1]) assert.equal(text.split(`<loc>${BASE}p${i}.html</loc>`).length, 2, `p${i}.html listed once`);
    assert.equal(text.split('<loc>').length - 1, PAGES);
    await vscode.commands.executeCommand('undo');
    await until('one Undo to restore the sitemap', [vscode.workspace.onDidChangeTextDocument], () => opened.getText() === SITEMAP, () => `${opened.getText().length} characters`);
  });
});
