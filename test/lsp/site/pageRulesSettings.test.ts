/**
 * The page rules' settings over the wire: with both lastmod rules off, no git runs (a `git` first on the PATH logs each
 * run) until one is turned on or a command needs history; a folder's pass takes the folder's own settings.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { LspClient } from '../lspClient';
import { fixtureSite, page, SETTINGS, SITEMAP } from '../../support/pageSite';
import type { GitRepository } from '../../support/gitRepository';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';
import { ADD_UNLISTED_PAGES_COMMAND, SET_LASTMOD_FROM_HISTORY_COMMAND, type EditCommandResult } from '../../../shared/protocol';
import { recorded, recordingEnv } from '../../support/readRecorder';

const PAGE_RULES = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
const rulesOf = (diagnostics: readonly Diagnostic[]): string[] =>
  [...new Set(diagnostics.filter((d) => PAGE_RULES.includes(String(d.code))).map((d) => String(d.code)))].sort();
const has = (rule: string) => (d: Diagnostic[]): boolean => d.some((x) => x.code === rule);
const LASTMOD_OFF = { ...SETTINGS, rules: { 'lastmod-stale': 'off', 'lastmod-inflated': 'off' } };
/** Every page rule the fixture site breaks but the lastmod ones. */
const WITHOUT_LASTMOD = ['blocked-by-robots', 'canonical-elsewhere', 'noindex-page', 'page-not-found', 'page-redirect', 'unlisted-page'];

/** A `git` first on the PATH that logs its arguments, one run a line, then runs the real git. */
function loggingGit(dir: string): { PATH: string; runs: () => string[] } {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = path.join(dir, 'bin');
  const log = path.join(dir, 'git-runs.log');
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  return {
    PATH: `${bin}${path.delimiter}${process.env.PATH}`,
    runs: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter((line) => line !== '') : []),
  };
}

describe('the page rules with both lastmod rules off', () => {
  const temp = tempFolders('sitemap-pages-no-git-');
  let repo: GitRepository;
  let git: ReturnType<typeof loggingGit>;
  let client: LspClient;
  let uri: string;

  before(async () => {
    repo = fixtureSite(path.join(temp(), 'site'));
    git = loggingGit(path.dirname(repo.dir));
    uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    client = await startOnSite(repo, { settings: LASTMOD_OFF, env: { PATH: git.PATH }, workspaceCapabilities: { workspaceEdit: { documentChanges: true } } });
  });

  after(async () => {
    await client?.stop();
  });

  it('runs no git: the other page rules only', async () => {
    const pages = client.nextDiagnostics(uri, has('unlisted-page'));
    client.open(uri, 'sitemap', SITEMAP);
    assert.deepEqual(rulesOf((await pages).diagnostics), WITHOUT_LASTMOD);
    assert.deepEqual(git.runs(), []);
    assert.equal(client.shownMessages.length, 0, 'no note: the rules that need git are off');
  });

  it('Set lastmod from Git History still dates the entries: git read for the command', async () => {
    const before = client.applyEditRequests.length;
    const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', {
      command: SET_LASTMOD_FROM_HISTORY_COMMAND, arguments: [uri, 1, []],
    });
    assert.deepEqual(result, { status: 'applied', count: 6 });
    assert.equal(client.applyEditRequests.length, before + 1);
    assert.ok(git.runs().some((run) => run.includes('log')), git.runs().join('\n'));
  });

  it('reads the history again, and follows HEAD, once a lastmod rule is turned back on', async () => {
    const ran = git.runs().length;
    const judged = client.nextDiagnostics(uri, has('lastmod-stale'));
    client.settings = { ...SETTINGS, rules: { 'lastmod-inflated': 'off' } };
    client.configurationChanged();
    const diagnostics = (await judged).diagnostics;
    assert.deepEqual(rulesOf(diagnostics), [...WITHOUT_LASTMOD, 'lastmod-stale'].sort());
    assert.deepEqual(diagnostics.find((d) => d.code === 'lastmod-stale')?.data, { lastmod: '2024-03-01' });
    assert.ok(git.runs().length > ran, 'git ran for the pass');
    const moved = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'lastmod-stale' && (x.data as { lastmod?: string } | undefined)?.lastmod === '2024-05-01'));
    repo.commit('Stale changes again', '2024-05-01T12:00:00Z', { 'public/stale.html': page('Stale, rewritten again') });
    await moved;
  });

  it('stops reading git when both are off again', async () => {
    const off = client.nextDiagnostics(uri, (d) => has('unlisted-page')(d) && !has('lastmod-stale')(d));
    client.settings = LASTMOD_OFF;
    client.configurationChanged();
    await off;
    const ran = git.runs().length;
    // A page changed on disk: the site is read again, without git.
    const again = client.nextDiagnostics(uri, (d) => has('unlisted-page')(d) && !has('noindex-page')(d));
    repo.write({ 'public/noindex.html': page('Shown now') });
    client.filesChanged([{ uri: pathToFileURL(path.join(repo.dir, 'public', 'noindex.html')).href, type: 2 }]);
    await again;
    assert.equal(git.runs().length, ran, git.runs().slice(ran).join('\n'));
  });
});

describe('the page rules\' settings in a folder whose documents are answered otherwise', () => {
  const temp = tempFolders('sitemap-pages-folder-settings-');

  it('take the folder\'s own (scopeUri the folder), as Check Site does, not the first open document\'s', async () => {
    const repo = fixtureSite(temp());
    const folderUri = pathToFileURL(repo.dir).href;
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const folderSettings = { ...LASTMOD_OFF, rules: { ...LASTMOD_OFF.rules, 'noindex-page': 'off' } };
    const client = await startOnSite(repo, {
      settings: (scopeUri) => (scopeUri?.replace(/\/$/, '') === folderUri.replace(/\/$/, '') ? folderSettings : SETTINGS),
    });
    try {
      const pages = client.nextDiagnostics(uri, has('unlisted-page'));
      client.open(uri, 'sitemap', SITEMAP);
      const diagnostics = (await pages).diagnostics;
      assert.deepEqual(rulesOf(diagnostics), WITHOUT_LASTMOD.filter((rule) => rule !== 'noindex-page'));
    } finally {
      await client.stop();
    }
  });
});

describe('what the page rules that are on need is all the server reads (issue 32)', () => {
  const temp = tempFolders('sitemap-pages-needs-');
  const only = (...on: string[]) => ({ ...SETTINGS, rules: Object.fromEntries(PAGE_RULES.filter((rule) => !on.includes(rule)).map((rule) => [rule, 'off'])) });
  let repo: GitRepository;
  let log: string;
  let client: LspClient;
  let uri: string;
  const pagesOpened = () => recorded(log, 'open', (file) => /\.html?$/.test(file));
  const gitRuns = () => recorded(log, 'spawn', (program) => path.basename(program) === 'git');

  before(async () => {
    repo = fixtureSite(path.join(temp(), 'site'));
    log = path.join(path.dirname(repo.dir), 'reads.log');
    uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    client = await startOnSite(repo, { settings: only('blocked-by-robots'), env: recordingEnv(log), workspaceCapabilities: { workspaceEdit: { documentChanges: true } } });
  });

  after(async () => {
    await client?.stop();
  });

  // The workspace's own scan for site files lists its folders whatever the rules: pages opened and git tell the page reads.
  it('blocked-by-robots alone: robots.txt read, no page, no git', async () => {
    const pages = client.nextDiagnostics(uri, has('blocked-by-robots'));
    client.open(uri, 'sitemap', SITEMAP);
    assert.deepEqual(rulesOf((await pages).diagnostics), ['blocked-by-robots']);
    assert.ok(recorded(log, 'open', (file) => file.endsWith('robots.txt')).length > 0, 'the recorder sees the server\'s reads');
    assert.deepEqual([...pagesOpened(), ...gitRuns()], []);
  });

  it('every page rule off: nothing more read; Add Unlisted Pages still reads the pages for itself', async () => {
    const off = client.nextDiagnostics(uri, (d) => !has('blocked-by-robots')(d));
    client.settings = only();
    client.configurationChanged();
    await off;
    assert.deepEqual([...pagesOpened(), ...gitRuns()], []);
    const result = await client.connection.sendRequest<EditCommandResult>('workspace/executeCommand', { command: ADD_UNLISTED_PAGES_COMMAND, arguments: [uri, 1] });
    assert.deepEqual(result, { status: 'applied', count: 1, dated: 1 });
    assert.ok(pagesOpened().length > 0 && gitRuns().length > 0, 'the command read the pages and git');
  });

  it('page-not-found alone: no page read, no git', async () => {
    const [pagesBefore, gitBefore] = [pagesOpened().length, gitRuns().length];
    const found = client.nextDiagnostics(uri, has('page-not-found'));
    client.settings = only('page-not-found');
    client.configurationChanged();
    assert.deepEqual(rulesOf((await found).diagnostics), ['page-not-found']);
    assert.deepEqual([pagesOpened().length, gitRuns().length], [pagesBefore, gitBefore]);
  });
});
