/**
 * `node out/test/e2e/runWeb.js` (after `npm run build`): the web build in code-server's web worker extension host (the
 * packaged extension, put there by `remote.extensionKind`), its server in a nested worker; a sitemap's problems show.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { makeRunFolders, startCodeServer } from './codeServer';
import { ensureCodeServer, ensureDebianPackages, seconds } from './install';
import { allProcesses } from './processes';
import { problemCounts, until } from './smoke';
import { packageExtension } from './vsix';
import { checkSiteFilesOnWeb } from './web/siteFiles';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/e2e → the repository
const CACHE = path.join(ROOT, '.cache');
const RUN = path.join(ROOT, 'test-results', 'web');
const EXTENSION_ID = 'sitemap-studio.sitemap-studio';
/** An invalid-priority error and a missing-loc error. */
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  + '  <url><loc>https://www.example.com/</loc><priority>2</priority></url>\n  <url>\n  </url>\n</urlset>\n';

function log(message: string): void {
  console.log(`[test:web] ${message}`);
}

async function openAndSeeProblems(page: Page, folder: string, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor();
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor();
  await page.keyboard.type('sitemap.xml');
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first().click();
  await page.locator('.tabs-container .tab.active', { hasText: 'sitemap.xml' }).waitFor();
  await page.locator('.monaco-editor .squiggly-error').first().waitFor();
  await until(page, 'the status bar to count 2 errors', () => problemCounts(page), (c) => c.errors === 2);
  log(`problems shown for ${path.join(folder, 'sitemap.xml')}`);
}

async function main(): Promise<number> {
  const started = Date.now();
  ensureDebianPackages();
  const entry = ensureCodeServer(CACHE);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'web', 'client.js'))) throw new Error('build first: npm run build');
  fs.rmSync(RUN, { recursive: true, force: true });
  const folders = makeRunFolders(RUN);
  process.env.TMPDIR = folders.env.TMPDIR;
  const folder = path.join(RUN, 'site');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'sitemap.xml'), SITEMAP);
  const vsix = packageExtension(ROOT, path.join(RUN, 'sitemap-studio.vsix'));
  const server = await startCodeServer(entry, folders, {
    env: {}, install: [vsix], log: path.join(RUN, 'code-server.log'),
    // Both entries are packaged: this puts the extension in the web worker host, as VS Code for the Web runs it.
    settings: { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] }, 'files.autoSave': 'off' },
  });
  let browser: Browser | undefined;
  let failed = 0;
  try {
    browser = await launchChromium(folders.env);
    const page = await (await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(30_000);
    // The web worker host's log: the page's console.
    page.on('console', (message) => fs.appendFileSync(path.join(RUN, 'page-console.log'), `[${message.type()}] ${message.text()}\n`));
    try {
      await openAndSeeProblems(page, folder, server.url(folder, {}));
      const nodeServers = allProcesses().filter((p) => p.command.includes(server.extensionsDir) && p.command.includes(path.join('dist', 'server.js')));
      if (nodeServers.length > 0) throw new Error(`the Node server runs: ${nodeServers.map((p) => p.command).join('; ')}`);
      log('no Node server process: the problems came from the web worker');
      await checkSiteFilesOnWeb(page, folder, log);
    } catch (error) {
      failed++;
      log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      await page.screenshot({ path: path.join(RUN, 'failure.png') }).catch(() => undefined);

    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  log(`${failed === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
  return failed === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
