/**
 * needsSiteCheck: the command line skips the cross-file step (and summarizing every entry) when it is false, so it
 * may be false only where validateSite finds nothing — checked on every sequence of up to three files drawn from a
 * pool where nearly every pair has a cross-file problem; and it is false for a lone sitemap, the common CI run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, needsSiteCheck, parseDocument, summarizeForSite, validateSite, type SiteFile, type SitemapLanguageId,
} from '../../../server/src/language/languageService';

const ROOT = 'https://www.example.com/';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlset = (...locs: string[]) => `<urlset ${NS}>\n${locs.map((l) => `<url><loc>${ROOT}${l}</loc><lastmod>2024-03-01</lastmod></url>\n`).join('')}</urlset>\n`;

const POOL: Record<string, string> = {
  'a.xml': urlset('p1', 'p2'),
  'b.xml': urlset('p1', 'p1'),
  'c.txt': `${ROOT}p2\n${ROOT}p3\n`,
  'index.xml': `<sitemapindex ${NS}>\n<sitemap><loc>${ROOT}a.xml</loc><lastmod>2024-01-01</lastmod></sitemap>\n` +
    `<sitemap><loc>${ROOT}gone.xml</loc></sitemap>\n<sitemap><loc>${ROOT}inner.xml</loc></sitemap>\n</sitemapindex>\n`,
  'inner.xml': `<sitemapindex ${NS}>\n<sitemap><loc>${ROOT}b.xml</loc></sitemap>\n</sitemapindex>\n`,
  'robots.txt': `Sitemap: ${ROOT}missing.xml\nSitemap: ${ROOT}c.txt\n`,
  'page.xml': '<html><body/></html>\n',
};

function languageOf(name: string): SitemapLanguageId {
  return name === 'robots.txt' ? 'robots-txt' : name.endsWith('.txt') ? 'sitemap-txt' : 'sitemap';
}

function sequences(names: string[], length: number): string[][] {
  if (length === 0) return [[]];
  return sequences(names, length - 1).flatMap((s) => names.filter((n) => !s.includes(n)).map((n) => [...s, n]));
}

test('needsSiteCheck is false only where validateSite finds nothing', () => {
  const docs = new Map(Object.entries(POOL).map(([name, text]) => [name, parseDocument(text, languageOf(name))]));
  const resolver = {
    fileOf: (url: string) => (url.startsWith(ROOT) ? url.slice(ROOT.length) : undefined),
    exists: (name: string) => name in POOL,
  };
  let skipped = 0;
  let checked = 0;
  for (const length of [1, 2, 3]) {
    for (const names of sequences(Object.keys(POOL), length)) {
      const files: SiteFile[] = names.map((name) => ({ path: name, summary: summarizeForSite(docs.get(name)!), inSite: true }));
      const problems = validateSite(files, resolver, DEFAULT_SETTINGS);
      if (needsSiteCheck(names.map((name) => docs.get(name)!.kind))) {
        checked++;
        continue;
      }
      skipped++;
      assert.deepEqual(problems.map((p) => `${p.path} ${p.rule}`), [], names.join(' '));
    }
  }
  assert.ok(skipped > 0 && checked > 0);
});

test('a lone sitemap, text sitemap or other XML needs no site check; an index or a robots.txt alone does', () => {
  const kindOf = (name: string) => parseDocument(POOL[name], languageOf(name)).kind;
  assert.deepEqual(['a.xml', 'c.txt', 'page.xml', 'index.xml', 'robots.txt'].map((n) => needsSiteCheck([kindOf(n)])), [false, false, false, true, true]);
  assert.equal(needsSiteCheck([kindOf('a.xml'), kindOf('page.xml')]), false);
  assert.equal(needsSiteCheck([kindOf('a.xml'), kindOf('c.txt')]), true);
});
