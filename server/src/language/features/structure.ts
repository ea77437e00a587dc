/**
 * The element structure of one segment, for the authoring features (completion, hover, fixes, selection).
 *
 * The model keeps only what the rules need per segment; the features need tags, attributes and children. A small
 * tolerant tag scanner builds them lazily for the one segment a request touches, and the result is cached on the
 * segment (segments are immutable: an edit replaces them), so a request never scans the document. Offsets are
 * relative to the segment's start.
 */
import type { SitemapModel } from '../model';
import { SITEMAP_NAMESPACE } from '../parser';
import { Ch, isNameStart, isWhitespace, scanName, skipWhitespace } from '../scanner';
import { SegmentKind, type Segment } from '../segment';
import { readXmlDeclaration, xmlDeclarationStart } from '../../../../shared/xmlDeclaration';

export { SITEMAP_NAMESPACE };

export interface XmlAttribute {
  name: string;
  nameStart: number;
  nameEnd: number;
  /** The value between the quotes; -1 when the attribute has no (quoted) value. */
  valueStart: number;
  valueEnd: number;
  /** Raw (undecoded) value. */
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
  parent: XmlElement | undefined;
}

export interface SegmentStructure {
  /** Top-level elements of the segment (the root child; in the head, the root itself). */
  elements: XmlElement[];
  /** End tags that close nothing inside the segment (the root's end tag in the tail). */
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
    structure = segment.kind === SegmentKind.Line ? emptyStructure() : scanStructure(segment.text);
    cache.set(segment, structure);
  }
  return structure;
}

function emptyStructure(): SegmentStructure {
  return { elements: [], strayEndTags: [], opaque: [], bareLessThans: [] };
}

/** Scans `text` into elements; never throws, whatever the text. */
export function scanStructure(text: string): SegmentStructure {
  const result = emptyStructure();
  const end = text.length;
  const stack: XmlElement[] = [];
  let p = 0;
  while (p < end) {
    const lt = text.indexOf('<', p);
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (next === Ch.Bang) {
      const close = text.startsWith('<!--', lt) ? text.indexOf('-->', lt + 4) : text.startsWith('<![CDATA[', lt) ? text.indexOf(']]>', lt + 9) : doctypeEnd(text, lt);
      const stop = close < 0 ? end : text.startsWith('<!--', lt) || text.startsWith('<![CDATA[', lt) ? close + 3 : close;
      result.opaque.push(lt, stop);
      p = stop;
    } else if (next === Ch.Question) {
      const close = text.indexOf('?>', lt + 2);
      // The head's XML declaration ends where the parser ends it, also when it lost its "?>".
      const stop = lt === xmlDeclarationStart(text) ? readXmlDeclaration(text, lt).resume
        : close < 0 ? end : close + 2;
      result.opaque.push(lt, stop);
      p = stop;
    } else if (next === Ch.Slash) {
      p = scanEndTag(text, lt, stack, result);
    } else if (isNameStart(next)) {
      p = scanStartTag(text, lt, stack, result);
    } else {
      result.bareLessThans.push(lt);
      p = lt + 1;
    }
  }
  for (const open of stack) open.end = end;
  return result;
}

/** The `>` ending a DOCTYPE (or a malformed `<!`), skipping quoted strings and an internal subset; -1 at the end. */
function doctypeEnd(text: string, lt: number): number {
  let inSubset = false;
  for (let p = lt + 2; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c === Ch.DoubleQuote || c === Ch.SingleQuote) {
      const close = text.indexOf(c === Ch.DoubleQuote ? '"' : "'", p + 1);
      if (close < 0) return -1;
      p = close;
    } else if (c === Ch.OpenBracket) inSubset = true;
    else if (c === Ch.CloseBracket) inSubset = false;
    else if (c === Ch.GreaterThan && !inSubset) return p + 1;
  }
  return -1;
}

function scanStartTag(text: string, lt: number, stack: XmlElement[], result: SegmentStructure): number {
  const end = text.length;
  const nameStart = lt + 1;
  const nameEnd = scanName(text, nameStart, end);
  const qname = text.slice(nameStart, nameEnd);
  const colon = qname.indexOf(':');
  const parent = stack.length > 0 ? stack[stack.length - 1] : undefined;
  const element: XmlElement = {
    qname, prefix: colon > 0 ? qname.slice(0, colon) : '', local: colon > 0 ? qname.slice(colon + 1) : qname,
    start: lt, nameStart, nameEnd, startTagEnd: end, startTagClosed: false, selfClosing: false,
    endTagStart: -1, end, children: [], attributes: [], parent,
  };
  (parent !== undefined ? parent.children : result.elements).push(element);
  let p = nameEnd;
  while (p < end) {
    p = skipWhitespace(text, p, end);
    if (p >= end) break;
    const c = text.charCodeAt(p);
    if (c === Ch.GreaterThan) {
      element.startTagEnd = p + 1;
      element.startTagClosed = true;
      break;
    }
    if (c === Ch.Slash && text.charCodeAt(p + 1) === Ch.GreaterThan) {
      element.startTagEnd = element.end = p + 2;
      element.startTagClosed = element.selfClosing = true;
      return p + 2;
    }
    if (c === Ch.LessThan) {
      // A tag left open while typing: the next tag starts here.
      element.startTagEnd = p;
      break;
    }
    if (!isNameStart(c)) {
      p++;
      continue;
    }
    const attributeEnd = scanName(text, p, end);
    const attribute: XmlAttribute = { name: text.slice(p, attributeEnd), nameStart: p, nameEnd: attributeEnd, valueStart: -1, valueEnd: -1, value: '' };
    element.attributes.push(attribute);
    p = skipWhitespace(text, attributeEnd, end);
    if (text.charCodeAt(p) !== Ch.Equals) continue;
    p = skipWhitespace(text, p + 1, end);
    const quote = text.charCodeAt(p);
    if (quote !== Ch.DoubleQuote && quote !== Ch.SingleQuote) continue;
    const close = text.indexOf(quote === Ch.DoubleQuote ? '"' : "'", p + 1);
    // An unterminated value (being typed) runs to the end of the segment.
    const valueEnd = close >= 0 ? close : end;
    attribute.valueStart = p + 1;
    attribute.valueEnd = valueEnd;
    attribute.value = text.slice(p + 1, valueEnd);
    p = close >= 0 ? close + 1 : end;
  }
  if (p >= end) element.startTagEnd = end;
  stack.push(element);
  return element.startTagEnd;
}

function scanEndTag(text: string, lt: number, stack: XmlElement[], result: SegmentStructure): number {
  const end = text.length;
  const nameStart = lt + 2;
  const nameEnd = scanName(text, nameStart, end);
  if (nameEnd === nameStart) {
    // `</` being typed: nothing to close.
    result.bareLessThans.push(lt);
    return nameStart;
  }
  let p = skipWhitespace(text, nameEnd, end);
  const stop = p < end && text.charCodeAt(p) === Ch.GreaterThan ? p + 1 : p;
  const name = text.slice(nameStart, nameEnd);
  let match = stack.length - 1;
  while (match >= 0 && stack[match].qname !== name) match--;
  if (match < 0) {
    result.strayEndTags.push({ name, start: lt, nameStart, nameEnd, end: stop });
    return stop;
  }
  for (let k = stack.length - 1; k > match; k--) stack[k].end = lt;
  const element = stack[match];
  element.endTagStart = lt;
  element.end = stop;
  stack.length = match;
  p = stop;
  return p;
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
    const bindings = new Map<string, string>();
    for (const attribute of element?.attributes ?? []) {
      if (attribute.valueStart < 0) continue;
      if (attribute.name === 'xmlns') bindings.set('', attribute.value);
      else if (attribute.name.startsWith('xmlns:')) bindings.set(attribute.name.slice(6), attribute.value);
    }
    info = { element, bindings, endTagStart: -1, endTagEnd: -1 };
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
  if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
  const name = prefix === '' ? 'xmlns' : 'xmlns:' + prefix;
  for (let e = from; e !== undefined; e = e.parent) {
    if (e === root.element) break;
    const attribute = e.attributes.find((a) => a.name === name && a.valueStart >= 0);
    if (attribute !== undefined) return attribute.value === '' ? undefined : attribute.value;
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
