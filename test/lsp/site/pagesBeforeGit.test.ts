/**
 * Issue 33: the page rules that need no history are published while git's history is still being read, the `<loc>`
 * hover shows the page meanwhile, and the lastmod rules follow once git answers, with no further edit. git is the real
 * one behind a gate: a wrapper first on the server's PATH holds `git log` until the test opens the gate, so the test
 * asserts an order of events, never a time. A hover's page section outlives an idle site worker.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { formatRange, rangeOf, type LspClient } from '../lspClient';
import type { GitRepository } from '../../support/gitRepository';
import { BASE, fixtureSite, SITEMAP } from '../../support/pageSite';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';

const LASTMOD_RULES = ['lastmod-stale', 'lastmod-inflated'];
const OTHER_PAGE_RULES = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page'];
const has = (rule: string) => (d: Diagnostic[]): boolean => d.some((x) => x.code === rule);
const ofRules = (rules: readonly string[], diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.filter((d) => rules.includes(String(d.code))).map((d) => `${d.code} ${formatRange(d.range)}`).sort();

/** A `git` that runs the real one, except `git log` (the history), which waits for `gate` to exist. */
const GATED_GIT = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const gate = process.env.TEST_GIT_GATE;
let started = false;
function run() {
  if (started) return;
  started = true;
  const child = spawn(process.env.TEST_REAL_GIT, process.argv.slice(2), { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code === null ? 1 : code));
}
if (!process.argv.slice(2).includes('log')) run();
else {
  const watcher = fs.watch(path.dirname(gate), () => fs.existsSync(gate) && (watcher.close(), run()));
  if (fs.existsSync(gate)) (watcher.close(), run());
}
`;

function realGit(): string {
  return execFileSync(process.platform === 'win32' ? 'where' : 'which', ['git'], { encoding: 'utf8' }).split(/\r?\n/)[0].trim();
}

type Hover = { contents: { value: string } } | null;

describe('the page rules while git reads the history', { skip: process.platform === 'win32' && 'a #! wrapper' }, () => {
  const temp = tempFolders('sitemap-pages-before-git-');
  let repo: GitRepository;
  let client: LspClient;
  let uri: string;
  let gate: string;

  before(async () => {
    repo = fixtureSite(temp());
    const bin = temp();
    fs.writeFileSync(path.join(bin, 'git'), GATED_GIT, { mode: 0o755 });
    gate = path.join(temp(), 'open');
    uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    client = await startOnSite(repo, { env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, TEST_GIT_GATE: gate, TEST_REAL_GIT: realGit() } });
  });

  after(async () => {
    await client?.stop();
  });

  it('publishes the other page rules and shows the page on hover before git answers, the lastmod rules after', async () => {
    const early = client.nextDiagnostics(uri, has('noindex-page'));
    client.open(uri, 'sitemap', SITEMAP);
    const first = (await early).diagnostics;
    const all = ofRules([...OTHER_PAGE_RULES, ...LASTMOD_RULES], first);
    assert.ok(all.length >= OTHER_PAGE_RULES.length && ofRules(LASTMOD_RULES, first).length === 0, all.join('\n'));
    assert.ok(!fs.existsSync(gate), 'the gate is still shut: git log has not run');

    // The hover while git's log is held: the page's file and title (the fixture's), in the first or the second hover.
    const position = rangeOf(SITEMAP, `${BASE}canon`).start;
    const hover = (): Promise<Hover> => client.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position });
    const values = [(await hover())?.contents.value ?? ''];
    if (!values[0].includes('canon.html')) values.push((await hover())?.contents.value ?? '');
    assert.ok(values.at(-1)!.includes('canon.html') && values.at(-1)!.includes('Copy'), values.join('\n---\n'));

    // The gate opens: the lastmod rules come with no edit, the others as they were.
    const complete = client.nextDiagnostics(uri, has('lastmod-stale'));
    fs.writeFileSync(gate, '');
    const second = (await complete).diagnostics;
    assert.deepEqual(ofRules(LASTMOD_RULES, second), [
      `lastmod-stale ${formatRange(rangeOf(SITEMAP, '2024-01-01', 1))}`,
      `lastmod-inflated ${formatRange(rangeOf(SITEMAP, '2024-06-01'))}`,
    ].sort());
    assert.deepEqual(ofRules(OTHER_PAGE_RULES, second), ofRules(OTHER_PAGE_RULES, first));

    // The hover now names the page's last commit too (its hash: a content marker, no wording).
    const commit = repo.git('log', '-1', '--format=%H', '--', 'public/canon.html').trim().slice(0, 7);
    const withHistory = [(await hover())?.contents.value ?? ''];
    if (!withHistory[0].includes(commit)) withHistory.push((await hover())?.contents.value ?? '');
    assert.ok(withHistory.at(-1)!.includes(commit), withHistory.join('\n---\n'));
  });
});

describe('the <loc> hover once the site worker idles', () => {
  const temp = tempFolders('sitemap-pages-idle-');

  it('still shows the page: the worker keeps the open sitemap\'s site', async () => {
    const repo = fixtureSite(temp());
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    // The worker would stop as soon as it has nothing to do (60 s in use).
    const client = await startOnSite(repo, { env: { SITEMAP_SITE_WORKER_IDLE_MS: '0' } });
    try {
      const complete = client.nextDiagnostics(uri, has('lastmod-stale'));
      client.open(uri, 'sitemap', SITEMAP);
      await complete;
      const position = rangeOf(SITEMAP, `${BASE}canon`).start;
      const hover = (): Promise<Hover> => client.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position });
      const values = [(await hover())?.contents.value ?? ''];
      if (!values[0].includes('canon.html')) values.push((await hover())?.contents.value ?? '');
      assert.ok(values.at(-1)!.includes('canon.html'), values.join('\n---\n'));
    } finally {
      await client.stop();
    }
  });
});
