/**
 * A dead server never looks like a clean file: the server's process is killed until the client gives up (the fifth
 * crash within three minutes), the status bar item then says the checker stopped, in the error colour, with Restart on
 * click; Restart brings the server, the item's counts and the problems back.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettle, EXTENSION_ID, openAs, poll, until } from './helpers';

interface StatusBarState {
  text: string;
  level: string;
  command: string | undefined;
}

interface SitemapStudioApi {
  isClientRunning(): boolean;
  serverHealth(): string;
  serverProcessId(): number | undefined;
  statusBar(): StatusBarState | undefined;
}

const RESTART = 'sitemap.restartServer';

async function runningApi(): Promise<SitemapStudioApi> {
  const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is loaded`);
  const api = await until('the extension to activate', [vscode.extensions.onDidChange, vscode.languages.onDidChangeDiagnostics], () => extension.isActive && extension.exports);
  await poll('the language client to run', () => api.isClientRunning() && api.serverProcessId() !== undefined, (running) => running);
  return api;
}

/** Kills the server's process; resolves once the client has either started a new one or given up. */
async function killServer(api: SitemapStudioApi): Promise<string> {
  const pid = api.serverProcessId();
  assert.ok(pid !== undefined, 'the server reports its process id');
  process.kill(pid, 'SIGKILL');
  return poll(`the client to handle the death of process ${pid}`,
    () => {
      const next = api.serverProcessId();
      return api.serverHealth() === 'stopped' ? 'stopped' : next !== undefined && next !== pid ? 'restarted' : 'waiting';
    },
    (outcome) => outcome !== 'waiting');
}

describe('a dead language server', () => {
  afterEach(closeAllEditors);

  it('shows the checker stopped after five crashes, and Restart brings the problems back', async () => {
    const document = await openAs('sitemap.xml', 'sitemap');
    const api = await runningApi();
    await diagnosticsSettle(document.uri, 'the broken fixture\'s problems', (codes) => codes.includes('invalid-lastmod'));
    const counts = await poll('the status bar item\'s counts', () => api.statusBar(), (state) => state?.level === 'normal');

    const outcomes: string[] = [];
    while (outcomes.at(-1) !== 'stopped') {
      assert.ok(outcomes.length < 5, `the client gave up within five crashes (${outcomes.join(', ')})`);
      outcomes.push(await killServer(api));
    }
    assert.deepEqual(outcomes, ['restarted', 'restarted', 'restarted', 'restarted', 'stopped']);
    const stopped = await poll('the status bar item to say the checker stopped', () => api.statusBar(), (state) => state?.level === 'error');
    assert.equal(stopped?.command, RESTART, 'a click restarts the server');
    assert.notEqual(stopped?.text, counts?.text);

    await vscode.commands.executeCommand(RESTART);
    await poll('the server to run again', () => api.serverHealth() === 'running' && api.isClientRunning(), (running) => running);
    const back = await poll('the item\'s counts to come back', () => api.statusBar(), (state) => state?.level === 'normal');
    assert.equal(back?.text, counts?.text);
    assert.equal(back?.command, undefined);
    await diagnosticsSettle(document.uri, 'the problems to come back', (codes) => codes.includes('invalid-lastmod'));
  });
});
