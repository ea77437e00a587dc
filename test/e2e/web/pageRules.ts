/** In the browser: a site root's built pages read through the web client, judged by the page rules that the web worker
 * loads on first need (dist/web/pageRules.js, under VS Code's worker CSP): `noindex-page` in the Problems panel. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openFile, problemCounts, runCommand, until } from '../smoke';
import type { WebCheck } from './webSteps';

const BASE = 'https://pages.example.org/';
const SITEMAP = 'pages-sitemap.xml';
const PAGE_HEAD = (extra: string) => `<!DOCTYPE html>\n<html><head><title>Page</title>${extra}</head><body><p>Text</p></body></html>\n`;

export async function checkPageRules({ page, folder, log }: WebCheck): Promise<void> {
  const pages = path.join(folder, 'pages');
  fs.mkdirSync(pages, { recursive: true });
  fs.writeFileSync(path.join(pages, 'index.html'), PAGE_HEAD(''));
  fs.writeFileSync(path.join(pages, 'hidden.html'), PAGE_HEAD('<meta name="robots" content="noindex">'));
  fs.writeFileSync(path.join(pages, SITEMAP), '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + `  <url><loc>${BASE}</loc></url>\n  <url><loc>${BASE}hidden</loc></url>\n</urlset>\n`);
  // The folder's settings map pages/ to the site (the last check: the site roots stay for the rest of the run).
  fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'sitemap.siteRoots': { pages: BASE } }, null, 2));
  const before = (await problemCounts(page)).errors;
  await openFile(page, SITEMAP);
  await until(page, `noindex-page on ${SITEMAP} counted`, () => problemCounts(page), (c) => c.errors >= before + 1);
  // The Problems panel, filtered to the rule (its rows are virtual: the row may be out of sight among the others).
  await runCommand(page, 'View: Focus Problems');
  await page.getByPlaceholder(/^Filter \(e\.g\. text/).first().fill('noindex-page');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'noindex-page' }).first().waitFor();
  await page.getByPlaceholder(/^Filter \(e\.g\. text/).first().fill('');
  log('the page rules loaded on first need in the worker: noindex-page in the Problems panel');
}
