/** Reads a page's head with htmlparser2 as Google does: until `<body>` or body content, where it stops; an element
 * that does not belong in a head ends it early, and head tags after it are kept apart as ignored. */
import { Parser } from 'htmlparser2';

/** A `<meta>`, `<link>` or `<base>` of the head, with its offsets in the text (`<` to after `>`). */
export interface HeadTag {
  name: string;
  attribs: Readonly<Record<string, string>>;
  start: number;
  end: number;
  /** After an element that ended the head early: Google does not read it. */
  ignored: boolean;
}

export interface HeadRead {
  tags: HeadTag[];
  title: { text: string; start: number; end: number } | undefined;
  /** The element or text that ended the head before `</head>` (and before `<body>`), when one did. */
  earlyEnd: { start: number; end: number } | undefined;
  /** Whether reading reached the head's end (else the text ended first). */
  headEnded: boolean;
  /** Whether reading stopped by itself (at the body, or past an early end's lookahead): more text would change nothing. */
  finished: boolean;
}

/** The elements Google reads in a head; any other element (or text) ends it. */
const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'script', 'style', 'base', 'noscript', 'template']);
/** Their content is not markup for a crawler that runs scripts (noscript) or at all (template). */
const INERT_ELEMENTS = new Set(['noscript', 'template']);
/** How far past an early end of the head the reader looks for the head tags Google will then ignore. */
const IGNORED_LOOKAHEAD = 32 * 1024;

type Phase = 'head' | 'afterHead' | 'endedEarly' | 'done';

/** htmlparser2's callbacks, following the head's phases: in it, after `</head>`, past an early end, done. */
class HeadHandler {
  readonly read: HeadRead = { tags: [], title: undefined, earlyEnd: undefined, headEnded: false, finished: false };
  phase: Phase = 'head';
  /** Set once the parser that calls this handler exists. */
  parser!: Parser;
  private inert = 0;
  private rawText = 0;
  private titleStart = -1;
  private titleText = '';
  private lookaheadEnd = Infinity;

  constructor(private readonly text: string) {}

  onopentag(name: string, attribs: Record<string, string>, implied: boolean): void {
    if (this.phase === 'done' || implied) return;
    if (RAW_TEXT.has(name)) this.rawText++;
    const start = this.tagStart();
    const { endIndex } = this.parser;
    if (this.phase === 'endedEarly') return this.whileEndedEarly(name, attribs, start, endIndex + 1);
    if (this.inert > 0) {
      if (INERT_ELEMENTS.has(name)) this.inert++;
      return;
    }
    if (name === 'html' || name === 'head') return;
    // After `</head>` the standard puts head elements back in the head, but not a noscript: that one starts the body.
    if (this.phase === 'afterHead' && (!HEAD_ELEMENTS.has(name) || name === 'noscript')) return this.finish();
    if (!HEAD_ELEMENTS.has(name)) return name === 'body' ? this.finish() : this.endEarly(start, endIndex + 1);
    if (INERT_ELEMENTS.has(name)) this.inert++;
    else if (name === 'title') this.titleStart = this.read.title === undefined ? start : -1;
    else this.keep(name, attribs, start, endIndex + 1, false);
  }

  /** Every end tag of the source, open or not: htmlparser2's own close events skip `</head>` when no `<head>` was written. */
  onEndTag(name: string, start: number, end: number): void {
    if (this.phase === 'done') return;
    if (RAW_TEXT.has(name) && this.rawText > 0) this.rawText--;
    if (this.phase === 'endedEarly') {
      if (name === 'head') this.finish();
    } else if (this.inert > 0) {
      if (INERT_ELEMENTS.has(name)) this.inert--;
    } else if (name === 'title' && this.titleStart >= 0) {
      this.read.title = { text: this.titleText.replace(/[\t\n\f\r ]+/g, ' ').trim(), start: this.titleStart, end };
      this.titleStart = -1;
    } else if (name === 'head' && this.phase === 'head') {
      this.phase = 'afterHead';
    } else if (name === 'body' || name === 'html' || name === 'br') {
      // In a head these end tags end it, and the body begins (the HTML standard's "act as anything else").
      if (this.phase === 'head') this.endEarly(start, end);
      else this.finish();
    }
  }

  ontext(data: string): void {
    if (this.phase === 'done' || this.inert > 0) return;
    if (this.phase === 'endedEarly') {
      if (this.parser.startIndex > this.lookaheadEnd) this.finish();
    } else if (this.titleStart >= 0) {
      this.titleText += data;
    } else if (this.rawText === 0 && !isBlank(data)) {
      if (this.phase === 'afterHead') this.finish();
      else this.endEarly(...this.trimmedText(this.parser.startIndex, this.parser.endIndex + 1));
    }
  }

  /** htmlparser2's start index can fall short of the `<` after a CDATA-like section in HTML; the tag starts at the next `<`. */
  private tagStart(): number {
    const start = this.parser.startIndex;
    return this.text.charCodeAt(start) === 0x3c ? start : this.text.indexOf('<', start);
  }

  /** The text run's source offsets without its leading and trailing whitespace. */
  private trimmedText(start: number, end: number): [number, number] {
    const raw = this.text.slice(start, end);
    return [start + raw.length - raw.trimStart().length, start + raw.trimEnd().length];
  }

  private whileEndedEarly(name: string, attribs: Record<string, string>, start: number, end: number): void {
    if (name === 'body' || start > this.lookaheadEnd) this.finish();
    else this.keep(name, attribs, start, end, true);
  }

  private endEarly(start: number, end: number): void {
    this.read.earlyEnd = { start, end };
    this.phase = 'endedEarly';
    this.lookaheadEnd = end + IGNORED_LOOKAHEAD;
  }

  private keep(name: string, attribs: Record<string, string>, start: number, end: number, ignored: boolean): void {
    if (name === 'meta' || name === 'link' || name === 'base') this.read.tags.push({ name, attribs: lowerCaseNames(attribs), start, end, ignored });
  }

  private finish(): void {
    this.phase = 'done';
    this.parser.pause();
  }
}

/** The attributes with lowercase names; the first of two that differ only by case wins, as in the HTML standard. */
function lowerCaseNames(attribs: Record<string, string>): Record<string, string> {
  let upper = false;
  for (const name in attribs) if (/[A-Z]/.test(name)) upper = true;
  if (!upper) return attribs;
  const lower: Record<string, string> = {};
  for (const name of Object.keys(attribs)) {
    const key = name.toLowerCase();
    if (!Object.hasOwn(lower, key)) lower[key] = attribs[name]!;
  }
  return lower;
}

/** Whitespace only (a BOM too): text that does not end a head. */
function isBlank(data: string): boolean {
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d && c !== 0x0c && c !== 0xfeff) return false;
  }
  return true;
}

/** Elements whose content htmlparser2 reads as text, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'plaintext']);

/** htmlparser2's parser, telling the handler of every end tag in the source (offsets `<` to after `>`). */
class EndTagParser extends Parser {
  constructor(private readonly handler: HeadHandler, private readonly text: string) {
    // Attribute names are lowercased for the few tags kept, not for every tag of the head (htmlparser2 notes the cost).
    super(handler, { lowerCaseAttributeNames: false });
  }

  override onclosetag(nameStart: number, nameEnd: number): void {
    const close = this.text.indexOf('>', nameEnd);
    this.handler.onEndTag(this.text.slice(nameStart, nameEnd).toLowerCase(), this.text.lastIndexOf('<', nameStart), close < 0 ? this.text.length : close + 1);
    super.onclosetag(nameStart, nameEnd);
  }
}

/**
 * The head of `text`; htmlparser2 never throws on text, whatever it holds. `complete` false: the text is the start of
 * a longer page, so a tag cut at its end is dropped rather than read as text.
 */
export function readHead(text: string, complete: boolean): HeadRead {
  const handler = new HeadHandler(text);
  const parser = new EndTagParser(handler, text);
  handler.parser = parser;
  parser.write(text);
  if (handler.phase !== 'done' && complete) parser.end();
  handler.read.headEnded = handler.phase !== 'head';
  handler.read.finished = handler.phase === 'done';
  return handler.read;
}
