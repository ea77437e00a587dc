/** In the browser: the edit commands from the palette (Sort Entries by URL, Remove Duplicate URLs, the file saved;
 * Convert to Text Sitemap): text in → text out. */
import * as path from 'node:path';
import { openFile, runCommand, STATUS_SITEMAP } from '../smoke';
import { CHORES } from './webFixtures';
import { fileUntil, save, type WebCheck } from './webSteps';

export async function checkEditCommands({ page, folder, log }: WebCheck): Promise<void> {
  await openFile(page, CHORES.name);
  await page.locator(STATUS_SITEMAP).filter({ hasText: '4 / 50,000' }).waitFor(); // the server has the file
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
