/**
 * Gathers every problem of a document: the segments' cached local problems, the contextual ones (recomputed
 * only for new segments unless the context changed), duplicates and whole-document rules; then applies the
 * user's severities and the problem cap.
 */
import { RULES, TOO_MANY_PROBLEMS, type LocalProblem, type Problem, type RuleId, type Severity } from './rules/catalogue';
import { checkEntryContext, type EntryContext } from './rules/contextRules';
import { checkDocument } from './rules/documentRules';
import { checkDuplicates } from './rules/duplicates';
import { parseAllowedHosts, scopeDirectory } from './rules/scope';
import { checkUrl } from './rules/url';
import type { SitemapModel } from './model';
import { escapeXml, unescapeXml } from './xmlText';
import type { SitemapSettings, ValidationContext } from './settings';
import { NO_PROBLEMS, type Segment } from './segment';

export interface SitemapDiagnostic extends Problem {
  severity: Severity;
}

const HOUR_MS = 3_600_000;

export function validateModel(model: SitemapModel, settings: SitemapSettings, context: ValidationContext): SitemapDiagnostic[] {
  refreshContextual(model, settings, context);
  const max = Math.max(1, Math.floor(settings.maxProblems) || 1);

  // Whole-document problems (duplicates, limits): usually few.
  const extras: Problem[] = [];
  checkDuplicates(model, extras);
  checkDocument(model, settings, extras);
  extras.sort(byRange);

  // Segments hold their problems in document order, so a merge gives the first `max` problems without building
  // the rest, which are only counted: a file with 50,000 problems stays cheap to revalidate on every keystroke.
  const diagnostics: SitemapDiagnostic[] = [];
  let firstOmitted: Problem | undefined;
  let omitted = 0;
  const emit = (p: Problem, severity: Severity): void => {
    if (diagnostics.length < max) diagnostics.push({ ...p, severity });
    else if (omitted++ === 0) firstOmitted = p;
  };
  let next = 0;
  const emitExtrasBefore = (start: number, end: number): void => {
    for (; next < extras.length && (extras[next].start < start || (extras[next].start === start && extras[next].end < end)); next++) {
      const severity = severityOf(extras[next].rule as RuleId, settings);
      if (severity !== undefined) emit(extras[next], severity);
    }
  };
  const segments = [...model.problemSegments].sort((a, b) => a.index - b.index);
  for (const segment of segments) {
    if (firstOmitted !== undefined) {
      omitted += countShown(segment.problems, settings) + countShown(segment.contextual, settings);
      continue;
    }
    const base = model.segmentStart(segment.index);
    // Rules report in parse order (an entry's missing-loc after its children's problems): sort, stably.
    const local = segment.problems.length + segment.contextual.length === 1
      ? (segment.problems.length === 1 ? segment.problems : segment.contextual)
      : [...segment.problems, ...segment.contextual].sort(byRange);
    for (const p of local) {
      const severity = severityOf(p.rule, settings);
      if (severity === undefined) continue;
      const absolute: Problem = { rule: p.rule, start: base + p.start, end: base + p.end, message: p.message };
      emitExtrasBefore(absolute.start, absolute.end);
      emit(absolute, severity);
    }
  }
  emitExtrasBefore(Infinity, Infinity);
  if (firstOmitted === undefined) return diagnostics;
  diagnostics.push({
    rule: TOO_MANY_PROBLEMS, severity: 'information', start: firstOmitted.start, end: firstOmitted.end,
    message: `${omitted.toLocaleString('en-US')} more problems are not shown (sitemap.maxProblems is ${max.toLocaleString('en-US')}).`,
  });
  return diagnostics;
}

function byRange(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return a.start - b.start || a.end - b.end;
}

function countShown(problems: readonly LocalProblem[], settings: SitemapSettings): number {
  let count = 0;
  for (const p of problems) if (severityOf(p.rule, settings) !== undefined) count++;
  return count;
}

function severityOf(rule: RuleId, settings: SitemapSettings): Severity | undefined {
  const configured = settings.rules[rule];
  if (configured === 'off') return undefined;
  if (configured === 'error' || configured === 'warning' || configured === 'information' || configured === 'hint') return configured;
  return RULES[rule];
}

/** Recomputes contextual problems: for every entry when the context changed, else only for new segments. */
function refreshContextual(model: SitemapModel, settings: SitemapSettings, context: ValidationContext): void {
  const now = context.now ?? Date.now();
  const firstOrigin = context.location === undefined ? findFirstOrigin(model) : undefined;
  const key = [context.location ?? '', settings.allowedHosts.join(' '), Math.floor(now / HOUR_MS), context.generation ?? 0, firstOrigin ?? ''].join('\n');
  let pending: Iterable<Segment>;
  if (key !== model.contextKey) {
    model.contextKey = key;
    pending = model.segments;
  } else {
    pending = model.contextPending;
  }
  const allowed = parseAllowedHosts(settings.allowedHosts);
  let scope: EntryContext['scope'];
  let scopePrefix: string | undefined;
  if (context.location !== undefined) {
    const location = checkUrl(context.location, []);
    if (location !== undefined) {
      scope = { location, allowed };
      scopePrefix = escapeXml(location.origin + scopeDirectory(location));
    }
  }
  const entryContext: EntryContext = {
    scope, allowed, firstOrigin, firstOriginEscaped: firstOrigin !== undefined ? escapeXml(firstOrigin) : undefined, now, scopePrefix, isIndex: model.kind === 'sitemapindex', isSitemapIndex: context.isSitemapIndex,
  };
  for (const segment of pending) {
    const before = segment.contextual;
    const after = segment.isEntry ? checkEntryContext(segment, entryContext) : NO_PROBLEMS;
    if (before === after) continue; // both empty: nothing to update
    segment.contextual = after;
    if (after.length > 0 || segment.problems.length > 0) model.problemSegments.add(segment);
    else model.problemSegments.delete(segment);
  }
  model.contextPending.clear();
}

/** Origin of the first valid URL, in document order. */
function findFirstOrigin(model: SitemapModel): string | undefined {
  const count = model.entryCount;
  for (let n = 0; n < count; n++) {
    const segment = model.segments[model.entrySegment(n)];
    const origin = segment.url !== undefined ? checkUrl(unescapeXml(segment.url), [])?.origin : undefined;
    if (origin !== undefined) return origin;
  }
  return undefined;
}
