/** What the page rules know of a site root's folder of built pages: read from disk by the Node side
 * (`node/builtSite/builtSiteReader.ts`), given here as plain data and lookups so the rules stay pure. */
import type { PageFacts } from './pageFacts';
import type { BuiltFiles, SiteRoot } from './pageResolution';
import type { RedirectRule } from './redirectsFile';
import type { RobotsRules } from './robotsMatcher';
import type { SourceHistory } from './lastmodJudgement';
import type { ContentChange } from './pageContent';

/** A redirects file the host applies: Netlify and Cloudflare Pages read `_redirects`, Vercel `vercel.json`. */
export interface BuiltRedirects {
  /** Relative to the root's folder, with `/`. */
  file: string;
  host: 'netlify' | 'vercel';
  rules: readonly RedirectRule[];
  /** vercel.json's `trailingSlash` / `cleanUrls`: the redirects Vercel adds by itself (vercelImplicitRedirect). */
  implicit?: (url: string) => string | undefined;
}

/** The robots.txt at the origin's root, as the site roots map it to a file. */
export interface BuiltRobots {
  /** The workspace-relative path of the robots.txt, with `/`. */
  file: string;
  rules: RobotsRules;
}

/** Where git stands for this folder, said once per run (never per entry). */
export type HistoryNote =
  | { kind: 'no-git'; detail?: string }
  | { kind: 'not-a-repository' }
  | { kind: 'shallow' }
  | { kind: 'failed'; detail?: string }
  /** Git not run: the workspace is not trusted (a repository's config can name commands git runs). */
  | { kind: 'untrusted' }
  /**
   * Pages git changed but whose content it cannot date: none of their newest MAX_PAGE_CHANGES commits changed it, or
   * a version was too large to read. lastmod-stale does not judge them (lastmod-inflated still does).
   */
  | { kind: 'undated-content'; pages: number; example: string }
  /** `sitemap.pageSources` maps the root, but no page to a file git tracks: the mapping is wrong (its root, its
   * patterns); the built files are dated instead. `example`: a source tried, for the page `page`. */
  | { kind: 'unmapped-sources'; page: string; example: string };

/** A commit as the messages name it. */
export interface CommitRef {
  /** Short hash. */
  hash: string;
  subject: string;
  /** Committer date, ms. */
  time: number;
}

/**
 * A built page that could not be read as one, said once per root and reason (with the first such file and how many):
 * not a regular file (a FIFO, socket or device: never opened), not text (binary), larger than the 15 MB Google reads
 * of an HTML file, or a head that did not end within the MAX_PAGE_CHARS read (judged by what was read).
 */
export interface PageReadNote {
  kind: 'page-unread';
  reason: 'not-a-file' | 'not-text' | 'too-large' | 'head-unfinished';
  /** Relative to the root's folder, with `/`: the first such page in the order read. */
  file: string;
  count: number;
}

/** A page's source as git knows it: the built file itself when tracked, else what `sitemap.pageSources` maps it to. */
export interface PageSource {
  /** Workspace-relative, with `/`. */
  path: string;
  history: SourceHistory;
  /** The newest commit that changed it, whatever it changed (for hover, and lastmod-inflated). */
  commit?: CommitRef;
  /** The newest commit that changed its content, and what it changed (lastmod-stale). */
  contentCommit?: CommitRef & { changed: readonly ContentChange[] };
  /** What the uncommitted change changed, when the content changed and is not committed and that is known. */
  uncommittedChanged?: readonly ContentChange[];
}

export interface BuiltSite {
  root: SiteRoot;
  /** Every file under the root's folder, relative to it with `/` (pages, assets, redirects files). */
  files: BuiltFiles;
  /** Whether the folder holds `.html` pages: without any, the page rules do not apply to this root at all. */
  hasPages: boolean;
  /** Undefined when the origin has no robots.txt in the workspace: nothing is blocked. */
  robots: BuiltRobots | undefined;
  redirects: readonly BuiltRedirects[];
  /** The facts of a built HTML file (relative to the root's folder); undefined when it is not an HTML page or unreadable. */
  page(file: string): PageFacts | undefined;
  /** Undefined when the page's source is unknown or git is not consulted (shallow clone, no git, untrusted workspace). */
  source(url: string, file: string): PageSource | undefined;
  /** Said once: why lastmod is not judged, or not judged for some pages. */
  historyNotes: readonly HistoryNote[];
  /** The pages that could not be read as pages, so far (pages are read when first asked): asked after the rules ran.
   * Absent: none. */
  readNotes?: () => readonly PageReadNote[];
  /** When the history was read (ms): "uncommitted" means changed at this instant. */
  now: number;
}
