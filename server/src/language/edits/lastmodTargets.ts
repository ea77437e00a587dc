/** What the lastmod edits share: the entries that cursors and selections touch, each entry's `<lastmod>` (or where a
 * missing one goes), and the edit writing a value there. A missing one is inserted after `<loc>` (schema order) with
 * the whitespace before the `<loc>`, so the layout matches. */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit } from '../sitemapLanguageTypes';
import { SegmentKind } from '../model/segment';
import { entryExtent, namespaceOf, rootStructure, structureOf, trimmedContent, type RootStructure, type XmlElement } from '../features/structure';
import { hasSyntaxErrors } from './entries';

/** One entry's `<lastmod>` as the edits see it; offsets relative to `base`. */
export interface LastmodTarget {
  /** Absolute start of the entry's segment. */
  base: number;
  text: string;
  entry: XmlElement;
  loc: XmlElement | undefined;
  lastmod: XmlElement | undefined;
  /** The `<lastmod>`'s trimmed text; undefined when the entry has none. */
  current: string | undefined;
}

/** Whether the lastmod edits may touch the document: a sitemap or an index, without syntax errors. */
export function lastmodEditable(model: SitemapModel): boolean {
  return model.languageId === 'sitemap' && model.kind !== 'unknown' && !hasSyntaxErrors(model);
}

/** The segment indexes of the entries the ranges (absolute offsets; a cursor is an empty range) touch, in order. */
export function selectedEntries(model: SitemapModel, ranges: ReadonlyArray<{ start: number; end: number }>): number[] {
  const touched = new Set<number>();
  for (const range of ranges) {
    const [from, to] = range.end > range.start ? selectedSpan(model, range) : [entryAt(model, range.start), entryAt(model, range.start)];
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
      if (model.segments[i]?.kind === SegmentKind.Element && model.segments[i].isEntry) touched.add(i);
    }
  }
  return [...touched].sort((a, b) => a - b);
}

/** Every entry of the document, as selectedEntries gives them. */
export function allEntries(model: SitemapModel): number[] {
  const indexes: number[] = [];
  model.segments.forEach((segment, i) => {
    if (segment.kind === SegmentKind.Element && segment.isEntry) indexes.push(i);
  });
  return indexes;
}

export function lastmodTarget(model: SitemapModel, index: number, root: RootStructure = rootStructure(model)): LastmodTarget | undefined {
  const segment = model.segments[index];
  const entry = structureOf(segment).elements[0];
  if (entry === undefined) return undefined;
  const children = entry.children.filter((c) => namespaceOf(c, root) === model.root?.sitemapNamespace);
  const lastmod = children.find((c) => c.local === 'lastmod');
  const current = lastmod === undefined ? undefined : segment.text.slice(...trimmedContent(segment.text, lastmod));
  return { base: model.segmentStart(index), text: segment.text, entry, loc: children.find((c) => c.local === 'loc'), lastmod, current };
}

/** The edit (absolute) that makes `value` the target's lastmod: its content replaced, or an element inserted. */
export function writeLastmod(target: LastmodTarget, value: string): OffsetEdit {
  const edit = target.lastmod !== undefined
    ? replaceValue(target.text, target.lastmod, value)
    : insertLastmod(target.text, target.entry, target.loc, value);
  return { start: target.base + edit.start, end: target.base + edit.end, text: edit.text };
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
