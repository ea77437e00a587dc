/** The parser's element stack: elements opened with their sitemap roles (sitemapRoles.ts), closed by an end tag, by
 * an entry start tag or at the end of the text. The parser (parser.ts) extends it with the reading of tokens. */
import { Role, type Frame, type RootInfo } from './elementFrame';
import { newEntryState } from './parseState';
import { openExtensionElement } from '../rules/extensionElements';
import { Segment, SegmentKind } from '../model/segment';
import { SegmentAssembler } from './segmentAssembler';
import { classifyEntryChild, classifyRootChild, closeFrame, setRoot } from './sitemapRoles';
import type { StartTagReader } from './startTagReader';
import type { TextAfter } from './textAfter';
import { ValueText } from './valueText';

/**
 * What a parse reads: the whole document; its head only (up to the root's first child); or a region of root children,
 * in the root's content, that must end back there with nothing pending (docs/architecture.md, "The reparse levels").
 */
export type ParseMode = 'document' | 'head' | 'region';

export class ElementStack {
  readonly out: SegmentAssembler;
  readonly root: RootInfo;
  protected readonly end: number;
  protected readonly stack: Frame[] = [];
  protected rootClosed = false;
  protected aborted = false;
  /** Only one entry and one value element are ever open at a time: their state is reused. */
  protected readonly entryState = newEntryState();
  protected readonly valueText = new ValueText();
  /** Recently seen element names, so that 250,000 tags do not make 250,000 strings. */
  private readonly names: string[] = new Array<string>(256).fill('');

  /** `textAfter`: what follows the text; undefined when the parse cannot tell (a head, a region nobody answers for). */
  constructor(protected readonly text: string, protected readonly mode: ParseMode, root: RootInfo | undefined,
    onSegment: ((segment: Segment, index: number) => void) | undefined, protected readonly textAfter: TextAfter | undefined) {
    this.end = text.length;
    this.out = new SegmentAssembler(text, onSegment);
    this.root = root ?? { kind: 'none', nameStart: 0, nameEnd: 0, startTagEnd: 0, frame: undefined, sitemapNamespace: undefined, entryName: 'url', doctype: undefined };
    if (mode === 'region' && root?.frame) this.stack.push(root.frame);
  }

  /** At the end of the document: every element still open is reported on its name and closed. */
  protected closeUnclosed(): void {
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

  /** The namespace scope of the innermost open element. */
  protected scopeAtTop(): Frame | null {
    return this.stack.length > 0 ? this.stack[this.stack.length - 1].scope : null;
  }

  protected openElement(frame: Frame, tagEnd: number, tag: StartTagReader): void {
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
        openExtensionElement(frame, undefined, parent.entry, tagEnd, tag.attributes, this.valueText, out.problems);
      }
    } else if (parent.role === Role.Extension) {
      openExtensionElement(frame, parent, parent.entry!, tagEnd, tag.attributes, this.valueText, out.problems);
    } else if (parent.role === Role.Field) {
      // Any element, an extension's too: consumers would read its text into the value, and lose what it says.
      out.report('unknown-element', frame.nameStart, frame.nameEnd, `<${frame.qname}> cannot appear inside <${parent.qname}>, which holds a plain value.`);
    }
    tag.reportUnexpected(frame);
    if (!tag.selfClosing) {
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
   * An entry start tag inside an open root child closes it when it is an entry, when its start tag was never finished
   * (`<u` typed above an entry), or when its end tag appears nowhere after (`<sitemap>` typed in a urlset): otherwise
   * every entry after it would sit inside it, unvalidated, and each keystroke reparse them all. A root child whose end
   * tag does follow holds the entries up to it, as XML says. False when a region cannot tell (it aborts).
   */
  protected closeBeforeEntry(rootChild: Frame, tagStart: number): boolean {
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
      this.out.absentAfter(`</${rootChild.qname}`);
    } else this.out.presentAfter(`</${rootChild.qname}`, rootChild.endTagAhead);
    return true;
  }

  /**
   * Whether `</qname` occurs after `at`: in the text, then in the text after it; undefined when the parse cannot tell.
   * Remembered on the frame up to where it was found, so a long element asks once.
   */
  private endTagFollows(frame: Frame, at: number): boolean | undefined {
    if (frame.endTagAhead >= at) return true;
    const needle = `</${frame.qname}`;
    const found = this.text.indexOf(needle, at);
    if (found >= 0) {
      frame.endTagAhead = found;
      return true;
    }
    if (this.textAfter === undefined) return undefined;
    const follows = this.textAfter.contains(needle);
    if (follows) frame.endTagAhead = this.end;
    return follows;
  }

  /** An entry start tag inside an open root child that it closes (closeBeforeEntry): that one was never closed. */
  protected closeOpenRootChild(rootChild: Frame): void {
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

  /** Closes the open elements down to stack[match], which the end tag at `tagStart`, ending at `tagEnd`, closes. */
  protected closeDownTo(match: number, tagStart: number, tagEnd: number, unterminated: { rule: 'xml-syntax'; start: number; end: number; message: string } | undefined): void {
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
      if (this.mode === 'region') {
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
  protected isNamed(name: string, start: number, end: number): boolean {
    if (name.length !== end - start) return false;
    const t = this.text;
    for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) !== t.charCodeAt(start + k)) return false;
    return true;
  }

  /** text[start, end) as a string, reusing the last one of that length and ends. */
  protected name(start: number, end: number): string {
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
}
