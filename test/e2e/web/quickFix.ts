/** In the browser: a quick fix applied (Ctrl+., the preferred fix), the file saved: text in → text out. */
import * as path from 'node:path';
import { ACTION_ROWS, openFile } from '../smoke';
import { FIX } from './webFixtures';
import { cursorAt, errorCount, errorsUntil, fileUntil, save, type WebCheck } from './webSteps';

export async function checkQuickFix({ page, folder, log }: WebCheck): Promise<void> {
  const base = await errorCount(page);
  await openFile(page, FIX.name);
  await errorsUntil(page, base, 1);
  await cursorAt(page, 3, FIX.text.split('\n')[2].indexOf('>2<') + 2);
  await page.keyboard.press('Control+.');
  await page.locator(`${ACTION_ROWS}.focused`, { hasText: '1.0' }).waitFor();
  await page.keyboard.press('Enter');
  await errorsUntil(page, base, 0);
  await save(page);
  const expected = FIX.text.replace('<priority>2</priority>', '<priority>1.0</priority>');
  await fileUntil(page, `${FIX.name} saved with the fix`, path.join(folder, FIX.name), (bytes) => bytes?.toString('utf8') === expected);
  log('a quick fix applied and saved');
}
