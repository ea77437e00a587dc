/** `node out/test/e2e/runWeb.js` (after `npm run build`; `npm run test:editor` runs it last): the packaged extension in
 * code-server's web worker extension host, server in a nested worker; the web essentials, one file each in test/e2e/web/
 * (docs/development.md lists them); a failed check leaves `failure-<check>.png`. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { makeRunFolders, startCodeServer } from './codeServer';
import { ensureEditorTools, failureText, prefixedLog, seconds } from './install';
import { allProcesses } from './processes';
import { openFile, problemCounts, until } from './smoke';
import { packageExtension } from './vsix';
import { checkCompletion } from './web/completion';
import { checkCompressed } from './web/compressed';
import { checkEditCommands } from './web/editCommands';
import { checkQuickFix } from './web/quickFix';
import { checkSplitAndUndo } from './web/split';
import { checkMergeAndUndo } from './web/merge';
import { PROBLEMS, writeWebFixtures } from './web/webFixtures';
import { checkWorkerRestart } from './web/workerRestart';
import type { WebCheck } from './web/webSteps';
import { checkSiteFilesOnWeb } from './web/siteFiles';
import { checkCheckSite } from './web/checkSite';
import { checkPageRules } from './web/pageRules';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/e2e → the repository
const CACHE = path.join(ROOT, '.cache');
const RUN = path.join(ROOT, 'test-results', 'web');
const EXTENSION_ID = 'sitemap-studio.sitemap-studio';
const log = prefixedLog('test:web');

async function openAndSeeProblems({ page, folder, log: say }: WebCheck, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor();
  await openFile(page, PROBLEMS.name);
  await page.locator('.monaco-editor .squiggly-error').first().waitFor();
  await until(page, 'the status bar to count 2 errors', () => problemCounts(page), (c) => c.errors === 2);
  say(`problems shown for ${path.join(folder, PROBLEMS.name)}`);
}

/** The checks after the first, in order; each leaves the workbench as it found it but for its own file. */
const CHECKS: Array<[name: string, run: (check: WebCheck) => Promise<void>]> = [
  ['quick-fix', checkQuickFix],
  ['completion', checkCompletion],
  ['edit-commands', checkEditCommands],
  ['split-undo', checkSplitAndUndo],
  ['merge-undo', checkMergeAndUndo],
  ['compressed', checkCompressed],
  ['worker-restart', checkWorkerRestart],
  // After the per-file checks: from here on the folder's robots.txt gives it a site.
  ['site-files', ({ page, folder, log: say }) => checkSiteFilesOnWeb(page, folder, say)],
  ['check-site', checkCheckSite],
  // Last: it sets the folder's site roots.
  ['page-rules', checkPageRules],
];

async function main(): Promise<number> {
  const started = Date.now();
  const entry = await ensureEditorTools(CACHE, { browser: true, log });
  if (!fs.existsSync(path.join(ROOT, 'dist', 'web', 'client.js'))) throw new Error('build first: npm run build');
  fs.rmSync(RUN, { recursive: true, force: true });
  const folders = makeRunFolders(RUN);
  process.env.TMPDIR = folders.env.TMPDIR;
  const folder = path.join(RUN, 'site');
  writeWebFixtures(folder);
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
    const check: WebCheck = { page, folder, log };
    const run = async (name: string, step: () => Promise<void>) => {
      try {
        await step();
      } catch (error) {
        failed++;
        log(`FAILED ${name}: ${error instanceof Error ? error.message : String(error)}`);
        await page.screenshot({ path: path.join(RUN, `failure-${name}.png`) }).catch(() => undefined);
        for (let n = 0; n < 3; n++) await page.keyboard.press('Escape').catch(() => undefined); // a prompt, a widget
      }
    };
    await run('problems', async () => {
      await openAndSeeProblems(check, server.url(folder, {}));
      const nodeServers = allProcesses().filter((p) => p.command.includes(server.extensionsDir) && p.command.includes(path.join('dist', 'server.js')));
      if (nodeServers.length > 0) throw new Error(`the Node server runs: ${nodeServers.map((p) => p.command).join('; ')}`);
      log('no Node server process: the problems came from the web worker');
    });
    if (failed === 0) for (const [name, step] of CHECKS) await run(name, () => step(check));
  } finally {
    await browser?.close();
    await server.stop();
  }
  log(`${failed === 0 ? 'passed' : 'failed'} in ${seconds(started)}`);
  return failed === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`[test:web] ${failureText(error)}`);
  process.exit(1);
});
