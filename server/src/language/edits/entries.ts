/** A document's entries as movable units for the edits that reorder or remove them: an XML entry with its leading
 * trivia (whitespace and comments since the previous element), a text sitemap's line without its line break. What
 * follows the last element stays put, so the indentation before `</urlset>` is kept. */
import type { SitemapModel } from '../model/model';
import { SegmentKind, type Segment } from '../model/segment';
import type { LocalProblem } from '../rules/catalogue';

export interface EntryUnit {
  /** Absolute range of the unit. */
  start: number;
  end: number;
  /** The canonical URL (segment.url) or undefined when the entry has none. */
  url: string | undefined;
  /** Absolute start of the element (XML) or of the line's content (text). */
  elementStart: number;
  segment: Segment;
}

/** The units in document order; undefined when the document cannot be edited safely (no root, an `xml-syntax` error). */
export function entryUnits(model: SitemapModel): EntryUnit[] | undefined {
  return model.languageId === 'sitemap-txt' ? lineUnits(model) : xmlUnits(model);
}

export function hasSyntaxErrors(model: SitemapModel): boolean {
  return firstSyntaxError(model) !== undefined;
}

/** The first `xml-syntax` problem in document order (absolute range): the one the edits that refuse point at. */
export function firstSyntaxError(model: SitemapModel): { start: number; end: number; message: string } | undefined {
  let first: { segment: Segment; problem: LocalProblem } | undefined;
  for (const segment of model.problemSegments) {
    if (first !== undefined && segment.index > first.segment.index) continue;
    for (const problem of segment.problems) {
      if (problem.rule !== 'xml-syntax') continue;
      if (first === undefined || segment.index < first.segment.index || problem.start < first.problem.start) first = { segment, problem };
    }
  }
  if (first === undefined) return undefined;
  const base = model.segmentStart(first.segment.index);
  return { start: base + first.problem.start, end: base + first.problem.end, message: first.problem.message };
}

function xmlUnits(model: SitemapModel): EntryUnit[] | undefined {
  const root = model.root;
  if (model.kind === 'unknown' || root === undefined || root.kind === 'none' || hasSyntaxErrors(model)) return undefined;
  const units: EntryUnit[] = [];
  let leadStart = root.startTagEnd;
  let base = model.segments[0].text.length;
  for (let i = 1; i < model.segments.length; i++) {
    const segment = model.segments[i];
    if (segment.kind !== SegmentKind.Element) break;
    const end = base + segment.elementEnd;
    units.push({ start: leadStart, end, url: segment.isEntry ? segment.url : undefined, elementStart: base + segment.tagStart, segment });
    leadStart = end;
    base += segment.text.length;
  }
  return units;
}

function lineUnits(model: SitemapModel): EntryUnit[] {
  const units: EntryUnit[] = [];
  let base = 0;
  for (const segment of model.segments) {
    const text = segment.text;
    const start = base + (base === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
    let end = base + text.length;
    while (end > start && (text.charCodeAt(end - base - 1) === 0x0a || text.charCodeAt(end - base - 1) === 0x0d)) end--;
    units.push({ start, end, url: segment.isEntry ? segment.url : undefined, elementStart: start, segment });
    base += text.length;
  }
  return units;
}
