/**
 * The smoke test: the extension as a person uses it, through the UI only, in code-server driven by Chromium, with
 * the packaged .vsix installed.
 * Opens the (copied) fixture workspace, opens the broken sitemap.xml with Quick Open, sees the squiggles, the hover
 * and the Problems panel with our rule ids, fixes one problem by typing and sees the count drop, and runs a command
 * from the palette (F1). Then the authoring features in test/e2e/workspace/authoring/: completion inside a `<url>`
 * (Ctrl+Space), the hover on a `<lastmod>`, the Outline and breadcrumbs, the status bar item and its tooltip, a URL
 * found with Go to Symbol in Workspace, the quick-fix menu on an unescaped `&` (Ctrl+.) and Fix All; the languages'
 * icons in the Explorer, Sitemap: Split into Index from F1 with Enter through its prompts, and Sitemap: Show Output;
 * an error squiggle drawn below 600 warnings; a `.xml.gz` opened from the Explorer: its breadcrumbs relative, its
 * path on disk in the tab's hover, Open Compressed Sitemap as Text in the palette, and the icons of `.gz` and robots.txt
 * files in the Explorer; then
 * the server's process killed five times: the status bar item says the checker stopped, in the error colour, the
 * notification's Restart Language Server brings the counts and the squiggles back.
 * Every step saves a screenshot, and those of a feature also one cropped to it (`*-crop.png`, what the README
 * shows); a failing step saves one too and ends the test.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CodeServer } from './codeServer';
import { allProcesses } from './processes';

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
export const QUICK_INPUT_BOX = `${QUICK_INPUT} input`;
export const QUICK_INPUT_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
export const QUICK_INPUT_TITLE = `${QUICK_INPUT} .quick-input-title`;
const MARKER_ROWS = '.markers-panel .monaco-list-row';
const STATUS_PROBLEMS = '[id="status.problems"]';
export const ACTIVE_EDITOR = '.editor-group-container.active .monaco-editor';
export const SUGGEST_ROWS = '.suggest-widget.visible .monaco-list-row';
export const ACTION_ROWS = '.action-widget .monaco-list .monaco-list-row';
const OUTLINE_ROWS = '.outline-pane .monaco-list-row';
const BREADCRUMBS = '.editor-group-container.active .breadcrumbs-control';
/** The extension's status bar item: `<extension id>.<item id>`. */
export const STATUS_SITEMAP = '[id="sitemap-studio.sitemap-studio.sitemap.status"]';

/** The authoring fixtures (test/e2e/workspace/authoring/). */
const SHOP = 'shop-sitemap.xml';
const FIXES = 'fixes-sitemap.xml';
/** Split into Index's fixture (test/e2e/workspace/split/) and the number of its prompts for an XML sitemap. */
const SPLIT = 'products-sitemap.xml';
const SPLIT_PROMPTS = 6;

const TOASTS = '.notifications-toasts .notification-toast';

/** Written by the compressed-sitemap steps: the broken fixture, gzipped, in a folder of its own. */
const COMPRESSED_FOLDER = 'archive';
const COMPRESSED = 'old-sitemap.xml.gz';

/** Written by the last step: a sitemap whose warnings come before its one error. */
const MANY_WARNINGS = 'many-warnings-sitemap.xml';

/** `entries` entries with a `<lastmod>` in the future (a warning each), the last with an invalid `<priority>`. */
function manyWarnings(entries: number): { text: string; errorLine: number } {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let n = 0; n < entries; n++) {
    const priority = n === entries - 1 ? 'high' : '0.5';
    lines.push(`  <url><loc>https://www.example.com/many/${n}</loc><lastmod>2999-01-01</lastmod><priority>${priority}</priority></url>`);
  }
  lines.push('</urlset>', '');
  return { text: lines.join('\n'), errorLine: entries + 2 };
}

type Clip = { x: number; y: number; width: number; height: number };
type Window = { getComputedStyle(element: unknown, pseudo: string | null): { backgroundImage: string; backgroundColor: string } }; // no DOM lib here
type Step = [name: string, run: () => Promise<void>, crop?: () => Promise<Clip>];

export async function runSmokeTest(browser: Browser, server: CodeServer, options: SmokeOptions): Promise<{ passed: number; failed: number }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'en-US' }); // the steps read English UI text
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const fixture = fs.readFileSync(path.join(options.folder, 'sitemap.xml'), 'utf8');
  const ampersand = lineAndColumn(fixture, fixture.indexOf('category=tea&') + 'category=tea'.length);
  const shop = fs.readFileSync(path.join(options.folder, 'authoring', SHOP), 'utf8');
  const coffeeLoc = lineAndColumn(shop, shop.indexOf('https://www.example.com/shop/coffee'));
  const lastmod = lineAndColumn(shop, shop.indexOf('2024-05-01T10:30'));
  const fixes = fs.readFileSync(path.join(options.folder, 'authoring', FIXES), 'utf8');
  const fixesAmpersand = lineAndColumn(fixes, fixes.indexOf('q=tea&') + 'q=tea'.length);
  const editorArea = (widget?: string) => () => editorClip(page, widget);

  const steps: Step[] = [
    ['workbench', async () => {
      await page.goto(server.url(options.folder, {}));
      await page.locator('.monaco-workbench').waitFor();
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'foo-sitemap.xml' }).waitFor();
    }],
    ['file-icons', async () => {
      // The default theme (Seti) has no icon for our languages, so the languages' own icons show.
      for (const [name, language] of [['foo-sitemap.xml', 'sitemap'], ['sitemap.txt', 'sitemap-txt']]) await explorerIcon(page, name, language);
    }, () => clipOf(page, ['.explorer-folders-view'], 0)],
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

    // ------------------------------------------------------------ authoring
    ['completion', async () => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'Hide Panel'); // room for the editor
      await page.locator('.part.panel').waitFor({ state: 'hidden' });
      await openFile(page, SHOP);
      // A new line in the third entry, which has <loc> and <priority>: only <lastmod> and <changefreq> are missing.
      await goToLine(page, coffeeLoc.line, coffeeLoc.column);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${coffeeLoc.line + 1}, Col 5` }).waitFor();
      // Once in a while Ctrl+Space right after Enter shows nothing at all (no list, no "No suggestions"): then it
      // is pressed again, a bounded number of times.
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Control+Space');
        try {
          await page.locator(SUGGEST_ROWS, { hasText: 'changefreq' }).first().waitFor({ timeout: 5_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          options.log(`  completion: no list after Ctrl+Space (attempt ${attempt}); again`);
        }
      }
      const labels = await page.locator(`${SUGGEST_ROWS} .label-name`).allInnerTexts();
      if (labels[0] !== 'lastmod' || labels[1] !== 'changefreq' || labels.includes('loc') || labels.includes('priority')) {
        throw new Error(`expected lastmod and changefreq first, and neither loc nor priority: ${JSON.stringify(labels)}`);
      }
    }, editorArea('.suggest-widget.visible')],
    ['hover-lastmod', async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Z'); // the new line
      await goToLine(page, lastmod.line, lastmod.column);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      await page.locator('.monaco-hover', { hasText: '2024-05-01T08:30:00Z' }).first().waitFor(); // 10:30 at +02:00, in UTC
    }, editorArea('.monaco-hover')],
    ['outline', async () => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'Focus on Outline View');
      for (const url of ['https://www.example.com/shop/', 'https://www.example.com/shop/tea', 'https://www.example.com/shop/coffee']) {
        await page.locator(OUTLINE_ROWS, { hasText: url }).first().waitFor();
      }
      // The cursor is in the first entry: the breadcrumbs name it by its URL.
      await page.locator(BREADCRUMBS, { hasText: 'https://www.example.com/shop/' }).waitFor();
    }, () => clipOf(page, ['.part.sidebar', BREADCRUMBS, `${ACTIVE_EDITOR} .view-lines`], 0)],
    ['status-bar', async () => {
      const item = page.locator(STATUS_SITEMAP);
      await item.filter({ hasText: '3 / 50,000' }).waitFor();
      await item.hover();
      await page.locator('.workbench-hover', { hasText: '50,000' }).first().waitFor();
    }, async () => {
      const clip = await clipOf(page, [STATUS_SITEMAP, '.workbench-hover'], 12);
      return widen(page, clip, 560);
    }],
    ['workspace-symbols', async () => {
      await page.mouse.move(600, 300);
      await page.keyboard.press('Control+P');
      await page.locator(QUICK_INPUT_BOX).waitFor();
      await page.keyboard.type('#coffee');
      await page.locator(QUICK_INPUT_ROWS, { hasText: 'https://www.example.com/shop/coffee' }).first().waitFor();
    }, () => clipOf(page, [QUICK_INPUT], 12)],
    ['quick-fix', async () => {
      await page.keyboard.press('Escape');
      await openFile(page, FIXES);
      await page.locator(`${ACTIVE_EDITOR} .squiggly-error`).first().waitFor();
      await goToLine(page, fixesAmpersand.line, fixesAmpersand.column);
      await page.keyboard.press('Control+.');
      await page.locator(ACTION_ROWS, { hasText: '&amp;' }).first().waitFor();
    }, editorArea('.action-widget')],
    ['fix-all', async () => {
      const before = await problemCounts(page);
      // The menu opens with its first action focused: Enter applies it.
      await page.locator(`${ACTION_ROWS}.focused`, { hasText: '&amp;' }).waitFor();
      await page.keyboard.press('Enter');
      await until(page, 'one error less', () => problemCounts(page), (c) => c.errors === before.errors - 1);
      // Every problem of this file has a safe fix: no squiggle is left. Right after another edit, VS Code sometimes
      // drops the answer to Fix All in favour of a newer automatic code-action request and says it found none,
      // although the server answered with the action: then Fix All is run again, a bounded number of times.
      const squiggles = page.locator(`${ACTIVE_EDITOR} :is(.squiggly-error, .squiggly-warning)`);
      const noneFound = page.locator('.monaco-editor-overlaymessage', { hasText: 'No fix all action available' });
      for (let attempt = 1; ; attempt++) {
        await runCommand(page, 'Fix All');
        const outcome = await until(page, 'Fix All to fix the file or to say it found nothing',
          async () => ((await squiggles.count()) === 0 ? 'fixed' : (await noneFound.count()) > 0 ? 'none' : ''), (o) => o !== '');
        if (outcome === 'fixed') break;
        if (attempt === 3) throw new Error('Fix All found no action three times');
        options.log(`  Fix All: "No fix all action available" (attempt ${attempt}); again`);
        await page.keyboard.press('Escape');
        await noneFound.waitFor({ state: 'hidden' });
      }
    }, editorArea()],
    // ------------------------------------------------------------ Split into Index, Enter through every prompt
    ['split-prompt', async () => {
      await page.keyboard.press('Escape');
      await openFile(page, SPLIT);
      await page.locator(STATUS_SITEMAP).filter({ hasText: '3 / 50,000' }).waitFor(); // the server has the file
      await page.keyboard.press('F1');
      await page.locator(QUICK_INPUT_BOX).waitFor();
      await page.keyboard.type('Sitemap: Split into Index');
      await page.locator(QUICK_INPUT_ROWS, { hasText: 'Split into Index' }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator(QUICK_INPUT_TITLE, { hasText: `(1/${SPLIT_PROMPTS})` }).waitFor();
    }, () => clipOf(page, [QUICK_INPUT], 12)],
    ['split-done', async () => {
      // Two entries per child, to show a real split of the 3 entries; Enter takes every other default.
      for (let step = 1; step <= SPLIT_PROMPTS; step++) {
        await page.locator(QUICK_INPUT_TITLE, { hasText: `(${step}/${SPLIT_PROMPTS})` }).waitFor();
        if (step === 1) await page.locator(QUICK_INPUT_BOX).fill('2');
        await page.keyboard.press('Enter');
      }
      await page.locator('.notifications-toasts', { hasText: 'products-sitemap-2.xml' }).first().waitFor(); // the report
      for (const name of ['products-sitemap-1.xml', 'products-sitemap-2.xml']) {
        const child = path.join(options.folder, 'split', name);
        if (!fs.existsSync(child)) throw new Error(`no ${child} on disk`);
        await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).waitFor();
      }
      // The index, in the editor, replaces the original; the Outline follows.
      await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: 'sitemapindex' }).first().waitFor();
      await page.locator(OUTLINE_ROWS, { hasText: 'sitemapindex' }).first().waitFor();
    }, () => clipOf(page, ['.part.sidebar', '.part.editor', '.notifications-toasts'], 0)],
    ['show-output', async () => {
      await runCommand(page, 'Sitemap: Show Output');
      // The server's start-up line (`sitemap-studio <version> started…`) is in this channel only.
      await page.locator('.part.panel .monaco-editor .view-lines', { hasText: 'sitemap-studio' }).first().waitFor();
    }],
    ['error-below-many-warnings', async () => {
      // VS Code squiggles only the first 500 problems of a file, in the order published: an error below 600
      // warnings is drawn only because the server publishes errors first.
      const { text, errorLine } = manyWarnings(600);
      fs.writeFileSync(path.join(options.folder, MANY_WARNINGS), text);
      await openFile(page, MANY_WARNINGS);
      await goToLine(page, errorLine, 1);
      await page.locator(`${ACTIVE_EDITOR} .squiggly-error`).first().waitFor();
    }, editorArea()],
    // ------------------------------------------------------------ a compressed sitemap, and robots.txt
    ['compressed-breadcrumbs', async () => {
      fs.mkdirSync(path.join(options.folder, COMPRESSED_FOLDER), { recursive: true });
      fs.writeFileSync(path.join(options.folder, COMPRESSED_FOLDER, COMPRESSED), zlib.gzipSync(fixture));
      // From the Explorer: its default editor hands over to a text editor of the same name.
      await explorerRow(page, COMPRESSED_FOLDER).click();
      await explorerRow(page, COMPRESSED).click();
      await page.locator('.tabs-container .tab.active', { hasText: COMPRESSED }).waitFor();
      await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: 'urlset' }).first().waitFor();
      // Relative, as for the other files of the workspace: the folder in the workspace, then the file.
      const items = await until(page, 'the breadcrumbs of the compressed sitemap', () => page.locator(`${BREADCRUMBS} .monaco-breadcrumb-item`).allInnerTexts(),
        (texts) => texts.includes(COMPRESSED));
      if (items[0] !== COMPRESSED_FOLDER || items[1] !== COMPRESSED) throw new Error(`the breadcrumbs are not relative: ${JSON.stringify(items)}`);
      // The tab's hover names the file where it is on disk (package.json's label formatter for sitemap-gz:).
      // A hover that came while the tab was still changing is gone: then the mouse comes back, a bounded number of times.
      const file = path.join(options.folder, COMPRESSED_FOLDER, COMPRESSED);
      for (let attempt = 1; ; attempt++) {
        await page.mouse.move(600, 300);
        await page.locator('.tabs-container .tab.active').hover();
        try {
          await page.locator('.workbench-hover', { hasText: file }).first().waitFor({ timeout: 10_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    }, () => clipOf(page, ['.tabs-container', BREADCRUMBS], 0)],
    ['compressed-in-palette', async () => {
      await page.keyboard.press('F1');
      await page.locator(QUICK_INPUT_BOX).waitFor();
      await page.keyboard.type('Open Compressed Sitemap as Text');
      await page.locator(QUICK_INPUT_ROWS, { hasText: 'Open Compressed Sitemap as Text' }).first().waitFor();
    }, () => clipOf(page, [QUICK_INPUT], 12)],
    ['compressed-and-robots-icons', async () => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'Collapse Folders in Explorer'); // the folders below then fit in the list
      for (const folder of [COMPRESSED_FOLDER, 'robots']) await explorerRow(page, folder).click();
      for (const [name, language] of [[COMPRESSED, 'compressed-sitemap'], ['robots.txt', 'robots-txt']]) await explorerIcon(page, name, language);
    }, () => clipOf(page, ['.explorer-folders-view'], 0)],
    // ------------------------------------------------------------ a dead server never looks like a clean file
    ['server-stopped', async () => {
      await openFile(page, SHOP);
      const item = page.locator(STATUS_SITEMAP);
      await item.filter({ hasText: '3 / 50,000' }).waitFor();
      const killed = new Set<number>();
      for (let crash = 1; crash <= 5; crash++) {
        // A server that runs: it has counted the file (a restarted one again); then its process alone is alive.
        await item.filter({ hasText: '3 / 50,000' }).waitFor();
        const pid = await until(page, `the server's process (crash ${crash})`, async () => {
          const alive = serverProcesses().filter((p) => !killed.has(p));
          return alive.length === 1 ? alive[0] : 0;
        }, (found) => found > 0);
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
        // The crash is handled: the item says so, or (a restart can take under 150 ms, too short to be seen) a new
        // server process is running already.
        await until(page, `the crash handled (crash ${crash})`, async () => {
          const text = (await item.textContent()) ?? '';
          return /restarting|stopped/.test(text) || serverProcesses().some((p) => !killed.has(p));
        }, (handled) => handled);
      }
      await item.filter({ hasText: 'stopped' }).waitFor();
      const colour = await item.evaluate((element) => (globalThis as unknown as Window).getComputedStyle(element, null).backgroundColor);
      const [red, green] = (colour.match(/\d+/g) ?? []).map(Number);
      if (!(red > 2 * green)) throw new Error(`the stopped item is not in the error colour: ${colour}`);
      const toast = page.locator(TOASTS).filter({ has: page.locator('.monaco-button', { hasText: 'Restart Language Server' }) });
      await toast.locator('.monaco-button', { hasText: 'Show Output' }).waitFor();
    }, async () => widen(page, await clipOf(page, [STATUS_SITEMAP, TOASTS], 12), 560)],
    ['server-restarted', async () => {
      await page.locator(TOASTS).locator('.monaco-button', { hasText: 'Restart Language Server' }).first().click();
      await page.locator('.statusbar', { hasText: 'restarted' }).first().waitFor(); // the confirmation, for a few seconds
      await page.locator(STATUS_SITEMAP).filter({ hasText: '3 / 50,000' }).waitFor();
      await page.locator(`${ACTIVE_EDITOR} :is(.squiggly-error, .squiggly-warning)`).first().waitFor();
    }, () => clipOf(page, ['.part.statusbar'], 0)],
    // ------------------------------------------------------------ the Sitemaps view: site/robots.txt → index.xml → its sitemaps
    ['sitemaps-view', async () => {
      await page.keyboard.press('Escape');
      for (const title of ['example-site', 'Outline', 'Timeline']) await collapsePane(page, title);
      await runCommand(page, 'Focus on Sitemaps View');
      await sitemapsRow(page, 'site/robots.txt').waitFor();
      // Room for the URLs: the side bar wider, as a person would drag it.
      for (let step = 0; step < 3; step++) await runCommand(page, 'Increase Current View Size');
    }, () => clipOf(page, [SITEMAPS_PANE], 0)],
    ['sitemaps-expand', async () => {
      await sitemapsRow(page, 'site/robots.txt').locator('.monaco-tl-twistie').click();
      await sitemapsRow(page, 'index.xml').locator('.monaco-tl-twistie').click();
      // The children with their counts once read, the missing one marked.
      await sitemapsRow(page, 'blog.xml', /2 \/ 50,000 URLs/).waitFor();
      await sitemapsRow(page, 'news.xml', /2 \/ 50,000 URLs/).waitFor();
      await sitemapsRow(page, 'https://site.example.org/archive.xml', /missing/).waitFor();
    }, () => clipOf(page, [SITEMAPS_PANE], 0)],
    ['sitemaps-click', async () => {
      await sitemapsRow(page, 'blog.xml').click();
      await page.locator('.tabs-container .tab.active', { hasText: 'blog.xml' }).waitFor();
      await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: 'first-post' }).first().waitFor();
    }, () => clipOf(page, ['.part.sidebar', '.part.editor'], 0)],
    ['sitemaps-missing', async () => {
      // A missing file: the index that lists it opens with its <loc> selected.
      await sitemapsRow(page, 'https://site.example.org/archive.xml').click();
      await page.locator('.tabs-container .tab.active', { hasText: 'index.xml' }).waitFor();
      await page.locator(`${ACTIVE_EDITOR} .selected-text`).first().waitFor();
      await page.locator(STATUS_SELECTION, { hasText: /Ln 10, Col 46 \(36 selected\)/ }).waitFor();
    }, async () => {
      // From the tabs and the view's title down to the lower of the clicked row and the selection, and a few lines more.
      const top = await clipOf(page, ['.tabs-container', `${SITEMAPS_PANE} .pane-header`], 0);
      const bottoms = await Promise.all([sitemapsRow(page, 'https://site.example.org/archive.xml'), page.locator(`${ACTIVE_EDITOR} .selected-text`).first()]
        .map(async (locator) => ((box) => (box === null ? 0 : box.y + box.height))(await locator.boundingBox())));
      return { ...top, height: Math.max(...bottoms) + 60 - top.y };
    }],
    ['sitemaps-tooltip', async () => {
      // A sitemap's tooltip: its exact counts against the limits, its problems by severity.
      await sitemapsRow(page, 'sitemap.xml').hover();
      await page.locator('.workbench-hover', { hasText: 'sitemap.xml' }).first().waitFor();
    }, () => clipOf(page, [SITEMAPS_PANE, '.workbench-hover'], 0)],
  ];

  /** The language servers of the extension installed in this code-server (not the suite's, nor another run's). */
  function serverProcesses(): number[] {
    const bundle = path.join(server.extensionsDir, 'sitemap-studio.sitemap-studio-');
    return allProcesses().filter((p) => p.command.includes(bundle) && p.command.includes('server.js')).map((p) => p.pid);
  }

  let passed = 0;
  let failed = 0;
  try {
    for (const [index, [name, step, crop]] of steps.entries()) {
      const shot = path.join(options.screenshots, `${String(index + 1).padStart(2, '0')}-${name}`);
      const started = Date.now();
      try {
        await step();
        await page.screenshot({ path: `${shot}.png`, animations: 'disabled' });
        if (crop) await page.screenshot({ path: `${shot}-crop.png`, animations: 'disabled', clip: await crop() });
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
export async function until<T>(page: Page, what: string, read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; saw ${JSON.stringify(value)}`);
    await page.waitForTimeout(100); // a polling interval, not a wait for something to happen
    value = await read();
  }
  return value;
}

/** The Explorer's Sitemaps view. */
const SITEMAPS_PANE = '.part.sidebar .pane:has(.pane-header .title:text-matches("^Sitemaps$", "i"))';
/** The status bar's cursor position and selection. */
const STATUS_SELECTION = '[id="status.editor.selection"]';

/** The Sitemaps view's row labelled `label` (its description matching `description`). */
function sitemapsRow(page: Page, label: string, description?: RegExp): Locator {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const rows = page.locator(`${SITEMAPS_PANE} .monaco-list-row`).filter({ has: page.locator('.label-name', { hasText: exactly }) });
  return (description === undefined ? rows : rows.filter({ has: page.locator('.label-description', { hasText: description }) })).first();
}

/** Collapses the side bar's section whose title matches `title`, when it is there and expanded (room for the others). */
async function collapsePane(page: Page, title: string): Promise<void> {
  const header = page.locator(`.part.sidebar .pane-header.expanded:has(.title:text-matches("^${title}$", "i"))`);
  if (await header.count() > 0) await header.first().click();
}

/** The Explorer's row of the file or folder named exactly `name`. */
function explorerRow(page: Page, name: string): Locator {
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.explorer-folders-view .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exactly }) });
}

/**
 * Waits until the Explorer row of `name` shows the icon of `language` (the language's own, as the default theme has
 * none): the row gets the language's class first, the icon's style a moment later.
 */
async function explorerIcon(page: Page, name: string, language: string): Promise<void> {
  const label = page.locator(`.explorer-folders-view .monaco-list-row .${language}-lang-file-icon`, { hasText: name }).first();
  await label.waitFor();
  const image = () => label.evaluate((element) => (globalThis as unknown as Window).getComputedStyle(element, '::before').backgroundImage);
  await until(page, `the ${language} icon on ${name} in the Explorer`, image, (url) => url.includes(`${language}-`));
}

/** Errors and warnings as the status bar counts them. */
export async function problemCounts(page: Page): Promise<{ errors: number; warnings: number; label: string }> {
  const label = (await page.locator(STATUS_PROBLEMS).getAttribute('aria-label')) ?? '';
  const count = (kind: string) => Number(new RegExp(`${kind}: (\\d+)`, 'i').exec(label)?.[1] ?? (/no problems/i.test(label) ? 0 : NaN));
  return { errors: count('Errors'), warnings: count('Warnings'), label };
}

/** F1, the command's title, Enter on its row. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(title);
  await page.locator(QUICK_INPUT_ROWS, { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
}

/** Quick Open a file by its (unique) name and wait for its tab. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(name);
  // Enter opens the focused row, which is not the file while Quick Open is still ranking (`foo-sitemap.xml` for
  // `sitemap.xml`): wait until the focused row is exactly that name.
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  // A file written just before may not be in Quick Open's file list yet ("No matching results"): type it again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.locator(`${QUICK_INPUT_ROWS}.focused .label-name`, { hasText: exactly }).waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.locator(QUICK_INPUT_BOX).fill('');
      await page.keyboard.type(name);
    }
  }
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
}

/** The smallest rectangle holding the first visible element of each selector, `margin` pixels more, in the page. */
async function clipOf(page: Page, selectors: string[], margin: number): Promise<Clip> {
  const boxes = [];
  for (const selector of selectors) {
    const box = await page.locator(selector).filter({ visible: true }).first().boundingBox();
    if (box === null) throw new Error(`nothing to crop to: ${selector} is not visible`);
    boxes.push(box);
  }
  const viewport = page.viewportSize() ?? { width: 1200, height: 750 };
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
  return { x, y, width: right - x, height: bottom - y };
}

/** The active editor with its tabs and breadcrumbs, down to its last line or the bottom of `widget`. */
async function editorClip(page: Page, widget?: string): Promise<Clip> {
  const part = await page.locator('.part.editor').boundingBox();
  if (part === null) throw new Error('nothing to crop to: no editor area');
  // The rendered lines (the element holding them is as tall as the editor).
  const linesBottom = await page.locator(`${ACTIVE_EDITOR} .view-line`).evaluateAll((lines) => Math.max(...lines.map((l) => l.getBoundingClientRect().bottom)));
  const widgetBox = widget ? (await clipOf(page, [widget], 8)) : undefined;
  const bottom = Math.min(part.y + part.height, Math.max(linesBottom + 12, widgetBox ? widgetBox.y + widgetBox.height : 0));
  return { x: part.x, y: part.y, width: part.width, height: bottom - part.y };
}

/** `clip` made at least `width` wide, growing to the left (for items at the right edge). */
function widen(page: Page, clip: Clip, width: number): Clip {
  if (clip.width >= width) return clip;
  const right = clip.x + clip.width;
  const x = Math.max(0, right - width);
  return { ...clip, x, width: right - x };
}

/** Ctrl+G, `line:column` (1-based), Enter. */
export async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(`${line}:${column}`);
  // Enter before the picker has taken the text in goes nowhere (seen on a loaded machine): wait until it offers the line.
  await page.locator(`${QUICK_INPUT_BOX}[aria-label^="Go to line ${line} "]`).waitFor();
  await page.keyboard.press('Enter');
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
