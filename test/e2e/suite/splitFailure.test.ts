/**
 * Split into Index when a write fails, in a real editor: `SITEMAP_SPLIT_FAIL_WRITE=n` (set in the extension host,
 * which the extension and the sitemap-split it spawns read) makes the nth file's creation fail. In the editor VS Code
 * keeps the files of a failed edit it managed to write: the split removes them, and the original keeps its text;
 * from disk (a gzip file), sitemap-split leaves nothing either. Neither leaves a file behind.
 */
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, fixtureUri, openAs, revert, runAcceptingDefaults, setSetting } from './helpers';

const FIXTURE = 'split/products-sitemap.xml';

async function exists(relative: string): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(fixtureUri(relative));
    return true;
  } catch {
    return false;
  }
}

async function namesIn(folder: string): Promise<string[]> {
  return (await vscode.workspace.fs.readDirectory(fixtureUri(folder))).map(([name]) => name).sort();
}

describe('Split into Index when a write fails', () => {
  before(async () => {
    await setSetting('limits.maxEntries', 2);
    await setSetting('siteRoots', { split: 'https://www.example.com/shop/' });
  });

  after(async () => {
    delete process.env.SITEMAP_SPLIT_FAIL_WRITE;
    await closeAllEditors();
    await setSetting('limits.maxEntries', undefined);
    await setSetting('siteRoots', undefined);
  });

  it('in the editor: the second child fails, the first is removed, the original keeps its text', async () => {
    const document = await openAs(FIXTURE, 'sitemap');
    const original = document.getText();
    await diagnosticsSettle(document.uri, 'too-many-entries', (codes) => codes.includes('too-many-entries'));
    const before = await namesIn('split');
    process.env.SITEMAP_SPLIT_FAIL_WRITE = '2';
    try {
      await runAcceptingDefaults('sitemap.splitIntoIndex');
    } finally {
      delete process.env.SITEMAP_SPLIT_FAIL_WRITE;
    }
    try {
      assert.equal(document.getText(), original);
      assert.equal(await exists('split/products-sitemap-1.xml'), false, 'the child VS Code wrote is removed');
      assert.deepEqual(await namesIn('split'), before);
    } finally {
      await revert(document);
    }
  });

  it('from disk through sitemap-split: no file left behind', async () => {
    const gz = fixtureUri('split/failing-sitemap.xml.gz');
    await vscode.workspace.fs.writeFile(gz, zlib.gzipSync(Buffer.from(await fixtureText())));
    await setSetting('split.replaceOriginal', false);
    const before = await namesIn('split');
    process.env.SITEMAP_SPLIT_FAIL_WRITE = '2';
    try {
      await runAcceptingDefaults('sitemap.splitIntoIndex', gz);
      assert.deepEqual(await namesIn('split'), before);
    } finally {
      delete process.env.SITEMAP_SPLIT_FAIL_WRITE;
      await setSetting('split.replaceOriginal', undefined);
      await vscode.workspace.fs.delete(gz);
    }
  });
});

async function fixtureText(): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(FIXTURE)));
}
