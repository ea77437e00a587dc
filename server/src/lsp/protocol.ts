/**
 * The project's own messages between client and server, beyond LSP: method names and parameter types only, shared
 * by client/src and server/src so that both sides agree on them.
 */
import type { Range } from 'vscode-languageserver-types';
import type { DocumentKind } from '../language/languageService';

/** What a client asks for in `initialize`'s `initializationOptions`. */
export interface InitializationOptions {
  /** Send {@link STATUS_NOTIFICATION} (other LSP clients do not know it, so it is opt-in). */
  statusNotifications?: boolean;
  /** The client runs {@link SET_LANGUAGE_COMMAND}, so a quick fix may change a document's language. */
  setLanguageCommand?: boolean;
  /** The client runs {@link SPLIT_COMMAND}, so `too-many-entries` and `file-too-large` get a quick fix running it. */
  splitCommand?: boolean;
}

/** Client command changing the language of an open document; arguments: its URI and the language id. */
export const SET_LANGUAGE_COMMAND = 'sitemap.setLanguage';

/** Server → client after each validation of a document: its size, from the server's incremental model. */
export const STATUS_NOTIFICATION = 'sitemap/status';

export interface StatusParams {
  /** The document's URI as the client sent it. */
  uri: string;
  kind: DocumentKind;
  /** `<url>` entries of a urlset, `<sitemap>` entries of an index, URL lines of a text sitemap. */
  entries: number;
  /** UTF-8 bytes of the whole text. */
  bytes: number;
}

/** Whether `initializationOptions` (any JSON from any client) turns `option` on. */
export function isOptionOn(initializationOptions: unknown, option: keyof InitializationOptions): boolean {
  return typeof initializationOptions === 'object' && initializationOptions !== null
    && (initializationOptions as InitializationOptions)[option] === true;
}

// ---------------------------------------------------------------- Split into Index

/** Client command splitting a sitemap into children and an index; argument: a document or file URI (optional). */
export const SPLIT_COMMAND = 'sitemap.splitIntoIndex';

/**
 * Client → server: what the prompts need about a document. For a file that is not open (one too large for the
 * editor, split from disk) only where it is published: `open` false, `kind` unknown, no counts.
 */
export const SPLIT_INFO_REQUEST = 'sitemap/splitInfo';

export interface SplitInfoParams {
  uri: string;
}

export interface SplitInfo {
  open: boolean;
  kind: DocumentKind;
  entries: number;
  /** UTF-8 bytes of the whole text. */
  bytes: number;
  /** The sitemap's public URL, from `sitemap.siteRoots` or a robots.txt. */
  location?: string;
  /** The origin of the first entry URL (`https://www.example.com`). */
  firstOrigin?: string;
  /** The first `xml-syntax` problem: the split refuses the document. */
  syntaxError?: Range;
}

/** Client → server: the children and the index for the document's current text. Answers `null` when it is not open. */
export const SPLIT_PLAN_REQUEST = 'sitemap/splitPlan';

export interface SplitPlanParams {
  uri: string;
  maxEntries: number;
  maxBytes: number;
  /** The children's public folder, ending in `/`. */
  baseUrl: string;
  /** The children's file names relative to the original's folder; `{n}` is the child's number from 1. */
  namePattern: string;
}

export interface SplitPlanChild {
  name: string;
  /** Its `<loc>` in the index. */
  loc: string;
  text: string;
  entries: number;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  lastmod?: string;
}

export interface SplitPlanResult {
  /** The document version the plan was made from. */
  version: number;
  children?: SplitPlanChild[];
  index?: string;
  refused?: { reason: 'ill-formed' | 'entry-too-large' | 'no-entries' | 'not-a-sitemap'; range: Range };
}
