/**
 * The site check file by file (startSiteValidation: add each file, then finish) against validateSite over all the
 * files at once, on generated sites: sitemaps, text sitemaps, indexes and robots.txt files naming each other (and
 * files that are missing, or only on disk), URLs shared between and within files, lastmods of every precision, files
 * in and out of a site root, in random orders, under random severities. The two must give the same problems in the
 * same order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, parseDocument, startSiteValidation, summarizeForSite, validateSite,
  type SiteFile, type SiteResolver, type SitemapLanguageId, type SitemapSettings,
} from '../../server/src/language/languageService';
import { packSummary, receivedSummary } from '../../server/src/node/packedSummary';
import { random } from '../support/generate';

const ROOT = 'https://www.example.com/';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const LASTMODS = ['', '2024', '2024-03', '2024-03-01', '2024-02-29', '2024-03-01T10:00:00Z', '2024-03-01T09:59:59Z', '2025-01-01', 'not a date'];

interface Site {
  files: SiteFile[];
  resolver: SiteResolver;
  settings: SitemapSettings;
}

function generateSite(next: () => number): Site {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const count = 1 + Math.floor(next() * 9);
  const names: string[] = [];
  for (let k = 0; k < count; k++) {
    const r = next();
    names.push(r < 0.45 ? `s${k}.xml` : r < 0.6 ? `t${k}.txt` : r < 0.8 ? `i${k}.xml` : r < 0.93 ? `d${k}/robots.txt` : `u${k}.xml`);
  }
  // Names that are not among the files: some exist on disk, the others nowhere.
  const onDisk = new Set(['disk.xml']);
  const targets = [...names, 'disk.xml', 'gone.xml'];
  const pages = 1 + Math.floor(next() * 12);
  const url = (): string => `${ROOT}p${Math.floor(next() * pages)}`;
  const lastmod = (): string => {
    const text = pick(LASTMODS);
    return text === '' ? '' : `<lastmod>${text}</lastmod>`;
  };
  const entries = (): number => Math.floor(next() * 7);
  const texts = names.map((name) => {
    const n = entries();
    if (name.endsWith('robots.txt')) return Array.from({ length: n }, () => `Sitemap: ${next() < 0.8 ? ROOT + pick(targets) : 'https://cdn.example.net/x.xml'}\n`).join('');
    if (name.endsWith('.txt')) return Array.from({ length: n }, () => `${url()}\n`).join('');
    if (name.startsWith('u')) return 'not a sitemap\n';
    if (name.startsWith('i')) return `<sitemapindex ${NS}>\n${Array.from({ length: n }, () => `<sitemap><loc>${ROOT}${pick(targets)}</loc>${lastmod()}</sitemap>\n`).join('')}</sitemapindex>\n`;
    return `<urlset ${NS}>\n${Array.from({ length: n }, () => `<url><loc>${url()}</loc>${lastmod()}</url>\n`).join('')}</urlset>\n`;
  });
  const order = names.map((_, k) => k).sort(() => next() - 0.5);
  const files = order.map((k): SiteFile => ({
    path: names[k], summary: summarizeForSite(parseDocument(texts[k], languageOf(names[k]))), inSite: next() < 0.8,
  }));
  const resolver: SiteResolver = {
    fileOf: (u) => (u.startsWith(ROOT) && u.length > ROOT.length ? u.slice(ROOT.length) : undefined),
    exists: (name) => names.includes(name) || onDisk.has(name),
  };
  const off = next() < 0.2 ? pick(['cross-file-duplicate-url', 'unlisted-sitemap', 'stale-index-lastmod']) : undefined;
  const settings = off === undefined ? DEFAULT_SETTINGS : { ...DEFAULT_SETTINGS, rules: { ...DEFAULT_SETTINGS.rules, [off]: 'off' } } as SitemapSettings;
  return { files, resolver, settings };
}

function languageOf(name: string): SitemapLanguageId {
  return name.endsWith('robots.txt') ? 'robots-txt' : name.endsWith('.txt') ? 'sitemap-txt' : 'sitemap';
}

test('file by file gives what validateSite gives, on 3,000 generated sites', () => {
  const next = random(10);
  const seen = new Map<string, number>();
  for (let run = 0; run < 3000; run++) {
    const { files, resolver, settings } = generateSite(next);
    const batch = validateSite(files, resolver, settings);
    const check = startSiteValidation(settings);
    for (const file of files) check.add(file);
    assert.deepEqual(check.finish(resolver), batch, `site ${run}: ${files.map((f) => f.path).join(' ')}`);
    for (const d of batch) seen.set(d.rule, (seen.get(d.rule) ?? 0) + 1);
  }
  // The sites reach every cross-file rule, a cross-file duplicate many times.
  for (const rule of ['missing-sitemap-file', 'nested-index', 'stale-index-lastmod', 'cross-file-duplicate-url', 'unlisted-sitemap']) {
    assert.ok((seen.get(rule) ?? 0) >= 50, `${rule}: ${seen.get(rule) ?? 0}`);
  }
});

/**
 * A summary that brings its URL columns (as sitemap-lint's workers send them) with hashes that collide on purpose:
 * only `buckets` values, so that URLs that differ share a hash and the check must tell them apart by the URLs.
 */
function withColumns(file: SiteFile, buckets: number): SiteFile {
  const { entries } = file.summary;
  const hashes = Int32Array.from(entries, (e) => e.url.length % buckets);
  const ranges = Float64Array.from(entries.flatMap((e) => [e.start, e.end]));
  return { ...file, summary: { ...file.summary, urls: { hashes, ranges, urlAt: (k) => entries[k].url } } };
}

test('file by file with URL columns whose hashes collide gives what validateSite gives, on 1,000 generated sites', () => {
  const next = random(11);
  let duplicates = 0;
  for (let run = 0; run < 1000; run++) {
    const { files, resolver, settings } = generateSite(next);
    const batch = validateSite(files, resolver, settings);
    const check = startSiteValidation(settings);
    for (const file of files) check.add(withColumns(file, 1 + (run % 3)));
    assert.deepEqual(check.finish(resolver), batch, `site ${run}: ${files.map((f) => f.path).join(' ')}`);
    duplicates += batch.filter((d) => d.rule === 'cross-file-duplicate-url').length;
  }
  assert.ok(duplicates >= 50, `cross-file duplicates: ${duplicates}`);
});

test('summaries packed and received as the lint workers send them, beside summaries made here, on 1,000 generated sites', () => {
  const next = random(12);
  for (let run = 0; run < 1000; run++) {
    const { files, resolver, settings } = generateSite(next);
    const batch = validateSite(files, resolver, settings);
    const check = startSiteValidation(settings);
    for (const file of files) {
      const kind = file.summary.kind;
      const hashed = kind === 'urlset' || kind === 'text';
      check.add(next() < 0.6 ? { ...file, summary: receivedSummary(packSummary(file.summary, hashed)) } : file);
    }
    assert.deepEqual(check.finish(resolver), batch, `site ${run}: ${files.map((f) => f.path).join(' ')}`);
  }
});

test('a URL listed in many files: reported in each later file once, against its first listing', () => {
  const file = (name: string, ...urls: string[]): SiteFile => ({ path: name, summary: summarizeForSite(parseDocument(urls.map((u) => `${ROOT}${u}\n`).join(''), 'sitemap-txt')), inSite: true });
  const files = [file('a.txt', 'x', 'y'), file('b.txt', 'y', 'x', 'y'), file('c.txt', 'z'), file('d.txt', 'x', 'z', 'z'), file('e.txt', 'z', 'x')];
  const check = startSiteValidation(DEFAULT_SETTINGS);
  for (const f of files) check.add(f);
  const found = check.finish({ fileOf: () => undefined, exists: () => false }).map((d) => `${d.path}:${d.start} -> ${d.related![0].path}:${d.related![0].start}`);
  const line = (k: number): number => k * (ROOT.length + 2); // each line is ROOT, one letter and a newline
  assert.deepEqual(found, [
    `b.txt:${line(0)} -> a.txt:${line(1)}`, `b.txt:${line(1)} -> a.txt:${line(0)}`,
    `d.txt:${line(0)} -> a.txt:${line(0)}`, `d.txt:${line(1)} -> c.txt:${line(0)}`,
    `e.txt:${line(0)} -> c.txt:${line(0)}`, `e.txt:${line(1)} -> a.txt:${line(0)}`,
  ]);
});
