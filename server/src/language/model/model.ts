/**
 * The incremental document model: the segment list with its positions (segmentList.ts) and its indexes
 * (segmentIndexes.ts), the language the text is read as, and the reparse of an edit.
 *
 * An edit reparses the segments it touches (widened by one to the left when it touches a boundary). If the new
 * text does not parse back to the root's content with nothing pending (an element left open, a comment left
 * unterminated…), the region doubles to the right (or goes straight to the next "-->" after an open comment); past a
 * bound, or into the tail, the rest of the document is parsed after the unchanged head. An edit of the head parses
 * the head alone when the root's children parse the same under the new root (namespaceBinding.ts sameChildContext); else the
 * whole document is parsed again. The full parse is both the last fallback and the oracle of the tests: after any
 * edit, the model equals a fresh parse of the same text.
 */
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { readingOfDocument } from '../../../../shared/documentLanguage';
import type { DocumentKind } from '../../../../shared/kinds';
import { parseXmlDocument, parseXmlHead, parseXmlRegion, sameChildContext, type RootInfo } from '../syntax/parser';
import { isNameStart, Ch, textUtf8Length, utf8Length } from '../syntax/textMetrics';
import { Segment, SegmentKind, WHOLE_LIST } from './segment';
import { IndexedSegmentList } from './segmentIndexes';
import { parseRobotsLines } from '../rules/robotsTxtRules';
import { parseTextLines } from '../syntax/textSitemap';

/** `robots-txt`: a robots.txt, checked for its `Sitemap:` lines only (robotsTxt.ts). */
export type SitemapLanguageId = 'sitemap' | 'sitemap-txt' | 'robots-txt';
export type { DocumentKind };
export type { Position } from './segmentList';

/** How far a region may grow to the right before parsing the rest of the document is cheaper and simpler. */
const MAX_REGION_SEGMENTS = 64;
/** See childrenContain. */
const MAX_COUNTED_NEEDLES = 8;
/** Characters (see parseElements). */
const LARGE_REGION = 1 << 16;

export class SitemapModel extends IndexedSegmentList {
  root: RootInfo | undefined;
  contextKey: string | undefined;
  /** Counts of full parses and incremental reparses (for tests and the benchmark). */
  readonly stats = { fullParses: 0, incrementalParses: 0 };
  /** See childrenContain: few needles (a namespace prefix or two being typed), forgotten at a full parse. */
  private readonly childTextCounts = new Map<string, number>();

  /** How the text is read: as opened, except that a text sitemap whose content is XML is read as `sitemap`. */
  languageId: SitemapLanguageId;

  /** `byteLength`: the text's UTF-8 length when the caller knows it (the bytes it decoded), or it is counted. */
  /** `once`: see ParseOptions (languageService.ts); only the first parse defers its URL index. */
  constructor(readonly openedAs: SitemapLanguageId, text: string, byteLength?: number, once = false) {
    super();
    this.languageId = openedAs;
    this.parseAll(text, byteLength, once);
  }

  get kind(): DocumentKind {
    if (this.languageId === 'sitemap-txt') return 'text';
    if (this.languageId === 'robots-txt') return 'robots';
    const kind = this.root?.kind;
    return kind === 'urlset' || kind === 'sitemapindex' ? kind : 'unknown';
  }

  /**
   * Completes a `once` parse: fills the URL index it deferred, lists the alternates (any parse defers them), and
   * builds the prefix sums (see `trees`), so that no edit pays for them.
   */
  completeParse(): void {
    this.urls.complete();
    this.alternates.complete();
    void this.tree;
  }

  // ---------------------------------------------------------------- edits

  /** Replaces text[start, end) with `text`. */
  applyEdit(start: number, end: number, text: string): void {
    const length = this.length;
    start = Math.max(0, Math.min(start, length));
    end = Math.max(start, Math.min(end, length));
    if (start === end && text.length === 0) return;
    if (!this.reparseRegion(start, end, text)) {
      const whole = this.getText();
      this.parseAll(whole.slice(0, start) + text + whole.slice(end), this.byteLength + utf8Length(text) - utf8Length(whole, start, end));
    } else if (this.openedAs === 'sitemap-txt' && start <= SNIFF_LENGTH && this.languageId !== readingOf(this.openedAs, this.prefix(SNIFF_LENGTH + 1))) {
      // Whether a text sitemap is read as XML depends on its first characters only.
      this.parseAll(this.getText(), this.byteLength);
    }
  }

  private reparseRegion(start: number, end: number, text: string): boolean {
    const segments = this.segments;
    const last = segments.length - 1;
    let i = this.segmentAt(start);
    if (i > 0 && start === this.segmentStart(i)) i--;
    let j = end > start ? this.segmentAt(end - 1) : i;
    if (this.isLineBased) return this.reparseLines(Math.max(i, 1), Math.min(j, last - 1), start, end, text);
    while (i > 1 && segments[i - 1].closedByNext) i--;
    if (segments.length < 3 || this.root?.frame === undefined) return false;
    let regionStart = this.segmentStart(i);
    let oldText = '';
    for (let k = i; k <= j; k++) oldText += segments[k].text;
    let newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
    const dependent = this.lookingAheadBefore(i, j, oldText, newText);
    if (dependent < i) {
      // The edit writes the end tag that an element before it was closed for lack of (it now holds what follows), or
      // erases the one it was kept open for.
      for (let k = i - 1; k >= dependent; k--) oldText = segments[k].text + oldText;
      i = dependent;
      regionStart = this.segmentStart(i);
      newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
    }
    // Regions grow by the same text on both sides: the edit's neighbourhood says how the byte length changes (one
    // character either side, for a surrogate pair the edit splits or joins).
    const from = Math.max(0, start - regionStart - 1);
    const byteDelta = utf8Length(newText, from, Math.min(newText.length, start - regionStart + text.length + 1)) -
      utf8Length(oldText, from, Math.min(oldText.length, end - regionStart + 1));
    const region = i === 0 ? this.parseFromHead(j, newText) : this.parseElements(i, j, newText, this.root, true);
    if (region === undefined) return false;
    if (region.head !== undefined) {
      this.root = region.head.root;
      this.replaceSegments(0, 0, [region.head.segment], 0);
    }
    this.replaceSegments(region.i, region.j, region.segments, byteDelta);
    this.stats.incrementalParses++;
    return true;
  }

  /** Text sitemaps and robots.txt: the lines from i to j, grown to whole lines. */
  private reparseLines(i: number, j: number, start: number, end: number, text: string): boolean {
    const segments = this.segments;
    const last = segments.length - 1;
    const regionStart = this.segmentStart(i);
    let oldText = '';
    for (let k = i; k <= j; k++) oldText += segments[k].text;
    let newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
    if (regionStart === 0 && j + 1 < last) {
      // The next line may become the first, whose reading differs (robots.txt: a partial byte-order mark).
      j++;
      oldText += segments[j].text;
      newText += segments[j].text;
    }
    for (;;) {
      const endsOpen = newText.length > 0 && !endsWithLineBreak(newText);
      const nextText = j + 1 < last ? segments[j + 1].text : '';
      const splitsCrLf = newText.endsWith('\r') && nextText.startsWith('\n');
      if (!(endsOpen || splitsCrLf) || j + 1 >= last) break;
      j++;
      oldText += nextText;
      newText += nextText;
    }
    this.replaceSegments(i, j, this.parseLines(newText, regionStart === 0), utf8Length(newText) - utf8Length(oldText));
    this.stats.incrementalParses++;
    return true;
  }

  /**
   * The segments [i, j] as `newText` parsed in `root`'s content, grown until the parse ends back in the root's content
   * with nothing pending: to the left while the text does not start with a start tag, to the right by doubling (or at
   * once to where an open comment ends). Past MAX_REGION_SEGMENTS, or into the tail, the rest of the document is
   * parsed instead (when `suffix` allows it); undefined when that is not allowed or does not apply.
   */
  private parseElements(i: number, j: number, newText: string, root: RootInfo, suffix: boolean): RegionParse | undefined {
    const segments = this.segments;
    const last = segments.length - 1;
    for (;;) {
      if (newText.length > 0 && (newText.charCodeAt(0) !== Ch.LessThan || !isNameStart(newText.charCodeAt(1)))) {
        // Leading content belongs to the previous segment.
        if (!suffix) return undefined;
        do {
          i--;
          newText = segments[i].text + newText;
        } while (i > 1 && segments[i - 1].closedByNext);
        if (i === 0) return this.parseFromHead(j, newText);
        continue;
      }
      if (j >= last) return suffix ? this.parseSuffix(i, newText) : undefined;
      // A large region that reaches the tail costs what the rest of the document does, and fails when it swallowed the
      // root's end tag (an open comment undone): parse the rest at once.
      if (suffix && j + 1 === last && newText.length > LARGE_REGION) return this.parseSuffix(i, newText, last);
      const parsed = parseXmlRegion(newText, root, (needle) => this.followsSegment(j, needle));
      if (parsed !== undefined) return { i, j, segments: parsed };
      const k = this.growthOf(i, j, newText);
      if (k === undefined) return suffix ? this.parseSuffix(i, newText, j + 1) : undefined;
      for (j++; j <= k; j++) newText += segments[j].text;
      j = k;
    }
  }

  /**
   * Where a region that did not parse back to the root's content grows to: its size doubled, or, when it ends in an
   * open comment, the first segment holding a "-->" (a native search, however far). Undefined past the bound or when
   * no "-->" follows: the rest of the document is the region then.
   */
  private growthOf(i: number, j: number, newText: string): number | undefined {
    const segments = this.segments;
    const last = segments.length - 1;
    // With no "-->" after it, an open comment ends at the next entry start tag (parser.ts endUnterminatedComment):
    // such a region grows as any other.
    if (newText.lastIndexOf('<!--') > newText.lastIndexOf('-->') && this.childrenContain('-->')) {
      for (let k = j + 1; k < last; k++) if (segments[k].text.indexOf('-->') >= 0) return k;
      return undefined;
    }
    if (j + 1 >= last || j - i + 1 > MAX_REGION_SEGMENTS) return undefined;
    return Math.min(j + Math.max(1, j - i + 1), last - 1);
  }

  /**
   * The document from segment i on, as `newText` (the new text of segments [i, …]) and the segments after it, parsed
   * after the unchanged head: what a full parse gives from segment i, at the cost of the rest of the document only.
   * The head is parsed again (it gains a problem when the root is no longer closed).
   */
  private parseSuffix(i: number, newText: string, from = this.segments.length): RegionParse | undefined {
    const segments = this.segments;
    const head = segments[0];
    const parts = [head.text, newText];
    for (let k = from; k < segments.length; k++) parts.push(segments[k].text);
    const result = parseXmlDocument(parts.join(''));
    if (result.segments[0].text !== head.text) return undefined;
    const newHead = result.segments[0];
    if (this.openedAs === 'sitemap-txt') reportXmlInTextSitemap(newHead, result.root, head.text);
    return { i, j: segments.length - 1, segments: result.segments.slice(1), head: { segment: newHead, root: result.root } };
  }

  /**
   * The head and the segments [1, j], as `newText`: the head alone is parsed again, up to its first child, and what
   * follows it in `newText` as elements, as long as the children after them parse exactly as before under the new
   * root (sameChildContext) and the root is still closed (else the head's problems depend on the end of the
   * document). Typing in the declaration, the root's attributes or its namespaces.
   */
  private parseFromHead(j: number, newText: string): RegionParse | undefined {
    const segments = this.segments;
    const last = segments.length - 1;
    if (j + 1 >= last || segments[last].text.length === 0) return undefined;
    let parsed = parseXmlHead(newText + segments[j + 1].text);
    // A head that runs into the next segment (a comment or tag left open) takes in more of them.
    while (!parsed.complete || parsed.head.text.length > newText.length) {
      const k = this.growthOf(0, j, newText);
      if (k === undefined) return undefined;
      for (j++; j <= k; j++) newText += segments[j].text;
      j = k;
      parsed = parseXmlHead(newText + segments[j + 1].text);
    }
    const { root, head } = parsed;
    if (!sameChildContext(this.root!, root, (prefix) => this.childrenContain(`${prefix}:`), () => this.childrenContain('xmlns'))) return undefined;
    const rest = newText.slice(head.text.length);
    const region = rest.length === 0 && j === 0
      ? { i: 1, j: 0, segments: [] }
      : this.parseElements(1, j, rest, root, false);
    if (region === undefined) return undefined;
    if (this.openedAs === 'sitemap-txt') reportXmlInTextSitemap(head, root, newText);
    return { ...region, head: { segment: head, root } };
  }

  /** Whether a segment after the head contains `needle`: a search of every segment the first time, then counted. */
  private childrenContain(needle: string): boolean {
    let count = this.childTextCounts.get(needle);
    if (count === undefined) {
      if (this.childTextCounts.size >= MAX_COUNTED_NEEDLES) this.childTextCounts.clear();
      count = 0;
      for (let k = 1; k < this.segments.length; k++) if (this.segments[k].text.indexOf(needle) >= 0) count++;
      this.childTextCounts.set(needle, count);
    }
    return count > 0;
  }

  /** Whether a segment after segment j contains `needle` (the parser's FollowingText). */
  private followsSegment(j: number, needle: string): boolean {
    if (!this.childrenContain(needle)) return false;
    const segments = this.segments;
    for (let k = j + 1; k < segments.length; k++) if (segments[k].text.indexOf(needle) >= 0) return true;
    return false;
  }

  /**
   * The first segment before i whose parse the edit of the region [i, j] changes (or one formed with the start of the
   * next segment): closed for lack of an end tag that `newText`, the region's new text, now holds, or kept open for one
   * that `oldText` held and `newText` does not; i when there is none.
   */
  private lookingAheadBefore(i: number, j: number, oldText: string, newText: string): number {
    let first = i;
    for (const segment of this.lookingAhead) {
      const k = segment.index;
      if (k >= first) continue;
      const next = this.segments[j + 1]?.text ?? '';
      const holds = (text: string, needle: string): boolean =>
        (text + next.slice(0, needle.length - 1)).indexOf(needle) >= 0;
      const lacked = segment.closedForLackOf?.some((needle) => holds(newText, needle)) ?? false;
      const kept = segment.keptOpenFor;
      if (lacked || (kept !== undefined && !holds(newText, kept) && holds(oldText, kept))) first = k;
    }
    return first;
  }

  /** Keeps childrenContain's counts as the segments [i, j] are replaced by `replacement`. */
  private countChildText(i: number, j: number, replacement: readonly Segment[]): void {
    for (const [needle, before] of this.childTextCounts) {
      let count = before;
      for (let k = Math.max(i, 1); k <= j; k++) if (this.segments[k].text.indexOf(needle) >= 0) count--;
      for (let k = i === 0 ? 1 : 0; k < replacement.length; k++) if (replacement[k].text.indexOf(needle) >= 0) count++;
      this.childTextCounts.set(needle, count);
    }
  }

  private replaceSegments(i: number, j: number, replacement: Segment[], byteDelta: number): void {
    const segments = this.segments;
    if (this.childTextCounts.size > 0) this.countChildText(i, j, replacement);
    for (let k = i; k <= j; k++) this.unindex(segments[k]);
    this.replaceInList(i, j, replacement);
    for (const s of replacement) this.index(s, true);
    this.byteLength += byteDelta;
  }

  // ---------------------------------------------------------------- whole-document parse

  private parseAll(text: string, byteLength?: number, once = false): void {
    this.languageId = readingOf(this.openedAs, text);
    this.clearIndexes();
    this.contextKey = undefined;
    this.childTextCounts.clear();
    const totals = { length: text.length, breaks: 0, entries: 0 };
    const indexed = (segment: Segment, k: number): void => {
      segment.run = WHOLE_LIST;
      segment.place = k;
      this.index(segment, false, once);
      totals.breaks += segment.lineBreaks;
      if (segment.isEntry) totals.entries++;
    };
    if (this.isLineBased) {
      this.root = undefined;
      this.segments = [new Segment(SegmentKind.Head, ''), ...this.parseLines(text), new Segment(SegmentKind.Tail, '')];
      this.segments.forEach(indexed);
    } else {
      // Indexed as the parser finishes each segment (see parseXmlDocument).
      const result = parseXmlDocument(text, indexed);
      this.root = result.root;
      this.segments = result.segments;
      const head = result.segments[0];
      if (this.openedAs === 'sitemap-txt') reportXmlInTextSitemap(head, result.root, text);
      if (head.problems.length > 0) this.problemSegments.add(head);
    }
    this.byteLength = byteLength ?? textUtf8Length(text);
    this.totals = totals;
    this.trees = undefined;
    this.stats.fullParses++;
  }

  /** Text sitemaps and robots.txt: one segment per line. */
  private get isLineBased(): boolean {
    return this.languageId === 'sitemap-txt' || this.languageId === 'robots-txt';
  }

  /** `fileStart`: whether `text` begins the document. */
  private parseLines(text: string, fileStart = true): Segment[] {
    return this.languageId === 'robots-txt' ? parseRobotsLines(text, fileStart) : parseTextLines(text);
  }

}

/** How a document opened as `openedAs` is read: a text sitemap whose content is XML is an XML sitemap. */
function readingOf(openedAs: SitemapLanguageId, text: string): SitemapLanguageId {
  return readingOfDocument(openedAs, text);
}

/** Says once, on the root's name (or the declaration), that this text sitemap is read as XML. */
function reportXmlInTextSitemap(head: Segment, root: RootInfo, text: string): void {
  const bom = text.charCodeAt(0) === Ch.Bom ? 1 : 0;
  const [start, end] = root.kind !== 'none' ? [root.nameStart, root.nameEnd] : [bom, Math.min(text.length, bom + 5)];
  // The head starts at offset 0: its relative offsets are absolute.
  head.problems = [...head.problems, {
    rule: 'language-mismatch', start, end,
    message: 'This file is an XML sitemap, not a text sitemap: it is read as XML. Change the language mode to Sitemap.',
  }];
}

/** What a reparse replaces: the segments [i, j] by `segments`, and the head when it was parsed again. */
interface RegionParse {
  i: number;
  j: number;
  segments: Segment[];
  head?: { segment: Segment; root: RootInfo };
}


function endsWithLineBreak(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return c === Ch.LineFeed || c === Ch.CarriageReturn;
}
