/** Cuts the parsed text into segments as the parser reaches their boundaries, collecting each one's problems; offsets
 * are absolute while a segment is open, relative once it is finished. */
import type { LocalProblem, RuleId } from '../rules/catalogue';
import type { EntryState } from './parseState';
import { shiftExtensions } from '../rules/extensionElements';
import { countLineBreaks } from './textMetrics';
import { Segment, SegmentKind } from '../model/segment';

export class SegmentAssembler {
  readonly segments: Segment[] = [];
  kind: SegmentKind = SegmentKind.Head;
  /** The open segment's problems, absolute. */
  readonly problems: LocalProblem[] = [];
  /** The entry state of the open element segment, when its element is an entry. */
  entry: EntryState | null = null;
  closedByNext = false;
  /** See Segment.absentAfter. */
  private absent: string[] | undefined = undefined;
  /** See Segment.presentAfter; and where that end tag was found (absolute). */
  private present: string | undefined = undefined;
  private presentAt = -1;
  /** Where the open segment's root child element ends (absolute), once it is closed. */
  elementEnd = -1;
  private start = 0;
  /** Without any CR, line breaks are counted by hopping from LF to LF. */
  private readonly hasCarriageReturns: boolean;

  constructor(private readonly text: string, private readonly onSegment: ((segment: Segment, index: number) => void) | undefined) {
    this.hasCarriageReturns = text.indexOf('\r') !== -1;
  }

  report(rule: RuleId, start: number, end: number, message: string): void {
    this.problems.push({ rule, start, end, message });
  }

  /** The open segment ends what it holds at the next entry start tag for lack of `text` after it (`</name`, `-->`). */
  absentAfter(text: string): void {
    (this.absent ??= []).push(text);
  }

  /** The open segment's root child holds an entry because its end tag (`</name`, `endTag`) follows, found at `at`. */
  presentAfter(endTag: string, at: number): void {
    this.present = endTag;
    this.presentAt = at;
  }

  /** Finishes the open segment at `at` and opens one of `kind` there. */
  begin(at: number, kind: SegmentKind): void {
    this.finish(at);
    this.kind = kind;
  }

  finish(end: number): void {
    const start = this.start;
    const segment = new Segment(this.kind, this.text.slice(start, end));
    const problems = this.problems;
    if (problems.length > 0) {
      for (const p of problems) {
        p.start -= start;
        p.end -= start;
      }
      segment.problems = problems.slice();
      problems.length = 0;
    }
    segment.lineBreaks = countLineBreaks(this.text, start, end, this.hasCarriageReturns);
    segment.closedByNext = this.closedByNext;
    this.closedByNext = false;
    if (this.absent !== undefined) {
      segment.absentAfter = this.absent;
      this.absent = undefined;
    }
    if (this.present !== undefined) {
      if (this.presentAt >= end) segment.presentAfter = this.present;
      this.present = undefined;
    }
    segment.elementEnd = (this.elementEnd < 0 ? end : this.elementEnd) - start;
    this.elementEnd = -1;
    const entry = this.entry;
    if (entry !== null) {
      // Inline, not a helper: a cold parse runs this 50,000 times mostly interpreted, where each call costs.
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
      if (entry.extensions !== null) segment.extensions = shiftExtensions(entry.extensions, start);
    }
    this.segments.push(segment);
    if (this.onSegment !== undefined) this.onSegment(segment, this.segments.length - 1);
    this.entry = null;
    this.start = end;
  }
}
