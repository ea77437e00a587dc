/** diagnosticOrigin.ts: the problems another file decides told from the document's own by their rule, and a key equal
 * exactly when a set of diagnostics is, every field VS Code shows or passes on a quick fix counted. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode';
import { diagnosticsKey, splitByOrigin } from '../../client/src/languageServer/diagnosticOrigin';

function diagnostic(code: Diagnostic['code'], fields: Partial<Record<string, unknown>> = {}): Diagnostic {
  const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
  return { range, message: 'm', severity: 0, source: 'sitemap', code, ...fields } as unknown as Diagnostic;
}

describe('diagnosticOrigin', () => {
  it('splits by rule: page and cross-file rules apart, whatever form the code takes, order kept', () => {
    const target = { toString: () => 'https://example.com/rules#x' };
    const all = [
      diagnostic('invalid-lastmod'), diagnostic('blocked-by-robots'), diagnostic({ value: 'lastmod-stale', target } as Diagnostic['code']),
      diagnostic(undefined), diagnostic(7), diagnostic('cross-file-duplicate-url'), diagnostic('out-of-scope'), diagnostic('unlisted-page'),
    ];
    const { own, fromOtherFiles } = splitByOrigin(all);
    assert.deepEqual(own, [all[0], all[3], all[4], all[6]]);
    assert.deepEqual(fromOtherFiles, [all[1], all[2], all[5], all[7]]);
  });

  it("keeps the live check's own rules with the problems from other files: what a server answered, not the text", () => {
    const all = ['page-forbidden', 'page-unreachable', 'page-content-type', 'page-redirect', 'invalid-loc'].map((code) => diagnostic(code));
    const { own, fromOtherFiles } = splitByOrigin(all);
    assert.deepEqual([own, fromOtherFiles], [[all[4]], all.slice(0, 4)]);
  });

  it('gives equal keys for equal sets and a new key when any field changes', () => {
    const base = diagnosticsKey([diagnostic('noindex-page')]);
    assert.equal(diagnosticsKey([diagnostic('noindex-page')]), base);
    const related = [{ location: { uri: { toString: () => 'file:///p.html' }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }, message: 'r' }];
    const changed = [
      { range: { start: { line: 1, character: 3 }, end: { line: 1, character: 9 } } }, { message: 'n' }, { severity: 1 }, { source: 'other' },
      { tags: [1] }, { relatedInformation: related }, { data: { fix: 1 } },
    ];
    for (const fields of changed) assert.notEqual(diagnosticsKey([diagnostic('noindex-page', fields)]), base, JSON.stringify(fields));
    assert.notEqual(diagnosticsKey([diagnostic('page-redirect')]), base);
    assert.notEqual(diagnosticsKey([diagnostic('noindex-page'), diagnostic('noindex-page')]), base);
    assert.equal(diagnosticsKey([]), '[]');
  });
});
