/**
 * Sitemap: Check Site from the command palette's command: the problems of files that were never opened reach the
 * Problems panel (vscode.languages.getDiagnostics), per-file and cross-file rules at exact ranges with the related
 * location. The fixture site is test/e2e/workspace/site/ (robots.txt → index.xml → blog.xml, news.xml, a missing
 * archive.xml). Afterwards the server is restarted, so that the later tests see live problems only.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SitemapStudioApi } from '../../../client/src/extension';
import type { CheckSiteResult } from '../../../shared/protocol';
import { CROSS_FILE_RULES } from '../crossFileRules';
import { closeAllEditors, diagnosticsSettle, EXTENSION_ID, fixtureUri, formatRange, poll, ruleId, setSetting } from './helpers';

/** The range of `needle` (its first occurrence after `after`) in a file's text, as `line:character-line:character`. */
async function rangeIn(uri: vscode.Uri, needle: string, after = ''): Promise<string> {
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const start = text.indexOf(after + needle) + after.length;
  assert.ok(start >= after.length, `${needle} in ${uri.path}`);
  const at = (offset: number) => {
    const lines = text.slice(0, offset).split('\n');
    return new vscode.Position(lines.length - 1, lines.at(-1)!.length);
  };
  return formatRange(new vscode.Range(at(start), at(start + needle.length)));
}

describe('Check Site', () => {
  // The suite runs with the cross-file rules off (test/e2e/runEditor.ts): this workspace is turned into a site here.
  before(() => setSetting('rules', CROSS_FILE_RULES));
  afterEach(closeAllEditors);

  it('puts the problems of every sitemap of the workspace in the Problems panel, files not open included', async () => {
    const news = fixtureUri('site/news.xml');
    const index = fixtureUri('site/index.xml');
    const blog = fixtureUri('site/blog.xml');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.path.includes('/site/')), 'the site\'s files are not open');
    assert.deepEqual(vscode.languages.getDiagnostics(news), [], 'no problems before the command');

    const result = await vscode.commands.executeCommand<CheckSiteResult | undefined>('sitemap.checkSite');
    assert.ok(result !== undefined && result.folders === 1 && result.files >= 4, JSON.stringify(result));

    const seen = await diagnosticsSettle(news, 'Check Site\'s problems', (codes) => codes.length === 2);
    assert.deepEqual(seen, [
      { code: 'invalid-priority', severity: 'Error', range: await rangeIn(news, '1.5') },
      { code: 'cross-file-duplicate-url', severity: 'Warning', range: await rangeIn(news, 'https://site.example.org/about') },
    ]);
    const duplicate = vscode.languages.getDiagnostics(news).find((d) => ruleId(d) === 'cross-file-duplicate-url')!;
    assert.deepEqual(duplicate.relatedInformation?.map((r) => [r.location.uri.toString(), formatRange(r.location.range)]), [
      [blog.toString(), await rangeIn(blog, 'https://site.example.org/about')],
    ]);
    assert.deepEqual(
      await diagnosticsSettle(index, 'the missing child', (codes) => codes.includes('missing-sitemap-file')),
      [{ code: 'missing-sitemap-file', severity: 'Warning', range: await rangeIn(index, 'https://site.example.org/archive.xml') }],
    );
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.path.includes('/site/')), 'still not open');
  });

  after(async () => {
    await setSetting('rules', undefined);
    // A restart clears every problem Check Site published: the later tests wait for live problems only.
    const api = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID)!.exports;
    const before = api.serverStarts();
    await vscode.commands.executeCommand('sitemap.restartServer');
    await poll('the restarted server to run', () => api.serverStarts() > before && api.isClientRunning(), (ok) => ok);
    assert.deepEqual(vscode.languages.getDiagnostics(fixtureUri('site/news.xml')), []);
  });
});
