/** Every problem of a document: the segments' cached local problems, the contextual ones (recomputed for new segments
 * only, unless the context changed), duplicates and whole-document rules; then severities and the cap (problemCap.ts). */
import { RULES, isRuleId, type LocalProblem, type Problem, type Severity } from './rules/catalogue';
import { checkEntryContext, FUTURE_LASTMOD_SKEW_MS, mixedHostsMessage, NEWS_MAX_AGE_MS, type EntryContext } from './rules/contextRules';
import { checkDocument, modelFacts } from './rules/documentRules';
import { checkDuplicates } from './rules/duplicates';
import { checkReciprocity } from './rules/reciprocity';
import { isLocalHost } from './rules/listedUrl';
import { parseAllowedHosts, scopeDirectory } from './rules/scope';
import { checkUrl, type UrlParts } from './rules/url';
import type { SitemapModel } from './model/model';
import type { ReferenceOrigin } from './model/originCounts';
import { ProblemCap, type SitemapDiagnostic } from './model/problemCap';
import { escapeXml } from './syntax/xmlText';
import type { SitemapSettings, ValidationContext } from './settings';
import { NO_PROBLEMS, type Segment } from './model/segment';

export type { SitemapDiagnostic };

const HOUR_MS = 3_600_000;

export function validateModel(model: SitemapModel, settings: SitemapSettings, context: ValidationContext): SitemapDiagnostic[] {
  const location = locationOf(context);
  const reference = context.location === undefined ? model.origins.reference(model.segments) : undefined;
  refreshContextual(model, settings, context, location, reference);
  const cap = new ProblemCap(capOf(settings), severityIn(settings, location));

  // Whole-document problems (duplicates, limits): usually few.
  const extras: Problem[] = [];
  if (model.kind !== 'robots') {
    // The sitemap rules: a robots.txt only has its lines' own problems.
    // Reciprocity first: its look-ups fill a deferred URL index, which the duplicates then read instead of building
    // a set of every URL of their own (the extras are sorted below).
    checkReciprocity(model, extras);
    checkDuplicates(model, extras);
    checkDocument(modelFacts(model), settings, extras);
  }
  extras.sort(byRange);

  // Problems are offered in document order: segments hold theirs in order, merged with the extras. A segment none
  // of whose problems the cap would keep is only counted, so a file with 50,000 problems stays cheap on every keystroke.
  let next = 0;
  const offerExtrasBefore = (start: number, end: number): void => {
    for (; next < extras.length && (extras[next].start < start || (extras[next].start === start && extras[next].end < end)); next++) {
      const tally = cap.tally(extras[next].rule);
      if (tally !== undefined) cap.offer(extras[next], tally);
    }
  };
  const segments = [...model.problemSegments].sort((a, b) => a.index - b.index);
  const segmentStart = model.segmentStartsInOrder();
  for (const segment of segments) {
    if (!cap.wantsAny(segment.problems) && !cap.wantsAny(segment.contextual)) {
      cap.countAll(segment.problems);
      cap.countAll(segment.contextual);
      continue;
    }
    const base = segmentStart(segment.index);
    const local = inOrder(segment.problems, segment.contextual);
    for (const p of local) {
      const tally = cap.tally(p.rule);
      if (tally === undefined) continue;
      offerExtrasBefore(base + p.start, base + p.end);
      if (!cap.wants(tally)) {
        cap.count(tally);
        continue;
      }
      // mixed-hosts says how many URLs share the reference origin: a count that changes without recomputing entries.
      const message = p.rule === 'mixed-hosts' && reference !== undefined ? mixedHostsMessage(reference) : p.message;
      cap.offer({ rule: p.rule, start: base + p.start, end: base + p.end, message }, tally);
    }
  }
  offerExtrasBefore(Infinity, Infinity);
  return cap.finish();
}

export function byRange(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return a.start - b.start || a.end - b.end;
}

/** A segment's problems in the order they are offered: rules report in parse order (an entry's missing-loc after its children's problems), so sorted, stably. */
export function inOrder(problems: readonly LocalProblem[], contextual: readonly LocalProblem[]): readonly LocalProblem[] {
  if (problems.length + contextual.length === 1) return problems.length === 1 ? problems : contextual;
  return [...problems, ...contextual].sort(byRange);
}

export function locationOf(context: ValidationContext): UrlParts | undefined {
  return context.location !== undefined ? checkUrl(context.location, []) : undefined;
}

export function capOf(settings: SitemapSettings): number {
  return Math.max(1, Math.floor(settings.maxProblems) || 1);
}

/** Each rule's severity in this validation: a sitemap published on a local host is a development site's, where local URLs are what it lists, not a leak. */
export function severityIn(settings: SitemapSettings, location: UrlParts | undefined): (rule: string) => Severity | undefined {
  const isDevelopmentSite = location !== undefined && isLocalHost(location.host);
  return (rule) => (rule === 'local-url' && isDevelopmentSite ? undefined : severityOf(rule, settings));
}

/** The rule's severity after `sitemap.rules`, undefined when it is off. */
export function severityOf(rule: string, settings: SitemapSettings): Severity | undefined {
  if (!isRuleId(rule)) return undefined;
  const configured = settings.rules[rule];
  if (configured === 'off') return undefined;
  if (configured === 'error' || configured === 'warning' || configured === 'information' || configured === 'hint') return configured;
  return RULES[rule];
}

/** Recomputes contextual problems: for every entry when the context changed, else only for new segments. */
function refreshContextual(model: SitemapModel, settings: SitemapSettings, context: ValidationContext, location: UrlParts | undefined, reference: ReferenceOrigin | undefined): void {
  const now = context.now ?? Date.now();
  // The reference's count is not part of the key: it only shows in messages, which are made when published.
  const key = [context.location ?? '', settings.allowedHosts.join(' '), Math.floor(now / HOUR_MS), context.generation ?? 0, reference?.origin ?? ''].join('\n');
  let pending: Iterable<Segment>;
  if (key !== model.contextKey) {
    model.contextKey = key;
    pending = model.segments;
  } else {
    pending = model.contextPending;
  }
  const entryContext = entryContextOf(model.kind === 'sitemapindex', settings, context, location, reference, now);
  if (pending === model.segments && noContextualProblems(model, entryContext)) {
    // What a pass over every entry would find: nothing; only the segments holding contextual problems change.
    for (const segment of model.problemSegments) {
      if (segment.contextual.length === 0) continue;
      segment.contextual = NO_PROBLEMS;
      if (segment.problems.length === 0) model.problemSegments.delete(segment);
    }
    model.contextPending.clear();
    return;
  }
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

/**
 * Whether no entry can have a contextual problem, known without visiting them (a fresh process would visit 50,000
 * entries mostly interpreted): no location (out-of-scope), every URL on the reference origin (mixed-hosts), no
 * lastmod past the clock's skew (future-lastmod), no news article past its age (news-too-old), and no index asking about its children (nested-index).
 */
export function noContextualProblems(model: SitemapModel, context: EntryContext): boolean {
  if (context.scope !== undefined || (context.isIndex && context.isSitemapIndex !== undefined)) return false;
  if (model.lastmodBound > context.now + FUTURE_LASTMOD_SKEW_MS || model.newsBound < context.now - NEWS_MAX_AGE_MS) return false;
  return context.reference === undefined || model.origins.allHave(context.reference.origin);
}

export function entryContextOf(isIndex: boolean, settings: SitemapSettings, context: ValidationContext, location: UrlParts | undefined, reference: ReferenceOrigin | undefined, now: number): EntryContext {
  const allowed = parseAllowedHosts(settings.allowedHosts);
  return {
    scope: location !== undefined ? { location, allowed } : undefined,
    allowed,
    reference,
    referenceEscaped: reference !== undefined ? escapeXml(reference.origin) : undefined,
    now,
    scopePrefix: location !== undefined ? escapeXml(location.origin + scopeDirectory(location)) : undefined,
    outOfScopeMessage: location !== undefined ? outOfScopeMessage(isIndex, context.location ?? location.origin + location.path, location) : '',
    isIndex,
    isSitemapIndex: context.isSitemapIndex,
  };
}

/** out-of-scope's message, naming where the sitemap lives and so what it may list (once per context). */
function outOfScopeMessage(isIndex: boolean, where: string, location: UrlParts): string {
  const under = location.origin + scopeDirectory(location);
  return isIndex
    ? `An index may only list sitemaps under its own location: this one lives at ${where}, so under ${under}.`
    : `A sitemap may only list URLs under its own location: this one lives at ${where}, so only URLs under ${under} (same protocol, host and port).`;
}
