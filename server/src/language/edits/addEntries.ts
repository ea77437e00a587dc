/** Add Unlisted Pages: one edit appending entries before the root's end tag (or URL lines at the end of a text
 * sitemap) in the file's own layout, copied from its last entry: indentation, line endings, where the children go,
 * the prefix, the form of its dates. Pages already listed are skipped, so running it twice adds nothing. */
import type { SitemapModel } from '../model/model';
import type { OffsetEdit, TimeZoneOffset } from '../sitemapLanguageTypes';
import { MAX_ENTRIES } from '../../../../shared/protocolLimits';
import { rootStructure, sitemapName, sliceText, type RootStructure } from '../features/structure';
import { systemTimeZoneOffset } from '../features/clock';
import { lastmodFromHistory, type SourceHistory } from '../site/lastmodJudgement';
import { escapeXml } from '../syntax/xmlText';
import { hasSyntaxErrors } from './entries';
import { lastmodTarget } from './lastmodTargets';
import { firstValidLastmod } from './lastmodStyle';

export interface NewEntry {
  url: string;
  /** What git says of the page's source: its `<lastmod>` is dated as Set lastmod from Git History dates it. */
  history?: SourceHistory;
}

export interface AddEntriesOptions {
  /** When the history was read (`BuiltSite.now`): an uncommitted change is dated then. */
  now: number;
  timeZoneOffset?: TimeZoneOffset;
  /** `sitemap.limits.maxEntries` (default 50,000). */
  maxEntries?: number;
}

/**
 * `added` entries written, `dated` of them with a `<lastmod>`; `skipped`: pages already listed (or given twice, or
 * with whitespace in the URL). `too-many`: the file holds `entries` and only `room` more fit.
 */
export type AddEntriesResult =
  | { status: 'added'; edits: OffsetEdit[]; added: number; dated: number; skipped: number }
  | { status: 'nothing-to-add'; skipped: number }
  | { status: 'too-many'; entries: number; adding: number; room: number }
  | { status: 'not-editable'; reason: 'syntax-error' | 'index' | 'not-a-sitemap' };

interface Addition {
  url: string;
  lastmod: string | undefined;
}

export function addEntries(model: SitemapModel, pages: readonly NewEntry[], options: AddEntriesOptions): AddEntriesResult {
  const reason = refusalOf(model);
  if (reason !== undefined) return { status: 'not-editable', reason };
  const fresh = unlisted(model, pages);
  const skipped = pages.length - fresh.length;
  if (fresh.length === 0) return { status: 'nothing-to-add', skipped };
  const room = Math.max(0, (options.maxEntries ?? MAX_ENTRIES) - model.entryCount);
  if (fresh.length > room) return { status: 'too-many', entries: model.entryCount, adding: fresh.length, room };
  const sample = firstValidLastmod(model);
  // A file whose entries carry no lastmod keeps none: its generator (or its author) leaves them out.
  const dates = model.languageId === 'sitemap' && (model.entryCount === 0 || sample !== undefined);
  const zone = options.timeZoneOffset ?? systemTimeZoneOffset;
  const additions = fresh.map((page): Addition => ({
    url: page.url,
    lastmod: dates && page.history !== undefined ? lastmodFromHistory(page.history, options.now, sample, zone) : undefined,
  }));
  const edit = model.languageId === 'sitemap-txt' ? appendLines(model, additions) : appendElements(model, additions);
  return { status: 'added', edits: [edit], added: additions.length, dated: additions.filter((a) => a.lastmod !== undefined).length, skipped };
}

function refusalOf(model: SitemapModel): 'syntax-error' | 'index' | 'not-a-sitemap' | undefined {
  if (model.languageId === 'sitemap-txt') return undefined;
  if (model.languageId !== 'sitemap') return 'not-a-sitemap';
  if (hasSyntaxErrors(model)) return 'syntax-error';
  if (model.kind === 'sitemapindex') return 'index';
  return model.kind === 'urlset' ? undefined : 'not-a-sitemap';
}

/** The pages the file does not list yet, each once; a URL with whitespace cannot be written as one. */
function unlisted(model: SitemapModel, pages: readonly NewEntry[]): NewEntry[] {
  const seen = new Set<string>();
  return pages.filter((page) => {
    const key = escapeXml(page.url);
    if (page.url === '' || /\s/.test(page.url) || seen.has(key) || model.urls.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------- text sitemaps

/** After the last line that holds anything, with the file's line break (the first one; `\n` in a one-line file). */
function appendLines(model: SitemapModel, additions: readonly Addition[]): OffsetEdit {
  const segments = model.segments;
  const lineBreak = lineBreakOf(model) ?? '\n';
  let last = segments.length - 1;
  while (last >= 0 && segments[last].text.trim() === '') last--;
  const bom = sliceText(model, 0, 1) === '\uFEFF' ? 1 : 0;
  const at = last < 0 ? bom : model.segmentStart(last) + segments[last].text.length;
  const unterminated = last >= 0 && !/[\r\n]$/.test(segments[last].text);
  const lines = additions.map((a) => (unterminated ? lineBreak + a.url : a.url + lineBreak));
  return { start: at, end: at, text: lines.join('') };
}

// ---------------------------------------------------------------- XML sitemaps

/** Whitespace written around a new entry and its children, and their qualified names. */
interface EntryLayout {
  /** Before each entry's start tag. */
  lead: string;
  /** Between the start tag and `<loc>`, between `</loc>` and `<lastmod>`, before the end tag. */
  open: string;
  between: string;
  close: string;
  url: string;
  loc: string;
  lastmod: string;
}

/**
 * The entries after the last thing in the root (entry or comment); a self-closed root opened and closed around
 * them. An empty root gets a closing line break so that its end tag keeps a line of its own.
 */
function appendElements(model: SitemapModel, additions: readonly Addition[]): OffsetEdit {
  const root = rootStructure(model);
  const layout = (model.entryCount > 0 ? layoutOfEntry(model, root) : undefined) ?? layoutOfEmptyRoot(model, root);
  const entries = additions.map((a) => layout.lead + entryText(layout, a)).join('');
  const element = root.element!;
  const lineBreak = /[\r\n]/.test(layout.lead) ? lineBreakOf(model) ?? '' : '';
  if (element.selfClosing) {
    return { start: element.startTagEnd - 2, end: element.startTagEnd, text: `>${entries}${lineBreak}</${element.qname}>` };
  }
  const gap = trailingWhitespace(sliceBefore(model, root.endTagStart));
  const closing = model.entryCount === 0 && !/[\r\n]/.test(gap) ? lineBreak : '';
  const at = root.endTagStart - gap.length;
  return { start: at, end: at, text: entries + closing };
}

function entryText(layout: EntryLayout, addition: Addition): string {
  const loc = `<${layout.loc}>${escapeXml(addition.url)}</${layout.loc}>`;
  const lastmod = addition.lastmod === undefined ? '' : `${layout.between}<${layout.lastmod}>${addition.lastmod}</${layout.lastmod}>`;
  return `<${layout.url}>${layout.open}${loc}${lastmod}${layout.close}</${layout.url}>`;
}

/** The layout of the last entry: the whitespace runs just before its start tag, its first child, what follows `<loc>`, its end tag. */
function layoutOfEntry(model: SitemapModel, root: RootStructure): EntryLayout | undefined {
  const index = model.entrySegment(model.entryCount - 1);
  const target = lastmodTarget(model, index, root);
  if (target === undefined) return undefined;
  const { entry, loc, text } = target;
  const children = entry.children;
  const first = children[0];
  const last = children[children.length - 1];
  const next = loc === undefined ? undefined : children[children.indexOf(loc) + 1];
  const open = first === undefined ? '' : trailingWhitespace(text.slice(entry.startTagEnd, first.start));
  const lastmod = target.lastmod?.qname ?? (loc !== undefined && loc.prefix !== '' ? `${loc.prefix}:lastmod` : sitemapName(root, 'lastmod'));
  return {
    lead: trailingWhitespace(model.segments[index - 1].text + text.slice(0, entry.start)),
    open,
    between: next === undefined ? open : trailingWhitespace(text.slice(loc!.end, next.start)),
    close: last === undefined || entry.endTagStart < 0 ? '' : trailingWhitespace(text.slice(last.end, entry.endTagStart)),
    url: entry.qname,
    loc: loc?.qname ?? sitemapName(root, 'loc'),
    lastmod,
  };
}

/** No entry to copy: one per line, indented by two spaces, when the file has line breaks; all on one line otherwise. */
function layoutOfEmptyRoot(model: SitemapModel, root: RootStructure): EntryLayout {
  const lineBreak = lineBreakOf(model);
  const indent = lineBreak === undefined ? '' : '  ';
  const child = lineBreak === undefined ? '' : lineBreak + indent + indent;
  return {
    lead: lineBreak === undefined ? '' : lineBreak + indent,
    open: child,
    between: child,
    close: lineBreak === undefined ? '' : lineBreak + indent,
    url: sitemapName(root, 'url'),
    loc: sitemapName(root, 'loc'),
    lastmod: sitemapName(root, 'lastmod'),
  };
}

// ---------------------------------------------------------------- text helpers

/** The first line break of the file (from its first segments: the head, the first lines). */
function lineBreakOf(model: SitemapModel): string | undefined {
  for (let i = 0; i < model.segments.length && i < 64; i++) {
    const match = /\r\n|\n|\r/.exec(model.segments[i].text);
    if (match !== null) return match[0];
  }
  return undefined;
}

function trailingWhitespace(text: string): string {
  let start = text.length;
  while (start > 0 && /[ \t\r\n]/.test(text[start - 1])) start--;
  return text.slice(start);
}

/** The text of the segment holding `offset - 1`, up to `offset`: what precedes the root's end tag. */
function sliceBefore(model: SitemapModel, offset: number): string {
  const index = model.segmentAt(Math.max(0, offset - 1));
  return model.segments[index].text.slice(0, offset - model.segmentStart(index));
}
