/**
 * Site roots inferred in the editor, with no setting: a Hugo checkout (hugo.toml's baseURL, its built public/) gets
 * scope and the page rules as if sitemap.siteRoots mapped public/, the client that asks for it is offered the root
 * once (`sitemap/siteRootFound`), an explicit setting wins, and a changed config is read again.
 * Rule ids and ranges, never messages; waits on publishDiagnostics, never sleeps.
 */
import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol';
import { SITE_ROOT_FOUND_NOTIFICATION, type SiteRootFoundParams } from '../../../shared/protocol';
import { formatRange, LspClient, rangeOf } from '../lspClient';
import { tempFolders } from '../../support/tempFolders';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
  <url><loc>https://example.com/a/</loc></url>
  <url><loc>https://example.com/missing/</loc></url>
  <url><loc>https://elsewhere.example/b/</loc></url>
</urlset>
`;
const FILES = {
  'hugo.toml': 'baseURL = "https://example.com/"\ntitle = "A site"\n\n[params]\nbaseURL = "https://not-this.example/"\n',
  'public/sitemap.xml': SITEMAP,
  'public/index.html': '<!doctype html><html><head><title>Home</title></head><body>Home</body></html>\n',
  'public/a/index.html': '<!doctype html><html><head><title>A</title></head><body>A</body></html>\n',
};
const RULES = { 'lastmod-stale': 'off', 'lastmod-inflated': 'off', 'unlisted-page': 'off' };

const locRange = (url: string): string => formatRange(rangeOf(SITEMAP, `${url}</loc>`)).replace(/:(\d+)$/, (_, c) => `:${Number(c) - '</loc>'.length}`);
const problems = (d: readonly Diagnostic[]): string[] =>
  d.filter((x) => x.code === 'out-of-scope' || x.code === 'page-not-found' || x.code === 'mixed-hosts').map((x) => `${x.code} ${formatRange(x.range)}`).sort();

describe('site roots inferred in the editor', () => {
  const temp = tempFolders('sitemap-inferred-');
  const clients: LspClient[] = [];
  after(async () => {
    for (const client of clients) await client.stop();
  });

  async function start(root: string, settings: Record<string, unknown>): Promise<{ client: LspClient; offers: SiteRootFoundParams[] }> {
    const client = await LspClient.start({
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }], settings, initializationOptions: { siteRootOffer: true },
    });
    clients.push(client);
    const offers: SiteRootFoundParams[] = [];
    client.connection.onNotification(SITE_ROOT_FOUND_NOTIFICATION, (params: SiteRootFoundParams) => offers.push(params));
    return { client, offers };
  }

  it('takes public/ as the root hugo.toml names: scope and the page rules with no setting, offered once', async () => {
    const root = temp(FILES);
    const { client, offers } = await start(root, { rules: RULES });
    const uri = pathToFileURL(path.join(root, 'public', 'sitemap.xml')).href;
    const expected = [`out-of-scope ${locRange('https://elsewhere.example/b/')}`, `page-not-found ${locRange('https://example.com/missing/')}`];
    const judged = client.nextDiagnostics(uri, (d) => problems(d).join() === expected.join());
    client.open(uri, 'sitemap', SITEMAP);
    await judged;
    assert.deepEqual(offers.map((o) => [o.workspaceFolder, o.folder, o.url]), [[pathToFileURL(root).href, 'public', 'https://example.com/']]);
  });

  it('follows the config: a new baseURL is read again', async () => {
    const root = temp(FILES);
    const { client } = await start(root, { rules: RULES });
    const uri = pathToFileURL(path.join(root, 'public', 'sitemap.xml')).href;
    const first = client.nextDiagnostics(uri, (d) => problems(d).some((p) => p.startsWith('page-not-found')));
    client.open(uri, 'sitemap', SITEMAP);
    await first;
    // Now every example.com URL is another host's: mixed-hosts or out-of-scope, and no page is judged.
    const everyUrl = ['https://example.com/a/', 'https://example.com/missing/', 'https://elsewhere.example/b/'].map((url) => `out-of-scope ${locRange(url)}`).sort();
    const moved = client.nextDiagnostics(uri, (d) => problems(d).join() === everyUrl.join());
    fs.writeFileSync(path.join(root, 'hugo.toml'), 'baseURL = "https://www.example.org/"\n');
    client.filesChanged([{ uri: pathToFileURL(path.join(root, 'hugo.toml')).href, type: FileChangeType.Changed }]);
    await moved;
  });

  it('loses to an explicit sitemap.siteRoots, and offers nothing then', async () => {
    const root = temp(FILES);
    const { client, offers } = await start(root, { rules: RULES, siteRoots: { public: 'https://elsewhere.example/' } });
    const uri = pathToFileURL(path.join(root, 'public', 'sitemap.xml')).href;
    const expected = [`out-of-scope ${locRange('https://example.com/a/')}`, `out-of-scope ${locRange('https://example.com/missing/')}`, `page-not-found ${locRange('https://elsewhere.example/b/')}`];
    const judged = client.nextDiagnostics(uri, (d) => problems(d).join() === expected.sort().join());
    client.open(uri, 'sitemap', SITEMAP);
    await judged;
    assert.deepEqual(offers, []);
  });
});
