/** In the browser: Split into Index as one edit (the children created, the index in the original's editor, unsaved),
 * then one Undo: the children gone, the original's text back, the file on disk never changed. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ACTIVE_EDITOR, openFile, QUICK_INPUT_BOX, QUICK_INPUT_ROWS, QUICK_INPUT_TITLE, STATUS_SITEMAP } from '../smoke';
import { SPLIT } from './webFixtures';
import { fileUntil, type WebCheck } from './webSteps';

/** The prompts of Split into Index for an XML sitemap. */
const PROMPTS = 6;

export async function checkSplitAndUndo({ page, folder, log }: WebCheck): Promise<void> {
  await openFile(page, SPLIT.name);
  await page.locator(STATUS_SITEMAP).filter({ hasText: '3 / 50,000' }).waitFor(); // the server has the file
  // Not runCommand: the palette hands over to the first prompt without ever hiding.
  await page.keyboard.press('F1');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type('Sitemap: Split into Index');
  await page.locator(QUICK_INPUT_ROWS, { hasText: 'Split into Index' }).first().waitFor();
  await page.keyboard.press('Enter');
  for (let step = 1; step <= PROMPTS; step++) {
    await page.locator(QUICK_INPUT_TITLE, { hasText: `(${step}/${PROMPTS})` }).waitFor();
    if (step === 1) await page.locator(QUICK_INPUT_BOX).fill('2');
    await page.keyboard.press('Enter');
  }
  await page.locator('.notifications-toasts', { hasText: SPLIT.children[1] }).first().waitFor(); // the report
  const original = path.join(folder, SPLIT.name);
  for (const child of SPLIT.children) await fileUntil(page, `${child} created`, path.join(folder, child), (bytes) => bytes?.includes('<urlset') === true);
  await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: 'sitemapindex' }).first().waitFor();
  await page.locator('.tabs-container .tab.active.dirty').waitFor();
  if (fs.readFileSync(original, 'utf8') !== SPLIT.text) throw new Error(`${SPLIT.name} was written before it was saved`);
  log('Split into Index: the children created, the index in the editor, unsaved');

  await page.locator(`${ACTIVE_EDITOR} .view-lines`).first().click();
  await page.keyboard.press('Control+Z');
  // VS Code may ask whether to undo across the files the edit touched: yes.
  const acrossFiles = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Undo in \d+ Files?$/ });
  const undone = page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: '<urlset' }).first();
  await acrossFiles.or(undone).first().waitFor();
  if (await acrossFiles.isVisible()) await acrossFiles.click();
  await undone.waitFor();
  for (const child of SPLIT.children) await fileUntil(page, `${child} removed by Undo`, path.join(folder, child), (bytes) => bytes === undefined);
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
  if (fs.readFileSync(original, 'utf8') !== SPLIT.text) throw new Error(`${SPLIT.name} changed on disk`);
  log('one Undo: the children gone, the original text back');
}
