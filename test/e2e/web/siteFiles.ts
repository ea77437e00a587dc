/** In the browser: the web worker's server reads a robots.txt through the web client's `workspace.fs` (code-server's
 * `vscode-remote:` workspace, a non-`file:` scheme), so a sitemap it locates gets `out-of-scope` as in Node. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { openFile, problemCounts, until } from '../smoke';

const BLOG_SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  + '  <url><loc>https://www.example.com/blog/first-post</loc></url>\n  <url><loc>https://www.example.com/shop/item</loc></url>\n</urlset>\n';

export async function checkSiteFilesOnWeb(page: Page, folder: string, log: (message: string) => void): Promise<void> {
  fs.writeFileSync(path.join(folder, 'robots.txt'), 'User-agent: *\nSitemap: https://www.example.com/blog/blog-sitemap.xml\n');
  fs.mkdirSync(path.join(folder, 'blog'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'blog', 'blog-sitemap.xml'), BLOG_SITEMAP);
  const before = (await problemCounts(page)).errors;
  await openFile(page, 'blog-sitemap.xml');
  // The blog's sitemap alone is valid: its one error is the entry outside the location its robots.txt gives it.
  await until(page, 'the out-of-scope error of blog/blog-sitemap.xml', () => problemCounts(page), (c) => c.errors === before + 1);
  log('a sitemap located by a robots.txt read through workspace.fs: out-of-scope shown');

  // The Sitemaps view, answered by the web worker over the same files: robots.txt at the top of the folder's tree.
  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^\s*Sitemaps/i }) });
  const header = pane.locator('.pane-header');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  // A workspace of one folder shows the folder's first level at the top. No row is clicked: a click opens its file, and
  // an editor opening late would take the focus from the next check's typing.
  await pane.locator('.monaco-list-row', { hasText: 'robots.txt' }).first().waitFor();
  log('the Sitemaps view lists the robots.txt read through workspace.fs');
}
