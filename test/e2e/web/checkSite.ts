/** In the browser: Sitemap: Check Site from the palette, run by the web worker's server over the files the web client
 * lists and reads; a closed sitemap's problem reaches the Problems panel (its count, and the file's row). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { problemCounts, runCommand, until } from '../smoke';
import type { WebCheck } from './webSteps';

const CLOSED = 'check-site-closed.xml';
/** One error, `invalid-priority`, in a sitemap no editor opens. */
const CLOSED_TEXT = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  + '  <url><loc>https://www.example.com/closed</loc><priority>2</priority></url>\n</urlset>\n';

export async function checkCheckSite({ page, folder, log }: WebCheck): Promise<void> {
  fs.writeFileSync(path.join(folder, CLOSED), CLOSED_TEXT);
  const before = (await problemCounts(page)).errors;
  await runCommand(page, 'Sitemap: Check Site');
  await until(page, `the error of the closed ${CLOSED} counted`, () => problemCounts(page), (c) => c.errors >= before + 1);
  // The summary offers the Problems panel: the closed file is among the files with problems.
  await page.locator('.notifications-toasts .monaco-button', { hasText: 'Show Problems' }).first().click();
  await page.locator('.markers-panel .monaco-list-row', { hasText: CLOSED }).first().waitFor();
  log(`Check Site from the palette: the closed ${CLOSED}'s problem in the Problems panel`);
}
