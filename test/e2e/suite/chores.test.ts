/**
 * The chores in a real editor: Remove Duplicate URLs through the command VS Code runs from the palette, on a fixture;
 * the exact text it leaves, and one Undo restoring the original. Never message wording.
 */
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, compressedUriOf, diagnosticsSettle, fixtureUri, openAs, poll, revert, runAcceptingDefaults, until } from './helpers';

/** A text sitemap of two URLs, one with an `&`. */
const TEXT_SITEMAP = 'chores/sitemap-pages.txt';
const CONVERTED = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url>',
  '    <loc>https://www.example.com/a?x=1&amp;y=2</loc>',
  '  </url>',
  '  <url>',
  '    <loc>https://www.example.com/b</loc>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

/** Four entries, two of them repeating an earlier URL (one after a comment). */
const DUPLICATES = 'chores/duplicates-sitemap.xml';

const DEDUPLICATED = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url>',
  '    <loc>https://www.example.com/a</loc>',
  '  </url>',
  '  <url>',
  '    <loc>https://www.example.com/b</loc>',
  '  </url>',
  '  <!-- the second a -->',
  '</urlset>',
  '',
].join('\n');

describe('Sitemap chores', () => {
  afterEach(closeAllEditors);

  it('Remove Duplicate URLs leaves each URL once, in one edit that one Undo reverts', async () => {
    const document = await openAs(DUPLICATES, 'sitemap');
    const original = document.getText();
    try {
      await diagnosticsSettle(document.uri, 'duplicate-url reported', (codes) => codes.filter((c) => c === 'duplicate-url').length === 2);
      const result = await vscode.commands.executeCommand<{ status: string; count?: number }>('sitemap.removeDuplicates');
      assert.deepEqual(result, { status: 'applied', count: 2 });
      assert.equal(document.getText(), DEDUPLICATED);
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('undo');
      await until('one undo to restore the original', [vscode.workspace.onDidChangeTextDocument], () => document.getText() === original, () => document.getText());
      assert.equal(document.isDirty, false);
    } finally {
      await revert(document);
    }
  });

  it('Convert to XML Sitemap writes <name>.xml beside the text sitemap, opens it, and one Undo removes it', async () => {
    const source = await openAs(TEXT_SITEMAP, 'sitemap-txt');
    const target = fixtureUri('chores/sitemap-pages.xml');
    const exists = () => vscode.workspace.fs.stat(target).then(() => true, () => false);
    assert.equal(await exists(), false);
    await diagnosticsSettle(source.uri, 'the server to hold the text sitemap', () => true);
    await vscode.commands.executeCommand('sitemap.convertToXml');
    const editor = await until('the converted file in the active editor', [vscode.window.onDidChangeActiveTextEditor],
      () => vscode.window.activeTextEditor?.document.uri.toString() === target.toString() && vscode.window.activeTextEditor);
    assert.equal(editor.document.getText(), CONVERTED);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), CONVERTED);
    assert.equal(source.getText(), 'https://www.example.com/a?x=1&y=2\nhttps://www.example.com/b\n'); // the original stays
    await vscode.commands.executeCommand('undo');
    await poll('one Undo to remove the converted file', exists, (there) => !there);
  });

  it('Add to robots.txt on a compressed sitemap: the Sitemap: line for its file, the URL prefilled from its first entry', async () => {
    const robots = fixtureUri('robots.txt');
    const gz = fixtureUri('chores/news-sitemap.xml.gz');
    await vscode.workspace.fs.writeFile(robots, new TextEncoder().encode('User-agent: *\nDisallow:\n'));
    await vscode.workspace.fs.writeFile(gz, zlib.gzipSync('<?xml version="1.0" encoding="UTF-8"?>\n'
      + '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://news.example.com/a</loc></url>\n</urlset>\n'));
    try {
      await vscode.commands.executeCommand('vscode.open', gz); // a sitemap-gz: text editor
      const compressed = compressedUriOf(gz);
      await diagnosticsSettle(compressed, 'the server to hold the compressed sitemap', () => true);
      await until('the compressed sitemap active', [vscode.window.onDidChangeActiveTextEditor],
        () => vscode.window.activeTextEditor?.document.uri.toString() === compressed.toString());
      await runAcceptingDefaults('sitemap.addToRobotsTxt'); // Enter on the URL the prompt offers
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === robots.toString());
      assert.ok(document, 'robots.txt is open');
      assert.equal(document.getText(), 'User-agent: *\nDisallow:\nSitemap: https://news.example.com/chores/news-sitemap.xml.gz\n');
      await revert(document);
    } finally {
      await vscode.workspace.fs.delete(robots);
      await vscode.workspace.fs.delete(gz);
    }
  });
});
