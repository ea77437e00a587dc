/** The element structure of one segment for the authoring features, built with the parser's tokenizer lazily for the
 * segment a request touches and cached on it (segments are immutable), so a request never scans the document.
 * Offsets are relative to the segment's start. */
import type { SitemapModel } from '../model/model';
import { SITEMAP_NAMESPACE } from '../syntax/parser';
import { Ch, isWhitespace, scanName } from '../../../../shared/xmlChars';
import { declaredPrefix, decodeReferences, XML_NAMESPACE } from '../../../../shared/xmlNamespaces';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from '../../../../shared/xmlTokenizer';
import { SegmentKind, type Segment } from '../model/segment';

export { SITEMAP_NAMESPACE };

export interface XmlAttribute {
  name: string;
  nameStart: number;
  nameEnd: number;
  /** The value between the quotes; -1 when the attribute has no (quoted) value. */
  valueStart: number;
  valueEnd: number;
  /** Raw (undecoded) value; a namespace declaration's decoded URI is in the element's `bindings`. */
  value: string;
}

export interface XmlElement {
  qname: string;
  prefix: string;
  local: string;
  /** The `<` of the start tag. */
  start: number;
  nameStart: number;
  nameEnd: number;
  /** After the start tag's `>` (or `/>`); where the scan stopped when the tag is not terminated. */
  startTagEnd: number;
  startTagClosed: boolean;
  selfClosing: boolean;
  /** The `<` of the end tag; -1 when there is none (self-closing, or never closed in this segment). */
  endTagStart: number;
  /** After the end tag (or the start tag when self-closing); the segment's end when never closed. */
  end: number;
  children: XmlElement[];
  attributes: XmlAttribute[];
  /** The namespaces this element declares, prefix ('' for the default) → URI with its references decoded; undefined when none. */
  bindings: Map<string, string> | undefined;
  parent: XmlElement | undefined;
}

export interface SegmentStructure {
  /** Top-level elements of the segment (the root child; in the head, the root itself). */
  elements: XmlElement[];
  /**
   * End tags that match no open element of the segment (the root's end tag in the tail). Inside an element one still
   * closes that element, as the parser recovers.
   */
  strayEndTags: Array<{ name: string; start: number; nameStart: number; nameEnd: number; end: number }>;
  /** Comments, CDATA sections, processing instructions and DOCTYPEs: [start, end) pairs. */
  opaque: number[];
  /** Lone `<` that start no tag (a tag being typed). */
  bareLessThans: number[];
}

const cache = new WeakMap<Segment, SegmentStructure>();

/** The structure of the model's segment `index`, built once per segment. */
export function segmentStructure(model: SitemapModel, index: number): SegmentStructure {
  return structureOf(model.segments[index]);
}

export function structureOf(segment: Segment): SegmentStructure {
  let structure = cache.get(segment);
  if (structure === undefined) {
    structure = segment.kind === SegmentKind.Line ? emptyStructure() : scanStructure(segment.text, segment.kind === SegmentKind.Head);
    cache.set(segment, structure);
  }
  return structure;
}

function emptyStructure(): SegmentStructure {
  return { elements: [], strayEndTags: [], opaque: [], bareLessThans: [] };
}

/**
 * Builds the elements of `text` from the tokenizer's tokens; never throws, whatever the text. `atDocumentStart`: the
 * text is the head, where a byte-order mark and the XML declaration may stand.
 */
export function scanStructure(text: string, atDocumentStart = false): SegmentStructure {
  const builder = new StructureBuilder(text, atDocumentStart);
  const tokenizer = new XmlTokenizer(text, 0, atDocumentStart ? TokenizerState.DocumentStart : TokenizerState.Content);
  for (;;) {
    const type = tokenizer.scan();
    if (type === TokenType.EOS) break;
    builder.take(type, tokenizer);
  }
  return builder.finish();
}

class StructureBuilder {
  readonly result = emptyStructure();
  private readonly stack: XmlElement[] = [];
  /** The element whose start tag is being read. */
  private pending: XmlElement | undefined = undefined;
  private doctypeStart = -1;

  /** `atDocumentStart`: the text is the head, where the first element is the root. */
  constructor(private readonly text: string, private readonly atDocumentStart: boolean) {}

  take(type: TokenType, token: XmlTokenizer): void {
    const { tokenStart: start, tokenEnd: end } = token;
    switch (type) {
      case TokenType.StartTagOpen:
        this.pending = this.openElement(start, end);
        break;
      case TokenType.AttributeName:
        this.pending!.attributes.push({ name: this.text.slice(start, end), nameStart: start, nameEnd: end, valueStart: -1, valueEnd: -1, value: '' });
        break;
      case TokenType.AttributeValue:
        this.takeAttributeValue(this.pending!, token);
        break;
      case TokenType.StartTagClose:
      case TokenType.StartTagSelfClose:
        this.closeStartTag(this.pending!, end, token.error === TokenError.None, type === TokenType.StartTagSelfClose);
        break;
      case TokenType.EndTag:
        if (token.error === TokenError.MissingEndTagName) this.result.bareLessThans.push(start);
        else this.closeElement(start, token.nameEnd, end);
        break;
      case TokenType.Text:
        if (token.error !== TokenError.None) this.result.bareLessThans.push(start);
        break;
      case TokenType.Comment:
      case TokenType.CData:
      case TokenType.ProcessingInstruction:
      case TokenType.XmlDeclaration:
        this.result.opaque.push(start, end);
        break;
      case TokenType.DoctypeOpen:
        this.doctypeStart = start;
        break;
      default:
        // The rest of a DOCTYPE: opaque as a whole once it ends.
        if (type === TokenType.DoctypeClose || token.error === TokenError.UnterminatedDoctype) this.result.opaque.push(this.doctypeStart, end);
    }
  }

  finish(): SegmentStructure {
    const end = this.text.length;
    // A start tag the text ends in is open to the end.
    if (this.pending !== undefined) this.closeStartTag(this.pending, end, false, false);
    for (const open of this.stack) open.end = end;
    return this.result;
  }

  private openElement(lt: number, nameEnd: number): XmlElement {
    const end = this.text.length;
    const qname = this.text.slice(lt + 1, nameEnd);
    const colon = qname.indexOf(':');
    const parent = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    const element: XmlElement = {
      qname, prefix: colon > 0 ? qname.slice(0, colon) : '', local: colon > 0 ? qname.slice(colon + 1) : qname,
      start: lt, nameStart: lt + 1, nameEnd, startTagEnd: end, startTagClosed: false, selfClosing: false,
      endTagStart: -1, end, children: [], attributes: [], bindings: undefined, parent,
    };
    (parent !== undefined ? parent.children : this.result.elements).push(element);
    return element;
  }

  /** A quoted value (closed or running to the end); an unquoted or missing one leaves the attribute without value. */
  private takeAttributeValue(element: XmlElement, token: XmlTokenizer): void {
    const quoted = token.error === TokenError.None || token.error === TokenError.UnterminatedAttributeValue;
    if (!quoted) return;
    const attribute = element.attributes[element.attributes.length - 1];
    attribute.valueStart = token.tokenStart + 1;
    attribute.valueEnd = token.error === TokenError.None ? token.tokenEnd - 1 : token.tokenEnd;
    attribute.value = this.text.slice(attribute.valueStart, attribute.valueEnd);
    const prefix = declaredPrefix(attribute.name);
    if (prefix !== undefined) (element.bindings ??= new Map()).set(prefix, decodeReferences(attribute.value));
  }

  private closeStartTag(element: XmlElement, end: number, closed: boolean, selfClosing: boolean): void {
    this.pending = undefined;
    element.startTagEnd = end;
    element.startTagClosed = closed;
    element.selfClosing = selfClosing;
    if (selfClosing) element.end = end;
    else this.stack.push(element);
  }

  private closeElement(lt: number, nameEnd: number, end: number): void {
    const stack = this.stack;
    const name = this.text.slice(lt + 2, nameEnd);
    let match = stack.length - 1;
    while (match >= 0 && stack[match].qname !== name) match--;
    if (match < 0) {
      this.result.strayEndTags.push({ name, start: lt, nameStart: lt + 2, nameEnd, end });
      // As the parser recovers: an end tag that matches nothing closes the current element, but never the root.
      if (stack.length === 0 || (this.atDocumentStart && stack.length === 1)) return;
      match = stack.length - 1;
    }
    for (let k = stack.length - 1; k > match; k--) stack[k].end = lt;
    const element = stack[match];
    element.endTagStart = lt;
    element.end = end;
    stack.length = match;
  }
}

// ---------------------------------------------------------------- queries

/** Whether `offset` lies in the content of `element` (between its tags, both ends included). */
export function contentContains(element: XmlElement, offset: number): boolean {
  if (!element.startTagClosed || element.selfClosing) return false;
  return offset >= element.startTagEnd && offset <= contentEnd(element);
}

export function contentEnd(element: XmlElement): number {
  return element.endTagStart >= 0 ? element.endTagStart : element.end;
}

/** The innermost element whose content holds `offset`. */
export function enclosingElement(elements: readonly XmlElement[], offset: number): XmlElement | undefined {
  let found: XmlElement | undefined;
  let list = elements;
  for (;;) {
    const next = list.find((e) => contentContains(e, offset));
    if (next === undefined) return found;
    found = next;
    list = next.children;
  }
}

/** The innermost element whose whole extent (tags included) holds `offset` (end excluded). */
export function elementAt(elements: readonly XmlElement[], offset: number): XmlElement | undefined {
  let found: XmlElement | undefined;
  let list = elements;
  for (;;) {
    const next = list.find((e) => offset >= e.start && offset < e.end);
    if (next === undefined) return found;
    found = next;
    list = next.children;
  }
}

/** Whether `offset` lies strictly inside a comment, CDATA section, PI or DOCTYPE. */
export function inOpaque(structure: SegmentStructure, offset: number): boolean {
  const o = structure.opaque;
  for (let k = 0; k < o.length; k += 2) if (offset > o[k] && offset < o[k + 1]) return true;
  return false;
}

/** The element's content without surrounding XML whitespace, as [start, end) (an empty range when blank). */
export function trimmedContent(text: string, element: XmlElement): [number, number] {
  let s = element.startTagEnd;
  let e = contentEnd(element);
  while (s < e && isWhitespace(text.charCodeAt(s))) s++;
  while (e > s && isWhitespace(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

// ---------------------------------------------------------------- the root and namespaces

export interface RootStructure {
  /** The root element as scanned in the head (absolute offsets: the head starts at 0); undefined without a root. */
  element: XmlElement | undefined;
  /** Namespace bindings declared on the root: prefix ('' for the default) → URI. */
  bindings: ReadonlyMap<string, string>;
  /** The root's end tag, absolute, when the tail has one. */
  endTagStart: number;
  endTagEnd: number;
}

const rootCache = new WeakMap<Segment, RootStructure>();

/** The root's start tag (from the head, cached on it) and end tag (from the tail, located afresh: it is tiny). */
export function rootStructure(model: SitemapModel): RootStructure {
  const head = model.segments[0];
  let info = rootCache.get(head);
  if (info === undefined) {
    const element = model.languageId === 'sitemap' ? structureOf(head).elements[0] : undefined;
    info = { element, bindings: element?.bindings ?? new Map<string, string>(), endTagStart: -1, endTagEnd: -1 };
    rootCache.set(head, info);
  }
  const tailIndex = model.segments.length - 1;
  const tail = model.segments[tailIndex];
  const root = info.element;
  if (root === undefined || tail.kind !== SegmentKind.Tail || tailIndex === 0) return info;
  const endTag = structureOf(tail).strayEndTags.find((t) => t.name === root.qname);
  if (endTag === undefined) return info;
  const tailStart = model.segmentStart(tailIndex);
  return { ...info, endTagStart: tailStart + endTag.start, endTagEnd: tailStart + endTag.end };
}

/**
 * The namespace of `element` (a prefix looked up on the element, its ancestors within the segment, then the root);
 * undefined when unbound.
 */
export function namespaceOf(element: XmlElement, root: RootStructure): string | undefined {
  return lookupPrefix(element.prefix, element, root);
}

export function lookupPrefix(prefix: string, from: XmlElement | undefined, root: RootStructure): string | undefined {
  if (prefix === 'xml') return XML_NAMESPACE;
  for (let e = from; e !== undefined; e = e.parent) {
    if (e === root.element) break;
    const uri = e.bindings?.get(prefix);
    if (uri !== undefined) return uri === '' ? undefined : uri;
  }
  const uri = root.bindings.get(prefix);
  return uri === '' ? undefined : uri;
}

/** The prefix the root declares for `uri` (`''` for the default namespace); undefined when it declares none. */
export function prefixFor(root: RootStructure, uri: string): string | undefined {
  if (root.bindings.get('') === uri) return '';
  for (const [prefix, bound] of root.bindings) if (bound === uri) return prefix;
  return undefined;
}

/** The qualified name of the sitemap element `local`, in the prefix the root itself uses. */
export function sitemapName(root: RootStructure, local: string): string {
  const prefix = root.element?.prefix ?? '';
  return prefix === '' ? local : `${prefix}:${local}`;
}

// ---------------------------------------------------------------- locating an offset

export interface SegmentPosition {
  index: number;
  segment: Segment;
  /** Absolute offset of the segment's start. */
  base: number;
  /** The offset relative to the segment. */
  offset: number;
}

/**
 * The segment for a cursor at `offset`. With `preferLeft`, a cursor at a segment boundary belongs to the segment
 * before it (what precedes the cursor decides a completion); otherwise to the segment holding the character after it.
 */
export function locate(model: SitemapModel, offset: number, preferLeft: boolean): SegmentPosition {
  const clamped = Math.max(0, Math.min(offset, model.length));
  let index = model.segmentAt(clamped);
  let base = model.segmentStart(index);
  if (preferLeft && clamped === base && index > 0) {
    index--;
    base = model.segmentStart(index);
  }
  return { index, segment: model.segments[index], base, offset: clamped - base };
}

/**
 * The extent of an entry segment's element, relative to the segment: from its start tag to the end of its end tag
 * (or of its content, when it was never closed). Cheap for the common shape — a segment that ends with the entry's
 * end tag and whitespace — so outlines and folding over thousands of entries need no structure.
 */
export function entryExtent(segment: Segment): { start: number; end: number; endTagStart: number } {
  const text = segment.text;
  if (segment.kind === SegmentKind.Line) return { start: segment.tagStart, end: segment.tagEnd, endTagStart: -1 };
  let e = text.length;
  while (e > 0 && isWhitespace(text.charCodeAt(e - 1))) e--;
  const nameEnd = scanName(text, segment.tagStart + 1, text.length);
  const nameLength = nameEnd - segment.tagStart - 1;
  const endTagStart = e - nameLength - 3;
  if (nameLength > 0 && endTagStart > segment.tagEnd && text.charCodeAt(e - 1) === Ch.GreaterThan && text.charCodeAt(endTagStart) === Ch.LessThan
    && text.charCodeAt(endTagStart + 1) === Ch.Slash && text.startsWith(text.slice(segment.tagStart + 1, nameEnd), endTagStart + 2)) {
    return { start: segment.tagStart, end: e, endTagStart };
  }
  const element = structureOf(segment).elements[0];
  if (element === undefined) return { start: segment.tagStart, end: e, endTagStart: -1 };
  return { start: element.start, end: element.endTagStart >= 0 ? element.end : Math.max(element.startTagEnd, e), endTagStart: element.endTagStart };
}

// ---------------------------------------------------------------- text around an offset

/** text[start, end) of the document, read from the segments it spans (for short ranges). */
export function sliceText(model: SitemapModel, start: number, end: number): string {
  const from = Math.max(0, start);
  const to = Math.min(end, model.length);
  if (to <= from) return '';
  let index = model.segmentAt(from);
  let base = model.segmentStart(index);
  let out = '';
  while (index < model.segments.length && base < to) {
    const text = model.segments[index].text;
    out += text.slice(Math.max(0, from - base), Math.min(text.length, to - base));
    base += text.length;
    index++;
  }
  return out;
}

/**
 * The value element holding the range (a problem's), and its trimmed content (absolute), when it is a plain value
 * (no child elements) and holds the range; in a text sitemap, a line's URL for `loc`.
 */
export function plainValueAt(model: SitemapModel, range: { start: number; end: number }, local: string): { start: number; end: number; raw: string } | undefined {
  const at = locate(model, range.start, false);
  if (at.segment.kind === SegmentKind.Line) {
    const raw = at.segment.url !== undefined ? at.segment.text.slice(at.segment.urlStart, at.segment.urlEnd) : undefined;
    return raw === undefined || local !== 'loc' ? undefined : { start: at.base + at.segment.urlStart, end: at.base + at.segment.urlEnd, raw };
  }
  const element = enclosingElement(structureOf(at.segment).elements, at.offset);
  if (element === undefined || element.local !== local || element.children.length > 0) return undefined;
  const [s, e] = trimmedContent(at.segment.text, element);
  if (range.start < at.base + s || range.end > at.base + e) return undefined;
  return { start: at.base + s, end: at.base + e, raw: at.segment.text.slice(s, e) };
}

/** The spaces and tabs that start the line holding `offset` (up to the offset). */
export function lineIndentation(model: SitemapModel, offset: number): string {
  const lineStart = model.lineStart(model.positionAt(offset).line);
  const head = sliceText(model, lineStart, Math.min(offset, lineStart + 200));
  const match = /^[ \t]*/.exec(head);
  return match === null ? '' : match[0];
}

/** One level of indentation as the file uses it (from its first entry); two spaces when it cannot tell. */
export function indentUnit(model: SitemapModel): string {
  if (model.entryCount === 0 || model.languageId !== 'sitemap') return '  ';
  const index = model.entrySegment(0);
  const segment = model.segments[index];
  const extent = entryExtent(segment);
  const inner = segment.text.slice(extent.start, extent.end);
  const own = /[ \t]*$/.exec(model.segments[index - 1]?.text ?? '')?.[0] ?? '';
  const child = /\r?\n([ \t]+)/.exec(inner)?.[1];
  if (child !== undefined && child.length > own.length && child.startsWith(own)) return child.slice(own.length);
  return own !== '' ? own : '  ';
}
