/**
 * Validation skips the pass over every entry for the contextual rules when noContextualProblems says none can have
 * one. It may say so only where that pass finds nothing: checked on documents made of every pair of URLs from a pool
 * at the edges of "same origin" (case, default and empty ports, user info, trailing dots, escapes, entities and
 * backslashes in the authority, IDN, no authority at all), with lastmods on both sides of the clock's skew. And
 * problems found under one context are gone after a validation under a context that has none.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, parseDocument, validate } from '../../../server/src/language/languageService';
import type { SitemapModel } from '../../../server/src/language/model/model';
import { checkEntryContext, FUTURE_LASTMOD_SKEW_MS } from '../../../server/src/language/rules/contextRules';
import { entryContextOf, noContextualProblems } from '../../../server/src/language/validation';
import { NOW } from '../../support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const URLS = [
  'https://www.example.com/a', 'https://WWW.Example.COM/a', 'https://www.example.com:443/a', 'https://www.example.com:/a',
  'https://user@www.example.com/a', 'https://www.example.com./a', 'http://www.example.com/a', 'https://www.example.com?q=1',
  'https://www.example.com', 'https://www.example.com\\x/a', 'https://www.exa%6Dple.com/a', 'https://www.example.com&amp;x/a',
  'https://bücher.example/a', 'https://xn--bcher-kva.example/a', 'https://[::1]/a', 'https://127.0.0.1/a',
  '/a', 'mailto:a@www.example.com', 'https:/www.example.com/a', 'https:///a', 'https://www.example.com:8443/a',
  'https://other.example.com/a', 'HTTPS://www.example.com/a',
];

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const LASTMODS = [undefined, '2024-01-01', iso(NOW + FUTURE_LASTMOD_SKEW_MS - 1000), iso(NOW + FUTURE_LASTMOD_SKEW_MS + 1000)];

function urlset(entries: Array<{ url: string; lastmod?: string }>): string {
  const body = entries.map((e) => `<url><loc>${e.url}</loc>${e.lastmod !== undefined ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>\n`);
  return `<urlset xmlns="${NS}">\n${body.join('')}</urlset>\n`;
}

/** What the pass over every entry finds, as "rule@start". */
function fullPass(model: SitemapModel): string[] {
  const reference = model.origins.reference(model.segments);
  const context = entryContextOf(false, DEFAULT_SETTINGS, { now: NOW }, undefined, reference, NOW);
  return model.segments.flatMap((s) => (s.isEntry ? checkEntryContext(s, context).map((p) => `${p.rule}@${p.start}`) : []));
}

test('noContextualProblems holds only where every entry has none', () => {
  let skipped = 0;
  let documents = 0;
  for (const a of URLS) {
    for (const b of URLS) {
      for (const lastmod of LASTMODS) {
        const model = parseDocument(urlset([{ url: a }, { url: a, lastmod: '2023-05-01' }, { url: b, lastmod }]), 'sitemap') as SitemapModel;
        const reference = model.origins.reference(model.segments);
        const context = entryContextOf(false, DEFAULT_SETTINGS, { now: NOW }, undefined, reference, NOW);
        documents++;
        if (!noContextualProblems(model, context)) continue;
        skipped++;
        assert.deepEqual(fullPass(model), [], `${a} ${b} ${lastmod}`);
      }
    }
  }
  // The pool exercises both answers.
  assert.ok(skipped > 50 && skipped < documents - 50, `${skipped} of ${documents}`);
});

test('contextual problems of an earlier context are cleared when the skip applies', () => {
  const text = urlset([{ url: 'https://www.example.com/a', lastmod: iso(NOW + 3 * FUTURE_LASTMOD_SKEW_MS) }, { url: 'https://www.example.com/b' }]);
  const doc = parseDocument(text, 'sitemap');
  const rules = (now: number) => validate(doc, DEFAULT_SETTINGS, { now }).map((d) => d.rule);
  assert.deepEqual(rules(NOW), ['future-lastmod']);
  assert.deepEqual(rules(NOW + 10 * FUTURE_LASTMOD_SKEW_MS), []);
  assert.deepEqual(rules(NOW), ['future-lastmod']);
  // A location: out-of-scope applies, no skip.
  assert.deepEqual(validate(doc, DEFAULT_SETTINGS, { now: NOW + 10 * FUTURE_LASTMOD_SKEW_MS, location: 'https://other.example.com/sitemap.xml' }).map((d) => d.rule), ['out-of-scope', 'out-of-scope']);
  assert.deepEqual(rules(NOW + 10 * FUTURE_LASTMOD_SKEW_MS), []);
});
