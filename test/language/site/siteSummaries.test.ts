/**
 * The incremental site summary (createSiteSummaries) equals a fresh summarizeForSite of the same text after random
 * edits, summarized after every edit, after several, or partly prepared in slices; and it is incremental: entries the
 * edit did not touch or move are the same objects.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, createSiteSummaries, parseDocument, summarizeForSite, type SitemapLanguageId } from '../../../server/src/language/languageService';
import { random } from '../../support/generate';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const BASES: { name: string; languageId: SitemapLanguageId; text: string }[] = [
  {
    name: 'urlset', languageId: 'sitemap',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n` + Array.from({ length: 20 }, (_, n) =>
      `  <url>\n    <loc>https://example.com/p/${n % 7}?a=1&amp;b=${n}</loc>\n${n % 3 === 0 ? '' : `    <lastmod>2024-0${(n % 9) + 1}-1${n % 10}</lastmod>\n`}  </url>\n`).join('') + '</urlset>\n',
  },
  {
    name: 'index, CRLF', languageId: 'sitemap',
    text: `<?xml version="1.0"?>\r\n<sitemapindex xmlns="${NS}">\r\n` +
      Array.from({ length: 10 }, (_, n) => `<sitemap><loc>https://example.com/s${n}.xml</loc><lastmod>2024-01-0${n % 9 + 1}</lastmod></sitemap>\r\n`).join('') + '</sitemapindex>\r\n',
  },
  { name: 'text sitemap', languageId: 'sitemap-txt', text: Array.from({ length: 15 }, (_, n) => (n % 5 === 4 ? 'not a url\n' : `https://example.com/t/${n}\r\n`)).join('') },
  {
    name: 'robots.txt', languageId: 'robots-txt',
    text: 'User-agent: *\nDisallow: /private/\n' + Array.from({ length: 10 }, (_, n) => ['Sitemap: https://example.com/s', 'sitemap :/rel', 'Allow: /'][n % 3] + `${n}.xml\n`).join(''),
  },
];

const FRAGMENTS = ['<', '>', '/', '</url>', '<url>', '<loc>', '</loc>', '&amp;', '<!--', '-->', '\n', '\r\n', ' ', 'x', '2024-05-01', '<lastmod>', '</lastmod>',
  '<url><loc>https://example.com/new</loc><lastmod>2025-01-01</lastmod></url>', '<sitemap>', 'Sitemap: https://example.com/r.xml\n', '#', ':'];

function randomEdit(rnd: () => number, text: string): { start: number; end: number; text: string } {
  const start = Math.floor(rnd() * (text.length + 1));
  const end = Math.min(text.length, start + (rnd() < 0.4 ? 0 : Math.floor(rnd() * (rnd() < 0.8 ? 4 : 80))));
  const insert = rnd() < 0.25 ? '' : rnd() < 0.6 ? FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)] : String.fromCharCode(97 + Math.floor(rnd() * 26));
  return { start, end, text: start === end && insert === '' ? 'y' : insert };
}

test('the incremental site summary equals a fresh one after random edits', () => {
  let compared = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const base = BASES[seed % BASES.length];
    const rnd = random(seed);
    let text = base.text;
    const document = parseDocument(text, base.languageId);
    const summaries = createSiteSummaries();
    for (let step = 0; step < 150; step++) {
      const edit = randomEdit(rnd, text);
      text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      applyEdits(document, [edit]);
      const r = rnd();
      if (r < 0.2) continue; // several edits between two summaries
      if (r < 0.4) summaries.prepare(document, 1 + Math.floor(rnd() * 5)); // a slice, then maybe more edits
      if (r < 0.3) continue;
      const where = `seed ${seed}, edit ${step} (${JSON.stringify(edit)}) on ${base.name}`;
      assert.deepEqual(summaries.summarize(document), summarizeForSite(parseDocument(text, base.languageId)), where);
      compared++;
    }
  }
  assert.ok(compared >= 4_000, `only ${compared} comparisons`);
});

test('a keystroke re-makes only the entry it touched and re-bases those after it', () => {
  const text = `<urlset xmlns="${NS}">\n` + Array.from({ length: 200 }, (_, n) => `<url><loc>https://example.com/${n}</loc><lastmod>2024-01-01</lastmod></url>\n`).join('') + '</urlset>\n';
  const document = parseDocument(text, 'sitemap');
  const summaries = createSiteSummaries();
  const before = summaries.summarize(document).entries;
  const at = text.indexOf('/100<') + 1;
  applyEdits(document, [{ start: at, end: at, text: 'x' }]);
  const after = summaries.summarize(document).entries;
  assert.deepEqual(after, summarizeForSite(document).entries);
  assert.equal(after[100].url, 'https://example.com/x100');
  assert.equal(after.slice(0, 100).filter((e, k) => e === before[k]).length, 100, 'the entries before the edit are kept');
  assert.equal(after.slice(100).filter((e, k) => e === before[100 + k]).length, 0, 'those at and after it are new');
  assert.equal(before[150].start + 1, after[150].start);
  assert.equal(summaries.summarize(document).entries[150], after[150], 'no edit: nothing new');
});
