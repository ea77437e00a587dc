/** Merge Index into One Sitemap, the inverse of Split: every child is cut into entry units as Split wrote them and
 * joined between the first child's prolog and the last child's closing, so Split → Merge gives the original back
 * byte for byte. Text children become `<url><loc>` entries: the result replaces an index, an XML file. */
import type { MergeRefusalKind } from '../../../../shared/kinds';
import { SITEMAP_NAMESPACE } from '../syntax/parser';
import type { SitemapModel } from '../model/model';
import { Ch, isWhitespace, utf8Length } from '../syntax/textMetrics';
import { SegmentKind, type Segment } from '../model/segment';
import { unescapeXml, escapeXml } from '../syntax/xmlText';
import { firstSyntaxError } from './entries';

export interface MergeChildModel {
  /** The child's `<loc>` in the index (for messages). */
  loc: string;
  model: SitemapModel;
}

export interface MergeOptions {
  maxEntries: number;
  maxBytes: number;
}

export interface Merged {
  text: string;
  /** Entries of the merged sitemap (the children's entries summed). */
  entries: number;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** Namespace declarations (`xmlns:image="…"`) added to the first child's root so other children's elements stay bound. */
  addedNamespaces: string[];
  /** Lines of text children that were neither blank nor a URL (a text sitemap holds nothing else): not carried over. */
  droppedLines: number;
  /** Entries whose URL (decoded) an earlier entry of the merged sitemap already lists: what Remove Duplicate URLs removes. */
  duplicateUrls: number;
}

export interface MergeRefusal {
  kind: MergeRefusalKind;
  message: string;
  /** Which child (0-based, index order); none when the index itself is the cause. */
  child?: number;
  /** Where, in the child (or the index when `child` is undefined). */
  offset?: number;
  /** The merged sitemap's entries or bytes, against `limit`. */
  count?: number;
  limit?: number;
}

export type MergeOutcome = { merged: Merged; refused?: undefined } | { refused: MergeRefusal; merged?: undefined };

export interface IndexEntry {
  /** The `<loc>`, decoded; undefined for a `<sitemap>` without one. */
  url: string | undefined;
  /** The entry's start tag (or its `<loc>` value when there is one). */
  start: number;
  end: number;
}

/** The children an index lists, in order. */
export function indexEntries(index: SitemapModel): IndexEntry[] {
  const found: IndexEntry[] = [];
  let offset = 0;
  for (const segment of index.segments) {
    if (segment.isEntry) {
      const hasUrl = segment.url !== undefined;
      found.push({
        url: hasUrl ? unescapeXml(segment.url!) : undefined,
        start: offset + (hasUrl ? segment.urlStart : segment.tagStart),
        end: offset + (hasUrl ? segment.urlEnd : segment.tagEnd),
      });
    }
    offset += segment.text.length;
  }
  return found;
}

export function mergeIndex(index: SitemapModel, children: readonly MergeChildModel[], options: MergeOptions): MergeOutcome {
  if (index.kind !== 'sitemapindex') return refuse('not-an-index', 'This document is not a sitemap index.');
  const indexSyntax = firstSyntaxError(index)?.start;
  if (indexSyntax !== undefined) return refuse('ill-formed', 'The index is not well-formed XML: fix it first.', { offset: indexSyntax });
  if (children.length === 0) return refuse('empty-index', 'The index lists no sitemaps.');
  let entries = 0;
  for (let k = 0; k < children.length; k++) {
    const { loc, model } = children[k];
    const syntax = firstSyntaxError(model)?.start;
    if (syntax !== undefined) return refuse('ill-formed', `${loc} is not well-formed XML.`, { child: k, offset: syntax });
    if (model.kind === 'sitemapindex') return refuse('child-is-index', `${loc} is itself a sitemap index.`, { child: k });
    if (model.kind === 'unknown') return refuse('child-not-a-sitemap', `${loc} is not a sitemap (<urlset> or a text sitemap).`, { child: k });
    entries += model.entryCount;
  }
  if (entries > options.maxEntries) {
    return refuse('too-many-entries', `The merged sitemap would hold ${entries} entries; the limit is ${options.maxEntries}.`, { count: entries, limit: options.maxEntries });
  }
  const built = build(children);
  if ('refused' in built) return built;
  const bytes = utf8Length(built.text);
  if (bytes > options.maxBytes) {
    return refuse('too-large', `The merged sitemap would be ${bytes} bytes; the limit is ${options.maxBytes}.`, { count: bytes, limit: options.maxBytes });
  }
  const { text, addedNamespaces, droppedLines } = built;
  return { merged: { text, entries, bytes, addedNamespaces, droppedLines, duplicateUrls: repeatedUrls(children) } };
}

/** Entries, across the children in order, whose decoded URL an earlier one has. */
function repeatedUrls(children: readonly MergeChildModel[]): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const { model } of children) {
    for (const segment of model.segments) {
      if (!segment.isEntry || segment.url === undefined) continue;
      const url = unescapeXml(segment.url);
      if (seen.has(url)) repeated++;
      else seen.add(url);
    }
  }
  return repeated;
}

// ---------------------------------------------------------------- cutting an XML child

/** An XML child cut the way Split writes it: `opening` + `units` + `closing` is its text. */
interface XmlCut {
  opening: string;
  units: string;
  closing: string;
}

function cutXml(model: SitemapModel): XmlCut {
  const segments = model.segments;
  const head = segments[0].text;
  const tail = segments[segments.length - 1].text;
  const startTagEnd = model.root!.startTagEnd;
  const lastElement = segments.length - 2;
  if (lastElement < 1) return { opening: head.slice(0, startTagEnd), units: '', closing: head.slice(startTagEnd) + tail };
  let units = head.slice(startTagEnd);
  for (let k = 1; k < lastElement; k++) units += segments[k].text;
  const last = segments[lastElement];
  return {
    opening: head.slice(0, startTagEnd),
    units: units + last.text.slice(0, last.elementEnd),
    closing: last.text.slice(last.elementEnd) + tail,
  };
}

// ---------------------------------------------------------------- joining

interface Built {
  text: string;
  addedNamespaces: string[];
  droppedLines: number;
}

function build(children: readonly MergeChildModel[]): Built | { refused: MergeRefusal } {
  const cuts = children.map((c) => (c.model.kind === 'urlset' ? cutXml(c.model) : undefined));
  const withElements = children.map((c, k) => k).filter((k) => cuts[k] !== undefined && hasElements(children[k].model));
  // The opening: the first XML child with an element's; else the first XML child's; else a fresh urlset's.
  const skeleton = withElements[0] ?? cuts.findIndex((c) => c !== undefined);
  const eol = lineBreakOf(skeleton >= 0 ? children[skeleton].model : children[0].model);
  let opening: string;
  let closing: string;
  let indent = '  ';
  if (skeleton >= 0) {
    const cut = cuts[skeleton]!;
    // The closing: the last XML child with an element's (Split gives it the original's end), if it ends the same root.
    const last = withElements[withElements.length - 1] ?? skeleton;
    opening = cut.opening;
    closing = rootName(children[last].model) === rootName(children[skeleton].model) ? cuts[last]!.closing : cut.closing;
    indent = indentOf(cut.units) ?? indent;
  } else {
    opening = `<?xml version="1.0" encoding="UTF-8"?>${eol}<urlset xmlns="${SITEMAP_NAMESPACE}">`;
    closing = `${eol}</urlset>${eol}`;
  }
  const added = skeleton >= 0 ? addNamespaces(children, skeleton) : { declarations: [] };
  if ('refused' in added) return added;
  if (added.declarations.length > 0) {
    let insertAt = opening.length - 1; // the start tag's '>'
    while (insertAt > 0 && (opening.charCodeAt(insertAt - 1) === Ch.Slash || isWhitespace(opening.charCodeAt(insertAt - 1)))) insertAt--;
    opening = opening.slice(0, insertAt) + added.declarations.map((d) => ' ' + d).join('') + opening.slice(insertAt);
  }
  const parts: string[] = [opening];
  let droppedLines = 0;
  for (let k = 0; k < children.length; k++) {
    const cut = cuts[k];
    if (cut !== undefined) {
      // A child without elements adds nothing (its trivia would only repeat the closing's).
      if (hasElements(children[k].model)) parts.push(cut.units);
      continue;
    }
    for (const line of children[k].model.segments) {
      if (line.kind !== SegmentKind.Line) continue;
      if (line.url !== undefined) parts.push(`${eol}${indent}<url><loc>${line.url}</loc></url>`);
      else if (!isBlank(line)) droppedLines++;
    }
  }
  parts.push(closing);
  return { text: parts.join(''), addedNamespaces: added.declarations, droppedLines };
}

/**
 * The root namespace declarations other XML children make and the skeleton's root lacks, so that their entries'
 * elements stay bound once inside it. A prefix bound to another namespace there cannot be merged without rewriting.
 */
function addNamespaces(children: readonly MergeChildModel[], skeleton: number): { declarations: string[] } | { refused: MergeRefusal } {
  const bound = new Map<string, string>();
  for (const b of rootBindings(children[skeleton].model)) bound.set(b.prefix, b.uri);
  const declarations: string[] = [];
  for (let k = 0; k < children.length; k++) {
    if (k === skeleton || children[k].model.kind !== 'urlset' || !hasElements(children[k].model)) continue;
    for (const { prefix, uri, valueStart } of rootBindings(children[k].model)) {
      const have = bound.get(prefix);
      if (have === uri) continue;
      if (have !== undefined) {
        const name = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
        return refuse('namespace-conflict', `${children[k].loc} binds ${name} to "${uri}", the first sitemap to "${have}".`, { child: k, offset: valueStart });
      }
      bound.set(prefix, uri);
      declarations.push(`${prefix === '' ? 'xmlns' : `xmlns:${prefix}`}="${escapeXml(uri)}"`);
    }
  }
  return { declarations };
}

/** The indentation of the first markup in `units`, when it starts a line. */
function indentOf(units: string): string | undefined {
  const markup = units.indexOf('<');
  return /(?:^|[\r\n])([ \t]*)$/.exec(markup < 0 ? units : units.slice(0, markup))?.[1];
}

function hasElements(model: SitemapModel): boolean {
  return model.segments.length > 2;
}

function rootName(model: SitemapModel): string {
  return model.segments[0].text.slice(model.root!.nameStart, model.root!.nameEnd);
}

function rootBindings(model: SitemapModel): ReadonlyArray<{ prefix: string; uri: string; valueStart: number }> {
  return model.root?.frame?.bindings ?? [];
}

// ---------------------------------------------------------------- small helpers

/** The document's first line break (`\r\n` or `\n`), `\n` when it has none. */
function lineBreakOf(model: SitemapModel): string {
  for (const segment of model.segments) {
    const p = segment.text.search(/[\r\n]/);
    if (p >= 0) return segment.text.startsWith('\r\n', p) ? '\r\n' : segment.text[p];
  }
  return '\n';
}

function isBlank(line: Segment): boolean {
  return /^[\s\uFEFF]*$/.test(line.text);
}

function refuse(kind: MergeRefusalKind, message: string, extra: Omit<MergeRefusal, 'kind' | 'message'> = {}): { refused: MergeRefusal } {
  return { refused: { kind, message, ...extra } };
}
