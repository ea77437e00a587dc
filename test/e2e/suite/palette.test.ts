/**
 * Every command the palette offers runs where it is offered (issue 33): each `commandPalette` entry of package.json,
 * its `when` clause judged with the context keys the extension set (its API) and `isWeb` as this workbench has it, the
 * workbench's own keys unknown (so "could show"), is a registered command of this extension host. In code-server — a
 * browser workbench (`isWeb`) on a Node extension host — the server's commands (Add Unlisted Pages, Set lastmod from
 * Git History) and Compare are offered: `!isWeb` hid the first two there.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, EXTENSION_ID, openAs, poll, until } from './helpers';
import { couldHold, type KnownKeys } from './whenClause';

interface SitemapStudioApi {
  isClientRunning(): boolean;
  contextKeys(): Record<string, unknown>;
}

interface MenuEntry {
  command: string;
  when?: string;
}

const SERVER_COMMANDS = ['sitemap.addUnlistedPages', 'sitemap.setLastmodFromHistory', 'sitemap.compareWithLastCommit', 'sitemap.compareWithFile', 'sitemap.openFromUrl'];

describe('the command palette', () => {
  after(closeAllEditors);

  it('offers in this host only registered commands, the server\'s commands and Compare included', async () => {
    const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
    assert.ok(extension);
    await openAs('urls.xml', 'sitemap');
    const api = await until('the extension to activate', [vscode.extensions.onDidChange, vscode.languages.onDidChangeDiagnostics], () => extension.isActive && extension.exports);
    // Set from the server's initialize answer once it runs.
    const ours = await poll('the server\'s abilities as context keys', () => api.contextKeys(), (keys) => 'sitemap.serverReadsPages' in keys && keys['sitemap.activeKind'] === 'urlset');
    const isWeb = vscode.env.uiKind === vscode.UIKind.Web;
    const keys: KnownKeys = (key) => key === 'isWeb' ? { known: true, value: isWeb }
      : key.startsWith('sitemap.') ? { known: true, value: ours[key] } : { known: false };
    const registered = new Set(await vscode.commands.getCommands(true));
    const palette = extension.packageJSON.contributes.menus.commandPalette as MenuEntry[];
    const shown = palette.filter((entry) => entry.when === undefined || couldHold(entry.when, keys) !== false).map((entry) => entry.command);
    assert.deepEqual(shown.filter((command) => !registered.has(command)), [], `offered but not registered (isWeb ${isWeb}, keys ${JSON.stringify(ours)})`);
    assert.deepEqual(SERVER_COMMANDS.filter((command) => !shown.includes(command)), [], `hidden from the palette (isWeb ${isWeb}, keys ${JSON.stringify(ours)})`);
  });
});
