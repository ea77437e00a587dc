/**
 * Issue 33, measured in the real editor (test/bench/editorSiteBench.ts): git's history of a site is asked for only
 * once the page rules have checked the open sitemap against the walked site, so that git's processes and the parsing
 * of their output do not compete for the machine's cores with the walk and that first check. The order is read from
 * the server's own stamps (`SITEMAP_TIMING_LOG`, both in the server's thread, in program order), never from a time.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { LspClient } from '../lspClient';
import type { GitRepository } from '../../support/gitRepository';
import { fixtureSite, SITEMAP } from '../../support/pageSite';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';

const has = (rule: string) => (d: Diagnostic[]): boolean => d.some((x) => x.code === rule);

describe('git\'s history after the first page check', () => {
  const temp = tempFolders('sitemap-history-after-pages-');
  let repo: GitRepository;
  let client: LspClient;
  let timing: string;

  before(async () => {
    repo = fixtureSite(temp());
    timing = path.join(temp(), 'timing.jsonl');
    client = await startOnSite(repo, { env: { SITEMAP_TIMING_LOG: timing } });
  });

  after(async () => {
    await client?.stop();
  });

  it('asks for the history once the page rules have answered, and the lastmod problems still come with no edit', async () => {
    const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
    const pages = client.nextDiagnostics(uri, has('noindex-page'));
    const lastmod = client.nextDiagnostics(uri, has('lastmod-stale'));
    client.open(uri, 'sitemap', SITEMAP);
    await pages;
    await lastmod;
    const events = fs.readFileSync(timing, 'utf8').split('\n').filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { event: string }).event)
      .filter((event) => event === 'pagesChecked' || event === 'historyAsked');
    assert.equal(events[0], 'pagesChecked', events.join(', '));
    assert.ok(events.includes('historyAsked'), events.join(', '));
  });
});
