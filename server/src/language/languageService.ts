/** The language layer's facade: parse, edit and validate a document, and the authoring features. Pure: no LSP, no I/O.
 * Offsets are UTF-16 code units; positions (0-based line and character) exist only for the protocol's edge. */
import { SitemapModel } from './model/model';
import type {
  CompletionOptions, CompletionResult, DocumentFacts, DocumentLinkData, DocumentSymbolData, FixAllOptions, FixOptions,
  FoldingOptions, FoldingRangeData, HoverInfo, HoverOptions, LinkOptions, OffsetEdit, ParseOptions, Position, ProblemRef,
  QuickFix, RangeData, SitemapDiagnostic, SitemapDocument, SitemapLanguageId, SitemapSettings, SymbolOptions,
  ValidationContext,
} from './sitemapLanguageTypes';
import { severityOf, validateModel } from './validation';
import { fileEncodingProblem } from './rules/fileEncoding';
import { inflatedPastProblem } from './rules/documentRules';
import type { FileEncoding } from '../../../shared/fileEncoding';
import { complete as completeAt } from './features/completion';
import { getHover as hoverAt } from './features/hover';
import { getFixAllEdits as fixAllEdits, getQuickFixes as quickFixes } from './features/codeActions';
import { findDocumentSymbols as documentSymbols } from './features/documentSymbols';
import { getFoldingRanges as foldingRanges } from './features/folding';
import { getSelectionRanges as selectionRanges } from './features/selectionRanges';
import { findDocumentLinks as documentLinks } from './features/documentLinks';
import { sortEntries as sortModel, type SortResult } from './edits/sortEntries';
import { removeDuplicates as removeFromModel, type RemoveDuplicatesResult } from './edits/removeDuplicates';
import { setLastmodNow as setLastmodInModel, type LastmodNowOptions, type LastmodNowResult } from './edits/lastmodNow';
import { setLastmodFromHistory as setHistoryLastmodInModel, type LastmodFromHistoryOptions, type LastmodFromHistoryResult } from './edits/lastmodFromHistory';
import { addEntries as addToModel, type AddEntriesOptions, type AddEntriesResult, type NewEntry } from './edits/addEntries';
import { convertToText as toText, convertToXml as toXml, type ConvertResult } from './edits/convert';
import { getDocumentFacts as documentFacts } from './features/documentFacts';
import { splitModel, type SplitOutcome } from './edits/splitSitemap';
import type { SplitOptions } from './edits/splitPlanner';
import { SiteSummarizer, sitemapColumnsOf, summarizeModel, type SiteFileKind, type SitemapColumns, type SiteSummary } from './site/siteSummary';
import { siteRulesApply, type SiteFile, type SiteResolver } from './site/siteRules';
import { SiteValidation, validatePageRules as validatePages, validateSiteFiles, type PageRulesValidation, type SiteDiagnostic } from './site/validateSite';
import type { BuiltSite } from './site/builtSite';
import type { PageRulesFile } from './site/pageRules/checkPageRules';
import { plainValueAt } from './features/structure';
import { unescapeXml } from './syntax/xmlText';
import { entryUrlsAt as urlsOfEntriesAt } from './model/entryUrl';
import { SNIFF_LENGTH, sniffSitemapRoot } from '../../../shared/contentDetection';
import { indexEntries as listIndexEntries, mergeIndex as mergeChildren, type IndexEntry, type MergeOptions, type MergeOutcome } from './edits/mergeSitemaps';

export type * from './sitemapLanguageTypes';
export { DEFAULT_SETTINGS } from './settings';
export { ruleLink } from './features/vocabulary';
/** The rules as data (id, default severity, description), for a report format that lists them. */
export { isRuleId, RULES, TOO_MANY_PROBLEMS } from './rules/catalogue';
/** A rule's severity after `sitemap.rules` (undefined: off), for problems found outside the language layer. */
export { severityOf } from './validation';
export { capList, type CappedList } from './model/problemCap';
export { repeatsUtf16 } from './rules/fileEncoding';
export type { SortResult, RemoveDuplicatesResult, LastmodNowOptions, LastmodNowResult, ConvertResult };
export type { LastmodFromHistoryOptions, LastmodFromHistoryResult, AddEntriesOptions, AddEntriesResult, NewEntry };
export type { LastmodSpan, SourceHistory } from './site/lastmodJudgement';
export { contentHistoryBound, lastmodNeedsByUrl, lastmodSpan, widestNeed } from './site/lastmodJudgement';
/** The `sitemap` settings section read defensively (junk falls back to the defaults), for the server and sitemap-lint. */
export { DEFAULT_MAX_SYMBOLS, isObject, resolveSettings } from './settingsSection';
export { robotsSitemapUrls } from './rules/robotsTxtRules';
/** Workspace symbols: the URLs of a document, searched by a query (the protocol layer keeps one index per file). */
export { indexEntryUrls, searchUrls, type UrlMatch, type UrlSearchIndex } from './model/urlSearch';

export function parseDocument(text: string, languageId: SitemapLanguageId, options?: ParseOptions): SitemapDocument {
  return new SitemapModel(languageId, text, options?.byteLength, options?.deferUrlIndex);
}

/** The `encoding` problem of a file's bytes (shared/fileEncoding.ts): at its start, with the rule's severity; undefined for UTF-8 or when off. */
export function validateFileEncoding(encoding: FileEncoding, settings: SitemapSettings): SitemapDiagnostic | undefined {
  const problem = fileEncodingProblem(encoding);
  const severity = severityOf('encoding', settings);
  return problem === undefined || severity === undefined ? undefined : { ...problem, severity };
}

/**
 * The one problem of a compressed file that inflated past `limit`, where its reading stopped (a gzip bomb):
 * `file-too-large` on the root's name in `head`, its first characters; undefined when the rule is off.
 */
export function validateInflatedPast(head: string, languageId: SitemapLanguageId, limit: number, settings: SitemapSettings): SitemapDiagnostic | undefined {
  const severity = severityOf('file-too-large', settings);
  return severity === undefined ? undefined : { ...inflatedPastProblem(head, languageId === 'sitemap', limit, settings.limits.maxBytes), severity };
}

/**
 * Completes a parse that deferred its URL index (ParseOptions): fills that index and builds the line index. An editor
 * opens with `deferUrlIndex` to publish the first diagnostics sooner, then calls this before the first edit, which
 * would otherwise pay for both.
 */
export function completeParse(document: SitemapDocument): void {
  asModel(document).completeParse();
}

/** The positions of many offsets, as positionAt gives them; converting a few once (a linter) builds no index. */
export function positionsAt(document: SitemapDocument, offsets: readonly number[]): Position[] {
  return asModel(document).positionsAt(offsets);
}

/** The URL of the entry each range (start, end pairs) lies in, undefined for one outside every entry (model/entryUrl.ts). */
export function entryUrlsAt(document: SitemapDocument, ranges: readonly number[]): Array<string | undefined> {
  return urlsOfEntriesAt(asModel(document).segments, ranges);
}

/** Applies the edits in order, each against the text the previous one left. */
export function applyEdits(document: SitemapDocument, edits: readonly OffsetEdit[]): void {
  const model = asModel(document);
  for (const edit of edits) model.applyEdit(edit.start, edit.end, edit.text);
}

export function validate(document: SitemapDocument, settings: SitemapSettings, context: ValidationContext): SitemapDiagnostic[] {
  return validateModel(asModel(document), settings, context);
}

// ---------------------------------------------------------------- authoring features (all from the incremental model)

/** What may be written at `offset`: elements, closing tags, root attributes, values, URLs. */
export function complete(document: SitemapDocument, offset: number, options?: CompletionOptions): CompletionResult {
  return completeAt(asModel(document), offset, options);
}

/** What the element or value at `offset` means; undefined where there is nothing to say. */
export function getHover(document: SitemapDocument, offset: number, options?: HoverOptions): HoverInfo | undefined {
  return hoverAt(asModel(document), offset, options);
}

/** Quick fixes for problems (rule id and range, as reported by `validate`), each a list of non-overlapping edits. */
export function getQuickFixes(document: SitemapDocument, problems: readonly ProblemRef[], options?: FixOptions): QuickFix[] {
  return quickFixes(asModel(document), problems, options);
}

/** Every safe fix of the document at once (`source.fixAll.sitemap`): non-overlapping edits in document order. */
export function getFixAllEdits(document: SitemapDocument, options?: FixAllOptions): OffsetEdit[] {
  return fixAllEdits(asModel(document), options);
}

/** The outline: the root with one symbol per entry, capped at `maxItems`. */
export function findDocumentSymbols(document: SitemapDocument, options?: SymbolOptions): DocumentSymbolData[] {
  return documentSymbols(asModel(document), options);
}

/** Folding ranges for the root and every multi-line entry. */
export function getFoldingRanges(document: SitemapDocument, options?: FoldingOptions): FoldingRangeData[] {
  return foldingRanges(asModel(document), options);
}

/** For each offset, the ranges around it from the innermost (a value) to the outermost (the document). */
export function getSelectionRanges(document: SitemapDocument, offsets: readonly number[]): RangeData[][] {
  return selectionRanges(asModel(document), offsets);
}

/** A link per `<loc>` (or text-sitemap line): its URL, or in an index the workspace file it maps to. */
export function findDocumentLinks(document: SitemapDocument, options?: LinkOptions): DocumentLinkData[] {
  return documentLinks(asModel(document), options);
}

// ---------------------------------------------------------------- edits (one undoable edit each)

/** Sort Entries by URL: one edit spanning the moved entries, or why there is none. */
export function sortEntries(document: SitemapDocument): SortResult {
  return sortModel(asModel(document));
}

/** Remove Duplicate URLs: non-overlapping removals in document order. */
export function removeDuplicateUrls(document: SitemapDocument): RemoveDuplicatesResult {
  return removeFromModel(asModel(document));
}

/** Set lastmod to Now for the entries the ranges (absolute offsets) touch. */
export function setLastmodNow(document: SitemapDocument, ranges: ReadonlyArray<{ start: number; end: number }>, options: LastmodNowOptions): LastmodNowResult {
  return setLastmodInModel(asModel(document), ranges, options);
}

/**
 * Set lastmod from Git History for the entries the ranges touch (every entry when there is none): each gets the date
 * git gives its page's source, in the entry's own form; an entry git cannot date is left alone.
 */
export function setLastmodFromHistory(document: SitemapDocument, ranges: ReadonlyArray<{ start: number; end: number }>, options: LastmodFromHistoryOptions): LastmodFromHistoryResult {
  return setHistoryLastmodInModel(asModel(document), ranges, options);
}

/** Add Unlisted Pages: the pages not listed yet appended in the file's own layout, as one edit. */
export function addEntries(document: SitemapDocument, pages: readonly NewEntry[], options: AddEntriesOptions): AddEntriesResult {
  return addToModel(asModel(document), pages, options);
}

/** Convert a text sitemap to an XML sitemap, or a urlset to a text sitemap (the other form's full text). */
export function convertSitemap(document: SitemapDocument, to: 'xml' | 'text'): ConvertResult {
  return to === 'xml' ? toXml(asModel(document)) : toText(asModel(document));
}

// ---------------------------------------------------------------- Split into Index: what the editor's prompts need

/** The first `xml-syntax` problem and the first entry's origin. */
export function getDocumentFacts(document: SitemapDocument): DocumentFacts {
  return documentFacts(asModel(document));
}

// ---------------------------------------------------------------- edits (text transformations)

export type { SplitChild, SplitOutcome, SplitPlan } from './edits/splitSitemap';
/** The same split over a stream of text, for files too large to hold (the command line's `sitemap-split`). */
export { SplitStream, type StreamSplitResult } from './edits/splitStream';
export { ValidationStream, type StreamValidationOptions, type StreamValidationResult } from './stream/validationStream';
import { addEntry, Listing, type UrlSink } from './diff/listing';
export { Listing, type ListedUrl, type UrlSink } from './diff/listing';
export { ListingStream, NotASitemap, type ListingKind, type ListingResult } from './diff/listingStream';
export { compareListings, ListingComparison, type LastmodChange, type SitemapDiff } from './diff/compareListings';

/** An open document's URLs as sitemap-diff compares them (an index's: its children's), for Compare with Last Commit. */
export function listingOfDocument(document: SitemapDocument): Listing {
  const listing = new Listing();
  listDocument(document, listing);
  return listing;
}

/** The same entries given to `sink` in document order, held nowhere else (the new side of a comparison). */
export function listDocument(document: SitemapDocument, sink: UrlSink): void {
  for (const segment of asModel(document).segments) addEntry(sink, segment);
}
export { SplitRefused, type ChildSink, type ChildSummary, type SplitOptions, type SplitRefusal, type SplitterOptions } from './edits/splitPlanner';

/**
 * Split into Index: children within `maxEntries` and `maxBytes` holding the entries byte for byte, and the index
 * listing them; refused (no plan) on an `xml-syntax` problem, an entry too large alone, no entries or an index.
 */
export function splitIntoIndex(document: SitemapDocument, options: SplitOptions): SplitOutcome {
  return splitModel(asModel(document), options);
}

// ---------------------------------------------------------------- edits: Merge Index into One Sitemap

export type { IndexEntry, Merged, MergeOptions, MergeOutcome, MergeRefusal } from './edits/mergeSitemaps';
export type { MergeRefusalKind } from '../../../shared/kinds';

export interface MergeChild {
  /** The child's `<loc>` in the index. */
  loc: string;
  document: SitemapDocument;
}

/** The children an index lists (`<loc>` decoded, with its range), in order. */
export function indexEntries(index: SitemapDocument): IndexEntry[] {
  return listIndexEntries(asModel(index));
}

/**
 * The `<loc>`s of a sitemap index's text, undefined when the text is no index: where a sitemap lives, by the index that
 * lists it (shared/location.ts, locationFromIndexes).
 */
export function indexUrlsOfText(text: string): string[] | undefined {
  if (sniffSitemapRoot(text.slice(0, SNIFF_LENGTH)) !== 'sitemapindex') return undefined;
  return indexEntries(parseDocument(text, 'sitemap')).flatMap((entry) => (entry.url === undefined ? [] : [entry.url]));
}

/** The index's children (in index order) joined into one sitemap, or why not (a limit, an ill-formed child…). */
export function mergeIndex(index: SitemapDocument, children: readonly MergeChild[], options: MergeOptions): MergeOutcome {
  return mergeChildren(asModel(index), children.map((c) => ({ loc: c.loc, model: asModel(c.document) })), options);
}

// ---------------------------------------------------------------- the site: rules across the files linted together

export type { SiteEntry, SiteFileKind, SiteSummary, SitemapColumns, SiteUrls } from './site/siteSummary';
/** A URL's hash as the cross-file duplicate check keeps it, for a summary packed to cross threads without its URLs. */
export { urlHashIn, urlHashOfEscaped } from './model/urlHash';
/** A URL as the model keeps it (canonical escaped form, xmlText.ts) made the URL: for a sitemap packed in that form. */
export { unescapeXml } from './syntax/xmlText';
export type { SiteFile, SiteProblem, SiteRelated, SiteResolver } from './site/siteRules';
export type { SiteDiagnostic, SiteValidation } from './site/validateSite';
export { newestLastmodOf, siteTreeChildren, siteTreeTopLevel, type SiteTreeFile, type SiteTreeFileKind, type SiteTreeItem, type SiteTreeNodeKind } from './site/siteTree';

// ---------------------------------------------------------------- a site root's built folder, read by node/builtSite/builtSiteReader.ts

export { MAX_PAGE_CHARS, PAGE_HEAD_CHUNK } from './site/pageReadLimits';
export { readPageFacts } from './site/pageFacts';
/** A page's content as a change to it counts (git's history of built pages: node/git/contentHistory.ts). */
export { CONTENT_PARTS, changedParts, pageContentOf, pageParts, type ContentChange, type ContentPart, type PageContent } from './site/pageContent';
export { siteRootsOf, urlsOfFile } from './site/pageResolution';
export { isAllowed, parseRobotsRules } from './site/robotsMatcher';
export { judgeLive, LIVE_RULE_IDS, type LiveJudgeOptions, type LiveRuleId, type LiveVerdict } from './live/liveVerdict';
export type { LiveHop, LiveRecord, LiveStop, RobotsBlock } from './live/liveRecord';
export { retryWait, parseRetryAfter, type RetryWaitOptions } from './live/retryAfter';
export { parseRedirectsFile } from './site/redirectsFile';
export { parseVercelJson, vercelImplicitRedirect } from './site/vercelJson';
export { builtRedirectsOf, pageFactsOf, pageHeadOf } from './site/builtSiteFiles';
export { robotsFileOf } from './site/robotsFile';
export { pageSourceMapping, sourceCandidates } from './site/pageSources';

/** What the cross-file rules read of a document (kind, entries, `Sitemap:` lines, ranges): kept instead of the document. */
export function summarizeForSite(document: SitemapDocument): SiteSummary {
  return summarizeModel(asModel(document));
}

/** summarizeForSite of a urlset or text sitemap in columns (siteSummary.ts SitemapColumns): what a lint worker packs. */
export function sitemapColumns(document: SitemapDocument): SitemapColumns {
  return sitemapColumnsOf(asModel(document));
}

/** summarizeForSite for one document through its edits: only the entries an edit changed or moved are made again. */
export interface SiteSummaries {
  summarize(document: SitemapDocument): SiteSummary;
  /** Does at most `budget` segments' share of the next summary's work; true once nothing is left but the walk. */
  prepare(document: SitemapDocument, budget: number): boolean;
}

export function createSiteSummaries(): SiteSummaries {
  const summarizer = new SiteSummarizer();
  return {
    summarize: (document) => summarizer.summarize(asModel(document)),
    prepare: (document, budget) => summarizer.prepare(asModel(document), budget),
  };
}

/**
 * missing-sitemap-file, nested-index, stale-index-lastmod, cross-file-duplicate-url and unlisted-sitemap over
 * `files` (in input order: the later file gets a cross-file duplicate), with the user's severities.
 */
export function validateSite(files: readonly SiteFile[], resolver: SiteResolver, settings: SitemapSettings): SiteDiagnostic[] {
  return validateSiteFiles(files, resolver, settings);
}

/**
 * validateSite for files that come one at a time (sitemap-lint's workers): `add` each file in input order as it
 * comes — cross-file duplicates are found then — and `finish` gives what validateSite would give for them all.
 */
export function startSiteValidation(settings: SitemapSettings): SiteValidation {
  return new SiteValidation(settings);
}

/** Whether validateSite can find anything in files of these kinds (false for a lone sitemap): else skip the summaries. */
export function needsSiteCheck(kinds: readonly SiteFileKind[]): boolean {
  return siteRulesApply(kinds);
}

// ---------------------------------------------------------------- the page rules: sitemaps against their built sites

export type { BuiltRedirects, BuiltRobots, BuiltSite, HistoryNote, PageReadNote, PageSource } from './site/builtSite';
export type { BuiltFiles, PageResolution, SiteRoot } from './site/pageResolution';
export type { PageFacts } from './site/pageFacts';
export type { RedirectRule } from './site/redirectsFile';
export type { RobotsRules } from './site/robotsMatcher';
export type { PageRulesFile, PageRulesNote, PageRulesOptions, PageRulesResult } from './site/pageRules/checkPageRules';
export type { PageRulesValidation } from './site/validateSite';
export type { PageDescription } from './site/pageRules/describePage';
export type { UnlistedPage } from './site/pageRules/unlistedPages';
/** The rules without severities; describePage is the `<loc>` hover's markdown, pageDescription its data. */
export { checkPageRules } from './site/pageRules/checkPageRules';
export { HISTORY_RULES, pageRuleNeeds, type PageRuleNeeds } from './site/pageRuleNeeds';
export { describePage, pageDescription } from './site/pageRules/describePage';
export { findUnlistedPages } from './site/pageRules/unlistedPages';
/** The editor's page checks: its site roots, and which built file serves a URL (Set lastmod from Git History). */
export { resolvePage, siteRootOf } from './site/pageResolution';

/** The `<loc>` (a text sitemap's URL line) holding `offset` in a sitemap: its URL, decoded, and its value's range. */
export function locAt(document: SitemapDocument, offset: number): { url: string; start: number; end: number } | undefined {
  if (document.kind !== 'urlset' && document.kind !== 'text') return undefined;
  const value = plainValueAt(asModel(document), { start: offset, end: offset }, 'loc');
  return value && { url: document.kind === 'text' ? value.raw : unescapeXml(value.raw), start: value.start, end: value.end };
}

/**
 * blocked-by-robots, noindex-page, canonical-elsewhere, page-redirect, page-not-found, unlisted-page, lastmod-stale
 * and lastmod-inflated over the sitemaps and the built sites, for `settings.robots.userAgent`, with the user's
 * severities (rules turned off dropped); the notes (git's state) are to be said once each.
 */
export function validatePageRules(files: readonly PageRulesFile[], sites: readonly BuiltSite[], settings: SitemapSettings): PageRulesValidation {
  return validatePages(files, sites, settings);
}

function asModel(document: SitemapDocument): SitemapModel {
  if (!(document instanceof SitemapModel)) throw new TypeError('Not a document created by parseDocument.');
  return document;
}
