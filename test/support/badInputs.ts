/**
 * What the bad-input tests share (test/language/syntax/badInputs.test.ts, and the largest inputs in
 * test/robustness/largeInputs.test.ts): open and edit within robustness bounds, and what any result must satisfy.
 */
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_SETTINGS, applyEdits, parseDocument, validate,
  type SitemapDiagnostic, type SitemapDocument, type SitemapLanguageId,
} from '../../server/src/language/languageService';
import { MB, describe, measure } from './bounds';
import { NOW, NS, render } from './fixtures';
import { random } from './generate';
import { FRAGMENTS } from './mutations';

export const CONTEXT = { now: NOW };

interface Bound {
  ms: number;
  /** Heap still held by the parsed document (the text itself is allocated before the measurement). */
  retainedBytes: number;
  peakRssGrowthBytes: number;
}

/**
 * The bound for an operation on `length` characters that took `measuredMs` on this machine (2 cores, Node 20,
 * printed by t.diagnostic): 20× that time but at least 3 s; memory 3× the text's size (UTF-16: up to 2 bytes per
 * character) plus 64 MB retained, and a peak 512 MB above that. An expanded entity, a quadratic loop or a hang
 * exceeds these by orders of magnitude.
 */
export function bound(length: number, measuredMs: number): Bound {
  return { ms: Math.max(3_000, 20 * measuredMs), retainedBytes: 3 * 2 * length + 64 * MB, peakRssGrowthBytes: 2 * 2 * length + 512 * MB };
}

export interface Opened {
  document: SitemapDocument;
  diagnostics: SitemapDiagnostic[];
}

/** Opens and validates `text` within `bound`; checks what must hold for any input; prints the figures. */
export function open(t: TestContext, name: string, text: string, languageId: SitemapLanguageId, measuredMs: number, limit = bound(text.length, measuredMs)): Opened {
  const m = measure(() => {
    const document = parseDocument(text, languageId);
    return { document, diagnostics: validate(document, DEFAULT_SETTINGS, CONTEXT) };
  });
  t.diagnostic(`${name} (${languageId}, ${text.length.toLocaleString('en-US')} chars): open + validate ${describe(m)}, ${m.value.diagnostics.length} problems`);
  assert.ok(m.ms <= limit.ms, `${name}: ${m.ms.toFixed(0)} ms > ${limit.ms} ms`);
  assert.ok(m.retainedBytes <= limit.retainedBytes, `${name}: retained ${(m.retainedBytes / MB).toFixed(1)} MB > ${(limit.retainedBytes / MB).toFixed(0)} MB`);
  assert.ok(m.peakRssGrowthBytes <= limit.peakRssGrowthBytes, `${name}: peak RSS grew ${(m.peakRssGrowthBytes / MB).toFixed(0)} MB`);
  checkShape(m.value.diagnostics, text.length);
  return m.value;
}

/** At most maxProblems problems (the summary included), ranges inside the text, in document order. */
function checkShape(diagnostics: SitemapDiagnostic[], length: number): void {
  assert.ok(diagnostics.length <= DEFAULT_SETTINGS.maxProblems, `${diagnostics.length} problems`);
  let previous = 0;
  for (const d of diagnostics) {
    assert.ok(d.start >= 0 && d.start <= d.end && d.end <= length, `range ${d.start}-${d.end} of ${length}`);
    assert.ok(d.start >= previous, 'problems out of order');
    previous = d.start;
  }
}

const EDIT_TEXTS = [...FRAGMENTS, '\uFFFD', '\u0000', '\r\n', 'x', '0', '&lol9;', '<!DOCTYPE x [<!ENTITY a "&b;">]>'];

/**
 * `count` seeded random edits (inserts, deletes, replacements anywhere), validating after each. None may throw;
 * for documents of up to 256 KB the edited model must also report exactly what a fresh parse reports (larger
 * ones are left to test/language/model/incremental.test.ts: a fresh parse per edit would only make this test slow).
 */
export function edit(t: TestContext, name: string, opened: Opened, text: string, count: number, seed: number, measuredMsPerEdit: number): void {
  const limit = bound(text.length, count * measuredMsPerEdit);
  const { document } = opened;
  const compare = text.length <= 256 * 1024;
  const rnd = random(seed);
  const m = measure(() => {
    for (let k = 0; k < count; k++) {
      const start = Math.floor(rnd() * (text.length + 1));
      const end = Math.min(text.length, start + (rnd() < 0.5 ? 0 : Math.floor(rnd() * 8)));
      const insert = rnd() < 0.75 ? EDIT_TEXTS[Math.floor(rnd() * EDIT_TEXTS.length)] : '';
      text = text.slice(0, start) + insert + text.slice(end);
      applyEdits(document, [{ start, end, text: insert }]);
      const diagnostics = validate(document, DEFAULT_SETTINGS, CONTEXT);
      assert.equal(document.length, text.length);
      checkShape(diagnostics, text.length);
      if (compare) {
        assert.equal(document.getText(), text);
        assert.deepEqual(render(diagnostics), render(validate(parseDocument(text, document.languageId), DEFAULT_SETTINGS, CONTEXT)), `${name}: edit ${k}`);
      }
    }
  });
  t.diagnostic(`${name}: ${count} random edits ${describe(m)}`);
  assert.ok(m.ms <= limit.ms, `${name}: edits took ${m.ms.toFixed(0)} ms > ${limit.ms} ms`);
  assert.ok(m.peakRssGrowthBytes <= limit.peakRssGrowthBytes, `${name}: peak RSS grew ${(m.peakRssGrowthBytes / MB).toFixed(0)} MB`);
}

export function rulesOf(diagnostics: SitemapDiagnostic[]): Set<string> {
  return new Set(diagnostics.map((d) => d.rule));
}

/** `rule@start-end` for every occurrence of `needle` in `text` (a `length` long range from `offset` into it). */
export function each(text: string, rule: string, needle: string, offset = 0, length = needle.length, from = 0): string[] {
  const found: string[] = [];
  for (let p = text.indexOf(needle, from); p >= 0; p = text.indexOf(needle, p + 1)) found.push(`${rule}@${p + offset}-${p + offset + length}`);
  assert.ok(found.length > 0, `no ${JSON.stringify(needle)} in the text`);
  return found;
}

export const sorted = (list: string[]) => [...list].sort();

/** A UTF-8 decoding of seeded random bytes, as an editor would show a binary file opened as text. */
export function binaryGarbage(seed: number, bytes: number): string {
  const rnd = random(seed);
  const buffer = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buffer[i] = Math.floor(rnd() * 256);
  return buffer.toString('utf8');
}

/** `depth` nested elements, closed and never closed, in a sitemap and as the whole document. */
export function nestedElements(t: TestContext, depth: number): void {
  const head = `<urlset xmlns="${NS}" xmlns:x="urn:x"><url><loc>https://example.com/</loc>`;
  const closed = `${head}${'<x:a>'.repeat(depth)}${'</x:a>'.repeat(depth)}</url></urlset>`;
  const ok = open(t, `${depth} nested, closed`, closed, 'sitemap', depth === 10_000 ? 20 : 45);
  assert.deepEqual(render(ok.diagnostics), []);
  edit(t, `${depth} nested, closed`, ok, closed, depth === 10_000 ? 25 : 10, 8, depth === 10_000 ? 36 : 260);
  // Never closed: one problem per open element, capped at maxProblems, the summary included.
  const open_ = `${head}${'<x:a>'.repeat(depth)}`;
  const broken = open(t, `${depth} nested, never closed`, open_, 'sitemap', depth === 10_000 ? 23 : 212);
  assert.equal(broken.diagnostics.length, DEFAULT_SETTINGS.maxProblems);
  assert.deepEqual(rulesOf(broken.diagnostics.slice(0, -1)), new Set(['xml-syntax']));
  assert.equal(broken.diagnostics.at(-1)!.rule, 'too-many-problems');
  edit(t, `${depth} nested, never closed`, broken, open_, depth === 10_000 ? 25 : 10, 9, depth === 10_000 ? 21 : 260);
  // The same depth of unknown elements as the whole document.
  const bare = `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
  assert.deepEqual(render(open(t, `${depth} nested, no sitemap`, bare, 'sitemap', depth === 10_000 ? 20 : 33).diagnostics), ['unknown-root@1-2']);
}
