/**
 * Compressed sitemaps: a `.xml.gz` opened the way the explorer opens it lands in a text editor on the `sitemap-gz:`
 * scheme with our language and diagnostics; an edit saved goes back to disk gzip-compressed. The `.gz` fixtures are
 * written here, into the run's copy of the workspace (no binaries committed).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, compressedUriOf, diagnosticsSettle, fixtureUri, openDocument, rangeOf, until } from './helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n  <url>\n    <loc>https://www.example.com/gz/a</loc>\n    <priority>1.5</priority>\n  </url>\n</urlset>\n`;
const TEXT_SITEMAP = 'https://www.example.com/gz/a\n/relative\nhttps://www.example.com/gz/b\n';

const asCompressed = compressedUriOf;

describe('compressed sitemaps (.xml.gz, .txt.gz)', () => {
  const write = (relative: string, bytes: Buffer): vscode.Uri => {
    const uri = fixtureUri(relative);
    fs.mkdirSync(path.dirname(uri.fsPath), { recursive: true });
    fs.writeFileSync(uri.fsPath, bytes);
    return uri;
  };

  before(() => {
    write('gz/sitemap.xml.gz', zlib.gzipSync(SITEMAP));
    write('gz/urls.txt.gz', zlib.gzipSync(TEXT_SITEMAP));
    write('gz/corrupt.xml.gz', Buffer.concat([zlib.gzipSync(SITEMAP).subarray(0, 20), Buffer.from('not deflate')]));
  });
  afterEach(closeAllEditors);

  /** The document of `file` on our scheme once it has `languageId`. */
  const compressedDocument = (file: vscode.Uri, languageId: string) => until(
    `${vscode.workspace.asRelativePath(file)} open as sitemap-gz: in ${languageId}`,
    [vscode.workspace.onDidOpenTextDocument, vscode.window.onDidChangeActiveTextEditor],
    () => {
      const document = openDocument(asCompressed(file));
      return document?.languageId === languageId && document;
    },
    () => `${vscode.workspace.textDocuments.map((d) => `${d.uri.toString()} (${d.languageId})`).join(', ')}`,
  );

  it('opens a .xml.gz from the explorer as text with diagnostics, and saves it gzip-compressed', async () => {
    const file = fixtureUri('gz/sitemap.xml.gz');
    await vscode.commands.executeCommand('vscode.open', file); // what a double click in the explorer runs
    const document = await compressedDocument(file, 'sitemap');
    const uri = document.uri;

    // One text editor tab titled like the file, in place of the custom editor that redirected to it.
    const tab = await until('the text editor tab', [vscode.window.tabGroups.onDidChangeTabs], () => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab;
      return active?.input instanceof vscode.TabInputText && active.input.uri.toString() === uri.toString() && active;
    });
    assert.equal(tab.label, 'sitemap.xml.gz');
    assert.deepEqual(vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputCustom), []);

    assert.deepEqual(await diagnosticsSettle(uri, 'invalid-priority', (codes) => codes.includes('invalid-priority')), [
      { code: 'invalid-priority', severity: 'Error', range: rangeOf(document, '1.5') },
    ]);

    const start = document.getText().indexOf('1.5');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(start), document.positionAt(start + 3)), '0.8');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await diagnosticsSettle(uri, 'no problems', (codes) => codes.length === 0);
    assert.ok(await document.save());

    const onDisk = fs.readFileSync(file.fsPath);
    assert.deepEqual([...onDisk.subarray(0, 2)], [0x1f, 0x8b]);
    assert.equal(zlib.gunzipSync(onDisk).toString('utf8'), SITEMAP.replace('1.5', '0.8'));
    assert.equal(document.getText(), SITEMAP.replace('1.5', '0.8'));

    // Rewritten on disk by another program: the open editor follows, and so do the diagnostics.
    fs.writeFileSync(file.fsPath, zlib.gzipSync(SITEMAP.replace('1.5', '2')));
    await until('the editor to show the rewritten file', [vscode.workspace.onDidChangeTextDocument], () => document.getText().includes('<priority>2<'));
    assert.deepEqual(await diagnosticsSettle(uri, 'invalid-priority again', (codes) => codes.includes('invalid-priority')), [
      { code: 'invalid-priority', severity: 'Error', range: rangeOf(document, '2', '<priority>') },
    ]);
  });

  it('opens a .txt.gz as a text sitemap through Sitemap: Open Compressed Sitemap as Text', async () => {
    const file = fixtureUri('gz/urls.txt.gz');
    await vscode.commands.executeCommand('sitemap.openCompressed', file);
    const document = await compressedDocument(file, 'sitemap-txt');
    assert.deepEqual(await diagnosticsSettle(document.uri, 'invalid-url', (codes) => codes.length > 0), [
      { code: 'invalid-url', severity: 'Error', range: rangeOf(document, '/relative') },
    ]);
  });

  it('refuses corrupt gzip without opening a document, and keeps serving the others', async () => {
    const file = fixtureUri('gz/corrupt.xml.gz');
    const before = fs.readFileSync(file.fsPath);
    await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(asCompressed(file))));
    assert.equal(openDocument(asCompressed(file)), undefined);
    assert.deepEqual(fs.readFileSync(file.fsPath), before);
    const good = fixtureUri('gz/sitemap.xml.gz');
    await vscode.commands.executeCommand('vscode.open', good);
    const document = await compressedDocument(good, 'sitemap');
    await diagnosticsSettle(document.uri, 'invalid-priority', (codes) => codes.includes('invalid-priority'));
  });
});
