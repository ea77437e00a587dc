/**
 * out-of-scope's quick fixes in a real editor, on a sitemap whose location sitemap.siteRoots gives: "Allow <origin> in
 * sitemap.allowedHosts" runs the client command sitemap.allowHost, which writes the origin into the workspace settings
 * (where the setting is set nowhere else), and the problem goes; "Remove this entry" removes the entry's lines.
 * Asserts rule ids, ranges, the setting's value at its scope and text in → text out, never message wording.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, openAs, rangeOf, revert, ruleId, setSetting, verdicts } from './helpers';

/** Three entries under https://www.example.com/, the second on https://shop.example.com. */
const SITEMAP = 'hosts/sitemap.xml';
const OTHER_URL = 'https://shop.example.com/cart';
const OTHER_ORIGIN = 'https://shop.example.com';
const ALLOW_HOST_COMMAND = 'sitemap.allowHost';

/** SITEMAP without the entry on the other origin. */
const WITHOUT_OTHER = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  '  <url>',
  '    <loc>https://www.example.com/home</loc>',
  '  </url>',
  '  <url>',
  '    <loc>https://www.example.com/faq</loc>',
  '  </url>',
  '</urlset>',
  '',
].join('\n');

const hasOutOfScope = (codes: unknown[]) => codes.includes('out-of-scope');

/** Waits for the one out-of-scope problem of `document` and checks its range: the other origin's URL. */
async function outOfScope(document: vscode.TextDocument): Promise<vscode.Diagnostic> {
  const seen = await diagnosticsSettle(document.uri, 'out-of-scope', hasOutOfScope);
  assert.deepEqual(seen, [{ code: 'out-of-scope', severity: 'Error', range: rangeOf(document, OTHER_URL) }]);
  return vscode.languages.getDiagnostics(document.uri).find((d) => ruleId(d) === 'out-of-scope')!;
}

/**
 * The quick fixes VS Code gets for `diagnostic`'s range (the light bulb's request): out-of-scope's two, as no other
 * problem is there. (The command's answer does not say which diagnostic an action fixes.)
 */
async function quickFixesAt(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Promise<{ remove: vscode.CodeAction; allow: vscode.CodeAction }> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider', document.uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  const seen = JSON.stringify(actions.map((a) => ({ command: a.command?.command, edit: a.edit !== undefined })));
  assert.equal(actions.length, 2, seen);
  const remove = actions.find((a) => a.edit !== undefined && a.command === undefined);
  const allow = actions.find((a) => a.command?.command === ALLOW_HOST_COMMAND && a.edit === undefined);
  assert.ok(remove && allow, seen);
  assert.ok(actions.every((a) => a.kind?.value === vscode.CodeActionKind.QuickFix.value));
  return { remove, allow };
}

function allowedHosts(document: vscode.TextDocument) {
  return vscode.workspace.getConfiguration('sitemap', document.uri).inspect<unknown[]>('allowedHosts');
}

describe('out-of-scope quick fixes', () => {
  // hosts/ is the site root: hosts/sitemap.xml lives at https://www.example.com/sitemap.xml.
  before(() => setSetting('siteRoots', { hosts: 'https://www.example.com/' }));
  after(() => setSetting('siteRoots', undefined));
  afterEach(closeAllEditors);

  it('Allow <origin> adds the origin to sitemap.allowedHosts in the workspace settings, and the problem goes', async () => {
    const document = await openAs(SITEMAP, 'sitemap');
    const initial = allowedHosts(document);
    assert.equal(initial?.workspaceValue, undefined, 'sitemap.allowedHosts is set nowhere before the fix');
    assert.equal(initial?.globalValue, undefined);
    try {
      const diagnostic = await outOfScope(document);
      const { allow } = await quickFixesAt(document, diagnostic);
      assert.deepEqual(allow.command?.arguments, [document.uri.toString(), OTHER_ORIGIN]);

      await vscode.commands.executeCommand(ALLOW_HOST_COMMAND, ...allow.command.arguments);
      const updated = allowedHosts(document);
      assert.deepEqual(updated?.workspaceValue, [OTHER_ORIGIN]);
      assert.equal(updated?.globalValue, undefined, 'the user settings are left alone');
      assert.deepEqual(await diagnosticsSettle(document.uri, 'out-of-scope gone', (codes) => !hasOutOfScope(codes)), []);
      assert.equal(document.isDirty, false);
    } finally {
      await setSetting('allowedHosts', undefined);
    }
    // The setting restored: the problem is back, so the later tests see the workspace as it was.
    await outOfScope(document);
    assert.equal(allowedHosts(document)?.workspaceValue, undefined);
  });

  it('Remove this entry removes the other origin\'s entry, its lines and nothing else', async () => {
    const document = await openAs(SITEMAP, 'sitemap');
    try {
      const diagnostic = await outOfScope(document);
      const { remove } = await quickFixesAt(document, diagnostic);
      assert.ok(await vscode.workspace.applyEdit(remove.edit!));
      assert.equal(document.getText(), WITHOUT_OTHER);
      assert.deepEqual(await diagnosticsSettle(document.uri, 'out-of-scope gone', (codes) => !hasOutOfScope(codes)), []);
      assert.deepEqual(verdicts(document.uri), []);
    } finally {
      await revert(document);
    }
  });
});
