/**
 * ValidationStream against the whole-document path on the same text, in the language layer, where the command-line
 * oracle (test/cli/sitemapLintStream.test.ts) cannot look: each duplicate-url's related range (its first listing, which
 * the stream keeps in FirstListings), and the site summary — kept unless the file is linted alone with nothing to check
 * across files (a lone urlset or text sitemap), then equal to summarizeForSite's; and the URL of each problem's entry.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, ValidationStream, entryUrlsAt, needsSiteCheck, parseDocument, summarizeForSite, validate, type SiteSummary, type SitemapLanguageId,
} from '../../../server/src/language/languageService';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const NOW = Date.UTC(2025, 0, 1);

/** Entries whose URLs repeat (some through a character reference, decoded alike), with and without a lastmod. */
function locs(count: number): string[] {
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const k = n % 3 === 0 ? n % 11 : n;
    out.push(n % 5 === 0 ? `https://www.example.com/p/${k}?a=1&amp;b=2` : `https://www.example.com/p/${k}?a=1&#38;b=2`);
  }
  return out;
}

const FILES: Array<{ name: string; languageId: SitemapLanguageId; text: string }> = [
  {
    name: 'urlset', languageId: 'sitemap',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n${locs(120).map((l, n) => `<url><loc>${l}</loc>${n % 4 === 0 ? `<lastmod>2024-0${1 + (n % 9)}-02</lastmod>` : ''}</url>\n`).join('')}</urlset>\n`,
  },
  {
    name: 'index', languageId: 'sitemap',
    text: `<sitemapindex ${NS}>\n${locs(60).map((l) => `<sitemap><loc>${l.replace('/p/', '/s')}.xml</loc><lastmod>2024-05-01</lastmod></sitemap>\n`).join('')}</sitemapindex>\n`,
  },
  {
    name: 'text', languageId: 'sitemap-txt',
    text: `${locs(90).map((l) => l.replace(/&amp;|&#38;/, '&')).join('\r\n')}\n`,
  },
];

function streamed(languageId: SitemapLanguageId, text: string, window: number, alone: boolean) {
  const stream = new ValidationStream({ languageId: languageId as 'sitemap' | 'sitemap-txt', settings: DEFAULT_SETTINGS, context: { now: NOW }, window, alone });
  for (let at = 0; at < text.length; at += window) stream.push(text.slice(at, at + window));
  let result = stream.end(Buffer.byteLength(text));
  if (result.rerun) {
    const again = new ValidationStream({ languageId: languageId as 'sitemap' | 'sitemap-txt', settings: DEFAULT_SETTINGS, context: { now: NOW }, window, alone, reference: result.reference });
    for (let at = 0; at < text.length; at += window) again.push(text.slice(at, at + window));
    result = again.end(Buffer.byteLength(text));
  }
  assert.ok(!result.rerun);
  return result;
}

/** An entry without a lastmod has an empty lastmod range that nothing reads, placed differently by the two parses. */
function withoutEmptyRanges(summary: SiteSummary | undefined): SiteSummary | undefined {
  if (summary === undefined) return undefined;
  const entries = summary.entries.map((e) => (e.lastmodText === '' ? { ...e, lastmodStart: 0, lastmodEnd: 0 } : e));
  return { ...summary, entries };
}

describe('ValidationStream: duplicate-url and the site summary as the whole document gives them', () => {
  for (const file of FILES) {
    it(`${file.name}: the same diagnostics, related ranges included, and the summary only where it is needed`, () => {
      const doc = parseDocument(file.text, file.languageId);
      const found = validate(doc, DEFAULT_SETTINGS, { now: NOW });
      // The stream names each problem's entry as it goes; the whole document's are found by entryUrlsAt (lintOne's way).
      const urls = entryUrlsAt(doc, found.flatMap((d) => [d.start, d.end]));
      const whole = found.map((d, k) => (urls[k] === undefined ? d : { ...d, url: urls[k] }));
      assert.ok(whole.filter((d) => d.rule === 'duplicate-url' && d.url !== undefined).length >= 10);
      for (const window of [5, 97, 1000]) {
        for (const alone of [true, false]) {
          const result = streamed(file.languageId, file.text, window, alone);
          assert.deepEqual(result.diagnostics, whole, `window ${window}, alone ${alone}`);
          const needed = !alone || needsSiteCheck([doc.kind]);
          assert.deepEqual(withoutEmptyRanges(result.summary), needed ? withoutEmptyRanges(summarizeForSite(doc)) : undefined, `window ${window}, alone ${alone}`);
        }
      }
    });
  }
});
