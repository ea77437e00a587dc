/** Activation and language ids: by file name, by content (`sitemap.detectByContent`), and what stays `xml`. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, EXTENSION_ID, openAs, openDocument, setSetting, until } from './helpers';

interface SitemapStudioApi {
  isClientRunning(): boolean;
}

describe('languages and activation', () => {
  afterEach(closeAllEditors);

  it('opens sitemap.xml as sitemap, activates the extension and starts the language client', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    assert.equal(document.languageId, 'sitemap');
    const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is loaded`);
    const api = await until('the extension to activate', [vscode.extensions.onDidChange, vscode.languages.onDidChangeDiagnostics], () => extension.isActive && extension.exports);
    await until('the language client to run', [vscode.languages.onDidChangeDiagnostics], () => api.isClientRunning());
  });

  it('opens foo-sitemap.xml as sitemap by its name', async () => {
    await openAs('foo-sitemap.xml', 'sitemap');
  });

  it('opens sitemap.txt as sitemap-txt', async () => {
    await openAs('sitemap.txt', 'sitemap-txt');
  });

  it('switches urls.xml (root <urlset>) to sitemap by content, and leaves unrelated.xml as xml', async () => {
    const unrelated = await openAs('unrelated.xml', 'xml');
    // Opened after unrelated.xml: once urls.xml is switched, unrelated.xml has been looked at too.
    await openAs('urls.xml', 'sitemap');
    assert.equal(openDocument(unrelated.uri)?.languageId, 'xml');
  });

  it('leaves a sitemap index named pages.xml as xml when sitemap.detectByContent is false', async () => {
    await setSetting('detectByContent', false);
    try {
      const pages = await openAs('pages.xml', 'xml');
      // A round trip through the renderer: a switch the extension asked for on open would have arrived before it.
      const probe = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'probe' });
      await vscode.languages.setTextDocumentLanguage(probe, 'markdown');
      assert.equal(openDocument(pages.uri)?.languageId, 'xml');
    } finally {
      await setSetting('detectByContent', undefined);
    }
  });
});
