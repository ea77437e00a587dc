/** What the page rules know of a site root's folder of built pages: read from disk by the Node side
 * (`node/builtSite/builtSiteReader.ts`), given here as plain data and lookups so the rules stay pure. */
import type { PageFacts } from './pageFacts';
import type { BuiltFiles, SiteRoot } from './pageResolution';
import type { RedirectRule } from './redirectsFile';
import type { RobotsRules } from './robotsMatcher';
import type { SourceHistory } from './lastmodJudgement';

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
  /** The built files' own history dates builds: a commit touched nearly every page (`pages` of them). */
  | { kind: 'mass-commit'; commit: string; subject: string; time: number; pages: number };

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
  /** The newest commit that changed it (for hover and the lastmod edits): subject and short hash. */
  commit?: { hash: string; subject: string };
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
  /** Said once: why lastmod is not judged, or judged only where pageSources maps. */
  historyNotes: readonly HistoryNote[];
  /** The pages that could not be read as pages, so far (pages are read when first asked): asked after the rules ran.
   * Absent: none. */
  readNotes?: () => readonly PageReadNote[];
  /** When the history was read (ms): "uncommitted" means changed at this instant. */
  now: number;
}
