/** In the browser: Merge Index into One Sitemap on an index with two children (one gzipped) read by the web worker's
 * server through the client; the index's text replaced by the merged sitemap (saved: text in → text out), one Undo. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ACTIVE_EDITOR, openFile, runCommand, STATUS_SITEMAP } from '../smoke';
import { fileUntil, save, type WebCheck } from './webSteps';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urls = (...pages: string[]): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`
  + pages.map((page) => `  <url><loc>https://www.example.com/${page}</loc></url>\n`).join('') + '</urlset>\n';
const INDEX = {
  name: 'merge-index.xml',
  text: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
    + ['merge-1.xml', 'merge-2.xml.gz'].map((child) => `  <sitemap><loc>https://www.example.com/${child}</loc></sitemap>\n`).join('')
    + '</sitemapindex>\n',
  merged: urls('m/a', 'm/b', 'm/c'),
};

export async function checkMergeAndUndo({ page, folder, log }: WebCheck): Promise<void> {
  // Its own files, beside the index: the children are found by their URLs' names.
  fs.writeFileSync(path.join(folder, 'merge-1.xml'), urls('m/a', 'm/b'));
  fs.writeFileSync(path.join(folder, 'merge-2.xml.gz'), zlib.gzipSync(urls('m/c')));
  const index = path.join(folder, INDEX.name);
  fs.writeFileSync(index, INDEX.text);
  await openFile(page, INDEX.name);
  await page.locator(STATUS_SITEMAP).filter({ hasText: '2 / 50,000 sitemaps' }).waitFor(); // the server has the index
  await runCommand(page, 'Sitemap: Merge Index into One Sitemap');
  await page.locator(STATUS_SITEMAP).filter({ hasText: '3 / 50,000 URLs' }).waitFor();
  await page.locator('.tabs-container .tab.active.dirty').waitFor();
  if (fs.readFileSync(index, 'utf8') !== INDEX.text) throw new Error(`${INDEX.name} was written before it was saved`);
  await save(page);
  await fileUntil(page, `${INDEX.name} saved as the merged sitemap`, index, (bytes) => bytes?.toString('utf8') === INDEX.merged);
  log('Merge Index into One Sitemap: the index replaced by the merged sitemap in its editor');

  await page.locator(`${ACTIVE_EDITOR} .view-lines`).first().click();
  await page.keyboard.press('Control+Z');
  await page.locator(STATUS_SITEMAP).filter({ hasText: '2 / 50,000 sitemaps' }).waitFor();
  await save(page);
  await fileUntil(page, `${INDEX.name} saved as the index again`, index, (bytes) => bytes?.toString('utf8') === INDEX.text);
  log('one Undo: the index text back');
}
