/**
 * Split into Index over a stream of text, in memory that does not grow with the input: the text is parsed in
 * windows of about a megabyte, each cut before an entry start tag that the parser confirms as a segment boundary
 * (parseXmlRegion accepts only a region that ends back in the root's content with nothing pending), and the
 * segments go through the same Splitter as the in-memory chore. The last window is parsed with the head as a whole
 * document, so the root's end and what follows are read exactly as a full parse reads them.
 */
import { parseXmlDocument, parseXmlHead, type RootInfo } from '../syntax/parser';
import type { Segment } from '../model/segment';
import { cutWindow, entryTagOf } from '../stream/streamWindows';
import { parseTextLines } from '../syntax/textSitemap';
import { refusalIn, splitSegments, throwOnXmlSyntax } from './splitSitemap';
import { SplitRefused, Splitter, textLayout, writeIndex, xmlLayout, type ChildSink, type ChildSummary, type SplitLayout, type SplitterOptions } from './splitPlanner';

/** Characters gathered before a window is parsed. */
const WINDOW = 1 << 20;

export interface StreamSplitResult {
  children: ChildSummary[];
  index: string;
}

export class SplitStream {
  private buffer = '';
  private splitter: Splitter | undefined;
  private root: RootInfo | undefined;
  private headText = '';
  private entryTag = '';
  /** Past this many characters without a cut, the entry at the window's start cannot fit in maxBytes. */
  private readonly limit: number;

  /**
   * `xml`: the text is an XML sitemap, else a text sitemap (the caller detects which by content). `window`: the
   * characters gathered before a parse (tests make it small to cut everywhere).
   */
  constructor(private readonly options: SplitterOptions, private readonly sink: ChildSink, private readonly xml: boolean, private readonly window = WINDOW) {
    this.limit = Math.max(options.maxBytes, window) + window;
  }

  /** Takes the next piece of text; may write children to the sink. Throws SplitRefused. */
  push(text: string): void {
    this.buffer += text;
    if (this.buffer.length < this.window) return;
    if (!this.xml) this.drainText();
    else if (this.splitter !== undefined || this.readHead()) this.drainXml();
    else if (this.buffer.length > this.limit) this.overflow();
  }

  /** The end of the text: the last child is closed and the index written. Throws SplitRefused. */
  end(): StreamSplitResult {
    let children: ChildSummary[];
    let layout: SplitLayout;
    if (!this.xml) {
      const splitter = this.textSplitter();
      for (const s of parseTextLines(this.buffer)) splitter.segment(s);
      children = splitter.finish('');
      layout = splitter.layout;
    } else if (this.splitter === undefined && !this.readHead()) {
      // No child element at all: a small document, split as a whole.
      const parsed = parseXmlDocument(this.buffer);
      ({ children, layout } = splitSegments(parsed.segments, parsed.root, this.options, this.sink));
    } else {
      const splitter = this.splitter!;
      const parsed = parseXmlDocument(this.headText + this.buffer);
      const segments = parsed.segments;
      throwOnXmlSyntax(segments.slice(0, 1));
      for (let k = 1; k < segments.length - 1; k++) this.feed(segments[k]);
      const tail = segments[segments.length - 1];
      this.check(tail);
      if (!splitter.hasEntries) throw refusalIn(segments, 'no-entries', this.root!.nameStart);
      children = splitter.finish(tail.text);
      layout = splitter.layout;
    }
    this.buffer = '';
    return { children, index: writeIndex(children, layout) };
  }

  /** Parses the head once it is complete; false while it is not. */
  private readHead(): boolean {
    const { root, head, complete } = parseXmlHead(this.buffer);
    if (!complete) return false;
    throwOnXmlSyntax([head]);
    if (root.kind !== 'urlset') throw refusalIn([head], 'not-a-sitemap', root.nameStart);
    this.root = root;
    this.headText = head.text;
    this.entryTag = entryTagOf(head.text, root);
    this.splitter = new Splitter(this.options, this.sink, xmlLayout(head.text, root), head.text, head.lineBreaks);
    this.buffer = this.buffer.slice(head.text.length);
    return true;
  }

  private drainXml(): void {
    const window = cutWindow(this.buffer, this.entryTag, this.root!);
    if (window !== undefined) {
      for (const s of window.segments) this.feed(s);
      this.buffer = this.buffer.slice(window.cut);
      return;
    }
    if (this.buffer.length > this.limit) this.overflow();
  }

  private feed(s: Segment): void {
    this.check(s);
    this.splitter!.segment(s);
  }

  private check(s: Segment): void {
    let first: { start: number; message: string } | undefined;
    for (const p of s.problems) if (p.rule === 'xml-syntax' && (first === undefined || p.start < first.start)) first = p;
    if (first !== undefined) throw this.splitter!.refusalAt('ill-formed', s.text, first.start, first.message);
  }

  /**
   * No boundary in more text than maxBytes: the entry at the window's start cannot fit, unless the window is
   * ill-formed (an entry never closed), which is then what is reported.
   */
  private overflow(): never {
    if (this.splitter === undefined) {
      throwOnXmlSyntax(parseXmlDocument(this.buffer).segments);
      throw new SplitRefused({ reason: 'entry-too-large', offset: 0 });
    }
    const segments = parseXmlDocument(this.headText + this.buffer).segments;
    // The last root child and the head speak of the window's cut-off end, not of the text.
    let start = 0;
    for (let k = 1; k < segments.length - 2; k++) {
      const s = segments[k];
      const first = s.problems.filter((p) => p.rule === 'xml-syntax').sort((a, b) => a.start - b.start)[0];
      if (first !== undefined) throw this.splitter.refusalAt('ill-formed', this.buffer, start + first.start, first.message);
      start += s.text.length;
    }
    throw this.splitter.refusalAt('entry-too-large', this.buffer, 0);
  }

  private drainText(): void {
    const b = this.buffer;
    let cut = b.lastIndexOf('\n') + 1;
    const cr = b.lastIndexOf('\r');
    // A CR at the very end may be the first half of a CRLF.
    if (cr >= cut && cr < b.length - 1) cut = cr + 1;
    if (cut <= 0) return;
    const splitter = this.textSplitter();
    for (const s of parseTextLines(b.slice(0, cut))) splitter.segment(s);
    this.buffer = b.slice(cut);
  }

  private textSplitter(): Splitter {
    return (this.splitter ??= new Splitter(this.options, this.sink, textLayout(this.buffer.slice(0, 4096)), '', 0));
  }
}
