/**
 * Which problems fill `sitemap.maxProblems` when there are more: every rule that fired at least once, then errors
 * before warnings before information before hints, then document order; one `too-many-problems` summary, included
 * in the count, on the first problem left out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOO_MANY_PROBLEMS } from '../../../server/src/language/rules/catalogue';
import type { SitemapSettings } from '../../../server/src/language/settings';
import { diagnose, render, urlset } from '../../support/fixtures';

type Diagnostics = ReturnType<typeof diagnose>;

/**
 * Warnings first in the document, errors after them, one error of another rule at the very end, and whole-document
 * problems (duplicate-url warnings, the legacy size limit as information) merged in.
 */
const MIXED = urlset([
  ...Array.from({ length: 20 }, (_, k) => `<url><loc>https://example.com/order-${k}</loc><priority>0.5</priority><lastmod>2024-01-01</lastmod></url>`),
  ...Array.from({ length: 20 }, (_, k) => `<url><loc>bad-${k}</loc></url>`),
  ...Array.from({ length: 6 }, () => '<url><loc>https://example.com/twice</loc></url>'),
  '<!-- caf\uFFFD -->',
].join('\n'));
const SETTINGS: Partial<SitemapSettings> = { limits: { maxEntries: 50_000, maxBytes: 52_428_800, legacyMaxBytes: 100, maxNewsEntries: 1000 } };

function count(diagnostics: Diagnostics): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of diagnostics) counts[d.rule] = (counts[d.rule] ?? 0) + 1;
  return counts;
}

/** The problems in `all` that `shown` leaves out, in document order. */
function omitted(all: Diagnostics, shown: Diagnostics): Diagnostics {
  const kept = new Set(render(shown));
  return all.filter((d) => !kept.has(render([d])[0]));
}

function capped(maxProblems: number, settings: Partial<SitemapSettings> = {}): { all: Diagnostics; shown: Diagnostics; summary: Diagnostics[number] } {
  const all = diagnose(MIXED, { settings: { ...SETTINGS, ...settings, maxProblems: Number.MAX_SAFE_INTEGER } });
  const diagnostics = diagnose(MIXED, { settings: { ...SETTINGS, ...settings, maxProblems } });
  assert.equal(diagnostics.length, maxProblems, 'the summary counts towards maxProblems');
  const summaries = diagnostics.filter((d) => d.rule === TOO_MANY_PROBLEMS);
  assert.equal(summaries.length, 1);
  assert.equal(summaries[0].severity, 'information');
  const shown = diagnostics.filter((d) => d.rule !== TOO_MANY_PROBLEMS);
  for (let k = 1; k < diagnostics.length; k++) assert.ok(diagnostics[k - 1].start <= diagnostics[k].start, 'published in document order');
  // The summary sits on the first problem left out.
  const first = omitted(all, shown)[0];
  assert.deepEqual([summaries[0].start, summaries[0].end], [first.start, first.end]);
  return { all, shown, summary: summaries[0] };
}

test('cap: the fixture fires five rules of three severities', () => {
  const all = diagnose(MIXED, { settings: { ...SETTINGS, maxProblems: Number.MAX_SAFE_INTEGER } });
  assert.deepEqual(count(all), { 'legacy-size-limit': 1, 'element-order': 20, 'invalid-url': 20, 'duplicate-url': 5, encoding: 1 });
});

test('cap: every rule that fired is shown, then errors in document order', () => {
  const { all, shown } = capped(10);
  assert.deepEqual(count(shown), { 'legacy-size-limit': 1, 'element-order': 1, 'invalid-url': 5, 'duplicate-url': 1, encoding: 1 });
  const firstOf = (rule: string) => all.find((d) => d.rule === rule)!;
  const expected = [
    firstOf('legacy-size-limit'), firstOf('element-order'), ...all.filter((d) => d.rule === 'invalid-url').slice(0, 5),
    firstOf('duplicate-url'), firstOf('encoding'),
  ];
  assert.deepEqual(render(shown), render(expected));
});

test('cap: the one encoding error at the end shows even when errors of another rule fill the cap', () => {
  const { shown } = capped(25);
  assert.equal(count(shown).encoding, 1);
  // 24 slots: one per rule (5), then the other 19 invalid-url errors; warnings beyond their first wait.
  assert.deepEqual(count(shown), { 'legacy-size-limit': 1, 'element-order': 1, 'invalid-url': 20, 'duplicate-url': 1, encoding: 1 });
  // Five slots more go to the warnings, in document order.
  assert.deepEqual(count(capped(30).shown), { 'legacy-size-limit': 1, 'element-order': 6, 'invalid-url': 20, 'duplicate-url': 1, encoding: 1 });
});

test('cap: severities after sitemap.rules decide the order', () => {
  const { all, shown } = capped(10, { rules: { 'element-order': 'error', 'invalid-url': 'hint', 'legacy-size-limit': 'off' } });
  assert.deepEqual(count(shown), { 'element-order': 6, 'invalid-url': 1, 'duplicate-url': 1, encoding: 1 });
  assert.deepEqual(render(shown.filter((d) => d.rule === 'element-order')), render(all.filter((d) => d.rule === 'element-order').slice(0, 6)));
  assert.equal(shown.find((d) => d.rule === 'invalid-url')!.severity, 'hint');
});

test('cap: with fewer slots than rules, the first problems of the most severe rules', () => {
  // Two slots: the two error rules' first problems; the information at the root is the first left out.
  const { all, shown, summary } = capped(3);
  const firstOf = (rule: string) => all.find((d) => d.rule === rule)!;
  assert.deepEqual(render(shown), render([firstOf('invalid-url'), firstOf('encoding')]));
  assert.equal(render([summary])[0], `${TOO_MANY_PROBLEMS}@${firstOf('legacy-size-limit').start}-${firstOf('legacy-size-limit').end}`);
});

test('cap: the summary names what was left out, per rule', () => {
  const { summary } = capped(10);
  for (const rule of ['element-order', 'invalid-url', 'duplicate-url']) assert.ok(summary.message.includes(rule), `${rule} in the summary`);
  for (const rule of ['encoding', 'legacy-size-limit']) assert.ok(!summary.message.includes(rule), `nothing of ${rule} was left out`);
});
