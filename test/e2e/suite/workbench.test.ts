/**
 * What only the workbench shows: the languages' icons, word-based suggestions off for sitemaps, the rule links of
 * diagnostics, and the two commands (Show Output before and after the server runs, Restart Language Server).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, EXTENSION_ID, openAs, poll, ruleId, until } from './helpers';

interface SitemapStudioApi {
  isClientRunning(): boolean;
  serverStarts(): number;
}

interface LanguageContribution {
  id: string;
  icon?: { light?: string; dark?: string };
}

function extension(): vscode.Extension<SitemapStudioApi> {
  const found = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is loaded`);
  return found;
}

async function runningApi(): Promise<SitemapStudioApi> {
  const ext = extension();
  const api = await until('the extension to activate', [vscode.extensions.onDidChange, vscode.languages.onDidChangeDiagnostics], () => ext.isActive && ext.exports);
  await poll('the language client to run', () => api.isClientRunning(), (running) => running);
  return api;
}

function labels(list: vscode.CompletionList | undefined): string[] {
  return (list?.items ?? []).map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('workbench', () => {
  afterEach(closeAllEditors);

  it('gives every language an icon, light and dark, that the extension ships (robots.txt and .gz files too)', async () => {
    const ext = extension();
    const languages = (ext.packageJSON.contributes.languages as LanguageContribution[]);
    for (const id of ['sitemap', 'sitemap-txt', 'robots-txt', 'compressed-sitemap']) {
      const icon = languages.find((l) => l.id === id)?.icon;
      assert.ok(icon?.light && icon.dark, `${id} has a light and a dark icon`);
      for (const file of [icon.light, icon.dark]) {
        const stat = await vscode.workspace.fs.stat(vscode.Uri.joinPath(ext.extensionUri, file));
        assert.ok(stat.size > 0, `${file} is not empty`);
      }
    }
  });

  it('turns word-based suggestions off for sitemaps: a word of the file is never offered', async () => {
    for (const languageId of ['sitemap', 'sitemap-txt']) {
      assert.equal(vscode.workspace.getConfiguration('editor', { languageId }).get('wordBasedSuggestions'), 'off', languageId);
    }
    // In a comment, where the server offers nothing: VS Code asks its word-based provider only then.
    const content = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <!-- zebrafish zeb -->\n</urlset>\n';
    const document = await vscode.workspace.openTextDocument({ language: 'sitemap', content });
    await vscode.window.showTextDocument(document);
    await runningApi();
    const position = document.positionAt(content.indexOf('zeb -->') + 3);
    const complete = () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
    assert.ok(!labels(await complete()).includes('zebrafish'), 'no word-based item');
    // The probe works: with word-based suggestions back on for the language, the word is offered.
    const editor = vscode.workspace.getConfiguration('editor', { languageId: 'sitemap' });
    await editor.update('wordBasedSuggestions', 'currentDocument', vscode.ConfigurationTarget.Workspace, true);
    try {
      await poll('the word-based item with the setting on', complete, (list) => labels(list).includes('zebrafish'), (list) => JSON.stringify(labels(list)));
    } finally {
      await editor.update('wordBasedSuggestions', undefined, vscode.ConfigurationTarget.Workspace, true);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('links every diagnostic to its rule\'s heading in the docs/rules.md the extension ships', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    await diagnosticsSettle(document.uri, 'the broken fixture\'s problems', (codes) => codes.includes('invalid-lastmod'));
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'sitemap');
    for (const diagnostic of ours) {
      const target = typeof diagnostic.code === 'object' ? diagnostic.code.target : undefined;
      assert.ok(target, `${ruleId(diagnostic)} has a link`);
      const line = /^L(\d+)$/.exec(target.fragment)?.[1];
      assert.ok(line, `a line in ${target.toString()}`);
      const docs = await vscode.workspace.openTextDocument(target.with({ fragment: '' }));
      assert.equal(docs.lineAt(Number(line) - 1).text, `## ${ruleId(diagnostic)}`);
    }
  });

  it('has Sitemap: Show Output, which shows the output channel', async () => {
    const all = await vscode.commands.getCommands(true);
    assert.ok(all.includes('sitemap.showOutput') && all.includes('sitemap.restartServer'), 'both commands are registered');
    await vscode.commands.executeCommand('sitemap.showOutput');
    await until('the Sitemap Studio output channel to be shown', [vscode.workspace.onDidOpenTextDocument, vscode.window.onDidChangeVisibleTextEditors],
      () => vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'output' && decodeURIComponent(d.uri.toString()).includes('Sitemap Studio')),
      () => vscode.workspace.textDocuments.map((d) => d.uri.toString()).join(', '));
  });

  it('has Sitemap: Restart Language Server, after which the server runs again and reports problems', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    const api = await runningApi();
    await diagnosticsSettle(document.uri, 'the broken fixture\'s problems', (codes) => codes.includes('invalid-lastmod'));
    const before = api.serverStarts();
    await vscode.commands.executeCommand('sitemap.restartServer');
    await poll('a new server to run', () => api.serverStarts() > before && api.isClientRunning(), (ok) => ok);
    await diagnosticsSettle(document.uri, 'the problems to come back', (codes) => codes.includes('invalid-lastmod'));
    // The new server answers a document it has never seen.
    const fresh = await vscode.workspace.openTextDocument({ language: 'sitemap-txt', content: '/relative\n' });
    await vscode.window.showTextDocument(fresh);
    await diagnosticsSettle(fresh.uri, 'a fresh document\'s problem', (codes) => codes.includes('invalid-url'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
