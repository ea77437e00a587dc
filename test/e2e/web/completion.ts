/** In the browser: a completion inserted (`<loc>` in an entry without one), the URL typed, the file saved. */
import * as path from 'node:path';
import { ACTIVE_EDITOR, openFile, SUGGEST_ROWS } from '../smoke';
import { COMPLETE } from './webFixtures';
import { cursorAt, errorCount, errorsUntil, fileUntil, save, type WebCheck } from './webSteps';

export async function checkCompletion({ page, folder, log }: WebCheck): Promise<void> {
  const base = await errorCount(page);
  await openFile(page, COMPLETE.name);
  await errorsUntil(page, base, 1); // missing-loc
  await cursorAt(page, 3, '  <url>'.length + 1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Space');
  await page.locator(`${SUGGEST_ROWS}.focused .label-name`, { hasText: /^loc$/ }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: '<loc></loc>' }).waitFor();
  await page.keyboard.type('https://www.example.com/new');
  await page.keyboard.press('Escape');
  await errorsUntil(page, base, 0);
  await save(page);
  await fileUntil(page, `${COMPLETE.name} saved with the completed <loc>`, path.join(folder, COMPLETE.name),
    (bytes) => bytes !== undefined && /<url>\n\s*<loc>https:\/\/www\.example\.com\/new<\/loc>\n\s*<\/url>/.test(bytes.toString('utf8')));
  log('a completion inserted and saved');
}
