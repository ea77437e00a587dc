/**
 * The pure site engine (language/site via the facade): each cross-file rule on in-memory files with a resolver that
 * maps `https://www.example.com/<name>` to `<name>`; exact ranges (as the text they cover), rule ids, related
 * locations, and the cases where a rule stays silent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, parseDocument, summarizeForSite, validateSite, type SiteFile, type SitemapLanguageId, type SitemapSettings,
} from '../../../server/src/language/languageService';

const ROOT = 'https://www.example.com/';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlset = (...entries: string[]) => `<urlset ${NS}>\n${entries.map((e) => `<url>${e}</url>\n`).join('')}</urlset>\n`;
const index = (...entries: string[]) => `<sitemapindex ${NS}>\n${entries.map((e) => `<sitemap>${e}</sitemap>\n`).join('')}</sitemapindex>\n`;
const loc = (path: string) => `<loc>${ROOT}${path}</loc>`;

interface Files { [name: string]: string }

function languageOf(name: string): SitemapLanguageId {
  return name.endsWith('robots.txt') ? 'robots-txt' : name.endsWith('.txt') ? 'sitemap-txt' : 'sitemap';
}

/** `file: rule "covered text"` per problem, plus ` -> file "text"` per related location. */
function check(files: Files, options: { onDisk?: string[]; inSite?: boolean; settings?: SitemapSettings } = {}): string[] {
  const siteFiles: SiteFile[] = Object.entries(files).map(([name, text]) => ({
    path: name, summary: summarizeForSite(parseDocument(text, languageOf(name))), inSite: options.inSite ?? true,
  }));
  const resolver = {
    fileOf: (url: string) => (url.startsWith(ROOT) && url.length > ROOT.length ? url.slice(ROOT.length) : undefined),
    exists: (name: string) => name in files || (options.onDisk ?? []).includes(name),
  };
  return validateSite(siteFiles, resolver, options.settings ?? DEFAULT_SETTINGS).map((d) => {
    const text = (f: string, s: number, e: number) => JSON.stringify(files[f].slice(s, e));
    const related = (d.related ?? []).map((r) => ` -> ${r.path} ${text(r.path, r.start, r.end)}`).join('');
    return `${d.path}: ${d.rule} ${d.severity} ${text(d.path, d.start, d.end)}${related}`;
  });
}

test('one site with every cross-file rule', () => {
  const found = check({
    'robots.txt': `User-agent: *\nSitemap: ${ROOT}index.xml\nSitemap: ${ROOT}gone.xml\n`,
    'index.xml': index(`${loc('a.xml')}<lastmod>2024-01-01</lastmod>`, loc('b.txt'), loc('inner.xml'), loc('missing.xml')),
    'a.xml': urlset(`${loc('p1')}<lastmod>2024-03-01</lastmod>`, loc('p2')),
    'b.txt': `${ROOT}p2\n${ROOT}p3\n${ROOT}p2\n`,
    'inner.xml': index(loc('a.xml')),
    'orphan.xml': urlset(loc('p4')),
  });
  assert.deepEqual(found, [
    `robots.txt: missing-sitemap-file warning "${ROOT}gone.xml"`,
    'index.xml: stale-index-lastmod warning "2024-01-01" -> a.xml "2024-03-01"',
    `index.xml: nested-index error "${ROOT}inner.xml"`,
    `index.xml: missing-sitemap-file warning "${ROOT}missing.xml"`,
    `b.txt: cross-file-duplicate-url warning "${ROOT}p2" -> a.xml "${ROOT}p2"`,
    'orphan.xml: unlisted-sitemap information "urlset"',
  ]);
});

test('silent: a URL that maps to no local path, or to a file that exists but was not linted together', () => {
  assert.deepEqual(check({ 'robots.txt': 'Sitemap: https://cdn.example.net/sitemap.xml\n' }), []);
  assert.deepEqual(check({ 'index.xml': index(loc('elsewhere.xml')) }, { onDisk: ['elsewhere.xml'] }), ['index.xml: unlisted-sitemap information "sitemapindex"']);
});

test('unlisted-sitemap: silent without an index or a robots.txt among the files, and outside a site root', () => {
  assert.deepEqual(check({ 'a.xml': urlset(loc('p1')), 'b.xml': urlset(loc('p2')) }), []);
  assert.deepEqual(check({ 'robots.txt': `Sitemap: ${ROOT}a.xml\n`, 'a.xml': urlset(loc('p1')), 'b.xml': urlset(loc('p2')) }, { inSite: false }), []);
});

test('stale-index-lastmod: a date stands for its whole day; silent without lastmods', () => {
  const child = urlset(`${loc('p1')}<lastmod>2024-03-01T10:00:00Z</lastmod>`);
  const site = (lastmod: string) => ({ 'robots.txt': `Sitemap: ${ROOT}index.xml\n`, 'index.xml': index(`${loc('a.xml')}${lastmod}`), 'a.xml': child });
  assert.deepEqual(check(site('<lastmod>2024-03-01</lastmod>')), []);
  assert.deepEqual(check(site('<lastmod>2024-03</lastmod>')), []);
  assert.deepEqual(check(site('')), []);
  assert.deepEqual(check(site('<lastmod>2024-03-01T09:59:59Z</lastmod>')), ['index.xml: stale-index-lastmod warning "2024-03-01T09:59:59Z" -> a.xml "2024-03-01T10:00:00Z"']);
  assert.deepEqual(check(site('<lastmod>2024-02-29</lastmod>')), ['index.xml: stale-index-lastmod warning "2024-02-29" -> a.xml "2024-03-01T10:00:00Z"']);
});

test('cross-file-duplicate-url: once per later file, never within one file, not for indexes', () => {
  assert.deepEqual(check({
    'a.xml': urlset(loc('p'), loc('p')),
    'b.xml': urlset(loc('q'), loc('p'), loc('p')),
    'c.xml': urlset(loc('p')),
  }), [
    `b.xml: cross-file-duplicate-url warning "${ROOT}p" -> a.xml "${ROOT}p"`,
    `c.xml: cross-file-duplicate-url warning "${ROOT}p" -> a.xml "${ROOT}p"`,
  ]);
  // Two indexes naming one child: no duplicate (only the indexes themselves, listed by nothing, are reported).
  assert.deepEqual(check({ 'i.xml': index(loc('a.xml')), 'j.xml': index(loc('a.xml')), 'a.xml': urlset(loc('p')) }), [
    'i.xml: unlisted-sitemap information "sitemapindex"',
    'j.xml: unlisted-sitemap information "sitemapindex"',
  ]);
});

test('sitemap.rules: severities apply, off drops the rule', () => {
  const settings = { ...DEFAULT_SETTINGS, rules: { 'cross-file-duplicate-url': 'error', 'unlisted-sitemap': 'off' } } as SitemapSettings;
  assert.deepEqual(check({ 'robots.txt': `Sitemap: ${ROOT}a.xml\n`, 'a.xml': urlset(loc('p')), 'b.xml': urlset(loc('p')) }, { settings }), [
    `b.xml: cross-file-duplicate-url error "${ROOT}p" -> a.xml "${ROOT}p"`,
  ]);
});

test('robots.txt lines that robots-sitemap-url rejects name no sitemap; a spelling Google reads does', () => {
  assert.deepEqual(check({ 'robots.txt': `Sitemap: /gone.xml\nSitmap: ${ROOT}gone.xml\nSitemap ${ROOT}gone.xml\n` }), []);
  assert.deepEqual(check({ 'robots.txt': `\uFFFDSite-Maps: ${ROOT}gone.xml\n` }), [`robots.txt: missing-sitemap-file warning "${ROOT}gone.xml"`]);
});
