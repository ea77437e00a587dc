/** The web run's workspace (test/e2e/runWeb.ts): one small sitemap per check, written fresh for each run. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const urls = (...lines: string[]) => HEAD + lines.map((line) => `  ${line}\n`).join('') + '</urlset>\n';

/** An invalid-priority error and a missing-loc error: the problems shown. */
export const PROBLEMS = { name: 'sitemap.xml', text: urls('<url><loc>https://www.example.com/</loc><priority>2</priority></url>', '<url>', '</url>') };
/** One invalid priority, for the quick fix (Clamp to 1.0). */
export const FIX = { name: 'fix-sitemap.xml', text: urls('<url><loc>https://www.example.com/</loc><priority>2</priority></url>') };
/** An entry without `<loc>`, for the completion. */
export const COMPLETE = { name: 'complete-sitemap.xml', text: urls('<url>', '</url>') };
/** Three entries, split two per child. */
export const SPLIT = {
  name: 'products.xml',
  text: urls(...[1, 2, 3].map((n) => `<url><loc>https://www.example.com/p/${n}</loc></url>`)),
  children: ['products-1.xml', 'products-2.xml'],
};
/** Unsorted, with a duplicate: Sort Entries by URL, then Remove Duplicate URLs. */
export const CHORES = {
  name: 'chores-sitemap.xml',
  text: urls(...['c', 'a', 'b', 'a'].map((page) => `<url><loc>https://www.example.com/${page}</loc></url>`)),
  sorted: urls(...['a', 'b', 'c'].map((page) => `<url><loc>https://www.example.com/${page}</loc></url>`)),
  converted: { name: 'chores-sitemap.txt', text: ['a', 'b', 'c'].map((page) => `https://www.example.com/${page}\n`).join('') },
};
/** A compressed sitemap with an invalid priority, fixed by typing and saved; written as two gzip members (`cat a.gz
 * b.gz`), its error in the second, which Chromium's DecompressionStream alone does not read. */
export const COMPRESSED = { name: 'archive.xml.gz', text: urls('<url><loc>https://www.example.com/old</loc><priority>7</priority></url>') };

export function writeWebFixtures(folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const { name, text } of [PROBLEMS, FIX, COMPLETE, CHORES, SPLIT]) fs.writeFileSync(path.join(folder, name), text);
  const second = COMPRESSED.text.indexOf('  <url>');
  fs.writeFileSync(path.join(folder, COMPRESSED.name), Buffer.concat([zlib.gzipSync(COMPRESSED.text.slice(0, second)), zlib.gzipSync(COMPRESSED.text.slice(second))]));
}
