/**
 * The check of `npm start` (start.ts) in `npm run test:editor`: runs the start script as a child process, opens the
 * address it prints in Chromium, sees the demo's README and the problems of the demo's sitemap.xml (so the extension
 * is loaded from the bare address), then sends SIGINT, as Ctrl+C does, and checks that the script exits with 0 and
 * that none of the processes it had started (code-server, its extension hosts, our language server) is left. A
 * second run is stopped with SIGTERM as soon as it prints its address.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { allProcesses, descendantsOf, stillRunning, type ProcessInfo } from './processes';
import { problemCounts, until } from './smoke';
import { READY_PREFIX } from './start';
import { DEMO_COUNTS, DEMO_RULES } from './demoProblems';

export interface StartCheckOptions {
  /** The repository (the build in its out/ and dist/ is used). */
  root: string;
  screenshots: string;
  log(line: string): void;
}

/** The start script's first run installs nothing here (test:editor already did), so this covers packaging and the start. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 30_000;


interface Started {
  pid: number;
  address: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function runStartCheck(browser: Browser, options: StartCheckOptions): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const [name, check] of [
    ['SIGINT after use in the browser', () => startUseAndStop(browser, options, 'SIGINT')],
    ['SIGTERM once ready', () => startUseAndStop(undefined, options, 'SIGTERM')],
  ] as const) {
    const started = Date.now();
    try {
      await check();
      options.log(`✔ npm start: ${name} (${Date.now() - started} ms)`);
      passed++;
    } catch (error) {
      options.log(`✘ npm start: ${name}: ${error instanceof Error ? error.message : String(error)}`);
      failed++;
    }
  }
  return { passed, failed };
}

async function startUseAndStop(browser: Browser | undefined, options: StartCheckOptions, signal: NodeJS.Signals): Promise<void> {
  const started = await startScript(options.root);
  let processes: ProcessInfo[] = [];
  // The page stays open while the script stops, as a browser tab would.
  const context = browser ? await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' }) : undefined;
  try {
    if (context) await useDemo(context, started.address, options.screenshots);
    processes = descendantsOf(started.pid);
    if (!processes.some((p) => p.command.includes('code-server'))) throw new Error(`code-server is not among the processes of the start script: ${JSON.stringify(processes.map((p) => p.command))}`);
    if (browser && !processes.some((p) => /sitemap-studio[^ ]*\/dist\/server\.js/.test(p.command))) {
      throw new Error(`the language server is not among the processes of the start script: ${JSON.stringify(processes.map((p) => p.command))}`);
    }
  } finally {
    try {
      process.kill(started.pid, signal);
    } catch {
      // exited by itself: the exit code below says so
    }
  }
  const outcome = await withTimeout(started.exit, STOP_TIMEOUT_MS, `the start script to exit after ${signal}`).finally(() => context?.close());
  if (outcome.code !== 0) throw new Error(`the start script exited with ${outcome.code ?? outcome.signal} after ${signal}`);
  const left = stillRunning(processes);
  const runFolder = path.join(options.root, 'test-results', 'start');
  const strays = allProcesses().filter((p) => p.command.includes(runFolder) && !left.some((l) => l.pid === p.pid));
  if (left.length > 0 || strays.length > 0) {
    throw new Error(`left running after ${signal}: ${JSON.stringify([...left, ...strays].map((p) => `${p.pid} ${p.command}`))}`);
  }
}

/** Spawns the start script and resolves once it prints its address. */
async function startScript(root: string): Promise<Started> {
  const child = spawn(process.execPath, [path.join(root, 'out', 'test', 'e2e', 'start.js')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  const address = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = new RegExp(`^${escape(READY_PREFIX)}(\\S+)$`, 'm').exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then(({ code, signal }) => reject(new Error(`the start script exited with ${code ?? signal} before printing its address:\n${output}`)));
  });
  try {
    return { pid: child.pid!, address: await withTimeout(address, READY_TIMEOUT_MS, 'the start script to print its address'), exit };
  } catch (error) {
    child.kill('SIGINT'); // its handler stops code-server if it got that far
    await withTimeout(exit, STOP_TIMEOUT_MS, 'the start script to exit').catch(() => undefined);
    throw error;
  }
}

/** The bare address opens the demo with its README, and sitemap.xml shows its problems. */
async function useDemo(context: BrowserContext, address: string, screenshots: string): Promise<void> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    await page.goto(address);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor();
    // The README opens by itself (workbench.startupEditor), then sitemap.xml from the Explorer, as a person would.
    await page.locator('.tabs-container .tab', { hasText: 'README.md' }).waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: /^sitemap\.xml$/ }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'sitemap.xml' }).waitFor();
    await until(page, `the status bar to count ${JSON.stringify(DEMO_COUNTS)}`, () => problemCounts(page), (c) => c.errors === DEMO_COUNTS.errors && c.warnings === DEMO_COUNTS.warnings);
    await page.keyboard.press('Control+Shift+M');
    await until(page, 'a Problems row per rule of the demo', () => page.locator('.markers-panel .monaco-list-row').allInnerTexts(), (texts) => DEMO_RULES.every((id) => texts.some((t) => t.includes(id))));
    await page.screenshot({ path: path.join(screenshots, 'start-demo.png'), animations: 'disabled' });
  } catch (error) {
    await page.screenshot({ path: path.join(screenshots, 'start-demo-failed.png') }).catch(() => undefined);
    throw error;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
