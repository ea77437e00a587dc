/**
 * Fixture helpers for the language layer's tests. A fixture marks the expected ranges with ⟦ and ⟧;
 * `expectDiagnostics` strips the marks and compares rule ids and exact ranges (never messages).
 */
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, parseDocument, validate, type SitemapLanguageId, type SitemapSettings, type ValidationContext } from '../../server/src/language/languageService';

export const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** A fixed clock (2025-06-15T12:00:00Z) so future-lastmod never depends on the day the tests run. */
export const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

export interface Marked {
  text: string;
  ranges: Array<[number, number]>;
}

export function stripMarks(fixture: string): Marked {
  const ranges: Array<[number, number]> = [];
  const open: number[] = [];
  let text = '';
  for (const ch of fixture) {
    if (ch === '⟦') open.push(text.length);
    else if (ch === '⟧') ranges.push([open.pop()!, text.length]);
    else text += ch;
  }
  assert.equal(open.length, 0, 'unbalanced ⟦ ⟧ in fixture');
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { text, ranges };
}

export interface Options {
  languageId?: SitemapLanguageId;
  settings?: Partial<SitemapSettings>;
  context?: ValidationContext;
}

export function diagnose(text: string, options: Options = {}) {
  const document = parseDocument(text, options.languageId ?? 'sitemap');
  return validate(document, { ...DEFAULT_SETTINGS, ...options.settings }, { now: NOW, ...options.context });
}

/** Renders diagnostics as `rule@start-end` for readable assertion failures. */
export function render(diagnostics: ReadonlyArray<{ rule: string; start: number; end: number }>): string[] {
  return diagnostics.map((d) => `${d.rule}@${d.start}-${d.end}`);
}

/**
 * Asserts that the fixture's diagnostics are exactly `rules`, in document order, at the ⟦marked⟧ ranges.
 * Rules listed in `ignore` are left out of the comparison.
 */
export function expectDiagnostics(fixture: string, rules: string[], options: Options & { ignore?: string[] } = {}): void {
  const { text, ranges } = stripMarks(fixture);
  assert.equal(ranges.length, rules.length, 'fixture marks and expected rules differ in number');
  const actual = diagnose(text, options).filter((d) => !(options.ignore ?? []).includes(d.rule));
  const expected = rules.map((rule, k) => `${rule}@${ranges[k][0]}-${ranges[k][1]}`);
  assert.deepEqual(render(actual), expected);
}

/** Wraps entries in a valid urlset. */
export function urlset(body: string, rootAttributes = `xmlns="${NS}"`): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${rootAttributes}>\n${body}\n</urlset>\n`;
}

export function sitemapindex(body: string, rootAttributes = `xmlns="${NS}"`): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ${rootAttributes}>\n${body}\n</sitemapindex>\n`;
}
