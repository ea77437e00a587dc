/**
 * Merge Index into One Sitemap: the inverse of Split into Index. Split writes each child as the original's prolog and
 * root start tag, a run of entry units (the trivia before an entry + the entry, byte for byte) and the original's
 * closing (the trivia after the last entry + the end tag and what follows). Merging re-cuts every child the same way
 * and joins: the first child's prolog and start tag, every child's units in index order, the first child's closing.
 * So Split → Merge gives the original back exactly. Text children become `<url><loc>` entries: the result replaces an
 * index, which is an XML file.
 */
import { SITEMAP_NAMESPACE } from '../parser';
import type { SitemapModel } from '../model';
import { Ch, isWhitespace } from '../scanner';
import { SegmentKind, type Segment } from '../segment';
import { unescapeXml, escapeXml } from '../xmlText';

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
}

export type MergeRefusalKind =
  | 'not-an-index' | 'empty-index' | 'child-is-index' | 'child-not-a-sitemap' | 'ill-formed' | 'namespace-conflict'
  | 'too-many-entries' | 'too-large';

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
  const indexSyntax = firstSyntaxProblem(index);
  if (indexSyntax !== undefined) return refuse('ill-formed', 'The index is not well-formed XML: fix it first.', { offset: indexSyntax });
  if (children.length === 0) return refuse('empty-index', 'The index lists no sitemaps.');
  let entries = 0;
  for (let k = 0; k < children.length; k++) {
    const { loc, model } = children[k];
    const syntax = firstSyntaxProblem(model);
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
  return { merged: { text: built.text, entries, bytes, addedNamespaces: built.addedNamespaces, droppedLines: built.droppedLines } };
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
  const startTagEnd = endOfStartTag(head, model.root!.nameEnd);
  const lastElement = segments.length - 2;
  if (lastElement < 1) return { opening: head.slice(0, startTagEnd), units: '', closing: head.slice(startTagEnd) + segments[segments.length - 1].text };
  let units = head.slice(startTagEnd);
  for (let k = 1; k < lastElement; k++) units += segments[k].text;
  const last = segments[lastElement].text;
  const elementEnd = endOfElement(last);
  return {
    opening: head.slice(0, startTagEnd),
    units: units + last.slice(0, elementEnd),
    closing: last.slice(elementEnd) + segments[segments.length - 1].text,
  };
}

/** The offset after the `>` of the start tag whose name ends at `from` (quoted values may hold `>`). */
function endOfStartTag(text: string, from: number): number {
  for (let p = from; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c === Ch.DoubleQuote || c === Ch.SingleQuote) {
      const close = text.indexOf(String.fromCharCode(c), p + 1);
      if (close < 0) return text.length;
      p = close;
    } else if (c === Ch.GreaterThan) {
      return p + 1;
    }
  }
  return text.length;
}

/** The end of the element that opens `text` (a well-formed element segment: the element, then trivia). */
function endOfElement(text: string): number {
  let depth = 0;
  let p = 0;
  while (p < text.length) {
    const lt = text.indexOf('<', p);
    if (lt < 0) return text.length;
    if (text.startsWith('<!--', lt)) p = after(text, '-->', lt + 4);
    else if (text.startsWith('<![CDATA[', lt)) p = after(text, ']]>', lt + 9);
    else if (text.startsWith('<?', lt)) p = after(text, '?>', lt + 2);
    else if (text.startsWith('</', lt)) {
      p = after(text, '>', lt + 2);
      if (--depth <= 0) return p;
    } else {
      p = endOfStartTag(text, lt + 1);
      const selfClosing = text.charCodeAt(p - 2) === Ch.Slash;
      if (!selfClosing) depth++;
      else if (depth === 0) return p;
    }
  }
  return text.length;
}

function after(text: string, token: string, from: number): number {
  const at = text.indexOf(token, from);
  return at < 0 ? text.length : at + token.length;
}

// ---------------------------------------------------------------- joining

interface Built {
  text: string;
  addedNamespaces: string[];
  droppedLines: number;
}

function build(children: readonly MergeChildModel[]): Built | { refused: MergeRefusal } {
  const cuts = children.map((c) => (c.model.kind === 'urlset' ? cutXml(c.model) : undefined));
  // The skeleton: the first XML child with an element; else the first XML child; else a fresh urlset.
  let skeleton = children.findIndex((c, k) => cuts[k] !== undefined && c.model.segments.length > 2);
  if (skeleton < 0) skeleton = cuts.findIndex((c) => c !== undefined);
  const eol = lineBreakOf(skeleton >= 0 ? children[skeleton].model : children[0].model);
  let opening: string;
  let closing: string;
  let indent = '  ';
  if (skeleton >= 0) {
    const cut = cuts[skeleton]!;
    opening = cut.opening;
    closing = cut.closing;
    const lead = /(?:^|[\r\n])([ \t]*)$/.exec(cut.units.slice(0, cut.units.indexOf('<') < 0 ? cut.units.length : cut.units.indexOf('<')));
    if (lead !== null) indent = lead[1];
  } else {
    opening = `<?xml version="1.0" encoding="UTF-8"?>${eol}<urlset xmlns="${SITEMAP_NAMESPACE}">`;
    closing = `${eol}</urlset>${eol}`;
  }
  const added = skeleton >= 0 ? addNamespaces(children, skeleton) : { declarations: [] };
  if ('refused' in added) return added;
  if (added.declarations.length > 0) {
    const close = opening.length - 1;
    let insertAt = close;
    while (insertAt > 0 && (opening.charCodeAt(insertAt - 1) === Ch.Slash || isWhitespace(opening.charCodeAt(insertAt - 1)))) insertAt--;
    opening = opening.slice(0, insertAt) + added.declarations.map((d) => ' ' + d).join('') + opening.slice(insertAt);
  }
  const parts: string[] = [opening];
  let droppedLines = 0;
  for (let k = 0; k < children.length; k++) {
    const cut = cuts[k];
    if (cut !== undefined) {
      // A child without elements adds nothing (its trivia would only repeat the closing's).
      if (children[k].model.segments.length > 2) parts.push(cut.units);
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
    if (k === skeleton || children[k].model.kind !== 'urlset' || children[k].model.segments.length <= 2) continue;
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

function rootBindings(model: SitemapModel): ReadonlyArray<{ prefix: string; uri: string; valueStart: number }> {
  return model.root?.frame?.bindings ?? [];
}

// ---------------------------------------------------------------- small helpers

/** Offset of the first `xml-syntax` problem, if any. */
function firstSyntaxProblem(model: SitemapModel): number | undefined {
  let first: Segment | undefined;
  for (const segment of model.problemSegments) {
    if ((first === undefined || segment.index < first.index) && segment.problems.some((p) => p.rule === 'xml-syntax')) first = segment;
  }
  if (first === undefined) return undefined;
  const problem = first.problems.filter((p) => p.rule === 'xml-syntax').reduce((a, b) => (b.start < a.start ? b : a));
  return model.segmentStart(first.index) + problem.start;
}

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

/** UTF-8 bytes of `text` (lone surrogates count 3, as the encoder writes U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // the pair: 4 bytes for 2 units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

function refuse(kind: MergeRefusalKind, message: string, extra: Omit<MergeRefusal, 'kind' | 'message'> = {}): { refused: MergeRefusal } {
  return { refused: { kind, message, ...extra } };
}
