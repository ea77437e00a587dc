/** The incremental document model: the segment list with its positions (segmentList.ts) and its indexes
 * (segmentIndexes.ts), the language the text is read as, and an edit's reparse applied (reparse.ts). */
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { readingOfDocument, type SitemapLanguageId } from '../../../../shared/documentLanguage';
import type { DocumentKind } from '../../../../shared/kinds';
import { parseXmlDocument, type RootInfo } from '../syntax/parser';
import { Ch, editUtf8Delta, textUtf8Length } from '../syntax/textMetrics';
import { REPARSE_LEVELS, reparse, type EditedDocument, type ReparseLevel, type Replacement } from './reparse';
import { Segment, SegmentKind, WHOLE_LIST } from './segment';
import { IndexedSegmentList } from './segmentIndexes';
import { SegmentTextAfter } from './segmentTextAfter';
import { parseRobotsLines } from '../rules/robotsTxtRules';
import { parseTextLines } from '../syntax/textSitemap';

export type { DocumentKind, ReparseLevel, SitemapLanguageId };
export type { Position } from './segmentList';

export class SitemapModel extends IndexedSegmentList implements EditedDocument {
  root: RootInfo | undefined;
  contextKey: string | undefined;
  /** Edits handled by each reparse level (for tests and the benchmark); the opening parse is none of them. */
  readonly reparses = Object.fromEntries(REPARSE_LEVELS.map((level) => [level, 0])) as Record<ReparseLevel, number>;
  /** The level that handled the last edit, and the length of the text it parsed (the whole text for a full parse). */
  lastReparse: ReparseLevel | undefined;
  lastReparsedLength = 0;
  /** The text after a segment, for the parser and the reparse levels. */
  readonly textAfter = new SegmentTextAfter(this);

  /** How the text is read: as opened, except that a text sitemap whose content is XML is read as `sitemap`. */
  languageId: SitemapLanguageId;

  /** `byteLength`: the text's UTF-8 length when the caller knows it (the bytes it decoded), or it is counted. */
  /** `deferUrlIndex`: see ParseOptions (languageService.ts); only the first parse defers its URL index. */
  constructor(readonly openedAs: SitemapLanguageId, text: string, byteLength?: number, deferUrlIndex = false) {
    super();
    this.languageId = openedAs;
    this.parseAll(text, byteLength, deferUrlIndex);
  }

  get kind(): DocumentKind {
    if (this.languageId === 'sitemap-txt') return 'text';
    if (this.languageId === 'robots-txt') return 'robots';
    const kind = this.root?.kind;
    return kind === 'urlset' || kind === 'sitemapindex' ? kind : 'unknown';
  }

  /**
   * Completes a parse that deferred its URL index: fills it, lists the alternates (any parse defers them), and builds
   * the prefix sums (see `trees`), so that no edit pays for them.
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
    const reparsed = reparse(this, start, end, text);
    this.reparses[reparsed.level]++;
    this.lastReparse = reparsed.level;
    if ('segments' in reparsed) {
      this.replace(reparsed);
      this.lastReparsedLength = reparsedLength(reparsed);
    } else {
      const whole = this.getText();
      const edited = whole.slice(0, start) + text + whole.slice(end);
      this.parseAll(edited, this.byteLength + editUtf8Delta(whole, edited, start, end, start + text.length));
      this.lastReparsedLength = this.length;
    }
  }

  /** Whether the edit changes how the text is read: a text sitemap's first characters may make it XML, or no longer. */
  readingChangesWith(start: number, end: number, text: string): boolean {
    if (this.openedAs !== 'sitemap-txt' || start > SNIFF_LENGTH) return false;
    const old = this.prefix(end + SNIFF_LENGTH + 1);
    const sniffed = (old.slice(0, start) + text + old.slice(end)).slice(0, SNIFF_LENGTH + 1);
    return readingOfDocument(this.openedAs, sniffed) !== this.languageId;
  }

  private replace(replacement: Replacement): void {
    const head = replacement.head;
    if (head !== undefined) {
      if (this.openedAs === 'sitemap-txt') reportXmlInTextSitemap(head.segment, head.root);
      this.root = head.root;
      this.replaceSegments(0, 0, [head.segment], 0);
    }
    this.replaceSegments(replacement.i, replacement.j, replacement.segments, replacement.byteDelta);
  }

  private replaceSegments(i: number, j: number, replacement: Segment[], byteDelta: number): void {
    const segments = this.segments;
    this.textAfter.replacing(i, j, replacement);
    for (let k = i; k <= j; k++) this.unindex(segments[k]);
    this.replaceInList(i, j, replacement);
    for (const s of replacement) this.index(s, true);
    this.byteLength += byteDelta;
  }

  // ---------------------------------------------------------------- whole-document parse

  private parseAll(text: string, byteLength?: number, deferUrlIndex = false): void {
    this.languageId = readingOfDocument(this.openedAs, text);
    this.clearIndexes();
    this.contextKey = undefined;
    this.textAfter.forget();
    const totals = { length: text.length, breaks: 0, entries: 0 };
    const indexed = (segment: Segment, k: number): void => {
      segment.run = WHOLE_LIST;
      segment.place = k;
      this.index(segment, false, deferUrlIndex);
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
      if (this.openedAs === 'sitemap-txt') reportXmlInTextSitemap(head, result.root);
      if (head.problems.length > 0) this.problemSegments.add(head);
    }
    this.byteLength = byteLength ?? textUtf8Length(text);
    this.totals = totals;
    this.trees = undefined;
  }

  /** Text sitemaps and robots.txt: one segment per line. */
  get isLineBased(): boolean {
    return this.languageId === 'sitemap-txt' || this.languageId === 'robots-txt';
  }

  /** `fileStart`: whether `text` begins the document. */
  parseLines(text: string, fileStart = true): Segment[] {
    return this.languageId === 'robots-txt' ? parseRobotsLines(text, fileStart) : parseTextLines(text);
  }
}


/** Says once, on the root's name (or the declaration), that this text sitemap is read as XML. */
function reportXmlInTextSitemap(head: Segment, root: RootInfo): void {
  // Without a root, the head is the whole text.
  const text = head.text;
  const bom = text.charCodeAt(0) === Ch.Bom ? 1 : 0;
  const [start, end] = root.kind !== 'none' ? [root.nameStart, root.nameEnd] : [bom, Math.min(text.length, bom + 5)];
  // The head starts at offset 0: its relative offsets are absolute.
  head.problems = [...head.problems, {
    rule: 'language-mismatch', start, end,
    message: 'This file is an XML sitemap, not a text sitemap: it is read as XML. Change the language mode to Sitemap.',
  }];
}

/** The length of the text a level parsed: its segments', the head's included. */
function reparsedLength(replacement: Replacement): number {
  let length = replacement.head?.segment.text.length ?? 0;
  for (const segment of replacement.segments) length += segment.text.length;
  return length;
}
