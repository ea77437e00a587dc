/**
 * `npm run test:editor`: the in-editor suite (the working tree as the extension under development) and the smoke test
 * (the packaged .vsix, installed) inside code-server (VS Code 1.100), driven headless by Debian's Chromium through
 * playwright-core. Installs what it needs when missing (install.ts), keeps every bit of
 * state under `.cache/` and `test-results/`, and exits non-zero when the suite, the smoke test, the check of
 * `npm start` (startCheck.ts) or the web build's essentials (runWeb.ts, run last) fail.
 *
 *   test-results/editor/        this run: workspace copies, code-server's and Chromium's state, logs
 *   test-results/screenshots/   one PNG per smoke-test step
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { makeRunFolders, startCodeServer, type CodeServer, type RunFolders } from './codeServer';
import { ensureEditorTools, failureText, prefixedLog, seconds } from './install';
import { runSmokeTest } from './smoke';
import { runStartCheck } from './startCheck';
import { packageExtension } from './vsix';
import { CROSS_FILE_RULES } from './crossFileRules';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/e2e → the repository
const CACHE = path.join(ROOT, '.cache');
const RESULTS = path.join(ROOT, 'test-results');
const RUN = path.join(RESULTS, 'editor');
const SCREENSHOTS = path.join(RESULTS, 'screenshots');
const FIXTURES = path.join(ROOT, 'test', 'e2e', 'workspace');
const SUITE = path.join(ROOT, 'out', 'test', 'e2e', 'suite', 'index.js');

/** The whole in-editor suite, from page load to the exit hook (a hung extension host never calls it). */
const SUITE_TIMEOUT_MS = 300_000;
const LOG_TAG = '[e2e] ';

interface Outcome {
  passed: number;
  failed: number;
}

const log = prefixedLog('test:editor');

/** A fresh copy of the fixture workspace, so that the tests never modify the committed files. */
function copyWorkspace(name: string): string {
  const folder = path.join(RUN, name, 'example-site');
  fs.cpSync(FIXTURES, folder, { recursive: true });
  return folder;
}

async function runSuite(browser: Browser, server: CodeServer): Promise<Outcome> {
  const folder = copyWorkspace('suite');
  const results = path.join(RUN, 'suite-results.json');
  const hostLog = path.join(RUN, 'extension-host.log');
  const page = await (await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' })).newPage();

  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  await page.exposeFunction('codeAutomationLog', (level: string, args: unknown) => {
    const line = Array.isArray(args) ? util.format(...args) : String(args);
    if (line.startsWith(LOG_TAG)) console.log(`  ${line.slice(LOG_TAG.length)}`);
    else fs.appendFileSync(hostLog, `[${level}] ${line}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
  page.on('pageerror', (error) => fs.appendFileSync(hostLog, `[page error] ${error.stack ?? error.message}\n`));

  const started = Date.now();
  log('in-editor suite (test/e2e/suite) inside code-server:');
  await page.goto(server.url(folder, {
    extensionDevelopmentPath: server.remoteUri(ROOT),
    extensionTestsPath: server.remoteUri(SUITE),
  }));
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([exited, new Promise<number>((resolve) => (timer = setTimeout(() => resolve(-1), SUITE_TIMEOUT_MS)))]);
  clearTimeout(timer);
  if (code === -1) {
    await page.screenshot({ path: path.join(SCREENSHOTS, 'suite-timeout.png') }).catch(() => undefined);
    log(`the suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s; extension host log: ${path.relative(ROOT, hostLog)}`);
  }
  await page.context().close();

  const counts = fs.existsSync(results) ? (JSON.parse(fs.readFileSync(results, 'utf8')) as { passes: number; failures: number }) : undefined;
  log(`in-editor suite: exit code ${code} in ${seconds(started)}`);
  if (code !== 0 && fs.existsSync(hostLog)) log(`extension host log: ${path.relative(ROOT, hostLog)}`);
  const passed = counts?.passes ?? 0;
  const failed = code === 0 ? counts?.failures ?? 0 : Math.max(counts?.failures ?? 0, 1);
  return { passed, failed };
}

async function main(): Promise<number> {
  const started = Date.now();
  const entry = await ensureEditorTools(CACHE, { browser: true, log });
  if (!fs.existsSync(SUITE) || !fs.existsSync(path.join(ROOT, 'dist', 'client.js'))) {
    throw new Error('build first: npm run build (npm run test:editor does it)');
  }

  fs.rmSync(RUN, { recursive: true, force: true });
  fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const folders: RunFolders = makeRunFolders(RUN);
  process.env.TMPDIR = folders.env.TMPDIR; // Playwright's temporary Chromium profile

  // The smoke test uses the extension as users get it: the .vsix, installed. (The suite loads the working tree as the
  // extension under development, which takes precedence over the installed one in its window.)
  const vsix = packageExtension(ROOT, path.join(RUN, 'sitemap-studio.vsix'));
  const server = await startCodeServer(entry, folders, {
    env: {
      SITEMAP_E2E_LOG_TAG: LOG_TAG,
      SITEMAP_E2E_RESULTS: path.join(RUN, 'suite-results.json'),
      ...(process.env.SITEMAP_E2E_GREP ? { SITEMAP_E2E_GREP: process.env.SITEMAP_E2E_GREP } : {}),
    },
    install: [vsix],
    log: path.join(RUN, 'code-server.log'),
    // The fixture workspace is a set of unrelated sitemaps, not a site: its files share URLs and a test adds a
    // robots.txt at its root. The cross-file rules stay off but where a test turns them on (Check Site).
    settings: { 'sitemap.rules': Object.fromEntries(Object.keys(CROSS_FILE_RULES).map((rule) => [rule, 'off'])) },
  });
  log(`code-server on ${server.origin} (log: ${path.relative(ROOT, path.join(RUN, 'code-server.log'))})`);
  const interrupted = () => void server.stop().finally(() => process.exit(130)); // it runs in its own process group
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(folders.env);
    const suite = await runSuite(browser, server);
    if (process.env.SITEMAP_E2E_SUITE_ONLY === '1') {
      log(`done in ${seconds(started)} (the suite only: SITEMAP_E2E_SUITE_ONLY)`);
      console.log(`test:editor: ${suite.passed} passed, ${suite.failed} failed`);
      return suite.failed === 0 ? 0 : 1;
    }

    log('smoke test through the UI:');
    const smokeStarted = Date.now();
    const smoke = await runSmokeTest(browser, server, {
      folder: copyWorkspace('smoke'),
      screenshots: SCREENSHOTS,
      log: (line) => console.log(`  ${line}`),
    });
    log(`smoke test: ${smoke.passed} steps passed, ${smoke.failed} failed in ${seconds(smokeStarted)}; screenshots in ${path.relative(ROOT, SCREENSHOTS)}/`);

    log('npm start: the start script, its address in the browser, Ctrl+C and SIGTERM:');
    const startStarted = Date.now();
    const start = await runStartCheck(browser, { root: ROOT, screenshots: SCREENSHOTS, log: (line) => console.log(`  ${line}`) });
    log(`npm start: ${start.passed} checks passed, ${start.failed} failed in ${seconds(startStarted)}`);

    const passed = suite.passed + smoke.passed + start.passed;
    const failed = suite.failed + smoke.failed + start.failed;
    log(`done in ${seconds(started)}`);
    console.log(`test:editor: ${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** The web build's essentials (runWeb.ts), after this run's code-server has stopped: its own process, its own server. */
function runWebEssentials(): number {
  log('the web build in the browser (runWeb.ts):');
  const web = spawnSync(process.execPath, [path.join(__dirname, 'runWeb.js')], { stdio: 'inherit' });
  return web.status ?? 1;
}

main().then(
  (code) => process.exit(process.env.SITEMAP_E2E_SUITE_ONLY === '1' || runWebEssentials() === 0 ? code : 1),
  (error: unknown) => {
    console.error(`[test:editor] ${failureText(error)}`);
    process.exit(1);
  },
);
