/** Problems found beyond a document (the cross-file rules, the page rules), held at offsets kept in step with its edits
 * until the next pass: an edit touching one drops it, those after an edit move. Published with the document's own. */
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import type { SiteDiagnostic } from '../../language/languageService';
import { diagnosticAt } from '../documents/diagnostics';
import type { OpenDocument } from '../documents/documentStore';
import { rangesOf } from '../documents/ranges';

export interface HeldProblem {
  diagnostic: SiteDiagnostic;
  start: number;
  end: number;
  related: DiagnosticRelatedInformation[];
}

export class HeldProblems {
  private readonly held = new Map<string, { doc: OpenDocument['doc']; problems: HeldProblem[] }>();

  /** `republish`: publishes the document's problems again. */
  constructor(private readonly republish: (uri: string) => void) {}

  /** The document's problems from the last pass, at their ranges in its current text; `data` rides along for quick fixes. */
  diagnosticsFor(entry: OpenDocument): Diagnostic[] {
    const held = this.held.get(entry.uri);
    if (held === undefined || held.doc !== entry.doc) return [];
    // In one walk (rangesOf): problems spread to a large document's end would each cost a line-index lookup otherwise.
    const ranges = rangesOf(entry.doc, held.problems);
    return held.problems.map((p, k) => {
      const diagnostic = diagnosticAt(ranges[k], p.diagnostic);
      if (p.related.length > 0) diagnostic.relatedInformation = p.related;
      if (p.diagnostic.data !== undefined) diagnostic.data = p.diagnostic.data;
      return diagnostic;
    });
  }

  /** An edit of an open document: problems after it move, problems it touches are dropped until the next pass. */
  edited(entry: OpenDocument, start: number, end: number, length: number): void {
    const held = this.held.get(entry.uri);
    if (held === undefined) return;
    const delta = length - (end - start);
    held.problems = held.problems.filter((p) => p.end < start || p.start > end);
    for (const p of held.problems) {
      if (p.start > end) {
        p.start += delta;
        p.end += delta;
      }
    }
  }

  /** The document object was replaced by a full-text change: the problems follow it. */
  follow(entry: OpenDocument): void {
    const held = this.held.get(entry.uri);
    if (held !== undefined) held.doc = entry.doc;
  }

  /** The document's held problems of `rules`, at their offsets now (kept while a newer pass cannot judge them yet). */
  problemsOf(entry: OpenDocument, rules: ReadonlySet<string>): HeldProblem[] {
    const held = this.held.get(entry.uri);
    return held === undefined || held.doc !== entry.doc ? [] : held.problems.filter((p) => rules.has(p.diagnostic.rule));
  }

  forget(uri: string): void {
    this.held.delete(uri);
  }

  /** Keeps the document's new problems; publishes again only when they differ from those held. */
  hold(entry: OpenDocument, problems: HeldProblem[]): void {
    const before = this.held.get(entry.uri);
    this.held.set(entry.uri, { doc: entry.doc, problems });
    const key = (list: readonly HeldProblem[]): string => JSON.stringify(list.map((p) => [p.diagnostic.rule, p.diagnostic.severity, p.start, p.end, p.diagnostic.message, p.related, p.diagnostic.data]));
    if (before !== undefined && before.doc === entry.doc && key(before.problems) === key(problems)) return;
    if (before === undefined && problems.length === 0) return;
    this.republish(entry.uri);
  }
}
