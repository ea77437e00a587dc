/** The language layer's public types, apart from the facade (languageService.ts) so that nothing inside the layer needs
 * to import the facade that binds it. */
import type { SitemapLanguageId } from '../../../shared/documentLanguage';
import type { DocumentKind } from '../../../shared/kinds';
import type { OffsetEdit } from '../../../shared/offsetEdit';
import type { Position } from './model/model';
import type { RuleId, SeverityOrOff, TOO_MANY_PROBLEMS } from './rules/catalogue';

export type { DocumentKind, OffsetEdit, Position, SitemapLanguageId };
export type { Problem, RuleId, Severity, SeverityOrOff } from './rules/catalogue';
export type { SitemapSettings, ValidationContext } from './settings';
export type { SectionSettings } from './settingsSection';
export type { SitemapDiagnostic } from './model/problemCap';

export interface SitemapDocument {
  readonly languageId: SitemapLanguageId;
  readonly kind: DocumentKind;
  readonly length: number;
  readonly lineCount: number;
  readonly entryCount: number;
  readonly byteLength: number;
  getText(): string;
  offsetAt(position: Position): number;
  positionAt(offset: number): Position;
}

export interface ParseOptions {
  /** The text's UTF-8 length, when the caller has it (the bytes it decoded): saves counting it (6–10 ms at 12 MB). */
  byteLength?: number;
  /**
   * The document is validated before anything else (a linter, an editor's open): the URL index is then filled only if
   * duplicates need it (a native Set tells whether any URL repeats), or later by completeParse. Editing it still
   * works; the first edit fills the index.
   */
  deferUrlIndex?: boolean;
}

// ---------------------------------------------------------------- what features take from the caller

/** Minutes east of UTC in effect at an instant (+120 for Central European Summer Time). */
export type TimeZoneOffset = (epochMs: number) => number;

/** Where a rule is documented: this web page by default; the LSP layer links the offline copy instead. */
export type RuleLink = (rule: RuleId | typeof TOO_MANY_PROBLEMS) => string;

// ---------------------------------------------------------------- completion

export interface CompletionOptions {
  /** The clock, in epoch ms (default: now). */
  now?: number;
  /** The local time zone (default: the machine's). */
  timeZoneOffset?: TimeZoneOffset;
  /** Where the sitemap is published (siteRoots or robots.txt): the base of `<loc>` values and the scope of candidates. */
  location?: string;
  /** The site's root URL, when known apart from the location. */
  siteRootUrl?: string;
  /** Hosts the user owns (`sitemap.allowedHosts`): candidates on them are in scope. */
  allowedHosts?: readonly string[];
  /** URLs worth offering in `<loc>` (pages of the workspace; in an index, its sitemap files). Listed ones are skipped. */
  candidateUrls?: readonly string[];
  /** At most this many candidate URLs per answer (default 100); more make the list incomplete. */
  maxCandidates?: number;
}

/** `directive`: a robots.txt directive (`Sitemap: `). */
export type CompletionKind = 'element' | 'entry' | 'closingTag' | 'attribute' | 'value' | 'url' | 'root' | 'directive';

export interface CompletionItemData {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  insertText: string;
  /** `insertText` uses snippet syntax (`$1`, `${1:default}`, `$0`; `\$`, `\}` and `\\` escaped). */
  snippet: boolean;
  /** The range of the document the item replaces (absolute offsets). */
  start: number;
  end: number;
  sortText?: string;
  filterText?: string;
  preselect?: boolean;
  /** Edits elsewhere in the document made with the item (an extension's namespace declared on the root). */
  additionalEdits?: OffsetEdit[];
}

export interface CompletionResult {
  items: CompletionItemData[];
  /** More items exist than were returned: ask again as the user types. */
  isIncomplete: boolean;
  /** The cursor is where a URL goes (a `<loc>`, a text-sitemap line): `candidateUrls` would be offered here. */
  acceptsUrls?: boolean;
}

// ---------------------------------------------------------------- hover

export interface HoverOptions {
  /** The clock, in epoch ms (default: now). */
  now?: number;
  /** Where the sitemap is published, when known. */
  location?: string;
  /** `sitemap.allowedHosts`. */
  allowedHosts?: readonly string[];
  /** In an index: the workspace file a `<loc>` names, as shown to the user (workspace-relative); undefined when none. */
  resolveFile?: (url: string) => string | undefined;
  /** Where a rule is documented (default: the web page). */
  ruleLink?: RuleLink;
}

export interface HoverInfo {
  /** Markdown. */
  contents: string;
  /** The hovered range (absolute offsets). */
  start: number;
  end: number;
}

// ---------------------------------------------------------------- quick fixes

export interface ProblemRef {
  rule: string;
  start: number;
  end: number;
  /** What a problem found beyond the document (a page rule's) carries for its quick fix. */
  data?: ProblemData;
}

/** Filled by the page rules; the editor keeps it on the diagnostic (`Diagnostic.data`) and hands it back. */
export interface ProblemData {
  /** `lastmod-stale`, `lastmod-inflated`: the value Set lastmod from Git History writes for the entry. */
  lastmod?: string;
  /** `page-not-found` when only the other form of the URL is served (trailing slash): that URL. `canonical-elsewhere`
   * when the page's canonical is a URL this sitemap may list (its scope): the canonical, to list instead. */
  url?: string;
}

export interface QuickFix {
  title: string;
  /** Non-overlapping edits against the current text. */
  edits: OffsetEdit[];
  isPreferred: boolean;
  /** Part of `source.fixAll.sitemap`. */
  safe: boolean;
  /** The problem it fixes. */
  problem: ProblemRef;
  /** Instead of edits (then empty): the editor changes the document's language to this one. */
  setLanguage?: SitemapLanguageId;
  /** Instead of edits (then empty): the editor adds this origin to `sitemap.allowedHosts`. */
  allowHost?: string;
}

export interface FixOptions {
  /** The local time zone, for a lastmod time without a zone (default: the machine's). */
  timeZoneOffset?: TimeZoneOffset;
  /** Where the document is published (its URL: `sitemap.siteRoots`, robots.txt), when known. */
  location?: string;
}

export interface FixAllOptions {
  /** `sitemap.rules`: problems of a rule turned off are not fixed. */
  rules?: Partial<Record<RuleId, SeverityOrOff>>;
}

// ---------------------------------------------------------------- outline, folding, selection, links

export type SymbolKindName = 'root' | 'url' | 'sitemap' | 'line' | 'more';

export interface DocumentSymbolData {
  name: string;
  detail?: string;
  kind: SymbolKindName;
  /** The whole symbol (absolute offsets). */
  start: number;
  end: number;
  /** What to select when the symbol is picked: the URL, or the tag. */
  selectionStart: number;
  selectionEnd: number;
  children?: DocumentSymbolData[];
}

export interface SymbolOptions {
  /** At most this many entry symbols (`sitemap.symbols.maxItems`, default 5,000). */
  maxItems?: number;
  /** Entry symbols stop before their estimated JSON passes this many bytes (UTF-8). */
  maxBytes?: number;
  /** What the caller's JSON adds to each entry besides its name and detail (keys, kind, ranges), at most. */
  entryOverheadBytes?: number;
}

/** Fold from the line holding `start` to the line before the one holding `end` (the end tag stays visible). */
export interface FoldingRangeData {
  start: number;
  end: number;
}

export interface FoldingOptions {
  /** At most this many ranges (the client's `rangeLimit`). */
  maxRanges?: number;
}

export interface RangeData {
  start: number;
  end: number;
}

export interface DocumentLinkData {
  start: number;
  end: number;
  /** The workspace file's URI. */
  target: string;
}

export interface LinkOptions {
  /** In an index or a robots.txt: the file (URI) a listed URL names, when there is one. */
  resolveFile?: (url: string) => string | undefined;
}

// ---------------------------------------------------------------- what the commands ask before their prompts

export interface DocumentFacts {
  /** The first `xml-syntax` problem in document order. */
  syntaxError?: { start: number; end: number };
  /** `https://www.example.com`, from the first entry with a URL that has one. */
  firstOrigin?: string;
}
