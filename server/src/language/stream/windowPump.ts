/** The streams' text → head → windows pump (validationStream.ts, edits/splitStream.ts): windows of whole segments, cut
 * after a line break or before an entry start tag that parseXmlRegion confirms as a boundary. */
import { parseXmlDocument, parseXmlHead, parseXmlRegion, type RootInfo, type XmlParseResult } from '../syntax/parser';
import { isNameChar } from '../syntax/textMetrics';
import { parseTextLines } from '../syntax/textSitemap';
import type { Segment } from '../model/segment';

/** Cut candidates tried per window before waiting for more text. */
const CUT_TRIES = 4;

/** What a stream does with what the pump reads. */
export interface WindowSink {
  /** The head, once complete: true to go on in windows, false to gather the rest whole. May throw. */
  head(head: Segment, root: RootInfo): boolean;
  /** The whole segments of one window, in order, the first at `offset` in the whole text. */
  window(segments: readonly Segment[], offset: number): void;
  /** XML held without a window to give: the head is incomplete or no entry boundary was found. */
  stalled?(): void;
}

export interface WindowPumpOptions {
  /** An XML sitemap, else a text sitemap. */
  xml: boolean;
  /** Characters gathered before a window is cut. */
  window: number;
  /** After a failed cut, wait until the held text has doubled (an unclosed comment would else be parsed on every push). */
  backOff: boolean;
}

export class WindowPump {
  private held = '';
  /** Offset of `held` in the whole text. */
  private offset = 0;
  /** The head the sink took, its root and the entry start tag a cut looks for. */
  private head: { root: RootInfo; text: string; entryTag: string } | undefined;
  /** Cuts are not tried again before the held text is this long. */
  private retryAt = 0;
  /**
   * Whether text pushed since the last failed cut may hold a new place to cut (a line break; before the head a `>`,
   * after it the entry start tag): a failed cut fails again on the same text, and trying it on every push would
   * rescan the held text each time (minutes for 50 MB of spaces after the last entry, a gzip bomb's).
   */
  private fresh = true;
  /** The last characters pushed, so that a tag cut across two pushes is seen. */
  private tail = '';

  constructor(private readonly options: WindowPumpOptions, private readonly sink: WindowSink) {}

  /** The root, once the head is read and the sink took it. */
  get root(): RootInfo | undefined {
    return this.head?.root;
  }

  /** The head's text, once read ('' before). */
  get headText(): string {
    return this.head?.text ?? '';
  }

  /** The text not in a window yet (after the head, once read). */
  get text(): string {
    return this.held;
  }

  /** Takes the next piece of text; may give the sink the head and windows. */
  push(text: string): void {
    this.notice(text);
    this.held += text;
    if (this.held.length < this.options.window || this.held.length < this.retryAt) return;
    if (!this.fresh) {
      // Nothing new to cut at: the sink still hears that the text is held (sitemap-split bounds it).
      if (this.retryAt !== Infinity) this.stall();
      return;
    }
    this.fresh = false;
    if (!this.options.xml) this.cutLines();
    else if (this.head !== undefined || this.readHead()) this.cutEntries();
    // The head goes on (a long prolog), or the sink declined the root (then the rest is gathered whole).
    else if (this.retryAt !== Infinity) this.stall();
  }

  /** Sets `fresh` when `text`, joined to what came before it, holds what a cut looks for now. */
  private notice(text: string): void {
    const probe = this.tail + text;
    const mark = !this.options.xml ? undefined : this.head === undefined ? '>' : this.head.entryTag;
    if (!this.fresh) this.fresh = mark === undefined ? probe.includes('\n') || probe.includes('\r') : probe.includes(mark);
    this.tail = probe.slice(-Math.max(1, (mark?.length ?? 1) - 1));
  }

  /** Parses the head once it is complete; false while it is not, or when the sink declines it. */
  readHead(): boolean {
    const { root, head, complete } = parseXmlHead(this.held);
    if (!complete) return false;
    if (!this.sink.head(head, root)) {
      this.retryAt = Infinity;
      return false;
    }
    this.head = { root, text: head.text, entryTag: entryTagOf(head.text, root) };
    this.held = this.held.slice(head.text.length);
    this.offset = head.text.length;
    this.tail = this.held.slice(-this.head.entryTag.length);
    this.fresh = true;
    return true;
  }

  /**
   * The rest of an XML text parsed with the head as a whole document, so that the root's end and what follows read
   * as a full parse reads them; `offset`: where that document starts in the whole text.
   */
  lastXml(): { parsed: XmlParseResult; offset: number } {
    const parsed = parseXmlDocument(this.headText + this.held);
    const offset = this.offset - this.headText.length;
    this.held = '';
    return { parsed, offset };
  }

  /** The rest of a text sitemap's lines, the first at `offset`. */
  lastLines(): { segments: Segment[]; offset: number } {
    const segments = parseTextLines(this.held);
    this.held = '';
    return { segments, offset: this.offset };
  }

  private cutEntries(): void {
    const { root, entryTag } = this.head!;
    const window = cutWindow(this.held, entryTag, root);
    if (window === undefined) {
      this.stall();
      return;
    }
    this.retryAt = 0;
    this.sink.window(window.segments, this.offset);
    this.held = this.held.slice(window.cut);
    this.offset += window.cut;
    this.fresh = true; // what follows the cut is looked at anew
  }

  private cutLines(): void {
    const b = this.held;
    let cut = b.lastIndexOf('\n') + 1;
    const cr = b.lastIndexOf('\r');
    // A CR at the very end may be the first half of a CRLF.
    if (cr >= cut && cr < b.length - 1) cut = cr + 1;
    if (cut <= 0) {
      // A CR at the very end becomes a place to cut once anything follows it.
      this.fresh = cr === b.length - 1;
      this.stall();
      return;
    }
    this.retryAt = 0;
    this.sink.window(parseTextLines(b.slice(0, cut)), this.offset);
    this.held = b.slice(cut);
    this.offset += cut;
    this.fresh = true;
  }

  private stall(): void {
    if (this.options.backOff) this.retryAt = this.held.length * 2;
    this.sink.stalled?.();
  }
}

/** The entry start tag as the root's prefix writes it (`<url`, `<s:url`): what a cut looks for. */
function entryTagOf(headText: string, root: RootInfo): string {
  const qname = headText.slice(root.nameStart, root.nameEnd);
  const colon = qname.indexOf(':');
  return `<${colon > 0 ? qname.slice(0, colon + 1) : ''}${root.entryName}`;
}

/** The longest prefix of `buffer`, among its last CUT_TRIES entry start tags, that parses as whole segments. */
function cutWindow(buffer: string, entryTag: string, root: RootInfo): { cut: number; segments: Segment[] } | undefined {
  let before = buffer.length;
  for (let tries = 0; tries < CUT_TRIES; tries++) {
    const cut = lastEntryStart(buffer, entryTag, before);
    if (cut <= 0) break;
    const segments = parseXmlRegion(buffer.slice(0, cut), root);
    if (segments !== undefined) return { cut, segments };
    before = cut;
  }
  return undefined;
}

/** The last entry start tag before `before`: a candidate segment boundary. */
function lastEntryStart(b: string, entryTag: string, before: number): number {
  let p = b.lastIndexOf(entryTag, before - 1);
  while (p > 0 && p + entryTag.length < b.length && isNameChar(b.charCodeAt(p + entryTag.length))) {
    p = b.lastIndexOf(entryTag, p - 1);
  }
  return p;
}
