/** In the browser: the edit commands from the palette (Sort Entries by URL, Remove Duplicate URLs, the file saved;
 * Convert to Text Sitemap): text in → text out; the palette on a sitemap offering none of the commands the web entry
 * does not register or its server cannot run (Compare, Add Unlisted Pages, Set lastmod from Git History). */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { openFile, QUICK_INPUT_BOX, QUICK_INPUT_ROWS, runCommand, STATUS_SITEMAP } from '../smoke';
import { CHORES } from './webFixtures';
import { fileUntil, save, type WebCheck } from './webSteps';

export async function checkEditCommands({ page, folder, log }: WebCheck): Promise<void> {
  await openFile(page, CHORES.name);
  await page.locator(STATUS_SITEMAP).filter({ hasText: '4 / 50,000' }).waitFor(); // the server has the file
  const offered = await sitemapCommandsOffered(page);
  const desktopOnly = offered.filter((title) => /Compare with|Add Unlisted Pages|from Git History/.test(title));
  if (desktopOnly.length > 0) throw new Error(`the palette offers what the web does not run: ${desktopOnly.join(', ')}`);
  log(`the palette offers ${offered.length} Sitemap commands, none of those that need the desktop`);
  await runCommand(page, 'Sitemap: Sort Entries by URL');
  await page.locator('.notifications-toasts', { hasText: 'Sorted the entries' }).first().waitFor();
  await runCommand(page, 'Sitemap: Remove Duplicate URLs');
  await page.locator(STATUS_SITEMAP).filter({ hasText: '3 / 50,000' }).waitFor();
  await save(page);
  await fileUntil(page, `${CHORES.name} saved sorted, without the duplicate`, path.join(folder, CHORES.name), (bytes) => bytes?.toString('utf8') === CHORES.sorted);
  log('Sort Entries by URL and Remove Duplicate URLs applied and saved');
  // Convert writes the other form beside the file through the workspace's file system, and opens it.
  await runCommand(page, 'Sitemap: Convert to Text Sitemap');
  await page.locator('.tabs-container .tab.active', { hasText: CHORES.converted.name }).waitFor();
  await fileUntil(page, `${CHORES.converted.name} written`, path.join(folder, CHORES.converted.name), (bytes) => bytes?.toString('utf8') === CHORES.converted.text);
  log('Convert to Text Sitemap wrote the text sitemap beside it');
}

/** The titles the palette lists for "Sitemap: " (all of them fit in its list), then closed. */
async function sitemapCommandsOffered(page: Page): Promise<string[]> {
  await page.keyboard.press('F1');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type('Sitemap: ');
  // Offered on every sitemap: once it is listed, the list has been filtered.
  await page.locator(QUICK_INPUT_ROWS, { hasText: 'Sitemap: Sort Entries by URL' }).first().waitFor();
  const titles = await page.locator(QUICK_INPUT_ROWS).allTextContents();
  await page.keyboard.press('Escape');
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
  return titles.map((title) => title.trim());
}
