/** A namespace-aware, error-tolerant XML parser that knows the shape of a sitemap: it cuts the document into segments
 * (segment.ts) and reads a whole document, its head, or a region of root children (ParseMode). Its error recovery and
 * its part in incremental reparsing: docs/architecture.md, "Segments" and "The reparse levels". */
import { Ch, isNameStart, isWhitespace, scanName, skipWhitespace } from '../../../../shared/xmlChars';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from '../../../../shared/xmlTokenizer';
import { CharacterData } from './characterData';
import { ElementStack, type ParseMode } from './elementStack';
import { Role, type Frame, type RootInfo } from './elementFrame';
import { scanFastEntry, type FastEntry } from './fastEntry';
import { extensionPrefixesIn, type ExtensionPrefixes } from './fastExtensions';
import { isQName, lookupNamespace, resolvePrefix } from './namespaceBinding';
import { Field, resetEntryState } from './parseState';
import { Segment, SegmentKind } from '../model/segment';
import { MarkupReader } from './markupReader';
import { StartTagReader } from './startTagReader';
import { checkStrayText, SITEMAP_NAMESPACE } from './sitemapRoles';
import { NOTHING_AFTER, type TextAfter } from './textAfter';

export type { RootInfo, RootKind } from './elementFrame';
export { SITEMAP_NAMESPACE };
export { childrenParseAlike } from './namespaceBinding';

let useFastPath = true;

/** For tests: parse with or without the fast path for plain entries, which must not change any result. */
export function setFastPath(enabled: boolean): void {
  useFastPath = enabled;
}

export interface XmlParseResult {
  root: RootInfo;
  /** Head, child segments, tail. */
  segments: Segment[];
}

/**
 * `onSegment` sees each segment once it is finished, with its index (the head may still gain problems after: the
 * root's unclosed tag): a caller indexing segments does it in the parse's loop, which is hot and optimized, rather
 * than in a second pass over 50,000 segments, which a cold process runs mostly interpreted.
 */
export function parseXmlDocument(text: string, onSegment?: (segment: Segment, index: number) => void): XmlParseResult {
  const parser = new XmlParser(text, 'document', undefined, onSegment, NOTHING_AFTER);
  parser.parseDocument();
  return { root: parser.root, segments: parser.out.segments };
}

/**
 * Parses the head only: the prolog, the root start tag and what follows it up to the root's first child, where it
 * stops. `complete` is false when the text ends before that first child (more text may follow, or the root has no
 * child); the head's problems are then not final either.
 */
export function parseXmlHead(text: string): { root: RootInfo; head: Segment; complete: boolean } {
  const parser = new XmlParser(text, 'head', undefined, undefined, undefined);
  const complete = parser.parseHead();
  return { root: parser.root, head: parser.out.segments[0], complete };
}

export type { TextAfter } from './textAfter';

/**
 * Parses `text` as a run of root children, in the root described by `root`.
 * Returns undefined when the text does not start with a start tag or does not end back in the root's content
 * with nothing pending: the caller must then widen the region or parse the whole document.
 */
export function parseXmlRegion(text: string, root: RootInfo, textAfter?: TextAfter): Segment[] | undefined {
  if (root.frame === undefined) return undefined;
  if (text.length === 0) return [];
  if (text.charCodeAt(0) !== Ch.LessThan || !isNameStart(text.charCodeAt(1))) return undefined;
  const parser = new XmlParser(text, 'region', root, undefined, textAfter);
  return parser.parseRegion() ? parser.out.segments : undefined;
}

class XmlParser extends ElementStack {
  /** A head parse that reached the root's first child. */
  private stoppedAtFirstChild = false;
  private readonly tokens: XmlTokenizer;
  private readonly chars: CharacterData;
  /** Where the first child's start tag stands, when the parse stopped there. */
  private stoppedAt = 0;
  private doctypeSeen = false;
  /** Set when a construct runs into the end of the text unterminated. */
  private hitEnd = false;
  /** The prefixes the root binds to the extensions (null: none), for the fast path; read at its first entry. */
  private extensionPrefixes: ExtensionPrefixes | null | undefined;
  private readonly tag: StartTagReader;
  private readonly markup: MarkupReader;

  constructor(text: string, mode: ParseMode, root: RootInfo | undefined,
    onSegment: ((segment: Segment, index: number) => void) | undefined, textAfter: TextAfter | undefined) {
    super(text, mode, root, onSegment, textAfter);
    this.chars = new CharacterData(text, this.out);
    this.chars.doctype = root?.doctype;
    this.tokens = new XmlTokenizer(text, 0, mode === 'region' ? TokenizerState.Content : TokenizerState.DocumentStart);
    this.tag = new StartTagReader(text, this.tokens, this.chars, this.out);
    this.markup = new MarkupReader(text, this.tokens, this.chars, this.out);
  }

  // ---------------------------------------------------------------- drivers

  parseDocument(): void {
    this.parseContent();
    const out = this.out;
    this.closeUnclosed();
    if (this.root.kind === 'none') {
      out.report('xml-syntax', 0, 0, 'The document has no root element: a sitemap needs <urlset> or <sitemapindex>.');
    }
    out.finish(this.end);
    if (out.kind !== SegmentKind.Tail) {
      out.kind = SegmentKind.Tail;
      out.finish(this.end);
    }
  }

  /** Whether the head is complete: the text went on to the root's first child (parseXmlHead). */
  parseHead(): boolean {
    this.parseContent();
    this.out.finish(this.stoppedAtFirstChild ? this.stoppedAt : this.end);
    return this.stoppedAtFirstChild;
  }

  parseRegion(): boolean {
    this.out.kind = SegmentKind.Element;
    this.parseContent();
    if (this.aborted || this.hitEnd || this.stack.length !== 1) return false;
    this.out.finish(this.end);
    return true;
  }

  private parseContent(): void {
    const tokens = this.tokens;
    while (!this.aborted) {
      const type = tokens.scan();
      if (type === TokenType.Text) this.takeText();
      else if (type === TokenType.StartTagOpen) this.takeStartTag();
      else if (type === TokenType.EndTag) this.takeEndTag();
      else if (type === TokenType.EOS) return;
      else this.takeMarkup(type);
    }
  }

  // ---------------------------------------------------------------- character data

  private takeText(): void {
    const tokens = this.tokens;
    const start = tokens.tokenStart;
    const end = tokens.tokenEnd;
    let from = start;
    if (tokens.error === TokenError.InvalidTagStart) {
      this.out.report('xml-syntax', start, start + 1, 'A "<" that does not start a tag must be written as &lt;.');
      from = start + 1;
    } else if (tokens.error === TokenError.InvalidDeclarationStart) {
      this.out.report('xml-syntax', start, start + 2, '"<!" must start a comment "<!--" or a CDATA section "<![CDATA[".');
      from = start + 2;
    }
    const frame = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    const value = frame !== undefined ? frame.value : null;
    if (value === null && from === start && skipWhitespace(this.text, start, end) === end) return; // Indentation: nothing to check.
    this.chars.scanText(start, from, end, value);
    if (value === null) checkStrayText(this.text, start, end, frame, this.root, this.rootClosed, this.out);
  }

  // ---------------------------------------------------------------- start tags

  private takeStartTag(): void {
    const tagStart = this.tokens.tokenStart;
    const nameStart = tagStart + 1;
    const nameEnd = this.tokens.tokenEnd;
    const qname = this.name(nameStart, nameEnd);
    const colon = qname.indexOf(':');
    const prefix = colon > 0 ? qname.slice(0, colon) : '';
    const local = colon > 0 ? qname.slice(colon + 1) : qname;
    if (this.atSegmentBoundary(tagStart, prefix, local)) return;
    if (!isQName(qname)) {
      this.out.report('xml-syntax', nameStart, nameEnd, `"${qname}" is not a valid qualified name.`);
    }
    // Bytes that were not UTF-8 read as U+FFFD, which is a name character: `encoding` in a name as in text.
    this.chars.checkEncodingIn(nameStart, nameEnd);
    const tag = this.tag;
    let tagEnd = this.tokens.closeBareStartTag();
    if (tagEnd >= 0) tag.clear();
    else {
      tagEnd = tag.read(qname, nameStart, nameEnd);
      if (tagEnd < 0) {
        this.hitEnd = true;
        return;
      }
    }
    const bindings = tag.bindings;
    const parentScope = this.scopeAtTop();
    const frame: Frame = {
      qname, local, ns: undefined, tagStart, nameStart, nameEnd, role: Role.Other, bindings, scope: parentScope, outerScope: parentScope,
      entry: null, value: null, field: Field.Loc, duplicate: false, unterminated: tag.unterminated, endTagAhead: -1,
      extension: undefined, extensionParent: null, childCounts: null, childrenFilled: 0,
    };
    if (bindings !== null) frame.scope = frame;
    frame.ns = resolvePrefix(prefix, frame, nameStart, this.out);
    tag.resolvePrefixes(frame);
    this.openElement(frame, tagEnd, tag);
  }

  /**
   * Decides on segment boundaries before the tag's own problems are reported, so they land in its segment; true when
   * the tag is taken care of (the head parse stops at it, or the fast path took it).
   */
  private atSegmentBoundary(tagStart: number, prefix: string, local: string): boolean {
    const stack = this.stack;
    if (stack.length >= 2 && stack[1].role === Role.RootChild
      && local === this.root.entryName && lookupNamespace(prefix, this.scopeAtTop()) === this.root.sitemapNamespace) {
      if (!this.closeBeforeEntry(stack[1], tagStart)) return true;
    }
    if (stack.length !== 1 || stack[0].role !== Role.Root) return false;
    if (this.mode === 'head') {
      this.stoppedAtFirstChild = this.aborted = true;
      this.stoppedAt = tagStart;
      return true;
    }
    // The first element of a region already starts its segment.
    if (!(this.mode === 'region' && tagStart === 0)) this.out.begin(tagStart, SegmentKind.Element);
    return this.tryFastEntry(tagStart);
  }

  // ---------------------------------------------------------------- the fast path

  /**
   * Takes a plain, valid entry in one step (see fastEntry.ts); false leaves it to the general path. Then takes the
   * plain entries that follow it, with only whitespace between, in this loop: going back through parseContent,
   * takeText and takeStartTag for each costs more than the entry itself, and keeps those functions hot
   * (compiled and recompiled) in a cold run.
   */
  private tryFastEntry(tagStart: number): boolean {
    const root = this.root;
    if (!useFastPath || (root.kind !== 'urlset' && root.kind !== 'sitemapindex')) return false;
    if (lookupNamespace('', this.scopeAtTop()) !== root.sitemapNamespace) return false;
    const t = this.text;
    if (this.extensionPrefixes === undefined) this.extensionPrefixes = extensionPrefixesIn(this.scopeAtTop()) ?? null;
    const prefixes = this.extensionPrefixes ?? undefined;
    let fast = scanFastEntry(t, tagStart, root.kind, prefixes);
    if (fast === undefined) return false;
    let end = this.takeFastEntry(tagStart, fast);
    for (;;) {
      // Whitespace between entries is all takeText would have seen here: no problems, no state.
      const next = skipWhitespace(t, end, this.end);
      if (t.charCodeAt(next) !== Ch.LessThan) break;
      // Tried before the segment begins: an entry the fast path declines is left to takeStartTag, which begins it.
      fast = scanFastEntry(t, next, root.kind, prefixes);
      if (fast === undefined) break;
      this.out.begin(next, SegmentKind.Element);
      end = this.takeFastEntry(next, fast);
    }
    this.tokens.resume(end, TokenizerState.Content);
    return true;
  }

  /** Returns where the entry ends. */
  private takeFastEntry(tagStart: number, fast: FastEntry): number {
    const entry = this.entryState;
    const name = this.root.entryName.length;
    resetEntryState(entry, this.root.kind as 'urlset' | 'sitemapindex', tagStart, tagStart + name + 2, tagStart + 1, tagStart + 1 + name);
    entry.url = fast.url;
    entry.urlStart = fast.urlStart;
    entry.urlEnd = fast.urlEnd;
    entry.lastmod = fast.lastmod;
    entry.lastmodStart = fast.lastmodStart;
    entry.lastmodEnd = fast.lastmodEnd;
    entry.extensions = fast.extensions;
    this.out.entry = entry;
    this.out.elementEnd = fast.end;
    return fast.end;
  }

  // ---------------------------------------------------------------- end tags

  private takeEndTag(): void {
    const tokens = this.tokens;
    const out = this.out;
    const tagStart = tokens.tokenStart;
    if (tokens.error === TokenError.MissingEndTagName) {
      out.report('xml-syntax', tagStart, tagStart + 2, '"</" must be followed by the name of the element to close.');
      return;
    }
    const nameStart = tagStart + 2;
    const nameEnd = tokens.nameEnd;
    const p = tokens.tokenEnd;
    this.chars.checkEncodingIn(nameStart, nameEnd);
    // Reported once the tag's segment is known: an end tag closing the root starts the tail.
    let unterminated: { rule: 'xml-syntax'; start: number; end: number; message: string } | undefined;
    if (tokens.error === TokenError.UnterminatedEndTag) {
      unterminated = { rule: 'xml-syntax', start: nameStart, end: nameEnd, message: 'The end tag is not terminated.' };
      this.hitEnd = true;
    } else if (tokens.error === TokenError.EndTagMissingGt) {
      unterminated = { rule: 'xml-syntax', start: tokens.errorStart, end: tokens.errorEnd, message: 'Expected ">" to end the end tag.' };
    }
    const stack = this.stack;
    const top = stack.length - 1;
    // Most end tags close the innermost element: compared in place, no name string looked up.
    if (top >= 0 && unterminated === undefined && this.isNamed(stack[top].qname, nameStart, nameEnd)) {
      this.closeDownTo(top, tagStart, p, undefined);
      return;
    }
    const name = this.name(nameStart, nameEnd);
    if (stack.length === 0) {
      if (unterminated !== undefined) out.problems.push(unterminated);
      out.report('xml-syntax', nameStart, nameEnd, `</${name}> closes nothing.`);
      return;
    }
    let match = stack.length - 1;
    while (match >= 0 && stack[match].qname !== name) match--;
    if (match < 0) {
      const top = stack[stack.length - 1];
      if (unterminated !== undefined) out.problems.push(unterminated);
      unterminated = undefined;
      out.report('xml-syntax', nameStart, nameEnd, `</${name}> does not match <${top.qname}>.`);
      if (top.role === Role.Root) return;
      match = stack.length - 1;
    }
    this.closeDownTo(match, tagStart, p, unterminated);
  }

  // ---------------------------------------------------------------- comments, CDATA, PIs, the declaration, DOCTYPE

  private takeMarkup(type: TokenType): void {
    const markup = this.markup;
    if (type === TokenType.Comment) {
      if (!markup.comment()) this.endUnterminatedComment(this.tokens.tokenStart);
    } else if (type === TokenType.CData) {
      const frame = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
      if (!markup.cdata(frame, this.root, this.rootClosed)) this.hitEnd = true;
    } else if (type === TokenType.ProcessingInstruction) {
      if (!markup.processingInstruction()) this.hitEnd = true;
    } else if (type === TokenType.XmlDeclaration) markup.xmlDeclaration();
    else if (type === TokenType.DoctypeOpen) {
      if (!markup.doctype(this.root, this.root.kind !== 'none' || this.doctypeSeen)) this.hitEnd = true;
      this.doctypeSeen = true;
    }
  }

  /**
   * A comment with no "-->" anywhere after it ends at the next entry start tag, as an element left open does
   * (closeBeforeEntry): the entries after it stay entries, and typing in it reparses one segment. With a "-->" after
   * it, or no entry start tag after it, it runs to the end as XML says; so does one in a region or head parse that
   * cannot tell (which then does not parse).
   */
  private endUnterminatedComment(start: number): void {
    // A head parse (parseXmlHead) reads a part of the document, and cannot tell either: it has no textAfter.
    const follows = this.textAfter?.contains('-->');
    // Between entries only: a comment of the prolog, or of the head before the first entry (which the model reparses
    // with a head parse, which cannot tell), runs to the end.
    const inRoot = this.stack.length > 0 && this.stack[0].role === Role.Root && this.out.kind !== SegmentKind.Head;
    const entryAt = follows === false && inRoot ? this.nextEntryStartTag(start + 4) : -1;
    if (entryAt < 0) {
      this.hitEnd = true;
      return;
    }
    this.out.closedByNext = true;
    this.out.absentAfter('-->');
    this.tokens.resume(entryAt, TokenizerState.Content);
  }

  /** Where the next start tag of an entry (`<url`, in the sitemap namespace) stands from `from`; -1 when none does. */
  private nextEntryStartTag(from: number): number {
    const text = this.text;
    const { entryName, sitemapNamespace } = this.root;
    for (let at = text.indexOf('<', from); at >= 0 && at < this.end; at = text.indexOf('<', at + 1)) {
      const nameEnd = scanName(text, at + 1, this.end);
      if (nameEnd === at + 1) continue;
      const qname = text.slice(at + 1, nameEnd);
      const colon = qname.indexOf(':');
      const local = colon < 0 ? qname : qname.slice(colon + 1);
      if (local !== entryName) continue;
      const after = text.charCodeAt(nameEnd);
      if (nameEnd < this.end && !(isWhitespace(after) || after === Ch.GreaterThan || after === Ch.Slash)) continue;
      if (lookupNamespace(colon < 0 ? '' : qname.slice(0, colon), this.scopeAtTop()) === sitemapNamespace) return at;
    }
    return -1;
  }
}
