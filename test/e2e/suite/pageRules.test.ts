/**
 * Issue 22's page rules in a real editor, on the fixture site of test/support/pageSite.ts made in the workspace (built
 * pages, robots.txt, _redirects, a git history with fixed dates) and mapped by sitemap.siteRoots: every page rule on
 * its range in the editor's diagnostics; Add Unlisted Pages and Set lastmod from Git History as VS Code runs them from
 * the palette, the exact text each leaves and one Undo restoring it; the lastmod-stale quick fix. Never message wording.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { BASE, fixtureSite, SITEMAP } from '../../support/pageSite';
import { closeAllEditors, diagnosticsSettle, fixtureUri, openAs, rangeOf, revert, ruleId, setSetting, until, verdicts } from './helpers';

const FOLDER = 'pagesite';
const SITEMAP_FILE = `${FOLDER}/public/sitemap.xml`;

describe('The page rules in the editor', () => {
  let document: vscode.TextDocument;

  before(async () => {
    fixtureSite(fixtureUri(FOLDER).fsPath);
    await setSetting('siteRoots', { [`${FOLDER}/public`]: BASE });
  });

  after(async () => {
    await closeAllEditors();
    await setSetting('siteRoots', undefined);
    fs.rmSync(fixtureUri(FOLDER).fsPath, { recursive: true, force: true });
  });

  afterEach(async () => {
    if (document !== undefined) await revert(document);
  });

  it('shows each page rule on its entry in the diagnostics, with its id', async () => {
    document = await openAs(SITEMAP_FILE, 'sitemap');
    assert.equal(document.getText(), SITEMAP);
    const seen = await diagnosticsSettle(document.uri, 'the page rules', (codes) => codes.includes('lastmod-inflated') && codes.includes('unlisted-page'));
    const loc = (path: string): string => rangeOf(document, `${BASE}${path}`, '<loc>');
    const pageVerdicts = seen.filter((v) => v.code !== 'unlisted-sitemap');
    assert.deepEqual(pageVerdicts, [
      { code: 'unlisted-page', severity: 'Information', range: rangeOf(document, 'urlset') },
      { code: 'blocked-by-robots', severity: 'Error', range: loc('blocked/') },
      { code: 'noindex-page', severity: 'Error', range: loc('noindex') },
      { code: 'canonical-elsewhere', severity: 'Warning', range: loc('canon') },
      { code: 'page-redirect', severity: 'Warning', range: loc('old') },
      { code: 'page-redirect', severity: 'Warning', range: loc('moved') },
      { code: 'page-not-found', severity: 'Error', range: loc('a') },
      { code: 'page-not-found', severity: 'Error', range: loc('missing') },
      { code: 'lastmod-stale', severity: 'Warning', range: rangeOf(document, '2024-01-01', `${BASE}stale</loc><lastmod>`) },
      { code: 'lastmod-inflated', severity: 'Warning', range: rangeOf(document, '2024-06-01', `${BASE}inflated</loc><lastmod>`) },
    ]);
  });

  it('leaves the page problems a keystroke does not touch as they were, the own problems updated', async () => {
    document = await openAs(SITEMAP_FILE, 'sitemap');
    await diagnosticsSettle(document.uri, 'the page rules', (codes) => codes.includes('lastmod-inflated') && codes.includes('unlisted-page'));
    const before = vscode.languages.getDiagnostics(document.uri);
    // The home page's lastmod made invalid, its length kept: no other problem moves.
    const at = document.getText().indexOf('2024-01-01');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + 10)), '2024-13-01');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await diagnosticsSettle(document.uri, 'the own problem', (codes) => codes.includes('invalid-lastmod'));
    const after = vscode.languages.getDiagnostics(document.uri).filter((d) => ruleId(d) !== 'invalid-lastmod');
    assert.deepEqual(after.map(ruleId).sort(), before.map(ruleId).sort());
    // The very objects: VS Code was not given them again, so it did not redraw them.
    assert.ok(after.every((d) => before.includes(d)));
  });

  it('Add Unlisted Pages appends the unlisted page, dated from git, in one edit that one Undo reverts', async () => {
    document = await openAs(SITEMAP_FILE, 'sitemap');
    await diagnosticsSettle(document.uri, 'the page rules', (codes) => codes.includes('unlisted-page'));
    await vscode.window.showTextDocument(document, { preview: false });
    const result = await vscode.commands.executeCommand<{ status: string; count?: number }>('sitemap.addUnlistedPages');
    assert.equal(result?.status, 'applied');
    assert.equal(document.getText(), SITEMAP.replace('</urlset>', `  <url><loc>${BASE}unlisted.html</loc><lastmod>2024-01-01</lastmod></url>\n</urlset>`));
    await vscode.commands.executeCommand('undo');
    await until('one Undo to restore the sitemap', [vscode.workspace.onDidChangeTextDocument], () => document.getText() === SITEMAP, () => document.getText());
  });

  it('Set lastmod from Git History dates the whole file (no selection) in one edit that one Undo reverts', async () => {
    document = await openAs(SITEMAP_FILE, 'sitemap');
    await diagnosticsSettle(document.uri, 'the page rules', (codes) => codes.includes('lastmod-stale'));
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const result = await vscode.commands.executeCommand<{ status: string; count?: number }>('sitemap.setLastmodFromHistory');
    assert.deepEqual(result, { status: 'applied', count: 6 });
    let expected = SITEMAP
      .replace(`${BASE}stale</loc><lastmod>2024-01-01`, `${BASE}stale</loc><lastmod>2024-03-01`)
      .replace(`${BASE}inflated</loc><lastmod>2024-06-01`, `${BASE}inflated</loc><lastmod>2024-01-01`);
    for (const loc of ['blocked/', 'noindex', 'canon', 'old']) expected = expected.replace(`${BASE}${loc}</loc>`, `${BASE}${loc}</loc><lastmod>2024-01-01</lastmod>`);
    assert.equal(document.getText(), expected);
    await vscode.commands.executeCommand('undo');
    await until('one Undo to restore the sitemap', [vscode.workspace.onDidChangeTextDocument], () => document.getText() === SITEMAP, () => document.getText());
  });

  it('follows a folder of pages deleted, then moved back in (one watcher event for the folder each time)', async () => {
    const folder = fixtureUri(`${FOLDER}/public/guide`).fsPath;
    const away = `${fixtureUri(FOLDER).fsPath}-guide-away`;
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(`${folder}/index.html`, '<!doctype html>\n<html><head><title>Guide</title></head><body><p>Guide</p></body></html>\n');
    // nowhere/ is never served: its page-not-found says the page rules have run.
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${BASE}guide/</loc></url>\n  <url><loc>${BASE}nowhere/</loc></url>\n</urlset>\n`;
    fs.writeFileSync(fixtureUri(`${FOLDER}/public/guide-sitemap.xml`).fsPath, text);
    const notFound = (codes: unknown[]): number => codes.filter((code) => code === 'page-not-found').length;
    try {
      document = await openAs(`${FOLDER}/public/guide-sitemap.xml`, 'sitemap');
      const nowhere = rangeOf(document, `${BASE}nowhere/`, '<loc>');
      const guide = rangeOf(document, `${BASE}guide/`, '<loc>');
      const ranges = (): string[] => verdicts(document.uri).filter((v) => v.code === 'page-not-found').map((v) => v.range);
      await diagnosticsSettle(document.uri, 'the page rules', (codes) => notFound(codes) === 1);
      assert.deepEqual(ranges(), [nowhere]);
      fs.renameSync(folder, away);
      await diagnosticsSettle(document.uri, 'page-not-found once the folder is gone', (codes) => notFound(codes) === 2);
      assert.deepEqual(ranges(), [guide, nowhere]);
      fs.renameSync(away, folder);
      await diagnosticsSettle(document.uri, 'served again once the folder is back', (codes) => notFound(codes) === 1);
      assert.deepEqual(ranges(), [nowhere]);
    } finally {
      await closeAllEditors();
      document = undefined!;
      fs.rmSync(away, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(fixtureUri(`${FOLDER}/public/guide-sitemap.xml`).fsPath, { force: true });
    }
  });

  it('offers lastmod-stale\'s quick fix: the date git gives', async () => {
    document = await openAs(SITEMAP_FILE, 'sitemap');
    await diagnosticsSettle(document.uri, 'the page rules', (codes) => codes.includes('lastmod-stale'));
    const stale = vscode.languages.getDiagnostics(document.uri).find((d) => ruleId(d) === 'lastmod-stale')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, stale.range, vscode.CodeActionKind.QuickFix.value);
    // The converted actions may not carry their diagnostics back: the fix is the one whose edit writes the stale value.
    const fix = actions.find((a) => a.edit?.entries().some(([, edits]) => edits.some((e) => e.range.intersection(stale.range) !== undefined)));
    assert.ok(fix?.edit !== undefined, JSON.stringify(actions.map((a) => a.title)));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(document.getText(), SITEMAP.replace(`${BASE}stale</loc><lastmod>2024-01-01`, `${BASE}stale</loc><lastmod>2024-03-01`));
    await diagnosticsSettle(document.uri, 'lastmod-stale gone', (codes) => !codes.includes('lastmod-stale') && codes.includes('lastmod-inflated'));
    assert.ok(!verdicts(document.uri).some((v) => v.code === 'lastmod-stale'));
  });
});
