/**
 * The project's own messages between client and server, beyond LSP: method names and parameter types only, shared
 * by client/src and server/src so that both sides agree on them.
 */
import type { DocumentKind } from '../language/languageService';

/** What a client asks for in `initialize`'s `initializationOptions`. */
export interface InitializationOptions {
  /** Send {@link STATUS_NOTIFICATION} (other LSP clients do not know it, so it is opt-in). */
  statusNotifications?: boolean;
  /** The client runs {@link SET_LANGUAGE_COMMAND}, so a quick fix may change a document's language. */
  setLanguageCommand?: boolean;
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

/**
 * The URI scheme of gzip-compressed sitemaps opened as text (client/src/gzip/): `sitemap-gz:/abs/path/x.xml.gz` names
 * the file at that path, read gunzipped and saved gzipped by the client's file system provider.
 */
export const COMPRESSED_SCHEME = 'sitemap-gz';
