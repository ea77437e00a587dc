/**
 * Issue 32: a `sitemap.pageSources` mapping that maps no page to a file git tracks is a warning on the setting itself,
 * in the workspace's `.vscode/settings.json` (where the test writes it, as a user does), on the mapping's `root`; it
 * goes once the mapping maps pages (the server checks again) or is removed. On the fixture site of
 * test/support/pageSite.ts (a git repository with fixed dates) made in the workspace. Never message wording.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { BASE, fixtureSite } from '../../support/pageSite';
import { closeAllEditors, fixtureUri, formatRange, openAs, setSetting, until } from './helpers';

const FOLDER = 'mapped';
const WRONG = { [`${FOLDER}/public`]: { preset: 'hugo', root: `${FOLDER}/site` } };
const RIGHT = { [`${FOLDER}/public`]: { preset: 'hugo', root: FOLDER } };

/** The warnings on the settings file, as `code range` (the source checked). */
function warnings(settings: vscode.Uri): string[] {
  return vscode.languages.getDiagnostics(settings)
    .filter((d) => d.source === 'sitemap' && d.severity === vscode.DiagnosticSeverity.Warning)
    .map((d) => `${typeof d.code === 'object' ? d.code.value : d.code} ${formatRange(d.range)}`);
}

describe('A sitemap.pageSources mapping that maps nothing', () => {
  const settings = (): vscode.Uri => fixtureUri('.vscode/settings.json');
  const shown = (what: string, accept: (found: string[]) => boolean): Promise<string[]> =>
    until(what, [vscode.languages.onDidChangeDiagnostics], () => (accept(warnings(settings())) ? warnings(settings()) : undefined), () => warnings(settings()).join('; '));

  before(async () => {
    const repo = fixtureSite(fixtureUri(FOLDER).fsPath);
    repo.commit('Sources', '2024-04-01T12:00:00Z', { 'content/a.md': '# A\n' });
    await setSetting('siteRoots', { [`${FOLDER}/public`]: BASE });
  });

  after(async () => {
    await closeAllEditors();
    await setSetting('pageSources', undefined);
    await setSetting('siteRoots', undefined);
    fs.rmSync(fixtureUri(FOLDER).fsPath, { recursive: true, force: true });
  });

  it('is a warning on the mapping\'s root in .vscode/settings.json, gone once the mapping maps pages', async () => {
    await setSetting('pageSources', WRONG);
    await openAs(`${FOLDER}/public/sitemap.xml`, 'sitemap');
    const found = await shown('the warning on the setting', (w) => w.length > 0);
    const document = await vscode.workspace.openTextDocument(settings());
    const text = document.getText();
    const root = `"${FOLDER}/site"`;
    const start = text.indexOf(root);
    assert.ok(start >= 0, text);
    assert.deepEqual(found, [`unmapped-sources ${formatRange(new vscode.Range(document.positionAt(start), document.positionAt(start + root.length)))}`]);
    await setSetting('pageSources', RIGHT);
    await shown('the warning gone once the mapping maps a page', (w) => w.length === 0);
  });

  it('is gone at once when the mapping is removed', async () => {
    await setSetting('pageSources', WRONG);
    await shown('the warning on the setting', (w) => w.length > 0);
    await setSetting('pageSources', undefined);
    await shown('the warning gone with the mapping', (w) => w.length === 0);
  });
});
