/** What the lint pipeline knows of an input read from a URL (issue 34): a handle that reads it when its turn comes, and
 * the run's fetched files as the cross-file rules ask for them. Types only: the HTTP code loads on first need. */

/** A URL input's body as read. */
export interface FetchedBody {
  /** Content-Encoding undone; gzip by its magic bytes is the reader's to undo, as for a local file. */
  bytes: Uint8Array;
  /** The URL the body came from, at the end of any redirects: the file's location. */
  location: string;
  /** Reading stopped at the cap (the size limit with its margin): the file is file-too-large. */
  tooLarge: boolean;
}

export interface UrlHandle {
  /** The URL asked, normalized: the file's key among the run's files (the cross-file rules' path). */
  key: string;
  /** Starts reading the URL ahead of its turn (a few inputs ahead: lintFiles.ts); its failure waits for `read`. */
  prefetch(): void;
  /**
   * The body, read once (sharing a prefetch), handed over: the run keeps no body it has handed over, so that it holds
   * only the few read ahead. Rejects with a Failure, or MissingUrl for a listed child that is not there.
   */
  read(): Promise<FetchedBody>;
}

/** A child listed by a fetched index or robots.txt that answered 404 or 410: no result of its own; the listing's entry says it (missing-sitemap-file). */
export class MissingUrl extends Error {}

/** The run's URL inputs and the children they list. */
export interface UrlSites {
  /**
   * The input for a URL a fetched file lists (`parent`: its name and handle), or undefined when it is asked already or
   * not to be: on another origin than the parent's (where its redirects ended), the inputs' and the allowed hosts'
   * (said once in a note).
   */
  child(url: string, parent: { name: string; url?: UrlHandle }): { name: string; file: undefined; url: UrlHandle } | undefined;
  /** The key of a listed URL when the run asked it, else undefined (not a file of this run). */
  keyOf(url: string): string | undefined;
  /** Whether the file at `key` was there (asked and read, or not yet known to be missing). */
  exists(key: string): boolean;
}

export function isUrlKey(key: string): boolean {
  return /^https?:\/\//i.test(key);
}

/** Whether a command-line input names a URL to read rather than a file. */
export function isUrlInput(name: string): boolean {
  return /^https?:\/\//i.test(name);
}
