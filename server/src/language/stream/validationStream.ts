/** Validation of a text that arrives in pieces, holding neither the text nor its segments: for sitemap-lint on a file
 * too large to hold whole. The result equals validateModel's on the whole text (docs/architecture.md, "Streaming"). */
import { checkEntryContext, mixedHostsMessage, type EntryContext } from '../rules/contextRules';
import type { LocalProblem, Problem, Severity } from '../rules/catalogue';
import { checkDocument, newsTooManyMessage, type DocumentFacts } from '../rules/documentRules';
import { duplicateMessage, firstOccurrence } from '../rules/duplicates';
import type { UrlParts } from '../rules/url';
import { copyString } from '../syntax/copyString';
import { FirstListings } from '../model/firstListings';
import type { DocumentKind } from '../model/model';
import { OriginCounts, type ReferenceOrigin } from '../model/originCounts';
import type { RootInfo } from '../syntax/parser';
import { ProblemCap, type SitemapDiagnostic } from '../model/problemCap';
import { NO_PROBLEMS, type Segment } from '../model/segment';
import { entryUrlOf } from '../model/entryUrl';
import type { SitemapSettings, ValidationContext } from '../settings';
import { siteRulesApply } from '../site/siteRules';
import { siteEntryOf, summaryOf, type SiteEntry, type SiteSummary } from '../site/siteSummary';
import { WindowPump } from './windowPump';
import { unescapeXml } from '../syntax/xmlText';
import { byRange, capOf, entryContextOf, inOrder, locationOf, severityIn } from '../validation';

/** Characters gathered before a window is parsed: small enough that its strings stay out of V8's large-object space, which is swept only by a full collection. */
const WINDOW = 1 << 15;
/** Distinct lastmod texts shared at most. */
const LASTMODS_KEPT = 1 << 16;
const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export interface StreamValidationOptions {
  /** A text sitemap whose content is XML is not streamed (the model reads it as XML and says so). */
  languageId: 'sitemap' | 'sitemap-txt';
  settings: SitemapSettings;
  context: ValidationContext;
  /** mixed-hosts' reference origin, known from a first pass; otherwise taken from the first window. */
  reference?: { origin: string | undefined };
  /** Characters per window (tests make it small to cut everywhere). */
  window?: number;
  /** The only file linted: a lone urlset or text sitemap has nothing to check across files, and keeps no site summary. */
  alone?: boolean;
}

export type StreamValidationResult =
  | { rerun: false; diagnostics: SitemapDiagnostic[]; summary: SiteSummary | undefined }
  /** The first window's reference origin was not the whole text's: validate again, given this one. */
  | { rerun: true; reference: { origin: string | undefined } };

interface Held {
  seq: number;
  problem: Problem;
}

export class ValidationStream {
  /** Windows parsed so far (the last one included once ended). */
  windows = 0;
  /**
   * Set at the first entry with hreflang alternates: reciprocity pairs entries anywhere in the file, which a stream
   * does not keep, so the caller reads the file whole instead.
   */
  needsWholeDocument = false;
  private readonly xml: boolean;
  private readonly pump: WindowPump;

  private readonly location: UrlParts | undefined;
  private readonly severity: (rule: string) => Severity | undefined;
  private readonly ranks = new Map<string, number | undefined>();
  private entryContext: EntryContext | undefined;
  private guessed: ReferenceOrigin | undefined;

  private entryCount = 0;
  private newsCount = 0;
  private tooMany: Problem | undefined;
  /** The site summary's entries; undefined when none is kept (decided with the root). */
  private entries: SiteEntry[] | undefined;
  private firsts!: FirstListings;
  /** lastmod texts by date, shared: most sitemaps repeat a few (bounded by LASTMODS_KEPT). */
  private readonly lastmods = new Map<number, string>();
  /** Occurrences of each duplicated URL, by its first entry. */
  private readonly duplicates = new Map<number, { count: number }>();
  private readonly duplicateOf = new Map<Problem, { count: number }>();
  private readonly origins = new OriginCounts();
  /** The first URL of each origin, in document order: what breaks a tie between origins. */
  private readonly firstUrls: { url: string }[] = [];
  private readonly originsSeen = new Set<string>();

  // The problems offered so far, in validateModel's order, and those of them the cap could keep.
  private seq = 0;
  private readonly held: Held[] = [];
  private readonly perRank = [0, 0, 0, 0];
  private readonly counts = new Map<string, number>();
  private readonly max: number;

  constructor(private readonly options: StreamValidationOptions) {
    this.xml = options.languageId === 'sitemap';
    this.pump = new WindowPump({ xml: this.xml, window: options.window ?? WINDOW, backOff: true }, {
      // A root that is no sitemap's is read whole.
      head: (_head, root) => root.kind === 'urlset' || root.kind === 'sitemapindex',
      window: (segments, offset) => this.windowOf(segments, offset, this.pump.root),
    });
    this.location = locationOf(options.context);
    this.severity = severityIn(options.settings, this.location);
    this.max = capOf(options.settings);
  }

  push(text: string): void {
    this.pump.push(text);
  }

  /** `byteLength`: the whole text's UTF-8 length (file-too-large). */
  end(byteLength: number): StreamValidationResult {
    let head: Segment | undefined;
    let root: RootInfo | undefined;
    if (this.xml) {
      const { parsed, offset } = this.pump.lastXml();
      root = parsed.root;
      head = parsed.segments[0];
      this.windowOf(parsed.segments.slice(1), offset + head.text.length, root);
    } else {
      const { segments, offset } = this.pump.lastLines();
      this.windowOf(segments, offset, undefined);
    }
    const reference = this.location === undefined ? this.origins.reference(this.firstUrls) : undefined;
    if (this.location === undefined && reference?.origin !== this.guessed?.origin) return { rerun: true, reference: { origin: reference?.origin } };

    const kind = this.kindOf(root);
    const tooMany = this.tooMany;
    const facts: DocumentFacts = {
      root, kind, entryCount: this.entryCount, byteLength,
      entryTag: () => ({ start: tooMany?.start ?? 0, end: tooMany?.end ?? 0 }),
      // news-too-many-urls was offered in its place (segment()).
      newsCount: 0, newsName: () => ({ start: 0, end: 0 }),
    };
    const documentProblems: Problem[] = [];
    checkDocument(facts, this.options.settings, documentProblems);
    // too-many-entries was offered in its place; the others lie on the root's name, in the head.
    const anchored: Problem[] = [];
    for (const p of documentProblems) {
      if (p.rule === 'too-many-entries') Object.assign(tooMany!, p);
      else anchored.push(p);
    }
    anchored.sort(byRange);

    const cap = new ProblemCap(this.max, this.severity);
    for (const p of this.headSequence(head, anchored)) cap.offer(p, cap.tally(p.rule)!);
    const offered = new Map<string, number>();
    for (const { problem } of this.held) {
      const duplicate = this.duplicateOf.get(problem);
      if (duplicate !== undefined) problem.message = duplicateMessage(duplicate.count);
      else if (problem.rule === 'mixed-hosts' && reference !== undefined) problem.message = mixedHostsMessage(reference);
      cap.offer(problem, cap.tally(problem.rule)!);
      offered.set(problem.rule, (offered.get(problem.rule) ?? 0) + 1);
    }
    for (const [rule, count] of this.counts) {
      const tally = cap.tally(rule)!;
      for (let n = offered.get(rule) ?? 0; n < count; n++) cap.count(tally);
    }
    return { rerun: false, diagnostics: cap.finish(), summary: this.entries === undefined ? undefined : summaryOf(kind, this.entries, root) };
  }

  // ---------------------------------------------------------------- segments

  /** The segments of one window, which starts at `base`, in order. */
  private windowOf(segments: readonly Segment[], base: number, root: RootInfo | undefined): void {
    this.windows++;
    if (this.entryContext === undefined) {
      this.entryContext = this.contextFor(segments, root);
      if (this.options.alone !== true || siteRulesApply([this.kindOf(root)])) this.entries = [];
      this.firsts = new FirstListings(this.entries !== undefined);
    }
    for (const s of segments) {
      this.segment(s, base);
      base += s.text.length;
    }
  }

  private kindOf(root: RootInfo | undefined): DocumentKind {
    return !this.xml ? 'text' : root?.kind === 'urlset' || root?.kind === 'sitemapindex' ? root.kind : 'unknown';
  }

  /** The entries' context, once the root is known; mixed-hosts' reference from a first pass or this first window. */
  private contextFor(segments: readonly Segment[], root: RootInfo | undefined): EntryContext {
    const { settings, context } = this.options;
    if (this.location === undefined) {
      if (this.options.reference !== undefined) {
        const origin = this.options.reference.origin;
        this.guessed = origin === undefined ? undefined : { origin, count: 0 };
      } else {
        const origins = new OriginCounts();
        for (const s of segments) if (s.url !== undefined) origins.add(s.url);
        this.guessed = origins.reference(segments);
      }
    }
    return entryContextOf(root?.kind === 'sitemapindex', settings, context, this.location, this.guessed, context.now ?? Date.now());
  }

  private segment(segment: Segment, base: number): void {
    if (segment.extensions?.alternates !== undefined) this.needsWholeDocument = true;
    let extras: Problem[] | undefined;
    let contextual: readonly LocalProblem[] = NO_PROBLEMS;
    if (segment.isEntry) {
      if (this.entryCount === this.options.settings.limits.maxEntries) {
        // Its message (the count) and related range come from checkDocument at the end.
        this.tooMany = { rule: 'too-many-entries', start: base + segment.tagStart, end: base + segment.tagEnd, message: '' };
        (extras ??= []).push(this.tooMany);
      }
      this.entryCount++;
      contextual = checkEntryContext(segment, this.entryContext!);
      const news = segment.extensions?.news;
      if (news !== undefined && this.newsCount++ === this.options.settings.limits.maxNewsEntries && this.pump.root?.kind === 'urlset') {
        const message = newsTooManyMessage(this.options.settings.limits.maxNewsEntries);
        (extras ??= []).push({ rule: 'news-too-many-urls', start: base + news.nameStart, end: base + news.nameEnd, message });
      }
    }
    if (segment.url !== undefined) {
      const duplicate = this.indexUrl(segment, base);
      if (duplicate !== undefined) (extras ??= []).push(duplicate);
    }
    extras?.sort(byRange);
    const own = segment.problems.length + contextual.length === 0 ? NO_PROBLEMS : inOrder(segment.problems, contextual);
    for (const p of own) {
      if (this.rankOf(p.rule) === undefined) continue;
      const start = base + p.start;
      const end = base + p.end;
      // Whole-document problems of this segment go before the first of its own problems that lies after them.
      while (extras !== undefined && extras.length > 0 && precedes(extras[0], start, end)) this.offer(extras.shift()!, segment, base);
      this.offer({ rule: p.rule, start, end, message: p.message }, segment, base);
    }
    // Every later problem lies in a later segment, after these.
    if (extras !== undefined) for (const e of extras) this.offer(e, segment, base);
  }

  /** Adds an entry to the summary and the URL indexes; its duplicate-url problem when its URL came before. */
  private indexUrl(segment: Segment, base: number): Problem | undefined {
    const url = segment.url!;
    this.origins.add(url);
    const origin = this.origins.originOf(url);
    if (origin !== undefined && !this.originsSeen.has(origin)) {
      this.originsSeen.add(origin);
      this.firstUrls.push({ url: copyString(url) });
    }
    let entry: Pick<SiteEntry, 'url' | 'start' | 'end'>;
    if (this.entries !== undefined) {
      const summarized = siteEntryOf(segment, base);
      summarized.url = copyString(summarized.url);
      summarized.lastmodText = this.lastmodText(summarized.lastmod, summarized.lastmodText);
      this.entries.push(summarized);
      entry = summarized;
    } else {
      entry = { url: unescapeXml(url), start: base + segment.urlStart, end: base + segment.urlEnd };
    }
    const first = this.firsts.firstOf(entry.url, entry.start, entry.end);
    if (first === undefined) return undefined;
    let group = this.duplicates.get(first);
    if (group === undefined) this.duplicates.set(first, (group = { count: 1 }));
    group.count++;
    const problem: Problem = { rule: 'duplicate-url', start: entry.start, end: entry.end, message: '', related: firstOccurrence(this.firsts.startOf(first), this.firsts.endOf(first)) };
    this.duplicateOf.set(problem, group);
    return problem;
  }

  /** The text, shared with an earlier entry's when they are equal (found by date: a Map hashes numbers faster than slices). */
  private lastmodText(date: number, text: string): string {
    const kept = this.lastmods.get(date);
    if (kept === text) return kept;
    const copy = copyString(text);
    if (kept === undefined && !Number.isNaN(date) && this.lastmods.size < LASTMODS_KEPT) this.lastmods.set(date, copy);
    return copy;
  }

  // ---------------------------------------------------------------- the cap's candidates

  private rankOf(rule: string): number | undefined {
    if (!this.ranks.has(rule)) {
      const severity = this.severity(rule);
      this.ranks.set(rule, severity === undefined ? undefined : RANK[severity]);
    }
    return this.ranks.get(rule);
  }

  /**
   * Holds a problem if the cap could keep it: among the first `max` of its severity, or the first of its rule; with
   * the URL of the entry it lies in (entryUrl.ts), as lintOne finds it on the whole document.
   */
  private offer(problem: Problem, segment: Segment, base: number): void {
    const rank = this.rankOf(problem.rule);
    if (rank === undefined) {
      this.duplicateOf.delete(problem);
      return;
    }
    const count = this.counts.get(problem.rule) ?? 0;
    this.counts.set(problem.rule, count + 1);
    if (this.perRank[rank]++ < this.max || count === 0) {
      // A message may quote the text: held, it must not keep its window alive.
      problem.message = copyString(problem.message);
      const url = entryUrlOf(segment, problem.start - base, problem.end - base);
      if (url !== undefined) problem.url = copyString(url);
      this.held.push({ seq: this.seq, problem });
    } else {
      this.duplicateOf.delete(problem);
    }
    this.seq++;
  }

  /**
   * The head's problems and the whole-document ones on the root's name, in validateModel's order; they come before
   * every problem of the entries.
   */
  private *headSequence(head: Segment | undefined, anchored: Problem[]): Generator<Problem> {
    let next = 0;
    for (const p of head === undefined ? [] : inOrder(head.problems, NO_PROBLEMS)) {
      if (this.rankOf(p.rule) === undefined) continue;
      for (; next < anchored.length && precedes(anchored[next], p.start, p.end); next++) {
        if (this.rankOf(anchored[next].rule) !== undefined) yield anchored[next];
      }
      yield { rule: p.rule, start: p.start, end: p.end, message: p.message };
    }
    for (; next < anchored.length; next++) if (this.rankOf(anchored[next].rule) !== undefined) yield anchored[next];
  }
}

/** Whether validateModel offers a whole-document problem before a segment's problem at [start, end). */
function precedes(extra: Problem, start: number, end: number): boolean {
  return extra.start < start || (extra.start === start && extra.end < end);
}
