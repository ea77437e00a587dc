/** Set lastmod to Now for the selected entries, in the form (precision, fraction digits, `Z` or offset) of the entry's
 * own `<lastmod>`, else the file's first valid one, else a local datetime with seconds and offset. A missing one is
 * inserted after `<loc>` (schema order) with the whitespace before the `<loc>`, so the layout matches. */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit, TimeZoneOffset } from '../sitemapLanguageTypes';
import { SegmentKind } from '../model/segment';
import { entryExtent, namespaceOf, rootStructure, structureOf, trimmedContent, type XmlElement } from '../features/structure';
import { formatOffset, systemTimeZoneOffset } from '../features/clock';
import { hasSyntaxErrors } from './entries';

export interface LastmodNowOptions {
  now: number;
  timeZoneOffset?: TimeZoneOffset;
}

export type LastmodNowResult =
  | { status: 'set'; edits: OffsetEdit[]; entries: number; value: string }
  | { status: 'no-entries' }
  | { status: 'not-editable' };

interface LastmodStyle {
  /** Characters of `YYYY-MM-DDThh:mm:ss` kept: 4, 7, 10, 16 or 19. */
  length: number;
  fraction: number;
  utc: boolean;
}

const DEFAULT_STYLE: LastmodStyle = { length: 19, fraction: 0, utc: false };
const W3C = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** `ranges` are absolute offsets (a cursor is an empty range). */
export function setLastmodNow(model: SitemapModel, ranges: ReadonlyArray<{ start: number; end: number }>, options: LastmodNowOptions): LastmodNowResult {
  if (model.languageId !== 'sitemap' || model.kind === 'unknown' || hasSyntaxErrors(model)) return { status: 'not-editable' };
  const touched = new Set<number>();
  for (const range of ranges) {
    const [from, to] = range.end > range.start ? selectedSpan(model, range) : [entryAt(model, range.start), entryAt(model, range.start)];
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
      if (model.segments[i]?.kind === SegmentKind.Element && model.segments[i].isEntry) touched.add(i);
    }
  }
  if (touched.size === 0) return { status: 'no-entries' };
  const root = rootStructure(model);
  const fileStyle = firstValidStyle(model);
  const edits: OffsetEdit[] = [];
  let value = '';
  for (const index of [...touched].sort((a, b) => a - b)) {
    const segment = model.segments[index];
    const base = model.segmentStart(index);
    const entry = structureOf(segment).elements[0];
    if (entry === undefined) continue;
    const children = entry.children.filter((c) => namespaceOf(c, root) === model.root?.sitemapNamespace);
    const lastmod = children.find((c) => c.local === 'lastmod');
    const own = lastmod === undefined ? undefined : styleOf(segment.text.slice(...trimmedContent(segment.text, lastmod)));
    value = formatNow(options.now, own ?? fileStyle ?? DEFAULT_STYLE, options.timeZoneOffset ?? systemTimeZoneOffset);
    const edit = lastmod !== undefined
      ? replaceValue(segment.text, lastmod, value)
      : insertLastmod(segment.text, entry, children.find((c) => c.local === 'loc'), value);
    edits.push({ start: base + edit.start, end: base + edit.end, text: edit.text });
  }
  return { status: 'set', edits, entries: edits.length, value };
}

/**
 * The segment a cursor means: its own entry, or the next one when the cursor is on a line after the entry's end (the
 * indentation before the next `<url>`) or in the head's last whitespace; -1 before the first entry.
 */
function entryAt(model: SitemapModel, offset: number): number {
  const index = model.segmentAt(Math.max(0, Math.min(offset, model.length)));
  const segment = model.segments[index];
  const relative = offset - model.segmentStart(index);
  if (segment.kind === SegmentKind.Head) return /^\s*$/.test(segment.text.slice(relative)) ? index + 1 : -1;
  if (segment.kind !== SegmentKind.Element) return -1;
  const end = entryExtent(segment).end;
  return relative > end && /[\r\n]/.test(segment.text.slice(end, relative)) ? index + 1 : index;
}

/**
 * The segments a non-empty selection spans. A selection that starts in the head (the root's start tag, the prolog)
 * starts at the first entry, and one that ends in the tail (the root's end tag) ends at the last: Select All, or the
 * root element selected, means every entry.
 */
function selectedSpan(model: SitemapModel, range: { start: number; end: number }): [number, number] {
  const startIndex = model.segmentAt(Math.max(0, Math.min(range.start, model.length)));
  const from = model.segments[startIndex].kind === SegmentKind.Head ? startIndex + 1 : entryAt(model, range.start);
  const endIndex = model.segmentAt(Math.max(0, Math.min(range.end - 1, model.length)));
  const to = model.segments[endIndex].kind === SegmentKind.Tail ? endIndex - 1 : entryAt(model, range.end - 1);
  return from === -1 || to === -1 || to < from ? [-1, -1] : [from, to];
}

function firstValidStyle(model: SitemapModel): LastmodStyle | undefined {
  for (const segment of model.segments) {
    if (segment.kind !== SegmentKind.Element || Number.isNaN(segment.lastmod)) continue;
    const style = styleOf(segment.text.slice(segment.lastmodStart, segment.lastmodEnd).trim());
    if (style !== undefined) return style;
  }
  return undefined;
}

function styleOf(value: string): LastmodStyle | undefined {
  const match = W3C.exec(value);
  if (match === null) return undefined;
  const zone = match[2];
  const length = zone === undefined ? value.length : value.length - zone.length - (match[1] === undefined ? 0 : match[1].length + 1);
  return { length, fraction: match[1]?.length ?? 0, utc: zone === 'Z' };
}

/** `time` in the form of `sample` (a `<lastmod>` of the entry or the file), else a local datetime with seconds and offset. */
export function formatLastmodLike(time: number, sample: string | undefined, zone: TimeZoneOffset): string {
  return formatNow(time, (sample === undefined ? undefined : styleOf(sample.trim())) ?? DEFAULT_STYLE, zone);
}

export function formatNow(now: number, style: LastmodStyle, zone: TimeZoneOffset): string {
  const offset = style.utc ? 0 : zone(now);
  const iso = new Date(now + offset * 60_000).toISOString(); // YYYY-MM-DDThh:mm:ss.sssZ of the wall clock
  if (style.length <= 10) return iso.slice(0, style.length);
  const fraction = style.fraction === 0 ? '' : '.' + iso.slice(20, 23).padEnd(style.fraction, '0').slice(0, style.fraction);
  return iso.slice(0, style.length) + (style.length === 19 ? fraction : '') + (style.utc ? 'Z' : formatOffset(offset));
}

function replaceValue(text: string, lastmod: XmlElement, value: string): OffsetEdit {
  if (lastmod.selfClosing) return { start: lastmod.start, end: lastmod.end, text: `<${lastmod.qname}>${value}</${lastmod.qname}>` };
  const [start, end] = trimmedContent(text, lastmod);
  return { start, end, text: value };
}

/** After `<loc>` (or first in the entry when it has none), preceded by the whitespace that precedes the `<loc>`. */
function insertLastmod(text: string, entry: XmlElement, loc: XmlElement | undefined, value: string): OffsetEdit {
  const anchor = loc ?? entry.children[0];
  const previous = anchor === undefined ? undefined : entry.children[entry.children.indexOf(anchor) - 1];
  const gap = anchor === undefined ? '' : text.slice(previous?.end ?? entry.startTagEnd, anchor.start);
  const separator = /^\s*$/.test(gap) ? gap : '';
  const qname = loc !== undefined && loc.prefix !== '' ? `${loc.prefix}:lastmod` : 'lastmod';
  const element = `<${qname}>${value}</${qname}>`;
  if (loc !== undefined) return { start: loc.end, end: loc.end, text: separator + element };
  return { start: entry.startTagEnd, end: entry.startTagEnd, text: separator + element };
}
