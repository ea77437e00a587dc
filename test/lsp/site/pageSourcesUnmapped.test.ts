/**
 * A `sitemap.pageSources` mapping that maps no page to a file git tracks, over the wire: a client that shows it on the
 * setting (`pageSourcesWarnings`) is told which built folder's mapping (`sitemap/pageSourcesUnmapped`), and told again
 * with none once the mapping maps pages or is removed; the note then goes to the log, not to a message. A client that
 * did not ask gets the note as a message, as before. On the fixture site of test/support/pageSite.ts (a real git
 * repository with fixed dates). Waits on notifications, never sleeps; never message wording.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LspClient } from '../lspClient';
import { fixtureSite, page, SETTINGS, SITEMAP } from '../../support/pageSite';
import type { GitRepository } from '../../support/gitRepository';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';
import { PAGE_SOURCES_UNMAPPED_NOTIFICATION, type PageSourcesUnmappedParams } from '../../../shared/protocol';

/** The hugo preset under a root where no source is: no page of public/ maps to a tracked file. */
const WRONG = { ...SETTINGS, pageSources: { './public/': { preset: 'hugo', root: 'site' } } };
/** The same preset under the workspace folder, where content/a.md is committed: public/a/index.html maps to it. */
const RIGHT = { ...SETTINGS, pageSources: { './public/': { preset: 'hugo', root: '.' } } };

/** Every `sitemap/pageSourcesUnmapped` the server sends, and the next one `accept` takes. */
function unmappedSeen(client: LspClient): { all: PageSourcesUnmappedParams[]; next: (accept: (p: PageSourcesUnmappedParams) => boolean) => Promise<PageSourcesUnmappedParams> } {
  const all: PageSourcesUnmappedParams[] = [];
  const waiting: Array<{ accept: (p: PageSourcesUnmappedParams) => boolean; resolve: (p: PageSourcesUnmappedParams) => void }> = [];
  client.connection.onNotification(PAGE_SOURCES_UNMAPPED_NOTIFICATION, (params: PageSourcesUnmappedParams) => {
    all.push(params);
    for (const wait of waiting.splice(0)) {
      if (wait.accept(params)) wait.resolve(params);
      else waiting.push(wait);
    }
  });
  return { all, next: (accept) => new Promise((resolve) => waiting.push({ accept, resolve })) };
}

const folders = (params: PageSourcesUnmappedParams): string[] => params.mappings.map((m) => m.folder);

/** One generous timeout: a notification that never comes fails the test rather than hanging it. */
const WAIT = { timeout: 60_000 };

describe('a sitemap.pageSources mapping that maps nothing, told to a client that shows it on the setting', WAIT, () => {
  const temp = tempFolders('sitemap-unmapped-sources-');
  let repo: GitRepository;
  let client: LspClient;
  let seen: ReturnType<typeof unmappedSeen>;
  const uri = (): string => pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;

  before(async () => {
    repo = fixtureSite(path.join(temp(), 'site'));
    repo.commit('Sources', '2024-04-01T12:00:00Z', { 'content/a.md': '# A\n', 'public/a/index.html': page('A') });
    client = await startOnSite(repo, { settings: WRONG, initializationOptions: { pageSourcesWarnings: true } });
    seen = unmappedSeen(client);
  });

  after(async () => {
    await client?.stop();
  });

  it('names the built folder whose mapping maps no page, with the workspace folder, and shows no message', async () => {
    const told = seen.next((p) => p.mappings.length > 0);
    const judged = client.nextDiagnostics(uri(), (d) => d.some((x) => x.code === 'lastmod-stale'));
    client.open(uri(), 'sitemap', SITEMAP);
    const params = await told;
    assert.equal(params.workspaceFolder.replace(/\/$/, ''), pathToFileURL(repo.dir).href.replace(/\/$/, ''));
    assert.deepEqual(folders(params), ['public']);
    assert.equal(typeof params.mappings[0]?.message, 'string');
    await judged;
    assert.deepEqual(client.shownMessages, [], 'the note is logged, not shown: the client shows it on the setting');
  });

  it('says none once the mapping maps a page, and again when it maps nothing', async () => {
    const cleared = seen.next((p) => p.mappings.length === 0);
    client.settings = RIGHT;
    client.configurationChanged();
    await cleared;
    const again = seen.next((p) => p.mappings.length > 0);
    client.settings = WRONG;
    client.configurationChanged();
    assert.deepEqual(folders(await again), ['public']);
  });

  it('says none once the mapping is removed', async () => {
    const cleared = seen.next((p) => p.mappings.length === 0);
    client.settings = SETTINGS;
    client.configurationChanged();
    await cleared;
    // Told on change only: each told list differs from the one before it.
    const lists = seen.all.map((p) => JSON.stringify(folders(p)));
    assert.ok(lists.every((list, i) => i === 0 || list !== lists[i - 1]), lists.join(' '));
  });
});

describe('a sitemap.pageSources mapping that maps nothing, for a client that did not ask', WAIT, () => {
  const temp = tempFolders('sitemap-unmapped-sources-note-');

  it('is a message (the note), and no notification', async () => {
    const repo = fixtureSite(path.join(temp(), 'site'));
    const client = await startOnSite(repo, { settings: WRONG });
    try {
      const seen = unmappedSeen(client);
      const uri = pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href;
      const judged = client.nextDiagnostics(uri, (d) => d.some((x) => x.code === 'lastmod-stale'));
      client.open(uri, 'sitemap', SITEMAP);
      await judged;
      assert.equal(client.shownMessages.length, 1);
      assert.deepEqual(seen.all, []);
    } finally {
      await client.stop();
    }
  });
});
