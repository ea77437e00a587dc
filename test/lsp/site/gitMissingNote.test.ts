/**
 * The editor's note that git is missing says its cause once (issue 33: "git was not found (git was not found)"): a
 * server whose PATH has no git, on a site whose sitemap the lastmod rules judge, shows the note, and no part of it in
 * parentheses repeats what it says before.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WAIT_TIMEOUT_MS, type LspClient } from '../lspClient';
import { fixtureSite, SITEMAP } from '../../support/pageSite';
import { repeatedCauses } from '../../support/repeatedCause';
import { tempFolders } from '../../support/tempFolders';
import { startOnSite } from './pageSiteClient';

describe('the note that git is missing', () => {
  const temp = tempFolders('sitemap-git-missing-');
  let client: LspClient;

  before(async () => {
    const repo = fixtureSite(path.join(temp(), 'site'));
    const emptyBin = temp();
    client = await startOnSite(repo, { env: { PATH: emptyBin } });
    const noted = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no note shown:\n${client.logMessages.join('\n')}`)), WAIT_TIMEOUT_MS);
      client.onNotificationSeen = (method) => {
        if (method !== 'window/showMessage') return;
        clearTimeout(timer);
        resolve();
      };
    });
    client.open(pathToFileURL(path.join(repo.dir, 'public', 'sitemap.xml')).href, 'sitemap', SITEMAP);
    await noted;
  });

  after(async () => {
    await client?.stop();
  });

  it('repeats no cause', () => {
    const shown = client.shownMessages.map((m) => m.message);
    assert.ok(shown.length > 0);
    assert.deepEqual(shown.filter((message) => repeatedCauses(message).length > 0), []);
  });
});
