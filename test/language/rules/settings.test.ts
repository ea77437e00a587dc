/**
 * Settings that change the verdicts: severities per rule (`sitemap.rules`, including "off") and the problem
 * cap (`sitemap.maxProblems`, its one `too-many-problems` summary included; which problems fill it: cap.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RULES, TOO_MANY_PROBLEMS } from '../../../server/src/language/rules/catalogue';
import { diagnose, expectDiagnostics, render, stripMarks, urlset } from '../../support/fixtures';

const FIXTURE = urlset('<url><loc>https://example.com/?a=1⟦&⟧b=2</loc><priority>⟦2⟧</priority><⟦changefreq⟧>⟦Daily⟧</changefreq></url>');

test('severities: each problem carries its rule\'s default severity', () => {
  const { text } = stripMarks(FIXTURE);
  const diagnostics = diagnose(text);
  assert.deepEqual(diagnostics.map((d) => [d.rule, d.severity]), [
    ['unescaped-ampersand', 'error'],
    ['invalid-priority', 'error'],
    ['element-order', 'warning'],
    ['invalid-changefreq', 'error'],
  ]);
  for (const d of diagnostics) assert.equal(d.severity, RULES[d.rule as keyof typeof RULES]);
});

test('severities: sitemap.rules changes a rule\'s severity', () => {
  const { text } = stripMarks(FIXTURE);
  const diagnostics = diagnose(text, { settings: { rules: { 'unescaped-ampersand': 'hint', 'element-order': 'error', 'invalid-changefreq': 'information', 'invalid-priority': 'warning' } } });
  assert.deepEqual(diagnostics.map((d) => [d.rule, d.severity]), [
    ['unescaped-ampersand', 'hint'],
    ['invalid-priority', 'warning'],
    ['element-order', 'error'],
    ['invalid-changefreq', 'information'],
  ]);
});

test('severities: "off" removes a rule\'s problems; other rules are untouched', () => {
  const fixture = urlset('<url><loc>https://example.com/?a=1&b=2</loc><priority>2</priority><⟦changefreq⟧>⟦Daily⟧</changefreq></url>');
  expectDiagnostics(fixture, ['element-order', 'invalid-changefreq'], { settings: { rules: { 'unescaped-ampersand': 'off', 'invalid-priority': 'off' } } });
});

test('severities: contextual and whole-document rules can be turned off too', () => {
  const text = urlset('<url><loc>https://example.com/a</loc><lastmod>2030-01-01</lastmod></url>\n<url><loc>https://www.example.com/a</loc></url>');
  assert.deepEqual(diagnose(text).map((d) => d.rule), ['future-lastmod', 'mixed-hosts']);
  assert.deepEqual(diagnose(text, { settings: { rules: { 'future-lastmod': 'off', 'mixed-hosts': 'off' } } }), []);
  assert.deepEqual(diagnose(urlset(''), { settings: { rules: { 'no-entries': 'off' } } }), []);
});

test('maxProblems: at most that many problems, the too-many-problems summary included, on the first one left out', () => {
  const fixture = urlset(['a', 'b', 'c', 'd', 'e'].map((p) => `<url><loc>⟦${p}⟧</loc></url>`).join('\n'));
  const { text, ranges } = stripMarks(fixture);
  const diagnostics = diagnose(text, { settings: { maxProblems: 3 } });
  assert.deepEqual(render(diagnostics), [
    `invalid-url@${ranges[0][0]}-${ranges[0][1]}`,
    `invalid-url@${ranges[1][0]}-${ranges[1][1]}`,
    `${TOO_MANY_PROBLEMS}@${ranges[2][0]}-${ranges[2][1]}`,
  ]);
  assert.equal(diagnostics[2].severity, 'information');
  assert.match(diagnostics[2].message, /3/, 'the summary says how many more there are');
});

test('maxProblems: exactly that many problems get no summary; problems turned off do not count', () => {
  const fixture = urlset(['a', 'b'].map((p) => `<url><loc>⟦${p}⟧</loc></url>`).join('\n'));
  expectDiagnostics(fixture, ['invalid-url', 'invalid-url'], { settings: { maxProblems: 2 } });
  const withOff = urlset('<url><loc>⟦a⟧</loc><changefreq>x</changefreq><priority>9</priority></url>');
  expectDiagnostics(withOff, ['invalid-url'], { settings: { maxProblems: 1, rules: { 'invalid-priority': 'off', 'invalid-changefreq': 'off' } } });
});

test('maxProblems: the default is 1000, the summary included (VS Code shows at most 1,000 per file)', () => {
  const text = urlset(Array.from({ length: 1005 }, (_, k) => `<url><loc>bad${k}</loc></url>`).join('\n'));
  const diagnostics = diagnose(text);
  assert.equal(diagnostics.length, 1000);
  assert.equal(diagnostics[999].rule, TOO_MANY_PROBLEMS);
  assert.equal(diagnostics.filter((d) => d.rule === TOO_MANY_PROBLEMS).length, 1);
});

test('maxProblems: 1 leaves room for the summary only', () => {
  const fixture = urlset(['a', 'b'].map((p) => `<url><loc>⟦${p}⟧</loc></url>`).join('\n'));
  const { text, ranges } = stripMarks(fixture);
  assert.deepEqual(render(diagnose(text, { settings: { maxProblems: 1 } })), [`${TOO_MANY_PROBLEMS}@${ranges[0][0]}-${ranges[0][1]}`]);
});
