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
 * open entry closes that entry; so does one met inside another root child whose end tag follows nowhere, or inside a
 * comment with no "-->" after it (such a segment remembers what it lacked, for the model's reparses). Entities are
 * never expanded beyond the five predefined ones and character references; a DOCTYPE is checked against its grammar
 * (syntax/doctypeGrammar.ts), never expanded.
 *
 * The parser drives the shared tokenizer (shared/xmlTokenizer.ts) and keeps the element stack; its other jobs have
 * units of their own: namespace binding (namespaceBinding.ts), sitemap roles and entry checks (sitemapRoles.ts),
 * checks inside tokens (characterData.ts), segment assembly (segmentAssembler.ts); plain entries take a fast path
 * (fastEntry.ts).
 */
import { Ch, isNameStart, isWhitespace, scanName, skipWhitespace } from '../../../../shared/xmlChars';
import { decodeReferences, XML_NAMESPACE } from '../../../../shared/xmlNamespaces';
import { TokenError, TokenizerState, TokenType, XmlTokenizer } from '../../../../shared/xmlTokenizer';
import { CharacterData } from './characterData';
import { Role, type Binding, type Frame, type RootInfo } from './elementFrame';
import { scanFastEntry, type FastEntry } from './fastEntry';
import { checkDeclaration, isQName, lookupNamespace, prefixBoundTo, resolvePrefix } from './namespaceBinding';
import { Field, newEntryState, resetEntryState } from './parseState';
import { openExtensionElement, type TagAttributes } from '../rules/extensionElements';
import { extensionNamespaceMessage, nearMissExtension, XHTML_NAMESPACE } from '../rules/extensionNamespaces';
import type { LinkAttribute } from '../rules/hreflang';
import { Segment, SegmentKind } from '../model/segment';
import { SegmentAssembler } from './segmentAssembler';
import { checkStrayText, classifyEntryChild, classifyRootChild, closeFrame, setRoot, SITEMAP_NAMESPACE } from './sitemapRoles';
import { checkDoctype } from './doctypeGrammar';
import { ValueText } from './valueText';

export type { RootInfo, RootKind } from './elementFrame';
export { SITEMAP_NAMESPACE };
export { sameChildContext } from './namespaceBinding';

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
  const parser = new XmlParser(text, false, undefined, onSegment);
  parser.parseDocument();
  return { root: parser.root, segments: parser.out.segments };
}

/**
 * Parses the head only: the prolog, the root start tag and what follows it up to the root's first child, where it
 * stops. `complete` is false when the text ends before that first child (more text may follow, or the root has no
 * child); the head's problems are then not final either.
 */
export function parseXmlHead(text: string): { root: RootInfo; head: Segment; complete: boolean } {
  const parser = new XmlParser(text, false, undefined, undefined);
  parser.stopAtFirstChild = true;
  parser.parseDocument();
  return { root: parser.root, head: parser.out.segments[0], complete: parser.stoppedAtFirstChild };
}

/**
 * Whether the document's text after a region contains `needle`: what a region parse asks when an entry start tag meets
 * an open root child that is not an entry (see atSegmentBoundary). Without it, such a region does not parse.
 */
export type FollowingText = (needle: string) => boolean;

/**
 * Parses `text` as a run of root children, in the root described by `root`.
 * Returns undefined when the text does not start with a start tag or does not end back in the root's content
 * with nothing pending: the caller must then widen the region or parse the whole document.
 */
export function parseXmlRegion(text: string, root: RootInfo, followingText?: FollowingText): Segment[] | undefined {
  if (root.frame === undefined) return undefined;
  if (text.length === 0) return [];
  if (text.charCodeAt(0) !== Ch.LessThan || !isNameStart(text.charCodeAt(1))) return undefined;
  const parser = new XmlParser(text, true, root, undefined, followingText);
  return parser.parseRegion() ? parser.out.segments : undefined;
}

class XmlParser {
  readonly out: SegmentAssembler;
  readonly root: RootInfo;
  /** For parseXmlHead. */
  stopAtFirstChild = false;
  stoppedAtFirstChild = false;
  private readonly end: number;
  private readonly tokens: XmlTokenizer;
  private readonly chars: CharacterData;
  private readonly stack: Frame[] = [];
  /** Where the first child's start tag stands, when the parse stopped there. */
  private stoppedAt = 0;
  private rootClosed = false;
  private doctypeSeen = false;
  /** Set when a construct runs into the end of the text unterminated. */
  private hitEnd = false;
  private aborted = false;
  /** Only one entry and one value element are ever open at a time: their state is reused. */
  private readonly entryState = newEntryState();
  private readonly valueText = new ValueText();
  /** The prefix the root binds to the XHTML namespace (null: none), for the fast path's links; read at its first entry. */
  private linkPrefix: string | null | undefined;
  /** Recently seen element names, so that 250,000 tags do not make 250,000 strings. */
  private readonly names: string[] = new Array<string>(256).fill('');

  // The start tag being read.
  private tagBindings: Binding[] | null = null;
  /** Start and end of each prefixed attribute name (not a namespace declaration). */
  private tagPrefixed: number[] | null = null;
  private tagAttributeNames: string[] | null = null;
  /** Value range of each of tagAttributeNames (start -1: no value). */
  private readonly tagAttributeValues: number[] = [];
  /** Where each of tagAttributeNames starts. */
  private readonly tagAttributeStarts: number[] = [];
  /** The start tag's attributes, for extension elements (rules/extensionElements.ts). */
  private readonly tagAttributes: TagAttributes = { get: (name) => this.attribute(name) };
  private tagSelfClosing = false;
  private tagUnterminated = false;
  private attributeName = '';
  private attributeStart = 0;
  private attributeEnd = 0;
  /** The attribute's place in tagAttributeNames (-1 for a duplicate). */
  private attributeIndex = -1;

  constructor(private readonly text: string, private readonly regionMode: boolean, root: RootInfo | undefined,
    onSegment: ((segment: Segment, index: number) => void) | undefined, private readonly followingText?: FollowingText) {
    this.end = text.length;
    this.out = new SegmentAssembler(text, onSegment);
    this.chars = new CharacterData(text, this.out);
    this.chars.doctype = root?.doctype;
    this.tokens = new XmlTokenizer(text, 0, regionMode ? TokenizerState.Content : TokenizerState.DocumentStart);
    this.root = root ?? { kind: 'none', nameStart: 0, nameEnd: 0, startTagEnd: 0, frame: undefined, sitemapNamespace: undefined, entryName: 'url', doctype: undefined };
    if (regionMode && root?.frame) this.stack.push(root.frame);
  }

  // ---------------------------------------------------------------- drivers

  parseDocument(): void {
    this.parseContent();
    const out = this.out;
    if (this.stopAtFirstChild) {
      out.finish(this.stoppedAtFirstChild ? this.stoppedAt : this.end);
      return;
    }
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

  /** At the end of the document: every element still open is reported on its name and closed. */
  private closeUnclosed(): void {
    const stack = this.stack;
    const out = this.out;
    for (let i = stack.length - 1; i >= 0; i--) {
      const frame = stack[i];
      const unclosed = { rule: 'xml-syntax' as const, start: frame.nameStart, end: frame.nameEnd, message: `<${frame.qname}> is never closed.` };
      if (frame.role === Role.Root && out.segments.length > 0) {
        // The head (at offset 0, so relative = absolute) is already finished.
        const head = out.segments[0];
        head.problems = [...head.problems, unclosed];
      } else out.problems.push(unclosed);
      closeFrame(frame, out);
    }
    stack.length = 0;
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
    let tagEnd = this.tokens.closeBareStartTag();
    if (tagEnd >= 0) {
      this.tagBindings = this.tagPrefixed = this.tagAttributeNames = null;
      this.tagSelfClosing = this.tagUnterminated = false;
    } else {
      tagEnd = this.takeAttributes(qname, nameStart, nameEnd);
      if (tagEnd < 0) return;
    }
    const bindings = this.tagBindings;
    const parentScope = this.scopeAtTop();
    const frame: Frame = {
      qname, local, ns: undefined, tagStart, nameStart, nameEnd, role: Role.Other, bindings, scope: parentScope, outerScope: parentScope,
      entry: null, value: null, field: Field.Loc, duplicate: false, unterminated: this.tagUnterminated, endTagAhead: -1,
      extension: undefined, extensionParent: null, childCounts: null, childrenFilled: 0,
    };
    if (bindings !== null) frame.scope = frame;
    frame.ns = resolvePrefix(prefix, frame, nameStart, this.out);
    if (this.tagPrefixed !== null) this.resolveAttributePrefixes(this.tagPrefixed, frame);
    this.openElement(frame, tagEnd, this.tagSelfClosing);
  }

  /**
   * Resolves the prefixes of the attribute names at `prefixed` (start, end pairs); two names that expand to one
   * (namespace, local name) through two prefixes bound to one URI are duplicates (Namespaces 1.0 §6.3).
   */
  private resolveAttributePrefixes(prefixed: number[], frame: Frame): void {
    const expanded = prefixed.length > 2 ? new Set<string>() : undefined;
    for (let i = 0; i < prefixed.length; i += 2) {
      const name = this.text.slice(prefixed[i], prefixed[i + 1]);
      const colon = name.indexOf(':');
      const attributePrefix = name.slice(0, colon);
      const ns = attributePrefix === 'xml' ? XML_NAMESPACE : resolvePrefix(attributePrefix, frame, prefixed[i], this.out);
      if (expanded === undefined || ns === undefined) continue;
      const key = `${ns} ${name.slice(colon + 1)}`;
      if (expanded.has(key)) this.out.report('xml-syntax', prefixed[i], prefixed[i + 1], `Duplicate attribute: "${name}" names the same attribute as another prefix bound to "${ns}".`);
      expanded.add(key);
    }
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
    if (this.stopAtFirstChild) {
      this.stoppedAtFirstChild = this.aborted = true;
      this.stoppedAt = tagStart;
      return true;
    }
    // The first element of a region already starts its segment.
    if (!(this.regionMode && tagStart === 0)) this.out.begin(tagStart, SegmentKind.Element);
    return this.tryFastEntry(tagStart);
  }

  /** Reads the attributes up to the tag's end; returns where the tag ends, or -1 when the text ends first. */
  private takeAttributes(qname: string, nameStart: number, nameEnd: number): number {
    this.tagBindings = this.tagPrefixed = this.tagAttributeNames = null;
    this.tagSelfClosing = this.tagUnterminated = false;
    const tokens = this.tokens;
    const out = this.out;
    for (;;) {
      const type = tokens.scan();
      if (type === TokenType.AttributeName) {
        this.takeAttributeName(tokens.tokenStart, tokens.tokenEnd, tokens.error === TokenError.AttributesNotSeparated);
      } else if (type === TokenType.AttributeValue) {
        if (!this.takeAttributeValue()) return -1;
      } else if (type === TokenType.StartTagClose) {
        if (tokens.error === TokenError.StartTagMissingGt) {
          out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, `The start tag <${qname}> is missing its ">".`);
          this.tagUnterminated = true;
        }
        return tokens.tokenEnd;
      } else if (type === TokenType.StartTagSelfClose) {
        this.tagSelfClosing = true;
        return tokens.tokenEnd;
      } else if (type === TokenType.TagJunk) {
        out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, `Unexpected character in the start tag <${qname}>.`);
      } else {
        out.report('xml-syntax', nameStart, nameEnd, `The start tag <${qname}> is not terminated.`);
        this.hitEnd = true;
        return -1;
      }
    }
  }

  private takeAttributeName(start: number, end: number, notSeparated: boolean): void {
    const name = this.text.slice(start, end);
    this.attributeName = name;
    this.attributeStart = start;
    this.attributeEnd = end;
    if (notSeparated) this.out.report('xml-syntax', start, end, 'Attributes must be separated by whitespace.');
    if (!isQName(name)) this.out.report('xml-syntax', start, end, `"${name}" is not a valid qualified name.`);
    this.chars.checkEncodingIn(start, end);
    this.attributeIndex = -1;
    if (this.tagAttributeNames === null) this.tagAttributeNames = [name];
    else if (this.tagAttributeNames.includes(name)) {
      this.out.report('xml-syntax', start, end, `Duplicate attribute "${name}".`);
      return;
    } else this.tagAttributeNames.push(name);
    this.attributeIndex = this.tagAttributeNames.length - 1;
    this.tagAttributeValues[2 * this.attributeIndex] = -1;
    this.tagAttributeStarts[this.attributeIndex] = start;
  }

  /** The value of the attribute just named; false when it runs into the end of the text. */
  private takeAttributeValue(): boolean {
    const tokens = this.tokens;
    const { attributeName: name, attributeStart: start, attributeEnd: end } = this;
    if (tokens.error === TokenError.AttributeWithoutValue) {
      this.out.report('xml-syntax', start, end, `Attribute "${name}" has no value.`);
      return true;
    }
    if (tokens.error === TokenError.UnquotedAttributeValue) {
      this.out.report('xml-syntax', start, end, `The value of "${name}" must be in quotes.`);
      return true;
    }
    const closed = tokens.error === TokenError.None;
    const valueStart = tokens.tokenStart + 1;
    const valueEnd = closed ? tokens.tokenEnd - 1 : tokens.tokenEnd;
    this.chars.checkAttributeValue(valueStart, valueEnd);
    if (this.attributeIndex >= 0) {
      this.tagAttributeValues[2 * this.attributeIndex] = valueStart;
      this.tagAttributeValues[2 * this.attributeIndex + 1] = valueEnd;
    }
    if (!closed) {
      this.out.report('xml-syntax', start, end, `The value of "${name}" is not terminated.`);
      this.hitEnd = true;
      return false;
    }
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      const declared = name.length === 5 ? '' : name.slice(6);
      const uri = decodeReferences(this.text.slice(valueStart, valueEnd));
      checkDeclaration(declared, uri, start, end, this.out);
      const meant = declared === '' ? undefined : nearMissExtension(uri);
      if (meant !== undefined) this.out.report('extension-namespace', valueStart, valueEnd, extensionNamespaceMessage(meant));
      (this.tagBindings ??= []).push({ prefix: declared, uri, valueStart, valueEnd });
    } else if (name.indexOf(':') > 0) {
      (this.tagPrefixed ??= []).push(start, end);
    }
    return true;
  }

  /** The unprefixed attribute `name` of the start tag just read, decoded; undefined when absent or without a value. */
  private attribute(name: string): LinkAttribute | undefined {
    const k = this.tagAttributeNames === null ? -1 : this.tagAttributeNames.indexOf(name);
    if (k < 0 || this.tagAttributeValues[2 * k] < 0) return undefined;
    const [start, end] = [this.tagAttributeValues[2 * k], this.tagAttributeValues[2 * k + 1]];
    // Searched in the value only: a search of the text from `start` runs to the end of a file without `&` (issue 20).
    const raw = this.text.slice(start, end);
    return { value: raw.indexOf('&') < 0 ? raw : decodeReferences(raw), raw, start, end };
  }

  /** The namespace scope of the innermost open element. */
  private scopeAtTop(): Frame | null {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1].scope : null;
  }

  private openElement(frame: Frame, tagEnd: number, selfClosing: boolean): void {
    const stack = this.stack;
    const out = this.out;
    const parent = stack.length > 0 ? stack[stack.length - 1] : undefined;
    if (parent === undefined) {
      if (this.root.kind === 'none') {
        setRoot(this.root, frame, out);
        this.root.startTagEnd = tagEnd;
      } else out.report('xml-syntax', frame.nameStart, frame.nameEnd, 'A document has only one root element: this one comes after it.');
    } else if (parent.role === Role.Root) {
      frame.role = Role.RootChild;
      if (classifyRootChild(this.root, frame, tagEnd, this.entryState, out)) out.entry = this.entryState;
    } else if (parent.role === Role.RootChild && parent.entry !== null) {
      classifyEntryChild(this.root, frame, parent.entry, tagEnd, this.valueText, out);
      if (frame.role === Role.Other && parent.entry.kind === 'urlset') {
        openExtensionElement(frame, undefined, parent.entry, tagEnd, this.tagAttributes, this.valueText, out.problems);
      }
    } else if (parent.role === Role.Extension) {
      openExtensionElement(frame, parent, parent.entry!, tagEnd, this.tagAttributes, this.valueText, out.problems);
    } else if (parent.role === Role.Field) {
      // Any element, an extension's too: consumers would read its text into the value, and lose what it says.
      out.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> cannot appear inside <${parent.qname}>, which holds a plain value.`);
    }
    if (this.tagAttributeNames !== null && isProtocolElement(frame)) this.reportUnexpectedAttributes(frame);
    if (!selfClosing) {
      stack.push(frame);
      return;
    }
    if (frame.role === Role.RootChild) out.elementEnd = tagEnd;
    closeFrame(frame, out);
    if (frame.role === Role.Root) {
      this.rootClosed = true;
      out.begin(tagEnd, SegmentKind.Tail);
    }
  }

  /**
   * `unexpected-attribute` on each attribute without a namespace of a protocol element: the schema allows none, and
   * consumers ignore them. Namespace declarations and namespaced attributes (xsi:schemaLocation, tools' own) pass.
   * The range runs from the name to the value's closing quote, what the quick fix removes.
   */
  private reportUnexpectedAttributes(frame: Frame): void {
    const names = this.tagAttributeNames!;
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      if (name === 'xmlns' || name.indexOf(':') >= 0) continue;
      const start = this.tagAttributeStarts[k];
      const valueEnd = this.tagAttributeValues[2 * k] < 0 ? -1 : this.tagAttributeValues[2 * k + 1];
      const end = valueEnd < 0 ? start + name.length : Math.min(valueEnd + 1, this.end);
      this.out.report('unexpected-attribute', start, end, `<${frame.qname}> has no attribute "${name}": the sitemap schema allows none, and consumers ignore it.`);
    }
  }

  /**
   * An entry start tag inside an open root child closes it when it is an entry, when its start tag was never finished
   * (`<u` typed above an entry), or when its end tag appears nowhere after (`<sitemap>` typed in a urlset): otherwise
   * every entry after it would sit inside it, unvalidated, and each keystroke reparse them all. A root child whose end
   * tag does follow holds the entries up to it, as XML says. False when a region cannot tell (it aborts).
   */
  private closeBeforeEntry(rootChild: Frame, tagStart: number): boolean {
    if (rootChild.entry !== null || rootChild.unterminated) {
      this.closeOpenRootChild(rootChild);
      return true;
    }
    const follows = this.endTagFollows(rootChild, tagStart);
    if (follows === undefined) {
      this.aborted = true;
      return false;
    }
    if (!follows) {
      this.closeOpenRootChild(rootChild);
      this.out.lack(`</${rootChild.qname}`);
    } else this.out.keepOpen(`</${rootChild.qname}`, rootChild.endTagAhead);
    return true;
  }

  /**
   * Whether `</qname` occurs after `at`: in the text, then (a region) in the document after it; undefined when a
   * region has no one to ask. Remembered on the frame up to where it was found, so a long element asks once.
   */
  private endTagFollows(frame: Frame, at: number): boolean | undefined {
    if (frame.endTagAhead >= at) return true;
    const needle = `</${frame.qname}`;
    const found = this.text.indexOf(needle, at);
    if (found >= 0) {
      frame.endTagAhead = found;
      return true;
    }
    if (!this.regionMode) return false;
    if (this.followingText === undefined) return undefined;
    const follows = this.followingText(needle);
    if (follows) frame.endTagAhead = this.end;
    return follows;
  }

  /** An entry start tag inside an open root child that it closes (closeBeforeEntry): that one was never closed. */
  private closeOpenRootChild(rootChild: Frame): void {
    const stack = this.stack;
    this.out.closedByNext = true;
    for (let i = stack.length - 1; i >= 1; i--) {
      const frame = stack[i];
      this.out.report('xml-syntax', frame.nameStart, frame.nameEnd, `<${frame.qname}> is never closed.`);
      closeFrame(frame, this.out);
      if (frame === rootChild) break;
    }
    stack.length = 1;
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
    const linkPrefix = this.linkPrefix === undefined ? (this.linkPrefix = prefixBoundTo(XHTML_NAMESPACE, this.scopeAtTop()) ?? null) : this.linkPrefix;
    let fast = scanFastEntry(t, tagStart, root.kind, linkPrefix ?? undefined);
    if (fast === undefined) return false;
    let end = this.takeFastEntry(tagStart, fast);
    for (;;) {
      // Whitespace between entries is all takeText would have seen here: no problems, no state.
      const next = skipWhitespace(t, end, this.end);
      if (t.charCodeAt(next) !== Ch.LessThan) break;
      // Tried before the segment begins: an entry the fast path declines is left to takeStartTag, which begins it.
      fast = scanFastEntry(t, next, root.kind, linkPrefix ?? undefined);
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
    if (fast.alternates !== undefined) {
      entry.extensions = { images: 0, news: undefined, alternates: fast.alternates, pageKey: fast.pageKey, contentLocs: undefined };
    }
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

  /** Closes the open elements down to stack[match], which the end tag at `tagStart`, ending at `tagEnd`, closes. */
  private closeDownTo(match: number, tagStart: number, tagEnd: number, unterminated: { rule: 'xml-syntax'; start: number; end: number; message: string } | undefined): void {
    const stack = this.stack;
    const out = this.out;
    // A root child left open and closed by the root's end tag: the boundary before the tail is not a clean state.
    if (match === 0 && stack.length > 1 && stack[0].role === Role.Root) out.closedByNext = true;
    for (let i = stack.length - 1; i > match; i--) {
      out.report('xml-syntax', stack[i].nameStart, stack[i].nameEnd, `<${stack[i].qname}> is never closed.`);
      closeFrame(stack[i], out);
    }
    const closing = stack[match];
    while (stack.length > match) stack.pop();
    if (closing.role === Role.RootChild) out.elementEnd = tagEnd;
    if (closing.role === Role.Root) {
      if (this.regionMode) {
        this.aborted = true;
        return;
      }
      this.rootClosed = true;
      out.begin(tagStart, SegmentKind.Tail);
    }
    if (unterminated !== undefined) out.problems.push(unterminated);
    closeFrame(closing, out);
  }

  /** Whether text[start, end) is `name`. */
  private isNamed(name: string, start: number, end: number): boolean {
    if (name.length !== end - start) return false;
    const t = this.text;
    for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) !== t.charCodeAt(start + k)) return false;
    return true;
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

  // ---------------------------------------------------------------- comments, CDATA, PIs, the declaration, DOCTYPE

  private takeMarkup(type: TokenType): void {
    if (type === TokenType.Comment) this.takeComment();
    else if (type === TokenType.CData) this.takeCData();
    else if (type === TokenType.ProcessingInstruction) this.takeProcessingInstruction();
    else if (type === TokenType.XmlDeclaration) this.takeXmlDeclaration();
    else if (type === TokenType.DoctypeOpen) this.takeDoctype();
  }

  private takeComment(): void {
    const tokens = this.tokens;
    if (tokens.error === TokenError.UnterminatedComment) {
      this.out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, 'The comment is not terminated with "-->".');
      this.endUnterminatedComment(tokens.tokenStart);
      return;
    }
    if (tokens.error === TokenError.DoubleHyphenInComment) {
      this.out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, '"--" is not allowed inside a comment.');
    }
    this.chars.checkEncodingIn(tokens.tokenStart + 4, tokens.tokenEnd - 3);
  }

  /**
   * A comment with no "-->" anywhere after it ends at the next entry start tag, as an element left open does
   * (closeBeforeEntry): the entries after it stay entries, and typing in it reparses one segment. With a "-->" after
   * it, or no entry start tag after it, it runs to the end as XML says; so does one in a region or head parse that
   * cannot tell (which then does not parse).
   */
  private endUnterminatedComment(start: number): void {
    // A head parse (parseXmlHead) reads a part of the document, and cannot tell either.
    const follows = this.regionMode ? this.followingText?.('-->') : this.stopAtFirstChild ? undefined : false;
    // Between entries only: a comment of the prolog, or of the head before the first entry (which the model reparses
    // with a head parse, which cannot tell), runs to the end.
    const inRoot = this.stack.length > 0 && this.stack[0].role === Role.Root && this.out.kind !== SegmentKind.Head;
    const entryAt = follows === false && inRoot ? this.nextEntryStartTag(start + 4) : -1;
    if (entryAt < 0) {
      this.hitEnd = true;
      return;
    }
    this.out.closedByNext = true;
    this.out.lack('-->');
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

  private takeCData(): void {
    const tokens = this.tokens;
    const start = tokens.tokenStart;
    const closed = tokens.error === TokenError.None;
    const contentEnd = closed ? tokens.tokenEnd - 3 : tokens.tokenEnd;
    if (!closed) {
      this.out.report('xml-syntax', start, start + 9, 'The CDATA section is not terminated with "]]>".');
      this.hitEnd = true;
    }
    const frame = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    if (frame === undefined) {
      this.out.report('xml-syntax', start, start + 9, 'A CDATA section is only allowed inside the root element.');
    } else if (frame.value !== null) {
      frame.value.addLiteral(this.text, start + 9, contentEnd);
    } else {
      checkStrayText(this.text, start + 9, contentEnd, frame, this.root, this.rootClosed, this.out);
    }
    this.chars.checkEncodingIn(start + 9, contentEnd);
  }

  private takeProcessingInstruction(): void {
    const tokens = this.tokens;
    const { error, errorStart, errorEnd } = tokens;
    const out = this.out;
    if (error === TokenError.UnterminatedProcessingInstruction) {
      out.report('xml-syntax', errorStart, errorEnd, 'The processing instruction is not terminated with "?>".');
      this.hitEnd = true;
      return;
    }
    this.chars.checkEncodingIn(tokens.tokenStart + 2, tokens.tokenEnd - 2);
    if (error === TokenError.None) this.checkTargetHasNoColon(tokens.tokenStart + 2);
    if (error === TokenError.MissingPITarget) {
      out.report('xml-syntax', errorStart, errorEnd, 'A processing instruction needs a target name.');
    } else if (error === TokenError.PITargetNotSeparated) {
      out.report('xml-syntax', errorStart, errorEnd, 'The target of a processing instruction must be followed by whitespace or "?>".');
    } else if (error === TokenError.ReservedPITarget) {
      const target = this.text.slice(errorStart + 2, errorEnd);
      out.report('xml-syntax', errorStart, errorEnd, target === 'xml'
        ? 'The XML declaration must be the very first thing in the file: nothing, not even whitespace, may precede it.'
        : `"${target}" is reserved: the XML declaration is written <?xml … ?> at the very start.`);
    }
  }

  /** Namespaces 1.0 §7: a PI target is an NCName. */
  private checkTargetHasNoColon(targetStart: number): void {
    const targetEnd = scanName(this.text, targetStart, this.end);
    const colon = this.text.indexOf(':', targetStart);
    if (colon >= 0 && colon < targetEnd) this.out.report('xml-syntax', targetStart, targetEnd, 'The target of a processing instruction may not contain a colon.');
  }

  /** The declaration at the very start; one that lost (part of) its `?>` ends where the next markup starts. */
  private takeXmlDeclaration(): void {
    const start = this.tokens.tokenStart;
    const { end, match, missing } = this.tokens.declaration!;
    this.chars.checkEncodingIn(start + 2, missing === '' ? end - 2 : end);
    if (match === null) {
      this.out.report('xml-syntax', start, start + 5, 'Malformed XML declaration: expected <?xml version="1.0" encoding="UTF-8"?>.');
      return;
    }
    if (missing !== '') this.out.report('xml-syntax', start, end, `The XML declaration must end with "?>": "${missing}" is missing.`);
    const encoding = match[6];
    if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8') {
      const [s, e] = match.indices![6]!;
      this.out.report('encoding', start + s, start + e, `Sitemaps must be UTF-8, not ${encoding}.`);
    }
  }

  /**
   * A DOCTYPE is checked against the grammar (syntax/doctypeGrammar.ts) but never expanded: its entity declarations
   * only tell the references in the document apart (declared but not expanded, or unknown).
   */
  private takeDoctype(): void {
    const tokens = this.tokens;
    const out = this.out;
    const start = tokens.tokenStart;
    if (this.root.kind !== 'none' || this.doctypeSeen) {
      out.report('xml-syntax', start, start + 9, 'A DOCTYPE is only allowed once, before the root element.');
    }
    this.doctypeSeen = true;
    out.report('doctype', start, start + 9, 'A DOCTYPE is not part of the sitemap protocol; it is never read or expanded.');
    let terminated = true;
    for (;;) {
      const type = tokens.scan();
      if (type === TokenType.EntityDeclaration) {
        out.report('doctype', tokens.tokenStart, tokens.tokenEnd, 'Entity declarations are never expanded in a sitemap.');
      }
      if (tokens.error === TokenError.UnterminatedDoctype) {
        out.report('xml-syntax', tokens.errorStart, tokens.errorEnd, 'The DOCTYPE is not terminated.');
        this.hitEnd = true;
        terminated = false;
        break;
      }
      if (type === TokenType.DoctypeClose) break;
    }
    const end = tokens.tokenEnd;
    const facts = checkDoctype(this.text, start, end, terminated, (from, to, message) => out.report('xml-syntax', from, to, message));
    this.chars.checkEncodingIn(start + 9, terminated ? end - 1 : end);
    if (this.root.doctype === undefined) this.root.doctype = this.chars.doctype = facts;
  }
}

/** The root, an entry or one of its fields (loc, lastmod, …): the elements the sitemap schema gives no attribute. */
function isProtocolElement(frame: Frame): boolean {
  return frame.role === Role.Field || (frame.role === Role.RootChild && frame.entry !== null)
    || (frame.role === Role.Root && frame.ns === SITEMAP_NAMESPACE && (frame.local === 'urlset' || frame.local === 'sitemapindex'));
}
