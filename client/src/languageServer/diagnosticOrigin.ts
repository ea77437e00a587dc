/** Which of a document's problems another file decides (the page rules', the cross-file rules'), and a key that tells
 * when a set of them is unchanged: problemsFromOtherFiles.ts keeps those in a collection of their own. Pure: only the
 * diagnostics' fields are read. */
import type { Diagnostic } from 'vscode';

/** Rule ids whose problems come from other files: they change when those files do, not with the document's text. Only
 * an optimization rests on this list: a problem of a rule left out is shown all the same, with the document's own. */
const FROM_OTHER_FILES: ReadonlySet<string> = new Set([
  'blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page',
  'lastmod-stale', 'lastmod-inflated', 'cross-file-duplicate-url', 'missing-sitemap-file', 'stale-index-lastmod',
  'unlisted-sitemap',
  // The live check's own (its other verdicts share the page rules' ids above): what a server answered, not the text.
  'page-forbidden', 'page-unreachable', 'page-content-type',
]);

export function ruleOf(diagnostic: Diagnostic): string | undefined {
  const code = diagnostic.code;
  const value = typeof code === 'object' ? code.value : code;
  return value === undefined ? undefined : String(value);
}

/** The document's own problems and those from other files, each in the order given. */
export function splitByOrigin(diagnostics: readonly Diagnostic[]): { own: Diagnostic[]; fromOtherFiles: Diagnostic[] } {
  const own: Diagnostic[] = [];
  const fromOtherFiles: Diagnostic[] = [];
  for (const d of diagnostics) (FROM_OTHER_FILES.has(ruleOf(d) ?? '') ? fromOtherFiles : own).push(d);
  return { own, fromOtherFiles };
}

/** One string per set of diagnostics: equal exactly when every field VS Code shows or passes on is. */
export function diagnosticsKey(diagnostics: readonly Diagnostic[]): string {
  return JSON.stringify(diagnostics.map((d) => [
    rangeKey(d.range), d.severity, d.message, ruleOf(d), typeof d.code === 'object' ? d.code.target.toString() : null,
    d.source ?? null, d.tags ?? null,
    d.relatedInformation?.map((r) => [r.location.uri.toString(), rangeKey(r.location.range), r.message]) ?? null,
    // The language client's own field: the server's data for a quick fix.
    (d as { data?: unknown }).data ?? null,
  ]));
}

function rangeKey(range: Diagnostic['range']): number[] {
  return [range.start.line, range.start.character, range.end.line, range.end.character];
}
