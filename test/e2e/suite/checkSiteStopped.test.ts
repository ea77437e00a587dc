/**
 * A server killed during Check Site (issue 33: "Check Site failed: see Sitemap: Show Output", whose log held a raw
 * "Pending response rejected since connection got disposed" stack and a stray `[info] false`): the command reports
 * the server stopped (its result, not its wording), and what it and the library logged meanwhile has no stack frame
 * and no bare boolean. The server is killed once its Check Site child process runs (seen in /proc), on a site large
 * enough that the child is still linting then.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SitemapStudioApi } from '../../../client/src/extension';
import { EXTENSION_ID, fixtureUri, openAs, poll } from './helpers';

const FOLDER = 'stoppedcheck';
const FILES = 40;
const ENTRIES = 10_000;

function writeSite(root: string): void {
  fs.mkdirSync(root, { recursive: true });
  for (let f = 0; f < FILES; f++) {
    const urls = Array.from({ length: ENTRIES }, (_, k) => `  <url><loc>https://stopped.example.com/${f}/page-${k}.html</loc></url>\n`).join('');
    fs.writeFileSync(path.join(root, `sitemap-${f}.xml`), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`);
  }
}

/** The processes whose parent is `pid` (Linux's /proc), with their command lines. */
function childrenOf(pid: number): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('a server killed during Check Site', () => {
  before(() => writeSite(fixtureUri(FOLDER).fsPath));

  after(async () => {
    // A fresh crash history for the tests that follow (a restart the user asks for resets it); it clears Check Site's problems too.
    await vscode.commands.executeCommand('sitemap.restartServer');
    fs.rmSync(fixtureUri(FOLDER).fsPath, { recursive: true, force: true });
  });

  it('reports the server stopped, and logs no stack and no stray boolean', async function () {
    if (process.platform !== 'linux') this.skip();
    const extension = vscode.extensions.getExtension<SitemapStudioApi>(EXTENSION_ID);
    assert.ok(extension);
    await openAs(`${FOLDER}/sitemap-0.xml`, 'sitemap');
    const api = await poll('the server to run', () => extension.exports, (exports) => exports?.isClientRunning() === true && exports.serverProcessId() !== undefined);
    const pid = api.serverProcessId()!;
    const starts = api.serverStarts();
    const from = api.outputLineCount();

    const outcome = vscode.commands.executeCommand<unknown>('sitemap.checkSite');
    await poll('Check Site\'s child process', () => childrenOf(pid), (children) => children.some((c) => c.includes('check-site.js')), (c) => c.join('; ') || 'none');
    process.kill(pid, 'SIGKILL');

    const result = await outcome;
    await poll('the server to restart', () => api.serverStarts() > starts && api.isClientRunning(), (running) => running);
    const logged = api.outputLines(from);
    assert.ok(logged.length > 0, 'the stop is logged');
    // All three at once: a failure shows every difference.
    assert.deepEqual({
      result,
      stackFrames: logged.filter((line) => /^\[\w+\]\s+at /.test(line)),
      booleans: logged.filter((line) => /^\[\w+\] (?:true|false)$/.test(line)),
    }, { result: { failed: 'server-stopped' }, stackFrames: [], booleans: [] });
  });
});
