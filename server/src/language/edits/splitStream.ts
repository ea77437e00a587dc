/** Split into Index over a stream of text, in memory that does not grow with the input: the pump's windows
 * (windowPump.ts), whose segments go through the same Splitter as the in-memory split. */
import { parseXmlDocument, type RootInfo } from '../syntax/parser';
import type { Segment } from '../model/segment';
import { WindowPump } from '../stream/windowPump';
import { describeLimit } from '../../../../shared/byteSize';
import { refusalIn, splitSegments, throwOnXmlSyntax } from './splitSitemap';
import { SplitRefused, Splitter, textLayout, writeIndex, xmlLayout, type ChildSink, type ChildSummary, type SplitLayout, type SplitterOptions } from './splitPlanner';

/** Characters gathered before a window is parsed. */
const WINDOW = 1 << 20;
/** A text sitemap's characters its layout (line breaks) is taken from. */
const OPENING = 4096;

export interface StreamSplitResult {
  children: ChildSummary[];
  index: string;
}

export class SplitStream {
  private readonly pump: WindowPump;
  private splitter: Splitter | undefined;
  /** A text sitemap's first characters, which its layout is taken from. */
  private opening = '';
  /** Past this many characters without a cut, the entry at the window's start cannot fit in maxBytes. */
  private readonly limit: number;

  /**
   * `xml`: the text is an XML sitemap, else a text sitemap (the caller detects which by content). `window`: the
   * characters gathered before a parse (tests make it small to cut everywhere).
   */
  constructor(private readonly options: SplitterOptions, private readonly sink: ChildSink, private readonly xml: boolean, window = WINDOW) {
    this.limit = Math.max(options.maxBytes, window) + window;
    this.pump = new WindowPump({ xml, window, backOff: false }, {
      head: (head, root) => this.takeHead(head, root),
      window: (segments) => this.takeWindow(segments),
      stalled: () => {
        if (this.pump.text.length > this.limit) this.overflow();
      },
    });
  }

  /** Takes the next piece of text; may write children to the sink. Throws SplitRefused. */
  push(text: string): void {
    if (!this.xml && this.opening.length < OPENING) this.opening += text.slice(0, OPENING - this.opening.length);
    this.pump.push(text);
  }

  /** The end of the text: the last child is closed and the index written. Throws SplitRefused. */
  end(): StreamSplitResult {
    let children: ChildSummary[];
    let layout: SplitLayout;
    if (!this.xml) {
      const splitter = this.textSplitter();
      for (const s of this.pump.lastLines().segments) splitter.segment(s);
      children = splitter.finish('');
      layout = splitter.layout;
    } else if (this.splitter === undefined && !this.pump.readHead()) {
      // No child element at all: a small document, split as a whole.
      const { parsed } = this.pump.lastXml();
      ({ children, layout } = splitSegments(parsed.segments, parsed.root, this.options, this.sink));
    } else {
      const splitter = this.splitter!;
      const segments = this.pump.lastXml().parsed.segments;
      throwOnXmlSyntax(segments.slice(0, 1));
      for (let k = 1; k < segments.length - 1; k++) this.feed(segments[k]);
      const tail = segments[segments.length - 1];
      this.check(tail);
      if (!splitter.hasEntries) throw refusalIn(segments, 'no-entries', this.pump.root!.nameStart);
      children = splitter.finish(tail.text);
      layout = splitter.layout;
    }
    return { children, index: writeIndex(children, layout) };
  }

  /** The complete head: the splitter of a well-formed urlset. */
  private takeHead(head: Segment, root: RootInfo): boolean {
    throwOnXmlSyntax([head]);
    if (root.kind !== 'urlset') throw refusalIn([head], 'not-a-sitemap', root.nameStart);
    this.splitter = new Splitter(this.options, this.sink, xmlLayout(head.text, root), head.text, head.lineBreaks);
    return true;
  }

  private takeWindow(segments: readonly Segment[]): void {
    if (!this.xml) {
      const splitter = this.textSplitter();
      for (const s of segments) splitter.segment(s);
    } else {
      for (const s of segments) this.feed(s);
    }
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
   * ill-formed (an entry never closed), which is then what is reported. Reading stops here, whatever follows (a gzip
   * bomb of spaces or zeros is refused within its first `limit` characters).
   */
  private overflow(): never {
    const held = this.pump.text;
    const detail = `no ${this.xml ? 'next entry' : 'line break'} within ${describeLimit(this.limit)}, and a child holds at most ${describeLimit(this.options.maxBytes)}; reading stopped there`;
    if (!this.xml) throw this.textSplitter().refusalAt('entry-too-large', held, 0, detail);
    if (this.splitter === undefined) {
      throwOnXmlSyntax(parseXmlDocument(held).segments);
      throw new SplitRefused({ reason: 'entry-too-large', offset: 0 }, 0, 0, detail);
    }
    const segments = parseXmlDocument(this.pump.headText + held).segments;
    // The last root child and the head speak of the window's cut-off end, not of the text.
    let start = 0;
    for (let k = 1; k < segments.length - 2; k++) {
      const s = segments[k];
      const first = s.problems.filter((p) => p.rule === 'xml-syntax').sort((a, b) => a.start - b.start)[0];
      if (first !== undefined) throw this.splitter.refusalAt('ill-formed', held, start + first.start, first.message);
      start += s.text.length;
    }
    throw this.splitter.refusalAt('entry-too-large', held, 0, detail);
  }

  private textSplitter(): Splitter {
    return (this.splitter ??= new Splitter(this.options, this.sink, textLayout(this.opening), '', 0));
  }
}
