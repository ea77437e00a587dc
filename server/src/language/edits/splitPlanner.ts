/** Split into Index's planner, for the in-memory split (splitSitemap.ts) and the streaming one (splitStream.ts): a
 * greedy fill of each child with entry units until the next would not fit, written through a sink as planned so that
 * a stream never holds more than one unit. */
import type { RootInfo } from '../syntax/parser';
import { utf8Length } from '../syntax/textMetrics';
import { SegmentKind, type Segment } from '../model/segment';
import { escapeXml, unescapeXml } from '../syntax/xmlText';
import type { SplitRefusalKind } from '../../../../shared/kinds';

/** What a split is asked for: the limits of each child, and where and under what names the children go. */
export interface SplitOptions {
  /** Entries per child. */
  maxEntries: number;
  /** UTF-8 bytes of a whole child file, uncompressed. */
  maxBytes: number;
  /** Public URL of the children's folder, ending in '/'. */
  baseUrl: string;
  /** File name of the n-th child, n from 1 (e.g. 'sitemap-1.xml'). */
  childName(n: number): string;
}

/** Why a sitemap cannot be split, and where (an offset in its text). */
export interface SplitRefusal { reason: SplitRefusalKind; offset: number }

/** A refusal, with its 0-based line and column (for a command line's `file:line:col`) and what is wrong there. */
export class SplitRefused extends Error {
  constructor(readonly refusal: SplitRefusal, readonly line = 0, readonly column = 0, readonly detail = '') {
    super(detail || refusal.reason);
  }
}

/** Split options whose base URL may be derived from the first entry's URL (unescaped), as the command line does. */
export interface SplitterOptions extends Omit<SplitOptions, 'baseUrl'> {
  baseUrl: string | ((firstUrl: string | undefined) => string);
}

/** Receives the children's text in order: open, writes, close. */
export interface ChildSink {
  open(name: string): void;
  write(text: string): void;
  close(): void;
}

export interface ChildSummary {
  name: string;
  loc: string;
  entries: number;
  bytes: number;
  lastmod?: string;
}

/** What every child repeats, taken from the original. */
export interface SplitLayout {
  /** Prolog and root start tag (empty for a text sitemap). */
  prefix: string;
  /** Trivia between the root start tag and the first entry: it travels with the first entry. */
  leading: string;
  /** How a child other than the last is closed: the original's line ending, the root end tag, a line ending. */
  interimClosing: string;
  /** For the index: the original's line ending and entry indentation. */
  eol: string;
  indent: string;
  xml: boolean;
}

export function xmlLayout(headText: string, root: RootInfo): SplitLayout {
  const eol = firstLineBreak(headText);
  const leading = headText.slice(root.startTagEnd);
  const lastBreak = Math.max(leading.lastIndexOf('\n'), leading.lastIndexOf('\r'));
  const indent = lastBreak >= 0 ? leading.slice(lastBreak + 1) : '';
  const qname = headText.slice(root.nameStart, root.nameEnd);
  return {
    prefix: headText.slice(0, root.startTagEnd),
    leading,
    interimClosing: `${eol}</${qname}>${eol}`,
    eol,
    indent: /^[ \t]+$/.test(indent) ? indent : '  ',
    xml: true,
  };
}

export function textLayout(sample: string): SplitLayout {
  return { prefix: '', leading: '', interimClosing: '', eol: firstLineBreak(sample), indent: '  ', xml: false };
}

/** The first line break of `text` as written (`\r\n`, `\n` or `\r`); '' when there is none. */
export function firstLineBreak(text: string): string {
  const m = /\r\n|\n|\r/.exec(text);
  return m === null ? '' : m[0];
}

interface Unit {
  text: string;
  bytes: number;
  /** Where the entry's element starts (absolute), and its line and column (0-based), for a refusal. */
  offset: number;
  line: number;
  column: number;
  lastmod: number;
  lastmodText: string;
}

/**
 * Feeds segments in document order (absolute starts, lines and columns tracked here) and cuts them into units
 * for the planner. The head is given by the layout; the tail's text goes to `finish`.
 */
export class Splitter {
  readonly children: ChildSummary[] = [];
  private trivia: string;
  private pending: Unit | undefined;
  private readonly prefixBytes: number;
  private readonly interimBytes: number;
  private current: ChildSummary | undefined;
  private currentLastmod = NaN;
  private offset: number;
  private line: number;
  private lineStart = 0;
  private firstUrl: string | undefined;
  private baseUrl: string | undefined;

  constructor(private readonly options: SplitterOptions, private readonly sink: ChildSink, readonly layout: SplitLayout, headText: string, headLineBreaks: number) {
    checkOptions(options);
    this.trivia = layout.leading;
    this.prefixBytes = utf8Length(layout.prefix);
    this.interimBytes = utf8Length(layout.interimClosing);
    this.offset = 0;
    this.line = 0;
    this.advance(headText, headLineBreaks);
  }

  /** The next segment: an entry makes a unit; anything else is trivia for the next entry. */
  segment(s: Segment): void {
    if (s.isEntry) {
      const end = s.kind === SegmentKind.Line ? s.text.length : s.elementEnd;
      const element = end === s.text.length ? s.text : s.text.slice(0, end);
      const lastmodText = Number.isNaN(s.lastmod) ? '' : s.text.slice(s.lastmodStart, s.lastmodEnd).trim();
      const text = this.trivia + element;
      const unit: Unit = { text, bytes: utf8Length(text), offset: this.offset, line: this.line, column: this.offset - this.lineStart, lastmod: s.lastmod, lastmodText };
      if (this.firstUrl === undefined && s.url !== undefined) this.firstUrl = unescapeXml(s.url);
      if (this.pending !== undefined) this.place(this.pending, this.interimBytes);
      this.pending = unit;
      this.trivia = end === s.text.length ? '' : s.text.slice(end);
    } else this.trivia += s.text;
    this.advance(s.text, s.lineBreaks);
  }

  /** Where a problem at `relative` in the next segment fed (`text`) is, as a refusal. */
  refusalAt(reason: SplitRefusal['reason'], text: string, relative: number, detail = ''): SplitRefused {
    let line = this.line;
    let lineStart = this.lineStart;
    for (let p = 0; p < relative; p++) {
      const c = text.charCodeAt(p);
      if (c === 10 || (c === 13 && text.charCodeAt(p + 1) !== 10)) {
        line++;
        lineStart = this.offset + p + 1;
      }
    }
    return new SplitRefused({ reason, offset: this.offset + relative }, line, this.offset + relative - lineStart, detail);
  }

  get hasEntries(): boolean {
    return this.pending !== undefined;
  }

  /** The original's end: the tail (root end tag and what follows) closes the last child. */
  finish(tail: string): ChildSummary[] {
    const last = this.pending;
    if (last === undefined) throw new SplitRefused({ reason: 'no-entries', offset: 0 });
    let closing = tail;
    if (this.layout.xml) {
      // Whitespace before the root end tag belongs to the closing; comments and other elements to the last entry.
      let k = this.trivia.length;
      while (k > 0 && ' \t\r\n'.includes(this.trivia[k - 1])) k--;
      closing = this.trivia.slice(k) + tail;
      this.trivia = this.trivia.slice(0, k);
    }
    if (this.trivia !== '') {
      last.text += this.trivia;
      last.bytes += utf8Length(this.trivia);
    }
    this.place(last, utf8Length(closing));
    this.sink.write(closing);
    this.current!.bytes += utf8Length(closing);
    this.sink.close();
    this.pending = undefined;
    return this.children;
  }

  /** Greedy: the current child is closed only when this unit (with the closing it would need) does not fit. */
  private place(unit: Unit, closingBytes: number): void {
    const max = this.options.maxBytes;
    const current = this.current;
    if (current !== undefined && (current.entries + 1 > this.options.maxEntries || current.bytes + unit.bytes + closingBytes > max)) {
      this.sink.write(this.layout.interimClosing);
      current.bytes += this.interimBytes;
      this.sink.close();
      this.current = undefined;
    }
    if (this.current === undefined) {
      if (this.prefixBytes + unit.bytes + closingBytes > max) {
        throw new SplitRefused({ reason: 'entry-too-large', offset: unit.offset }, unit.line, unit.column);
      }
      this.openChild();
    }
    const child = this.current!;
    this.sink.write(unit.text);
    child.entries++;
    child.bytes += unit.bytes;
    if (unit.lastmodText !== '' && !(unit.lastmod <= this.currentLastmod)) {
      this.currentLastmod = unit.lastmod;
      child.lastmod = unit.lastmodText;
    }
  }

  private openChild(): void {
    const name = this.options.childName(this.children.length + 1);
    const base = this.options.baseUrl;
    this.baseUrl ??= typeof base === 'string' ? base : base(this.firstUrl);
    const child: ChildSummary = { name, loc: this.baseUrl + encodePath(name), entries: 0, bytes: this.prefixBytes };
    this.children.push(child);
    this.current = child;
    this.currentLastmod = NaN;
    this.sink.open(name);
    this.sink.write(this.layout.prefix);
  }

  private advance(text: string, lineBreaks: number): void {
    if (lineBreaks > 0) {
      this.line += lineBreaks;
      // From the end: lastIndexOf('\r') would scan a whole LF-only segment.
      let p = text.length - 1;
      while (p >= 0 && text.charCodeAt(p) !== 10 && text.charCodeAt(p) !== 13) p--;
      this.lineStart = this.offset + p + 1;
    }
    this.offset += text.length;
  }
}

function checkOptions(options: SplitterOptions): void {
  if (!(Number.isInteger(options.maxEntries) && options.maxEntries >= 1)) throw new RangeError('maxEntries must be a positive integer.');
  if (!(Number.isInteger(options.maxBytes) && options.maxBytes >= 1)) throw new RangeError('maxBytes must be a positive integer.');
}

/**
 * A child's name relative to the index's folder as a URL path: each segment with everything but RFC 3986's
 * unreserved characters percent-encoded (UTF-8), the `/` between them kept (the editor may put children in a
 * subfolder).
 */
export function encodePath(name: string): string {
  return name.split('/').map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
}

/** The sitemap index listing the children in order, with each one's latest lastmod. */
export function writeIndex(children: readonly ChildSummary[], layout: SplitLayout): string {
  const eol = layout.eol === '' ? '\n' : layout.eol;
  const indent = layout.indent;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const child of children) {
    lines.push(`${indent}<sitemap>`, `${indent}${indent}<loc>${escapeXml(child.loc)}</loc>`);
    if (child.lastmod !== undefined) lines.push(`${indent}${indent}<lastmod>${escapeXml(asXsdDate(child.lastmod))}</lastmod>`);
    lines.push(`${indent}</sitemap>`);
  }
  lines.push('</sitemapindex>', '');
  return lines.join(eol);
}

/**
 * A valid W3C datetime as siteindex.xsd accepts it (xsd:date or xsd:dateTime), written as in the source when it
 * already is; the forms the schema lacks are completed to the same instant: `2024` → `2024-01-01`, `2024-05` →
 * `2024-05-01`, `T10:30+01:00` → `T10:30:00+01:00`.
 */
export function asXsdDate(lastmod: string): string {
  if (/^\d{4}$/.test(lastmod)) return `${lastmod}-01-01`;
  if (/^\d{4}-\d{2}$/.test(lastmod)) return `${lastmod}-01`;
  return lastmod.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?=Z|[+-])/, '$1:00');
}
