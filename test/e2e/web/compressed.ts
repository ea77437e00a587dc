/** In the browser: a `.gz` sitemap opened as text (the browser's DecompressionStream), its problem shown, fixed by
 * typing and saved: the file on disk is still gzip (CompressionStream), with the edit. */
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ACTIVE_EDITOR, openFile } from '../smoke';
import { COMPRESSED } from './webFixtures';
import { cursorAt, errorCount, errorsUntil, fileUntil, save, type WebCheck } from './webSteps';

export async function checkCompressed({ page, folder, log }: WebCheck): Promise<void> {
  const base = await errorCount(page);
  await openFile(page, COMPRESSED.name);
  await page.locator(`${ACTIVE_EDITOR} .view-lines`, { hasText: 'urlset' }).first().waitFor();
  await page.locator(`${ACTIVE_EDITOR} .squiggly-error`).first().waitFor();
  await errorsUntil(page, base, 1); // invalid-priority
  const line = COMPRESSED.text.split('\n')[2];
  await cursorAt(page, 3, line.indexOf('>7<') + 2);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('0.7');
  await errorsUntil(page, base, 0);
  await save(page);
  const expected = COMPRESSED.text.replace('<priority>7</priority>', '<priority>0.7</priority>');
  await fileUntil(page, `${COMPRESSED.name} saved as gzip with the edit`, path.join(folder, COMPRESSED.name),
    (bytes) => bytes !== undefined && bytes[0] === 0x1f && bytes[1] === 0x8b && gunzipped(bytes) === expected);
  log('a .gz sitemap: problems shown, edited, saved as gzip');
}

function gunzipped(bytes: Buffer): string | undefined {
  try {
    return zlib.gunzipSync(bytes).toString('utf8');
  } catch {
    return undefined; // being written
  }
}
