/** An edit's reparse, as levels tried in order, each returning a Replacement or declining: resniff, lines, entries, head,
 * rest, and full — the fallback and the tests' oracle. Each level's function says what it parses; why, and what each
 * costs: docs/architecture.md, "The reparse levels". */
import { parseXmlDocument, parseXmlHead, parseXmlRegion, childrenParseAlike, type RootInfo, type TextAfter } from '../syntax/parser';
import { Ch, isNameStart, utf8Length } from '../syntax/textMetrics';
import type { Segment } from './segment';
import type { SegmentTextAfter } from './segmentTextAfter';

export type ReparseLevel = 'resniff' | 'lines' | 'entries' | 'head' | 'rest' | 'full';
export const REPARSE_LEVELS: readonly ReparseLevel[] = ['resniff', 'lines', 'entries', 'head', 'rest', 'full'];

/** What a level replaces: the segments [i, j] by `segments`, and the head when it was parsed again. */
export interface Replacement {
  level: 'lines' | 'entries' | 'head' | 'rest';
  i: number;
  j: number;
  segments: Segment[];
  head: { segment: Segment; root: RootInfo } | undefined;
  byteDelta: number;
}

/** The level that handled an edit: a replacement, or the whole document to parse again. */
export type Reparse = Replacement | { readonly level: 'resniff' | 'full' };

/** What the levels read of the document being edited (model.ts). */
export interface EditedDocument {
  readonly segments: readonly Segment[];
  readonly root: RootInfo | undefined;
  readonly isLineBased: boolean;
  /** Segments whose parse depends on the text after them (Segment.absentAfter, presentAfter). */
  readonly dependOnTextAfter: ReadonlySet<Segment>;
  readonly textAfter: SegmentTextAfter;
  segmentAt(offset: number): number;
  segmentStart(index: number): number;
  readingChangesWith(start: number, end: number, text: string): boolean;
  parseLines(text: string, fileStart: boolean): Segment[];
}

/** The root children an edit touches, for the XML levels: segments [i, j], `newText` their text after the edit. */
interface EditedRegion {
  readonly i: number;
  readonly j: number;
  readonly newText: string;
  readonly byteDelta: number;
}

/** How far a region may grow to the right before parsing the rest of the document is cheaper and simpler. */
const MAX_REGION_SEGMENTS = 64;
/** Characters: a region this large that reaches the last child costs what the rest of the document does. */
const LARGE_REGION = 1 << 16;

const RESNIFF = { level: 'resniff' } as const;
const FULL = { level: 'full' } as const;
const XML_LEVELS: ReadonlyArray<(doc: EditedDocument, region: EditedRegion) => Replacement | undefined> = [reparseEntries, reparseHead, reparseRest];

/** The reparse of text[start, end) replaced by `text`: the first level that does not decline. */
export function reparse(doc: EditedDocument, start: number, end: number, text: string): Reparse {
  if (doc.readingChangesWith(start, end, text)) return RESNIFF;
  if (doc.isLineBased) return reparseLines(doc, start, end, text);
  const region = editedRegion(doc, start, end, text);
  if (region === undefined) return FULL;
  for (const level of XML_LEVELS) {
    const replacement = level(doc, region);
    if (replacement !== undefined) return replacement;
  }
  return FULL;
}

/** Text sitemaps and robots.txt: the lines the edit touches, grown to whole lines. Never declines. */
function reparseLines(doc: EditedDocument, start: number, end: number, text: string): Replacement {
  const segments = doc.segments;
  const last = segments.length - 1;
  const first = firstTouched(doc, start);
  const i = Math.max(first, 1);
  let j = Math.min(end > start ? doc.segmentAt(end - 1) : first, last - 1);
  const regionStart = doc.segmentStart(i);
  let oldText = '';
  for (let k = i; k <= j; k++) oldText += segments[k].text;
  let newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
  if (regionStart === 0 && j + 1 < last) {
    // The next line may become the first, whose reading differs (robots.txt: a partial byte-order mark).
    j++;
    oldText += segments[j].text;
    newText += segments[j].text;
  }
  for (;;) {
    const endsOpen = newText.length > 0 && !endsWithLineBreak(newText);
    const nextText = j + 1 < last ? segments[j + 1].text : '';
    const splitsCrLf = newText.endsWith('\r') && nextText.startsWith('\n');
    if (!(endsOpen || splitsCrLf) || j + 1 >= last) break;
    j++;
    oldText += nextText;
    newText += nextText;
  }
  const byteDelta = utf8Length(newText) - utf8Length(oldText);
  return { level: 'lines', i, j, segments: doc.parseLines(newText, regionStart === 0), head: undefined, byteDelta };
}

/** A region of root children (not the head): see parseChildren. Declines where the rest of the document would do. */
function reparseEntries(doc: EditedDocument, region: EditedRegion): Replacement | undefined {
  if (region.i === 0) return undefined;
  return parseChildren(doc, region, doc.root!, LARGE_REGION);
}

/**
 * The head and the segments [1, j], as `newText`: the head alone is parsed again, up to its first child, and what
 * follows it in `newText` as root children, as long as the children after them parse exactly as before under the new
 * root (childrenParseAlike) and the root is still closed (else the head's problems depend on the end of the document).
 * Typing in the declaration, the root's attributes or its namespaces.
 */
function reparseHead(doc: EditedDocument, region: EditedRegion): Replacement | undefined {
  if (region.i !== 0) return undefined;
  const segments = doc.segments;
  const last = segments.length - 1;
  let { j, newText } = region;
  if (j + 1 >= last || segments[last].text.length === 0) return undefined;
  let parsed = parseXmlHead(newText + segments[j + 1].text);
  // A head that runs into the next segment (a comment or tag left open) takes in more of them.
  while (!parsed.complete || parsed.head.text.length > newText.length) {
    const k = grownEnd(doc, 0, j, newText);
    if (k === undefined) return undefined;
    for (j++; j <= k; j++) newText += segments[j].text;
    j = k;
    parsed = parseXmlHead(newText + segments[j + 1].text);
  }
  const { root, head } = parsed;
  if (!childrenParseAlike(doc.root!, root, doc.textAfter.segment(0))) return undefined;
  const rest = newText.slice(head.text.length);
  const children: Replacement | undefined = rest.length === 0 && j === 0
    ? { level: 'head', i: 1, j: 0, segments: [], head: undefined, byteDelta: region.byteDelta }
    : parseChildren(doc, { i: 1, j, newText: rest, byteDelta: region.byteDelta }, root, Infinity);
  if (children === undefined) return undefined;
  children.level = 'head';
  children.head = { segment: head, root };
  return children;
}

/**
 * The document from segment i on, as the region's new text and the segments after it, parsed after the unchanged head
 * (the boundary before segment i is a clean state): what a full parse gives from segment i, at the cost of the rest of
 * the document only. The head is parsed again (it gains a problem when the root is no longer closed).
 */
function reparseRest(doc: EditedDocument, region: EditedRegion): Replacement | undefined {
  if (region.i === 0) return undefined;
  const segments = doc.segments;
  const head = segments[0];
  const parts = [head.text, region.newText];
  for (let k = region.j + 1; k < segments.length; k++) parts.push(segments[k].text);
  const result = parseXmlDocument(parts.join(''));
  if (result.segments[0].text !== head.text) return undefined;
  const newHead = { segment: result.segments[0], root: result.root };
  return { level: 'rest', i: region.i, j: segments.length - 1, segments: result.segments.slice(1), head: newHead, byteDelta: region.byteDelta };
}

/**
 * The root children [i, j], as `newText`, parsed in `root`'s content, grown to the right until the parse ends back
 * there with nothing pending: by doubling, or at once to where an open comment ends. Undefined when the text does not
 * start with a start tag, or the region reaches the tail, grows past its bound, or reaches the last child holding more
 * than `lastBudget` characters.
 */
function parseChildren(doc: EditedDocument, region: EditedRegion, root: RootInfo, lastBudget: number): Replacement | undefined {
  const segments = doc.segments;
  const last = segments.length - 1;
  const i = region.i;
  let { j, newText } = region;
  if (newText.length > 0 && !startsWithStartTag(newText)) return undefined;
  for (;;) {
    if (j >= last) return undefined;
    // A large region that reaches the tail fails when it swallowed the root's end tag (an open comment undone).
    if (j + 1 === last && newText.length > lastBudget) return undefined;
    const parsed = parseXmlRegion(newText, root, doc.textAfter.segment(j));
    if (parsed !== undefined) return { level: 'entries', i, j, segments: parsed, head: undefined, byteDelta: region.byteDelta };
    const k = grownEnd(doc, i, j, newText);
    if (k === undefined) return undefined;
    for (j++; j <= k; j++) newText += segments[j].text;
    j = k;
  }
}

/**
 * Where a region [i, j] that did not parse back to the root's content grows to: its size doubled, or, when it ends in
 * an open comment, the first segment holding a "-->" (a native search, however far). Undefined past the bound or when
 * no "-->" follows.
 */
function grownEnd(doc: EditedDocument, i: number, j: number, newText: string): number | undefined {
  const segments = doc.segments;
  const last = segments.length - 1;
  // With no "-->" after it, an open comment ends at the next entry start tag (parser.ts endUnterminatedComment):
  // such a region grows as any other.
  if (newText.lastIndexOf('<!--') > newText.lastIndexOf('-->') && doc.textAfter.contains(0, '-->')) {
    for (let k = j + 1; k < last; k++) if (segments[k].text.indexOf('-->') >= 0) return k;
    return undefined;
  }
  if (j + 1 >= last || j - i + 1 > MAX_REGION_SEGMENTS) return undefined;
  return Math.min(j + Math.max(1, j - i + 1), last - 1);
}

/**
 * The segments the edit touches, widened: by one to the left when it starts at a boundary, over the segments left open
 * before it, over those whose parse depended on the text it changes, and to a start tag (the content before one belongs
 * to the segment before). Undefined when the document has no root children to reparse.
 */
function editedRegion(doc: EditedDocument, start: number, end: number, text: string): EditedRegion | undefined {
  const segments = doc.segments;
  let i = firstTouched(doc, start);
  const j = end > start ? doc.segmentAt(end - 1) : i;
  while (i > 1 && segments[i - 1].closedByNext) i--;
  if (segments.length < 3 || doc.root?.frame === undefined) return undefined;
  let oldText = '';
  for (let k = i; k <= j; k++) oldText += segments[k].text;
  let regionStart = doc.segmentStart(i);
  let newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
  const dependent = firstDependentBefore(doc, i, j, oldText, newText);
  if (dependent < i) {
    for (let k = i - 1; k >= dependent; k--) oldText = segments[k].text + oldText;
    i = dependent;
    regionStart = doc.segmentStart(i);
    newText = oldText.slice(0, start - regionStart) + text + oldText.slice(end - regionStart);
  }
  // Regions grow by the same text on both sides: the edit's neighbourhood says how the byte length changes (one
  // character either side, for a surrogate pair the edit splits or joins).
  const from = Math.max(0, start - regionStart - 1);
  const byteDelta = utf8Length(newText, from, Math.min(newText.length, start - regionStart + text.length + 1)) -
    utf8Length(oldText, from, Math.min(oldText.length, end - regionStart + 1));
  while (i > 0 && newText.length > 0 && !startsWithStartTag(newText)) {
    do {
      i--;
      newText = segments[i].text + newText;
    } while (i > 1 && segments[i - 1].closedByNext);
  }
  return { i, j, newText, byteDelta };
}

/** The first segment an edit from `start` touches: at a boundary, the segment before it. */
function firstTouched(doc: EditedDocument, start: number): number {
  const i = doc.segmentAt(start);
  return i > 0 && start === doc.segmentStart(i) ? i - 1 : i;
}

/**
 * The first segment before i whose parse the edit of the region [i, j] changes: one that ended for lack of a text
 * after it that `newText`, the region's new text (or one formed with the start of the next segment), now holds, or
 * kept open for an end tag that `oldText` held and `newText` does not; i when there is none.
 */
function firstDependentBefore(doc: EditedDocument, i: number, j: number, oldText: string, newText: string): number {
  if (doc.dependOnTextAfter.size === 0) return i;
  const next = doc.segments[j + 1]?.text ?? '';
  const [before, after] = [regionText(oldText, next), regionText(newText, next)];
  let first = i;
  for (const segment of doc.dependOnTextAfter) {
    const k = segment.index;
    if (k >= first) continue;
    const written = segment.absentAfter?.some((needle) => after.contains(needle)) ?? false;
    const present = segment.presentAfter;
    if (written || (present !== undefined && !after.contains(present) && before.contains(present))) first = k;
  }
  return first;
}

/** A region's text as a part of the text after an earlier segment: with the start of the segment after it. */
function regionText(text: string, next: string): TextAfter {
  return { contains: (needle) => (text + next.slice(0, needle.length - 1)).indexOf(needle) >= 0 };
}

function startsWithStartTag(text: string): boolean {
  return text.charCodeAt(0) === Ch.LessThan && isNameStart(text.charCodeAt(1));
}

function endsWithLineBreak(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return c === Ch.LineFeed || c === Ch.CarriageReturn;
}
