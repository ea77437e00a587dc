/**
 * Diagnostics in the editor: rule ids and exact ranges from the server, edits made through WorkspaceEdit, and
 * settings changed through the configuration API. Asserts rule ids, severities and ranges, never message text.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, openAs, rangeOf, setSetting, verdicts } from './helpers';

const hasCode = (code: string) => (codes: unknown[]) => codes.includes(code);
const lacksCode = (code: string) => (codes: unknown[]) => !codes.includes(code);

describe('diagnostics', () => {
  afterEach(closeAllEditors);

  it('reports the broken sitemap.xml with rule ids at exact ranges', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    const seen = await diagnosticsSettle(document.uri, 'its problems', (codes) => codes.length > 0);
    assert.deepEqual(seen, [
      { code: 'unescaped-ampersand', severity: 'Error', range: rangeOf(document, '&', 'category=tea') },
      { code: 'invalid-lastmod', severity: 'Error', range: rangeOf(document, '30', '<lastmod>2024-02-') },
      { code: 'invalid-changefreq', severity: 'Error', range: rangeOf(document, 'sometimes') },
      { code: 'invalid-priority', severity: 'Error', range: rangeOf(document, '1.5') },
    ]);
    assert.ok(vscode.languages.getDiagnostics(document.uri).every((d) => d.source === 'sitemap'));
  });

  it('reports a text sitemap line that is not an absolute URL', async () => {
    const document = await openAs('sitemap.txt', 'sitemap-txt');
    const seen = await diagnosticsSettle(document.uri, 'its problems', (codes) => codes.length > 0);
    assert.deepEqual(seen, [{ code: 'invalid-url', severity: 'Error', range: rangeOf(document, '/contact') }]);
  });

  it('opens robots.txt as robots-txt and reports a Sitemap: line that is not an absolute URL, on its value', async () => {
    const document = await openAs('robots/robots.txt', 'robots-txt');
    const seen = await diagnosticsSettle(document.uri, 'its problems', (codes) => codes.length > 0);
    assert.deepEqual(seen, [{ code: 'robots-sitemap-url', severity: 'Error', range: rangeOf(document, '/news-sitemap.xml') }]);
  });

  it('follows edits made through WorkspaceEdit: fixing clears the problems, reverting brings them back', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    const uri = document.uri;
    await diagnosticsSettle(uri, 'its problems', hasCode('unescaped-ampersand'));
    const at = (needle: string, after = '') => {
      const start = document.getText().indexOf(after + needle) + after.length;
      return new vscode.Range(document.positionAt(start), document.positionAt(start + needle.length));
    };

    // One problem: escape the ampersand.
    let edit = new vscode.WorkspaceEdit();
    edit.insert(uri, at('&', 'category=tea').end, 'amp;');
    assert.ok(await vscode.workspace.applyEdit(edit));
    let seen = await diagnosticsSettle(uri, 'no unescaped-ampersand', lacksCode('unescaped-ampersand'));
    assert.deepEqual(seen.map((v) => v.code), ['invalid-lastmod', 'invalid-changefreq', 'invalid-priority']);
    assert.equal(seen[2].range, rangeOf(document, '1.5'));

    // The rest in one edit.
    edit = new vscode.WorkspaceEdit();
    edit.replace(uri, at('30', '<lastmod>2024-02-'), '29');
    edit.replace(uri, at('sometimes'), 'monthly');
    edit.replace(uri, at('1.5'), '0.5');
    assert.ok(await vscode.workspace.applyEdit(edit));
    seen = await diagnosticsSettle(uri, 'no problems', (codes) => codes.length === 0);
    assert.deepEqual(seen, []);

    // Revert to the file on disk: the problems come back, and the fixture is left as it was.
    await vscode.commands.executeCommand('workbench.action.files.revert');
    seen = await diagnosticsSettle(uri, 'the problems back', (codes) => codes.length === 4);
    assert.deepEqual(seen.map((v) => v.code), ['unescaped-ampersand', 'invalid-lastmod', 'invalid-changefreq', 'invalid-priority']);
    assert.equal(document.isDirty, false);
  });

  it('applies sitemap.rules: a rule turned off, another given a lower severity', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    await diagnosticsSettle(document.uri, 'its problems', hasCode('invalid-priority'));
    try {
      await setSetting('rules', { 'invalid-priority': 'off', 'invalid-changefreq': 'warning' });
      const seen = await diagnosticsSettle(document.uri, 'no invalid-priority', lacksCode('invalid-priority'));
      assert.deepEqual(seen, [
        { code: 'unescaped-ampersand', severity: 'Error', range: rangeOf(document, '&', 'category=tea') },
        { code: 'invalid-lastmod', severity: 'Error', range: rangeOf(document, '30', '<lastmod>2024-02-') },
        { code: 'invalid-changefreq', severity: 'Warning', range: rangeOf(document, 'sometimes') },
      ]);
    } finally {
      await setSetting('rules', undefined);
    }
    const seen = await diagnosticsSettle(document.uri, 'invalid-priority back', hasCode('invalid-priority'));
    assert.deepEqual(seen.map((v) => v.severity), ['Error', 'Error', 'Error', 'Error']);
  });

  it('decides out-of-scope from sitemap.siteRoots', async () => {
    const document = await openAs('public/catalog/sitemap.xml', 'sitemap');
    const uri = document.uri;
    try {
      // public/ is the site root: the sitemap lives at /catalog/sitemap.xml and may list only URLs under /catalog/.
      await setSetting('siteRoots', { public: 'https://www.example.com/' });
      let seen = await diagnosticsSettle(uri, 'out-of-scope', hasCode('out-of-scope'));
      assert.deepEqual(seen, [{ code: 'out-of-scope', severity: 'Error', range: rangeOf(document, 'https://www.example.com/image/show?item=23') }]);

      // Another host for the folder: both URLs are out of scope.
      await setSetting('siteRoots', { public: 'https://shop.example.com/' });
      seen = await diagnosticsSettle(uri, 'two out-of-scope', (codes) => codes.filter((c) => c === 'out-of-scope').length === 2);
      assert.deepEqual(seen.map((v) => v.range), [
        rangeOf(document, 'https://www.example.com/catalog/show?item=23'),
        rangeOf(document, 'https://www.example.com/image/show?item=23'),
      ]);
    } finally {
      await setSetting('siteRoots', undefined);
    }
    // Location unknown again: only mixed-hosts could apply, and both URLs share one host.
    assert.deepEqual(await diagnosticsSettle(uri, 'no out-of-scope', lacksCode('out-of-scope')), []);
    assert.deepEqual(verdicts(uri), []);
  });
});
