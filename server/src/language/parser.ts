/**
 * A namespace-aware, error-tolerant XML parser that knows the shape of a sitemap.
 *
 * It cuts the document into segments (see segment.ts): the head, one segment per child element of the root,
 * and the tail. The same code parses the whole document and, for incremental reparsing, a region of
 * consecutive child segments starting in the root's content: the parser's state at a segment boundary is
 * always "inside the root, nothing pending", so a region that parses back to that state parses exactly as the
 * full document would there.
 *
 * Error recovery is chosen to keep damage local: an end tag that matches nothing closes the current element,
 * an end tag that matches an ancestor closes everything up to it, and an entry start tag (`<url>`) met inside an
 * open entry closes that entry. Entities are never expanded beyond the five predefined ones and character
 * references; a DOCTYPE is skipped, never read.
 */
import { ASCII, TEXT_SPECIAL, Ch, isNameStart, isWhitespace, isXmlChar, scanName, skipWhitespace } from '../../../shared/xmlChars';
import { countLineBreaks } from './scanner';
import type { LocalProblem, RuleId } from './rules/catalogue';
import { Segment, SegmentKind } from './segment';
import { ValueText } from './valueText';
import { scanFastEntry, type FastEntry } from './fastEntry';
import { readXmlDeclaration, xmlDeclarationStart } from '../../../shared/xmlDeclaration';
import { decodeAttributeValue, XML_NAMESPACE, XMLNS_NAMESPACE } from '../../../shared/xmlNamespaces';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from '../../../shared/xmlTokenizer';
import { checkEntryEnd, checkFieldValue, Field, FIELD_RANK, fieldsOf, newEntryState, resetEntryState, type EntryState } from './rules/entryRules';

let useFastPath = true;

/** For tests: parse with or without the fast path for plain entries, which must not change any result. */
export function setFastPath(enabled: boolean): void {
  useFastPath = enabled;
}

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export type RootKind = 'urlset' | 'sitemapindex' | 'unknown' | 'none';

const enum Role {
  Root,
  /** A child element of the root: a segment of its own. */
  RootChild,
  /** A sitemap-namespace value element of an entry: `<loc>`, `<lastmod>`, … */
  Field,
  Other,
}

interface Binding {
  prefix: string;
  uri: string;
  valueStart: number;
  valueEnd: number;
}

interface Frame {
  qname: string;
  local: string;
  ns: string | undefined;
  tagStart: number;
  nameStart: number;
  nameEnd: number;
  role: Role;
  bindings: Binding[] | null;
  /** Nearest frame (this one included) that declares namespaces. */
  scope: Frame | null;
  /** For a frame with bindings: the nearest ancestor with bindings. */
  outerScope: Frame | null;
  /** The entry this frame is (role RootChild) or is a field of (role Field). */
  entry: EntryState | null;
  value: ValueText | null;
  field: Field;
  /** A field already seen in this entry: validated, but not the entry's value. */
  duplicate: boolean;
  /** The start tag ended at a "<" instead of ">": most likely a tag still being typed. */
  unterminated: boolean;
}

export interface RootInfo {
  kind: RootKind;
  /** Range of the root element's name (absolute; the head starts at 0). */
  nameStart: number;
  nameEnd: number;
  /** End of the root's start tag (absolute): what a split copies before its entries. */
  startTagEnd: number;
  /** The frame region parses start from; undefined when the document has no open root to reparse inside. */
  frame: Frame | undefined;
  /** Namespace that the root's children must use (the root's own, even when it is the wrong one). */
  sitemapNamespace: string | undefined;
  /** Name of the entry element: `url` or `sitemap`. */
  entryName: string;
}

export interface XmlParseResult {
  root: RootInfo;
  /** Head, child segments, tail. */
  segments: Segment[];
}

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * `onSegment` sees each segment once it is finished, with its index (the head may still gain problems after: the
 * root's unclosed tag): a caller indexing segments does it in the parse's loop, which is hot and optimized, rather
 * than in a second pass over 50,000 segments, which a cold process runs mostly interpreted.
 */
export function parseXmlDocument(text: string, onSegment?: (segment: Segment, index: number) => void): XmlParseResult {
  const parser = new XmlParser(text, false, undefined);
  parser.onSegment = onSegment;
  parser.parseDocument();
  return { root: parser.root, segments: parser.segments };
}

/**
 * Parses `text` as a run of root children, in the root described by `root`.
 * Returns undefined when the text does not start with a start tag or does not end back in the root's content
 * with nothing pending: the caller must then widen the region or parse the whole document.
 */
/**
 * Parses the head only: the prolog, the root start tag and what follows it up to the root's first child, where it
 * stops. `complete` is false when the text ends before that first child (more text may follow, or the root has no
 * child); the head's problems are then not final either.
 */
export function parseXmlHead(text: string): { root: RootInfo; head: Segment; complete: boolean } {
  const parser = new XmlParser(text, false, undefined);
  parser.stopAtFirstChild = true;
  parser.parseDocument();
  return { root: parser.root, head: parser.segments[0], complete: parser.stoppedAtFirstChild };
}

export function parseXmlRegion(text: string, root: RootInfo): Segment[] | undefined {
  if (root.frame === undefined) return undefined;
  if (text.length === 0) return [];
  if (text.charCodeAt(0) !== Ch.LessThan || !isNameStart(text.charCodeAt(1))) return undefined;
  const parser = new XmlParser(text, true, root);
  return parser.parseRegion() ? parser.segments : undefined;
}

class XmlParser {
  pos = 0;
  readonly end: number;
  readonly segments: Segment[] = [];
  onSegment: ((segment: Segment, index: number) => void) | undefined = undefined;
  root: RootInfo;
  private readonly stack: Frame[] = [];
  private rootClosed = false;
  private doctypeSeen = false;
  /** Set when a construct runs into the end of the text unterminated. */
  private hitEnd = false;
  private aborted = false;
  /** For parseXmlHead. */
  stopAtFirstChild = false;
  stoppedAtFirstChild = false;

  private segmentStart = 0;
  private segmentKind: SegmentKind = SegmentKind.Head;
  private segmentProblems: LocalProblem[] = [];
  /** The entry state of the current element segment, when its element is an entry. */
  private segmentEntry: EntryState | null = null;
  private segmentClosedByNext = false;
  /** Where the current segment's root child element ends (absolute), once it is closed. */
  private segmentElementEnd = -1;
  /** Only one entry and one value element are ever open at a time: their state is reused. */
  private readonly entryState = newEntryState();
  private readonly valueText = new ValueText();
  /** The tokenizer, resumed wherever the parser hands a construct to it. */
  private readonly tokens: XmlTokenizer;
  /** Recently seen element names, so that 250,000 tags do not make 250,000 strings. */
  private readonly names: string[] = new Array<string>(256).fill('');

  /** Without any CR, line breaks are counted by hopping from LF to LF. */
  private readonly hasCarriageReturns: boolean;

  constructor(private readonly text: string, private readonly regionMode: boolean, root: RootInfo | undefined) {
    this.end = text.length;
    this.hasCarriageReturns = text.indexOf('\r') !== -1;
    this.tokens = new XmlTokenizer(text, 0, TokenizerState.Content);
    this.root = root ?? { kind: 'none', nameStart: 0, nameEnd: 0, startTagEnd: 0, frame: undefined, sitemapNamespace: undefined, entryName: 'url' };
    if (regionMode && root?.frame) this.stack.push(root.frame);
  }

  // ---------------------------------------------------------------- drivers

  parseDocument(): void {
    const t = this.text;
    if (t.charCodeAt(0) === Ch.Bom) this.pos = 1;
    this.parseContent();
    if (this.stopAtFirstChild) {
      this.finishSegment(this.stoppedAtFirstChild ? this.pos : this.end);
      return;
    }
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) {
      const frame = stack[i];
      const unclosed = problem('xml-syntax', frame.nameStart, frame.nameEnd, `<${frame.qname}> is never closed.`);
      if (frame.role === Role.Root && this.segments.length > 0) {
        // The head (at offset 0, so relative = absolute) is already finished.
        const head = this.segments[0];
        head.problems = [...head.problems, unclosed];
      } else this.segmentProblems.push(unclosed);
      this.closeFrame(frame);
    }
    stack.length = 0;
    if (this.root.kind === 'none') {
      this.report('xml-syntax', 0, 0, 'The document has no root element: a sitemap needs <urlset> or <sitemapindex>.');
    }
    this.finishSegment(this.end);
    if (this.segmentKind !== SegmentKind.Tail) {
      this.segmentKind = SegmentKind.Tail;
      this.finishSegment(this.end);
    }
  }

  parseRegion(): boolean {
    this.segmentKind = SegmentKind.Element;
    this.parseContent();
    if (this.aborted || this.hitEnd || this.stack.length !== 1) return false;
    this.finishSegment(this.end);
    return true;
  }

  private parseContent(): void {
    const t = this.text;
    const end = this.end;
    while (this.pos < end && !this.aborted) {
      if (t.charCodeAt(this.pos) !== Ch.LessThan) {
        this.scanText();
        continue;
      }
      const next = this.pos + 1 < end ? t.charCodeAt(this.pos + 1) : -1;
      if (next === Ch.Slash) this.scanEndTag();
      else if (next === Ch.Bang) this.scanMarkupDeclaration();
      else if (next === Ch.Question) this.scanProcessingInstruction();
      else if (isNameStart(next)) this.scanStartTag();
      else {
        this.report('xml-syntax', this.pos, this.pos + 1, 'A "<" that does not start a tag must be written as &lt;.');
        this.scanText(this.pos + 1);
      }
    }
  }

  // ---------------------------------------------------------------- segments

  private finishSegment(end: number): void {
    const start = this.segmentStart;
    const segment = new Segment(this.segmentKind, this.text.slice(start, end));
    const problems = this.segmentProblems;
    if (problems.length > 0) {
      for (const p of problems) {
        p.start -= start;
        p.end -= start;
      }
      segment.problems = problems.slice();
      problems.length = 0;
    }
    segment.lineBreaks = countLineBreaks(this.text, start, end, this.hasCarriageReturns);
    segment.closedByNext = this.segmentClosedByNext;
    this.segmentClosedByNext = false;
    segment.elementEnd = (this.segmentElementEnd < 0 ? end : this.segmentElementEnd) - start;
    this.segmentElementEnd = -1;
    const entry = this.segmentEntry;
    if (entry !== null) {
      segment.isEntry = true;
      segment.tagStart = entry.tagStart - start;
      segment.tagEnd = entry.tagEnd - start;
      if (entry.url !== undefined) {
        segment.url = entry.url;
        segment.urlStart = entry.urlStart - start;
        segment.urlEnd = entry.urlEnd - start;
      }
      segment.lastmod = entry.lastmod;
      segment.lastmodStart = entry.lastmodStart - start;
      segment.lastmodEnd = entry.lastmodEnd - start;
    }
    this.segments.push(segment);
    if (this.onSegment !== undefined) this.onSegment(segment, this.segments.length - 1);
    this.segmentEntry = null;
    this.segmentStart = end;
  }

  private beginSegment(at: number, kind: SegmentKind): void {
    this.finishSegment(at);
    this.segmentKind = kind;
  }

  private report(rule: RuleId, start: number, end: number, message: string): void {
    this.segmentProblems.push(problem(rule, start, end, message));
  }

  // ---------------------------------------------------------------- character data

  /** Scans character data up to the next `<` (starting at `from`, default the current position). */
  private scanText(from = this.pos): void {
    const t = this.text;
    const end = this.end;
    const frame = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    const value = frame !== undefined ? frame.value : null;
    const start = this.pos;
    let p = from;
    let literalStart = start;
    while (p < end) {
      const c = t.charCodeAt(p);
      if (c < 128 ? (ASCII[c] & TEXT_SPECIAL) === 0 : c < 0xd800) {
        p++;
        continue;
      }
      if (c === Ch.LessThan) break;
      if (c === Ch.Ampersand) {
        if (value !== null) value.addLiteral(t, literalStart, p);
        p = this.scanReference(p, value);
        literalStart = p;
        continue;
      }
      if (c === Ch.GreaterThan) {
        if (p - 2 >= start && t.charCodeAt(p - 1) === Ch.CloseBracket && t.charCodeAt(p - 2) === Ch.CloseBracket) {
          this.report('xml-syntax', p - 2, p + 1, '"]]>" is not allowed in text.');
        } else if (value !== null) {
          this.report('unescaped-character', p, p + 1, 'Escape ">" as &gt; in sitemap values.');
        }
      } else if (c === Ch.SingleQuote || c === Ch.DoubleQuote) {
        if (value !== null) {
          this.report('unescaped-character', p, p + 1, c === Ch.SingleQuote ? `Escape "'" as &apos; in sitemap values.` : 'Escape \'"\' as &quot; in sitemap values.');
        }
      } else {
        p = this.checkUnusualChar(p);
        continue;
      }
      p++;
    }
    if (value !== null) value.addLiteral(t, literalStart, p);
    else this.checkStrayText(start, p, frame);
    this.pos = p;
  }

  /** Checks a control character, surrogate or non-character at `p`; returns the position after it. */
  private checkUnusualChar(p: number): number {
    const c = this.text.charCodeAt(p);
    if (c < 0x20) {
      this.report('xml-syntax', p, p + 1, `Control character U+${hex(c)} is not allowed in XML.`);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = p + 1 < this.end ? this.text.charCodeAt(p + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) return p + 2;
      this.report('encoding', p, p + 1, 'A lone surrogate is not valid UTF-8 text.');
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      this.report('encoding', p, p + 1, 'A lone surrogate is not valid UTF-8 text.');
    } else if (c === Ch.Replacement) {
      this.report('encoding', p, p + 1, 'U+FFFD, the replacement character: the file was probably not valid UTF-8 when it was read.');
    } else if (c >= 0xfffe) {
      this.report('xml-syntax', p, p + 1, `U+${hex(c)} is not allowed in XML.`);
    }
    return p + 1;
  }

  /**
   * U+FFFD and lone surrogates in a comment, CDATA section or PI, which are not scanned as text: `encoding` as in
   * text; and characters that are not XML Chars ([2]: C0 controls, U+FFFE, U+FFFF): `xml-syntax` as in text.
   */
  private checkEncodingIn(from: number, to: number): void {
    const t = this.text;
    for (let p = from; p < to; p++) {
      const c = t.charCodeAt(p);
      if (c < 0x20 ? c === Ch.Tab || c === Ch.LineFeed || c === Ch.CarriageReturn : c < 0xd800) continue;
      if (c < 0x20 || c >= 0xfffe || c === Ch.Replacement || (c >= 0xd800 && c <= 0xdfff)) p = this.checkUnusualChar(p) - 1;
    }
  }

  /** Text that is not part of a value: only whitespace is allowed outside the root, in the root and in entries. */
  private checkStrayText(start: number, end: number, frame: Frame | undefined): void {
    if (frame !== undefined && frame.role !== Role.Root && (frame.role !== Role.RootChild || frame.entry === null)) return;
    let first = start;
    while (first < end && isWhitespace(this.text.charCodeAt(first))) first++;
    if (first === end) return;
    let last = end;
    while (last > first && isWhitespace(this.text.charCodeAt(last - 1))) last--;
    if (frame === undefined) {
      this.report('xml-syntax', first, last, this.rootClosed ? 'Text is not allowed after the root element.' : 'Text is not allowed before the root element.');
    } else if (frame.role === Role.Root) {
      if (this.root.kind === 'urlset' || this.root.kind === 'sitemapindex') {
        this.report('unknown-element', first, last, `Text is not allowed directly inside <${frame.qname}>.`);
      }
    } else {
      this.report('unknown-element', first, last, `Text is not allowed directly inside <${frame.qname}>: put values in its child elements.`);
    }
  }

  /** Scans an entity or character reference at `p` (an `&`); returns the position after it. */
  private scanReference(p: number, value: ValueText | null): number {
    const t = this.text;
    const end = this.end;
    if (p + 1 < end && t.charCodeAt(p + 1) === Ch.Hash) {
      let q = p + 2;
      const isHex = q < end && t.charCodeAt(q) === Ch.LowerX;
      if (isHex) q++;
      const digitsStart = q;
      let code = 0;
      while (q < end) {
        const c = t.charCodeAt(q);
        let digit: number;
        if (c >= Ch.Digit0 && c <= Ch.Digit9) digit = c - Ch.Digit0;
        else if (isHex && c >= Ch.LowerA && c <= Ch.LowerF) digit = c - Ch.LowerA + 10;
        else if (isHex && c >= Ch.UpperA && c <= Ch.UpperF) digit = c - Ch.UpperA + 10;
        else break;
        code = Math.min(code * (isHex ? 16 : 10) + digit, 0x110000);
        q++;
      }
      if (q === digitsStart || q >= end || t.charCodeAt(q) !== Ch.Semicolon) {
        this.report('unescaped-ampersand', p, p + 1, 'Malformed character reference: escape "&" as &amp;.');
        if (value !== null) value.addLiteral(t, p, p + 1);
        return p + 1;
      }
      if (!isXmlChar(code)) {
        this.report('xml-syntax', p, q + 1, 'This character reference names a character that XML does not allow.');
        if (value !== null) value.addLiteral(t, p, q + 1);
      } else if (value !== null) {
        value.addReference(String.fromCodePoint(code), p, q + 1);
      }
      return q + 1;
    }
    const nameEnd = scanName(t, p + 1, end);
    if (nameEnd === p + 1 || nameEnd >= end || t.charCodeAt(nameEnd) !== Ch.Semicolon) {
      this.report('unescaped-ampersand', p, p + 1, 'Unescaped "&": write it as &amp;.');
      if (value !== null) value.addLiteral(t, p, p + 1);
      return p + 1;
    }
    const name = t.slice(p + 1, nameEnd);
    const decoded = PREDEFINED_ENTITIES[name];
    if (decoded === undefined || !Object.prototype.hasOwnProperty.call(PREDEFINED_ENTITIES, name)) {
      this.report('unknown-entity', p, nameEnd + 1, `&${name}; is not defined: XML has only &amp; &lt; &gt; &quot; &apos; (use a numeric reference such as &#160;).`);
      if (value !== null) value.addLiteral(t, p, nameEnd + 1);
    } else if (value !== null) {
      value.addReference(decoded, p, nameEnd + 1);
    }
    return nameEnd + 1;
  }

  // ---------------------------------------------------------------- tags

  private scanStartTag(): void {
    const t = this.text;
    const end = this.end;
    const tagStart = this.pos;
    const nameStart = tagStart + 1;
    const nameEnd = scanName(t, nameStart, end);
    const qname = this.name(nameStart, nameEnd);
    const colon = qname.indexOf(':');
    const prefix = colon > 0 ? qname.slice(0, colon) : '';
    const local = colon > 0 ? qname.slice(colon + 1) : qname;
    const stack = this.stack;

    // Decide on segment boundaries before the tag's own problems are reported, so they land in its segment.
    // An entry start tag closes an open entry, or a root child whose start tag was never finished (`<u` typed above
    // an entry): otherwise every entry after it would sit inside it, unvalidated, and each keystroke reparse them all.
    if (stack.length >= 2 && stack[1].role === Role.RootChild && (stack[1].entry !== null || stack[1].unterminated) && local === this.root.entryName && this.lookupNamespace(prefix, null) === this.root.sitemapNamespace) {
      this.closeOpenRootChild(stack[1]);
    }
    if (stack.length === 1 && stack[0].role === Role.Root) {
      if (this.stopAtFirstChild) {
        this.stoppedAtFirstChild = this.aborted = true;
        return;
      }
      // The first element of a region already starts its segment.
      if (!(this.regionMode && tagStart === 0)) this.beginSegment(tagStart, SegmentKind.Element);
      if (this.tryFastEntry(tagStart)) return;
    }

    if (!isQName(qname)) {
      this.report('xml-syntax', nameStart, nameEnd, `"${qname}" is not a valid qualified name.`);
    }

    // Attributes.
    let p = nameEnd;
    let bindings: Binding[] | null = null;
    let prefixedAttributes: number[] | null = null;
    let attributeNames: string[] | null = null;
    let selfClosing = false;
    let unterminated = false;
    for (;;) {
      const afterPrevious = p;
      p = skipWhitespace(t, p, end);
      if (p >= end) {
        this.report('xml-syntax', nameStart, nameEnd, `The start tag <${qname}> is not terminated.`);
        this.hitEnd = true;
        this.pos = end;
        return;
      }
      const c = t.charCodeAt(p);
      if (c === Ch.GreaterThan) {
        p++;
        break;
      }
      if (c === Ch.Slash && p + 1 < end && t.charCodeAt(p + 1) === Ch.GreaterThan) {
        p += 2;
        selfClosing = true;
        break;
      }
      if (!isNameStart(c)) {
        if (c === Ch.LessThan) {
          this.report('xml-syntax', p, p + 1, `The start tag <${qname}> is missing its ">".`);
          unterminated = true;
          break;
        }
        this.report('xml-syntax', p, p + 1, `Unexpected character in the start tag <${qname}>.`);
        p++;
        continue;
      }
      const attributeStart = p;
      const attributeEnd = scanName(t, p, end);
      const attributeName = t.slice(attributeStart, attributeEnd);
      if (afterPrevious === attributeStart) {
        this.report('xml-syntax', attributeStart, attributeEnd, 'Attributes must be separated by whitespace.');
      }
      if (!isQName(attributeName)) {
        this.report('xml-syntax', attributeStart, attributeEnd, `"${attributeName}" is not a valid qualified name.`);
      }
      if (attributeNames === null) attributeNames = [attributeName];
      else if (attributeNames.includes(attributeName)) {
        this.report('xml-syntax', attributeStart, attributeEnd, `Duplicate attribute "${attributeName}".`);
      } else attributeNames.push(attributeName);
      p = skipWhitespace(t, attributeEnd, end);
      if (p >= end || t.charCodeAt(p) !== Ch.Equals) {
        this.report('xml-syntax', attributeStart, attributeEnd, `Attribute "${attributeName}" has no value.`);
        continue;
      }
      p = skipWhitespace(t, p + 1, end);
      const quote = p < end ? t.charCodeAt(p) : -1;
      if (quote !== Ch.DoubleQuote && quote !== Ch.SingleQuote) {
        this.report('xml-syntax', attributeStart, attributeEnd, `The value of "${attributeName}" must be in quotes.`);
        while (p < end) {
          const d = t.charCodeAt(p);
          if (isWhitespace(d) || d === Ch.GreaterThan || d === Ch.LessThan || (d === Ch.Slash && t.charCodeAt(p + 1) === Ch.GreaterThan)) break;
          p++;
        }
        continue;
      }
      const valueStart = p + 1;
      const valueEnd = this.scanAttributeValue(valueStart, quote);
      if (valueEnd < 0) {
        this.report('xml-syntax', attributeStart, attributeEnd, `The value of "${attributeName}" is not terminated.`);
        this.hitEnd = true;
        this.pos = end;
        return;
      }
      p = valueEnd + 1;
      if (attributeName === 'xmlns' || attributeName.startsWith('xmlns:')) {
        const declared = attributeName.length === 5 ? '' : attributeName.slice(6);
        const uri = decodeAttributeValue(t.slice(valueStart, valueEnd));
        if (declared !== '' && uri === '') {
          this.report('xml-syntax', attributeStart, attributeEnd, `The prefix "${declared}" cannot be bound to an empty namespace.`);
        } else if (declared === 'xmlns' || uri === XMLNS_NAMESPACE || (declared === 'xml') !== (uri === XML_NAMESPACE)) {
          // Namespaces in XML, NSC: Reserved Prefixes and Namespace Names.
          this.report('xml-syntax', attributeStart, attributeEnd, 'The prefixes "xml" and "xmlns" and their namespaces are reserved: only "xml" may be bound, and only to its own namespace.');
        }
        (bindings ??= []).push({ prefix: declared, uri, valueStart, valueEnd });
      } else if (attributeName.indexOf(':') > 0) {
        (prefixedAttributes ??= []).push(attributeStart, attributeEnd);
      }
    }

    const parentScope = stack.length > 0 ? stack[stack.length - 1].scope : null;
    const frame: Frame = {
      qname, local, ns: undefined, tagStart, nameStart, nameEnd,
      role: Role.Other, bindings, scope: parentScope, outerScope: parentScope, entry: null, value: null, field: Field.Loc, duplicate: false, unterminated,
    };
    if (bindings !== null) frame.scope = frame;
    frame.ns = this.resolve(prefix, frame, nameStart);
    if (prefixedAttributes !== null) {
      for (let i = 0; i < prefixedAttributes.length; i += 2) {
        const name = t.slice(prefixedAttributes[i], prefixedAttributes[i + 1]);
        const attributePrefix = name.slice(0, name.indexOf(':'));
        if (attributePrefix !== 'xml') this.resolve(attributePrefix, frame, prefixedAttributes[i]);
      }
    }
    this.pos = p;
    this.openElement(frame, p, selfClosing);
  }

  /**
   * Takes a plain, valid entry in one step (see fastEntry.ts); false leaves it to the general path. Then takes the
   * plain entries that follow it, with only whitespace between, in this loop: going back through parseContent,
   * scanText and scanStartTag for each costs more than the entry itself, and keeps those large functions hot
   * (compiled and recompiled) in a cold run.
   */
  private tryFastEntry(tagStart: number): boolean {
    const root = this.root;
    if (!useFastPath || (root.kind !== 'urlset' && root.kind !== 'sitemapindex')) return false;
    if (this.lookupNamespace('', null) !== root.sitemapNamespace) return false;
    const t = this.text;
    let fast = scanFastEntry(t, tagStart, root.kind);
    if (fast === undefined) return false;
    this.takeFastEntry(tagStart, fast);
    for (;;) {
      // Whitespace between entries is all scanText would have seen here: no problems, no state.
      const next = skipWhitespace(t, this.pos, this.end);
      if (t.charCodeAt(next) !== Ch.LessThan) return true;
      // Tried before the segment begins: an entry the fast path declines is left to scanStartTag, which begins it.
      fast = scanFastEntry(t, next, root.kind);
      if (fast === undefined) return true;
      this.beginSegment(next, SegmentKind.Element);
      this.takeFastEntry(next, fast);
    }
  }

  private takeFastEntry(tagStart: number, fast: FastEntry): void {
    const entry = this.entryState;
    const name = this.root.entryName.length;
    resetEntryState(entry, this.root.kind as 'urlset' | 'sitemapindex', tagStart, tagStart + name + 2, tagStart + 1, tagStart + 1 + name);
    entry.url = fast.url;
    entry.urlStart = fast.urlStart;
    entry.urlEnd = fast.urlEnd;
    entry.lastmod = fast.lastmod;
    entry.lastmodStart = fast.lastmodStart;
    entry.lastmodEnd = fast.lastmodEnd;
    this.segmentEntry = entry;
    this.pos = fast.end;
    this.segmentElementEnd = fast.end;
  }

  /** Resolves a prefix; reports an undeclared one. */
  private resolve(prefix: string, frame: Frame, at: number): string | undefined {
    const ns = this.lookupNamespace(prefix, frame.scope);
    if (prefix !== '' && ns === undefined) {
      this.report('xml-syntax', at, at + prefix.length, `The prefix "${prefix}" is not declared.`);
    }
    return ns;
  }

  /** Namespace bound to `prefix` in `scope`, or, when `scope` is null, at the top of the stack. */
  private lookupNamespace(prefix: string, scope: Frame | null): string | undefined {
    if (prefix === 'xml') return XML_NAMESPACE;
    let s: Frame | null = scope ?? (this.stack.length > 0 ? this.stack[this.stack.length - 1].scope : null);
    while (s !== null) {
      const bindings = s.bindings!;
      for (let i = bindings.length - 1; i >= 0; i--) {
        if (bindings[i].prefix === prefix) return bindings[i].uri === '' ? undefined : bindings[i].uri;
      }
      s = s.outerScope;
    }
    return undefined;
  }

  /** Returns the end of the attribute value (the closing quote), or -1 if the text ends first. */
  private scanAttributeValue(p: number, quote: number): number {
    const t = this.text;
    const end = this.end;
    while (p < end) {
      const c = t.charCodeAt(p);
      if (c === quote) return p;
      if (c === Ch.LessThan) {
        this.report('xml-syntax', p, p + 1, '"<" is not allowed in an attribute value: write &lt;.');
        p++;
      } else if (c === Ch.Ampersand) {
        p = this.scanReference(p, null);
      } else if (c < 0x20 ? c !== Ch.Tab && c !== Ch.LineFeed && c !== Ch.CarriageReturn : c >= 0xd800) {
        p = this.checkUnusualChar(p);
      } else p++;
    }
    return -1;
  }

  private openElement(frame: Frame, tagEnd: number, selfClosing: boolean): void {
    const stack = this.stack;
    const depth = stack.length;
    const parent = depth > 0 ? stack[depth - 1] : undefined;
    if (parent === undefined) {
      if (this.root.kind === 'none') {
        this.setRoot(frame);
        this.root.startTagEnd = tagEnd;
      }
      else this.report('xml-syntax', frame.nameStart, frame.nameEnd, 'A document has only one root element: this one comes after it.');
    } else if (parent.role === Role.Root) {
      frame.role = Role.RootChild;
      this.classifyRootChild(frame, tagEnd);
    } else if (parent.role === Role.RootChild && parent.entry !== null) {
      this.classifyEntryChild(frame, parent.entry, tagEnd);
    } else if (parent.role === Role.Field && frame.ns === this.root.sitemapNamespace) {
      this.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> cannot appear inside <${parent.qname}>, which holds a plain value.`);
    }
    if (selfClosing) {
      if (frame.role === Role.Root) {
        this.closeFrame(frame);
        this.rootClosed = true;
        this.beginSegment(tagEnd, SegmentKind.Tail);
      } else {
        if (frame.role === Role.RootChild) this.segmentElementEnd = tagEnd;
        this.closeFrame(frame);
      }
    } else stack.push(frame);
  }

  private setRoot(frame: Frame): void {
    frame.role = Role.Root;
    const root = this.root;
    root.frame = frame;
    root.nameStart = frame.nameStart;
    root.nameEnd = frame.nameEnd;
    if (frame.local === 'urlset' || frame.local === 'sitemapindex') {
      root.kind = frame.local;
      root.entryName = frame.local === 'urlset' ? 'url' : 'sitemap';
      root.sitemapNamespace = frame.ns;
      if (frame.ns !== SITEMAP_NAMESPACE) {
        const prefix = frame.qname.length > frame.local.length ? frame.qname.slice(0, frame.qname.length - frame.local.length - 1) : '';
        const binding = frame.bindings?.find((b) => b.prefix === prefix);
        if (binding !== undefined) {
          this.report('bad-namespace', binding.valueStart, binding.valueEnd, `The sitemap namespace is "${SITEMAP_NAMESPACE}".`);
        } else {
          this.report('bad-namespace', frame.nameStart, frame.nameEnd, `<${frame.qname}> needs xmlns="${SITEMAP_NAMESPACE}".`);
        }
      }
    } else {
      root.kind = 'unknown';
      root.sitemapNamespace = SITEMAP_NAMESPACE;
      this.report('unknown-root', frame.nameStart, frame.nameEnd, `A sitemap's root element is <urlset> or <sitemapindex>, not <${frame.qname}>.`);
    }
  }

  private classifyRootChild(frame: Frame, tagEnd: number): void {
    const root = this.root;
    if (root.kind !== 'urlset' && root.kind !== 'sitemapindex') return;
    if (frame.ns !== root.sitemapNamespace) {
      // Other namespaces are allowed, but an entry outside the root's namespace is the classic slip of
      // `<sm:urlset xmlns:sm="…">` with plain `<url>` children: consumers would see no entries at all.
      if (frame.local === root.entryName) {
        this.report('bad-namespace', frame.nameStart, frame.nameEnd, `This <${frame.qname}> is not in the namespace of <${root.frame!.qname}>, so it is not an entry.`);
      }
      return;
    }
    if (frame.local === root.entryName) {
      const entry = this.entryState;
      resetEntryState(entry, root.kind, frame.tagStart, tagEnd, frame.nameStart, frame.nameEnd);
      frame.entry = entry;
      this.segmentEntry = entry;
    } else {
      this.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> is not allowed in <${root.frame!.qname}>${frame.local === 'url' || frame.local === 'sitemap' ? '' : `: it holds <${root.entryName}> entries`}.`);
    }
  }

  private classifyEntryChild(frame: Frame, entry: EntryState, tagEnd: number): void {
    if (frame.ns !== this.root.sitemapNamespace) {
      entry.foreignSeen = true;
      return;
    }
    const field = fieldsOf(entry.kind).get(frame.local);
    if (field === undefined) {
      this.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> is not a child of <${entry.kind === 'urlset' ? 'url' : 'sitemap'}>.`);
      return;
    }
    frame.role = Role.Field;
    frame.value = this.valueText;
    frame.value.reset(tagEnd);
    frame.field = field;
    frame.entry = entry;
    const bit = 1 << field;
    if (entry.seen & bit) {
      frame.duplicate = true;
      this.report('duplicate-element', frame.nameStart, frame.nameEnd, `A second <${frame.qname}> in one entry.`);
      return;
    }
    entry.seen |= bit;
    const rank = FIELD_RANK[field];
    if ((rank < entry.maxRank || entry.foreignSeen) && !entry.orderReported) {
      entry.orderReported = true;
      this.report('element-order', frame.nameStart, frame.nameEnd, 'Children of an entry go in the order loc, lastmod, changefreq, priority, then other namespaces.');
    }
    if (rank > entry.maxRank) entry.maxRank = rank;
  }

  /** An entry start tag inside an open entry (or unfinished root child): that one was never closed. */
  private closeOpenRootChild(rootChild: Frame): void {
    const stack = this.stack;
    this.segmentClosedByNext = true;
    for (let i = stack.length - 1; i >= 1; i--) {
      const frame = stack[i];
      this.report('xml-syntax', frame.nameStart, frame.nameEnd, `<${frame.qname}> is never closed.`);
      this.closeFrame(frame);
      if (frame === rootChild) break;
    }
    stack.length = 1;
  }

  private scanEndTag(): void {
    const t = this.text;
    const end = this.end;
    const tagStart = this.pos;
    const nameStart = tagStart + 2;
    const nameEnd = scanName(t, nameStart, end);
    if (nameEnd === nameStart) {
      this.report('xml-syntax', tagStart, tagStart + 2, '"</" must be followed by the name of the element to close.');
      this.pos = nameStart;
      return;
    }
    let p = skipWhitespace(t, nameEnd, end);
    // Reported once the tag's segment is known: an end tag closing the root starts the tail.
    let unterminated: LocalProblem | undefined;
    if (p < end && t.charCodeAt(p) === Ch.GreaterThan) p++;
    else if (p >= end) {
      unterminated = problem('xml-syntax', nameStart, nameEnd, 'The end tag is not terminated.');
      this.hitEnd = true;
    } else {
      unterminated = problem('xml-syntax', p, p + 1, 'Expected ">" to end the end tag.');
    }
    this.pos = p;
    const name = this.name(nameStart, nameEnd);
    const stack = this.stack;
    if (stack.length === 0) {
      if (unterminated !== undefined) this.segmentProblems.push(unterminated);
      this.report('xml-syntax', nameStart, nameEnd, `</${name}> closes nothing.`);
      return;
    }
    let match = stack.length - 1;
    while (match >= 0 && stack[match].qname !== name) match--;
    if (match < 0) {
      const top = stack[stack.length - 1];
      if (unterminated !== undefined) this.segmentProblems.push(unterminated);
      unterminated = undefined;
      this.report('xml-syntax', nameStart, nameEnd, `</${name}> does not match <${top.qname}>.`);
      if (top.role === Role.Root) return;
      match = stack.length - 1;
    }
    for (let i = stack.length - 1; i > match; i--) {
      this.report('xml-syntax', stack[i].nameStart, stack[i].nameEnd, `<${stack[i].qname}> is never closed.`);
      this.closeFrame(stack[i]);
    }
    const closing = stack[match];
    while (stack.length > match) stack.pop();
    if (closing.role === Role.RootChild) this.segmentElementEnd = p;
    if (closing.role === Role.Root) {
      if (this.regionMode) {
        this.aborted = true;
        return;
      }
      this.rootClosed = true;
      this.beginSegment(tagStart, SegmentKind.Tail);
    }
    if (unterminated !== undefined) this.segmentProblems.push(unterminated);
    this.closeFrame(closing);
  }

  private closeFrame(frame: Frame): void {
    if (frame.role === Role.Field) {
      checkFieldValue(frame.field, frame.value!, frame.entry!, !frame.duplicate, frame.nameStart, frame.nameEnd, this.segmentProblems);
      frame.value = null;
    } else if (frame.role === Role.RootChild && frame.entry !== null) {
      checkEntryEnd(frame.entry, this.segmentProblems);
    }
  }

  /** text[start, end) as a string, reusing the last one of that length and ends. */
  private name(start: number, end: number): string {
    const t = this.text;
    const key = ((end - start) * 31 + t.charCodeAt(start) * 7 + t.charCodeAt(end - 1)) & 255;
    const cached = this.names[key];
    if (cached.length === end - start) {
      let k = 0;
      while (k < cached.length && cached.charCodeAt(k) === t.charCodeAt(start + k)) k++;
      if (k === cached.length) return cached;
    }
    const name = t.slice(start, end);
    this.names[key] = name;
    return name;
  }

  // ---------------------------------------------------------------- comments, CDATA, DOCTYPE, PIs

  private scanMarkupDeclaration(): void {
    const t = this.text;
    const start = this.pos;
    if (t.startsWith('<!--', start)) {
      const close = t.indexOf('-->', start + 4);
      if (close < 0) {
        this.report('xml-syntax', start, start + 4, 'The comment is not terminated with "-->".');
        this.hitEnd = true;
        this.pos = this.end;
        return;
      }
      const doubleHyphen = t.indexOf('--', start + 4);
      if (doubleHyphen < close || (close > start + 4 && t.charCodeAt(close - 1) === Ch.Minus)) {
        const at = doubleHyphen < close ? doubleHyphen : close - 1;
        this.report('xml-syntax', at, at + 2, '"--" is not allowed inside a comment.');
      }
      this.checkEncodingIn(start + 4, close);
      this.pos = close + 3;
      return;
    }
    if (t.startsWith('<![CDATA[', start)) {
      const close = t.indexOf(']]>', start + 9);
      const contentEnd = close < 0 ? this.end : close;
      if (close < 0) {
        this.report('xml-syntax', start, start + 9, 'The CDATA section is not terminated with "]]>".');
        this.hitEnd = true;
      }
      const frame = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
      if (frame === undefined) {
        this.report('xml-syntax', start, start + 9, 'A CDATA section is only allowed inside the root element.');
      } else if (frame.value !== null) {
        frame.value.addLiteral(t, start + 9, contentEnd);
      } else {
        this.checkStrayText(start + 9, contentEnd, frame);
      }
      this.checkEncodingIn(start + 9, contentEnd);
      this.pos = close < 0 ? this.end : close + 3;
      return;
    }
    if (t.startsWith('<!DOCTYPE', start)) {
      this.scanDoctype();
      return;
    }
    this.report('xml-syntax', start, start + 2, '"<!" must start a comment "<!--" or a CDATA section "<![CDATA[".');
    this.scanText(start + 2);
  }

  /** A DOCTYPE is never read: its internal subset is only looked through for entity declarations. */
  private scanDoctype(): void {
    const start = this.pos;
    if (this.root.kind !== 'none' || this.doctypeSeen) {
      this.report('xml-syntax', start, start + 9, 'A DOCTYPE is only allowed once, before the root element.');
    }
    this.doctypeSeen = true;
    this.report('doctype', start, start + 9, 'A DOCTYPE is not part of the sitemap protocol; it is never read or expanded.');
    const tokens = this.tokens;
    tokens.resume(start, TokenizerState.Content);
    tokens.scan();
    for (;;) {
      const type = tokens.scan();
      if (type === TokenType.EntityDeclaration) {
        this.report('doctype', tokens.tokenStart, tokens.tokenEnd, 'Entity declarations are never expanded in a sitemap.');
      }
      if (tokens.error === TokenError.UnterminatedDoctype) {
        this.report('xml-syntax', tokens.errorStart, tokens.errorEnd, 'The DOCTYPE is not terminated.');
        this.hitEnd = true;
        this.pos = this.end;
        return;
      }
      if (type === TokenType.DoctypeClose) {
        this.pos = tokens.tokenEnd;
        return;
      }
    }
  }

  private scanProcessingInstruction(): void {
    const t = this.text;
    const start = this.pos;
    const targetEnd = scanName(t, start + 2, this.end);
    if (!this.regionMode && start === xmlDeclarationStart(t)) {
      this.scanXmlDeclaration(start);
      return;
    }
    const close = t.indexOf('?>', start + 2);
    if (close < 0) {
      this.report('xml-syntax', start, Math.max(targetEnd, start + 2), 'The processing instruction is not terminated with "?>".');
      this.hitEnd = true;
      this.pos = this.end;
      return;
    }
    this.pos = close + 2;
    this.checkEncodingIn(start + 2, close);
    if (targetEnd === start + 2) {
      this.report('xml-syntax', start, start + 2, 'A processing instruction needs a target name.');
      return;
    }
    if (targetEnd < close && !isWhitespace(t.charCodeAt(targetEnd))) {
      this.report('xml-syntax', targetEnd, targetEnd + 1, 'The target of a processing instruction must be followed by whitespace or "?>".');
      return;
    }
    const target = t.slice(start + 2, targetEnd);
    if (target.toLowerCase() !== 'xml') return;
    this.report('xml-syntax', start, targetEnd, target === 'xml'
      ? 'The XML declaration must be the very first thing in the file: nothing, not even whitespace, may precede it.'
      : `"${target}" is reserved: the XML declaration is written <?xml … ?> at the very start.`);
  }

  /** The declaration at the very start; one that lost (part of) its `?>` ends where the next markup starts. */
  private scanXmlDeclaration(start: number): void {
    const t = this.text;
    const declaration = readXmlDeclaration(t, start);
    const { end, match, missing } = declaration;
    this.pos = declaration.resume;
    this.checkEncodingIn(start + 2, missing === '' ? end - 2 : end);
    if (match === null) {
      this.report('xml-syntax', start, start + 5, 'Malformed XML declaration: expected <?xml version="1.0" encoding="UTF-8"?>.');
      return;
    }
    if (missing !== '') this.report('xml-syntax', start, end, `The XML declaration must end with "?>": "${missing}" is missing.`);
    const encoding = match[6];
    if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8') {
      const [s, e] = match.indices![6]!;
      this.report('encoding', start + s, start + e, `Sitemaps must be UTF-8, not ${encoding}.`);
    }
  }
}

function problem(rule: RuleId, start: number, end: number, message: string): LocalProblem {
  return { rule, start, end, message };
}

/** Namespaces in XML [7] QName: an NCName, or two joined by one colon (so the local part starts with a NameStartChar). */
function isQName(name: string): boolean {
  const colon = name.indexOf(':');
  return colon < 0 || (colon > 0 && colon + 1 < name.length && isNameStart(name.charCodeAt(colon + 1)) && name.indexOf(':', colon + 1) < 0);
}

function hex(c: number): string {
  return c.toString(16).toUpperCase().padStart(4, '0');
}
