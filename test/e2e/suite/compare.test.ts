/**
 * Sitemap: Compare with Last Commit and Compare with File… in a real editor, run on the active sitemap as the palette
 * runs them, in a git repository made in the workspace: the lists document they open holds the counts and every URL
 * added, removed and re-dated, unsaved edits included. Never message wording.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { gitRepository } from '../../support/gitRepository';
import { closeAllEditors, fixtureUri, openAs, revert, until } from './helpers';
import { listedUrlset as urlset, SITE as U } from '../../support/listingFixture';

const FOLDER = 'compare';

/** The lists document's counts table and its items, read back from sitemap-diff's markdown. */
function readLists(text: string): { counts: Record<string, number>; items: string[] } {
  const counts: Record<string, number> = {};
  for (const [, name, n] of text.matchAll(/^\| (Old|New|Added|Removed|Lastmod changed) \| (\d+) \|$/gm)) counts[name] = Number(n);
  const items = [...text.matchAll(/^- (.*)$/gm)].map(([, item]) => item.replaceAll(U, '').replaceAll('`', ''));
  return { counts, items };
}

/** Runs `command` and waits for the lists document it opens. */
async function listsOf(command: string, ...args: unknown[]): Promise<string> {
  const before = new Set(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'sitemap-compare').map((d) => d.uri.toString()));
  const fresh = () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'sitemap-compare' && !before.has(d.uri.toString()));
  await vscode.commands.executeCommand(command, ...args);
  return until(`${command} to open its lists`, [vscode.workspace.onDidOpenTextDocument], () => fresh()?.getText());
}

describe('Compare with Last Commit / with File…', () => {
  let document: vscode.TextDocument | undefined;

  before(() => {
    const repo = gitRepository(fixtureUri(FOLDER).fsPath);
    repo.commit('first', '2024-01-01T00:00:00Z', { 'sitemap.xml': urlset('a', 'b@2024-01-01', 'c') });
    repo.write({ 'sitemap.xml': urlset('a', 'b@2024-02-01', 'd'), 'old/sitemap.xml': urlset('a', 'z') });
  });

  after(async () => {
    if (document !== undefined) await revert(document);
    await closeAllEditors();
    fs.rmSync(fixtureUri(FOLDER).fsPath, { recursive: true, force: true });
  });

  it('Compare with Last Commit lists what the sitemap as edited adds, removes and re-dates against HEAD', async () => {
    document = await openAs(`${FOLDER}/sitemap.xml`, 'sitemap');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(document.getText().indexOf('</urlset>')), `  <url><loc>${U}e</loc></url>\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const lists = readLists(await listsOf('sitemap.compareWithLastCommit'));
    assert.deepEqual(lists, {
      counts: { Old: 3, New: 4, Added: 2, Removed: 1, 'Lastmod changed': 1 },
      items: ['d', 'e', 'c', 'b: 2024-01-01 → 2024-02-01'],
    });
  });

  it('Compare with File… against the file it is given, without a dialog', async () => {
    document = await openAs(`${FOLDER}/sitemap.xml`, 'sitemap');
    const lists = readLists(await listsOf('sitemap.compareWithFile', document.uri, fixtureUri(`${FOLDER}/old/sitemap.xml`)));
    assert.deepEqual(lists.counts, { Old: 2, New: 4, Added: 3, Removed: 1, 'Lastmod changed': 0 });
    assert.deepEqual(lists.items, ['b', 'd', 'e', 'z']);
  });
});
