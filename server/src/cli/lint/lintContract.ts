/** What linting a file takes and gives: a run's options, a file's result, what the cross-file step keeps of it. */
import type { SiteDiagnostic, SiteSummary, SitemapDocument } from '../../language/languageService';
import type { SitemapSettings } from '../../language/sitemapLanguageTypes';
import type { FileResult } from '../../node/lintResults';
import type { LineTable } from '../../../../shared/lineTable';
import type { Input } from './lintInputs';
import type { SiteContext } from './siteContext';
import type { UrlSites } from '../http/urlInput';

export interface LintOptions {
  settings: SitemapSettings;
  site: SiteContext;
  follow: boolean;
  cwd: string;
  now: number;
  /** The page rules run (over the site roots with built pages) only when given; `git: false` in an untrusted workspace. */
  pageRules?: { git: boolean };
  /** Told each of git's notes for the page rules once (what the lastmod rules could not judge, and why). */
  onNote?: (text: string) => void;
  /** Called after each file, with the files known so far (following may add more). */
  onProgress?: (done: number, known: number) => void;
  /** Takes the files that cannot be read (a Failure: unreadable, not gzip…), which are then left out; without it, the first one fails the run. */
  onUnreadable?: (input: Input, message: string) => void;
  /** Stops between files; lintFiles then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Streams every file in windows of this many characters, read in pieces of as many bytes (tests; SITEMAP_LINT_STREAM_WINDOW for the binary). */
  streamWindow?: number;
  /** Told how each streamed file went; without it, a line on stderr with a forced window or SITEMAP_LINT_STREAM_REPORT=1. */
  onStreamed?: (name: string, windows: number, passes: number) => void;
  /**
   * A urlset's or text sitemap's site summary made from its columns instead of summarizeForSite (a lint worker's, which
   * it sends packed: lintWorker.ts); undefined for other kinds.
   */
  sitemapSummary?: (doc: SitemapDocument) => SiteSummary | undefined;
  /** The run's files read from URLs (issue 34): the children they list are read in turn, and the cross-file rules find them by URL. */
  urls?: UrlSites;
  /** Takes each file's cross-file facts (with its place in the queue) instead of the cross-file rules, which then do not run (a shard, --summary-out). */
  onSiteFacts?: (linted: { result: FileResult; site: SiteFacts }, order: number) => void;
  /** --live: each listed URL asked over HTTP after the other rules (lintLive.ts). */
  live?: LiveLintOptions;
}

/** `--live` and `--live-origin`. */
export interface LiveLintOptions {
  /** Each listed path asked on this origin instead (a preview deployment). */
  origin?: string;
  /** Requests in flight per origin (and the HTTP client's connections per origin). */
  concurrency: number;
  /** Request starts per second per origin; 0: no limit. */
  requestsPerSecond: number;
  /** The HTTP client's: --insecure, --http-user-agent, --timeout. */
  http: { insecure: boolean; userAgent: string | undefined; timeoutMs: number };
  /** --live-cache FILE. */
  cacheFile?: string;
  /** Ctrl+C: every request stopped at once, the verdicts known kept, the URLs not checked said in a note. */
  signal?: AbortSignal;
  /** Told the counts once the URLs are known, then after each URL (liveProgress.ts draws them). */
  onProgress?: (counts: { checked: number; total: number; problems: number; errors: number }) => void;
  /** lintLive.ts's liveDiagnostics, handed in by the binaries that offer --live (sitemap-lint, the Action), so that no
   * other bundle holding lintSite.ts (check-site) refers to it. */
  diagnostics: (files: Iterable<{ path: string; summary: SiteSummary }>, options: LintOptions & { live: LiveLintOptions }) => Promise<SiteDiagnostic[]>;
}

/** What the cross-file step keeps of a file read from disk. */
export interface SiteFacts {
  /** Absolute path; for a file read from a URL, the URL (cli/http/urlInput.ts's key). */
  file: string;
  location: string | undefined;
  summary: SiteSummary;
  lines: LineTable;
  length: number;
  /** A summarized file's (the merge's): its offsets are points of its summary, placed without a line table. */
  place?: (offset: number) => { line: number; character: number };
}

export interface LintedOne {
  result: FileResult;
  /** Absolute paths of the local files its robots.txt lines or index entries name; for a file read from a URL, the URLs it lists. */
  children: string[];
  /** Undefined for standard input, which is not part of a site. */
  site: SiteFacts | undefined;
}
