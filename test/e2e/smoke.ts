/**
 * The smoke test: the extension as a person uses it, through the UI only, in code-server driven by Chromium, with
 * the packaged .vsix installed.
 * Opens the (copied) fixture workspace, opens the broken sitemap.xml with Quick Open, sees the squiggles, the hover
 * and the Problems panel with our rule ids, fixes one problem by typing and sees the count drop, and runs a command
 * from the palette (F1). Every step saves a screenshot; a failing step saves one too and ends the test.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CodeServer } from './codeServer';

export interface SmokeOptions {
  /** A copy of test/e2e/workspace. */
  folder: string;
  screenshots: string;
  log(line: string): void;
}

/** The rule ids the broken fixture sitemap.xml has (test/e2e/workspace/sitemap.xml). */
const BROKEN_RULES = ['unescaped-ampersand', 'invalid-lastmod', 'invalid-changefreq', 'invalid-priority'];
const STEP_TIMEOUT_MS = 30_000;

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} input`;
const QUICK_INPUT_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
const MARKER_ROWS = '.markers-panel .monaco-list-row';
const STATUS_PROBLEMS = '[id="status.problems"]';

export async function runSmokeTest(browser: Browser, server: CodeServer, options: SmokeOptions): Promise<{ passed: number; failed: number }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' }); // the steps read English UI text
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const fixture = fs.readFileSync(path.join(options.folder, 'sitemap.xml'), 'utf8');
  const ampersand = lineAndColumn(fixture, fixture.indexOf('category=tea&') + 'category=tea'.length);

  const steps: [string, () => Promise<void>][] = [
    ['workbench', async () => {
      await page.goto(server.url(options.folder, {}));
      await page.locator('.monaco-workbench').waitFor();
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'foo-sitemap.xml' }).waitFor();
    }],
    ['quick-open', async () => {
      await page.keyboard.press('Control+P');
      await page.locator(QUICK_INPUT_BOX).waitFor();
      await page.keyboard.type('sitemap.xml');
      await page.locator(QUICK_INPUT_ROWS).first().waitFor();
    }],
    ['squiggles', async () => {
      // The first match is the one at the workspace root (no folder in its description).
      const rows = page.locator(QUICK_INPUT_ROWS);
      const labels = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? ''));
      const index = labels.findIndex((label) => /^sitemap\.xml\b/.test(label) && !/public|catalog/.test(label));
      if (index < 0) throw new Error(`Quick Open has no row for the root sitemap.xml: ${JSON.stringify(labels)}`);
      await rows.nth(index).click();
      await page.locator('.tabs-container .tab.active', { hasText: 'sitemap.xml' }).waitFor();
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();
      await until(page, 'the status bar to count 4 errors', () => problemCounts(page), (c) => c.errors === 4);
    }],
    ['problems', async () => {
      await page.keyboard.press('Control+Shift+M');
      const texts = await until(page, 'a Problems row per rule', () => page.locator(MARKER_ROWS).allInnerTexts(), (rows) => BROKEN_RULES.every((id) => rows.some((row) => row.includes(id))));
      const markers = texts.filter((row) => BROKEN_RULES.some((id) => row.includes(id)));
      if (markers.length !== BROKEN_RULES.length) throw new Error(`expected ${BROKEN_RULES.length} problem rows, saw ${JSON.stringify(texts)}`);
    }],
    ['hover', async () => {
      await goToLine(page, ampersand.line, ampersand.column);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I'); // Show Hover: the marker under the cursor
      await page.locator('.monaco-hover', { hasText: 'unescaped-ampersand' }).first().waitFor();
    }],
    ['fix-by-typing', async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowRight'); // after the '&'
      await page.keyboard.type('amp;');
      await page.keyboard.press('Escape'); // any word suggestion
      await until(page, 'the status bar to count 3 errors', () => problemCounts(page), (c) => c.errors === 3);
      const rows = await until(page, 'the Problems row of unescaped-ampersand to go', () => page.locator(MARKER_ROWS).allInnerTexts(), (texts) => !texts.some((t) => t.includes('unescaped-ampersand')));
      if (!rows.some((t) => t.includes('invalid-priority'))) throw new Error(`the other problems went too: ${JSON.stringify(rows)}`);
    }],
    ['command-palette', async () => {
      await page.keyboard.press('F1');
      await page.locator(QUICK_INPUT_BOX).waitFor();
      await page.keyboard.type('Change Language Mode');
      await page.locator(QUICK_INPUT_ROWS, { hasText: 'Change Language Mode' }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator(`${QUICK_INPUT_BOX}[placeholder*="Language Mode"]`).waitFor();
      await page.keyboard.type('sitemap');
      const rows = await until(page, 'Sitemap and Text Sitemap in the language list', () => page.locator(QUICK_INPUT_ROWS).allInnerTexts(), (texts) => texts.some((t) => t.includes('(sitemap)')) && texts.some((t) => t.includes('(sitemap-txt)')));
      if (!rows.some((t) => t.includes('(sitemap)') && t.includes('Configured Language'))) throw new Error(`sitemap.xml is not in the sitemap language: ${JSON.stringify(rows)}`);
    }],
  ];

  let passed = 0;
  let failed = 0;
  try {
    for (const [index, [name, step]] of steps.entries()) {
      const shot = path.join(options.screenshots, `${String(index + 1).padStart(2, '0')}-${name}`);
      const started = Date.now();
      try {
        await step();
        await page.screenshot({ path: `${shot}.png`, animations: 'disabled' });
        options.log(`✔ ${name} (${Date.now() - started} ms)`);
        passed++;
      } catch (error) {
        await page.screenshot({ path: `${shot}-failed.png` }).catch(() => undefined);
        options.log(`✘ ${name}: ${error instanceof Error ? error.message : String(error)}`);
        options.log(`  screenshot: ${path.relative(process.cwd(), `${shot}-failed.png`)}`);
        failed++;
        break;
      }
    }
  } finally {
    await context.close();
  }
  return { passed, failed };
}

/** Polls `read` (UI state, through the DOM) until `accept` holds; fails after STEP_TIMEOUT_MS with what it saw. */
async function until<T>(page: Page, what: string, read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; saw ${JSON.stringify(value)}`);
    await page.waitForTimeout(100); // a polling interval, not a wait for something to happen
    value = await read();
  }
  return value;
}

/** Errors and warnings as the status bar counts them. */
async function problemCounts(page: Page): Promise<{ errors: number; warnings: number; label: string }> {
  const label = (await page.locator(STATUS_PROBLEMS).getAttribute('aria-label')) ?? '';
  const count = (kind: string) => Number(new RegExp(`${kind}: (\\d+)`, 'i').exec(label)?.[1] ?? (/no problems/i.test(label) ? 0 : NaN));
  return { errors: count('Errors'), warnings: count('Warnings'), label };
}

/** Ctrl+G, `line:column` (1-based), Enter. */
async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
