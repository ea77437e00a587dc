/**
 * The chores in a real editor: Remove Duplicate URLs through the command VS Code runs from the palette, on a fixture;
 * the exact text it leaves, and one Undo restoring the original. Never message wording.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, openAs, revert, until } from './helpers';

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
});
