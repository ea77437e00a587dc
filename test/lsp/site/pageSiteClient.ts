/** A language server started on a fixture site's repository (test/support/pageSite.ts), as the page tests start it. */
import { pathToFileURL } from 'node:url';
import { LspClient, type ClientOptions } from '../lspClient';
import type { GitRepository } from '../../support/gitRepository';
import { gitEnv, SETTINGS } from '../../support/pageSite';

/** The repository as the one workspace folder, the site root's settings and git's test environment, unless `options` say otherwise. */
export function startOnSite(repo: GitRepository, options: ClientOptions = {}): Promise<LspClient> {
  return LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(repo.dir).href, name: 'site' }], settings: SETTINGS, ...options,
    env: { ...gitEnv(repo.dir), ...options.env },
  });
}
