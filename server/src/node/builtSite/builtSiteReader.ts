/** A site root's built folder read from disk into what the page rules know of it (language/site/builtSite.ts): its
 * files in one walk, the origin's robots.txt, its redirects files, git's history; pages are read when first asked. */
import * as path from 'node:path';
import {
  builtRedirectsOf, parseRobotsRules, robotsFileOf,
  type BuiltRedirects, type BuiltRobots, type BuiltSite, type HistoryNote, type SiteRoot,
} from '../../language/languageService';
import { decodeFileText, MAX_ROBOTS_BYTES, readHead } from '../files';
import { compareWalkOrder, NO_LIMITS, walkFolders, walkFoldersSync, type FolderWalk } from '../folderWalk';
import { pageReader, readAhead, type PageReader } from './builtPages';
import { PageHeadPool, type PageWorkers } from './pageHeadPool';
import { hasMapping, historyOf, sourceFilesOf, type HistoryRequest, sourceFinder, statusNote, undatedContentNote, unmappedSourcesNote, type GitHistoryCache } from './builtSiteHistory';
import type { LastmodNeeds } from './lastmodNeeds';
import type { WorkingDigests } from './workingDigests';
import type { GitHistoryOptions } from '../git/gitHistory';

export type { GitHistoryCache } from './builtSiteHistory';

/**
 * A site root and where its folder is: `root.folder` is relative to `workspace` (absolute). The editor gives the
 * workspace folder; the command line, whose roots are absolute folders, the file system's root (as SiteContext keys them).
 */
export interface SiteRootLocation {
  workspace: string;
  root: SiteRoot;
}

export interface BuiltSiteOptions {
  /** Every site root of the workspace: the origin's robots.txt may lie in another root's folder. */
  siteRoots: readonly SiteRoot[];
  /** `sitemap.pageSources`. */
  pageSources: Readonly<Record<string, unknown>>;
  /** Whether git may run: false in an untrusted workspace (a repository's config can name commands). */
  git: boolean;
  signal?: AbortSignal;
  /** Default Date.now(). */
  now?: number;
  /** Shared by the roots of one run so that each repository's history is read once. */
  histories?: GitHistoryCache;
  /** Walk the folder without yielding to the event loop: about three times faster (the command line, a worker). */
  synchronousWalk?: boolean;
  /** Read every page while git runs, rather than when a rule first asks (the command line: the rules will ask for all). */
  readAhead?: boolean;
  /** With readAhead: the pages read on worker threads while the folder is walked (sitemap-lint, pageHeadPool.ts). */
  pageWorkers?: PageWorkers;
  /**
   * What to read beside robots.txt (pageRuleNeeds: what the rules that are on need; default everything): `files`
   * false walks no folder (the site then has no pages, no redirects: robots.txt alone is judged), `pages` false reads
   * no page (every `page()` is undefined). git runs only with `git` and pages.
   */
  read?: { files: boolean; pages: boolean };
  /**
   * git's history is read once this settles (readBuiltSiteInStages; default at once): the editor's store opens it when
   * the site with history is first asked for, after the page rules' first check, so that git's processes and their
   * parsing do not compete with the walk and that check for the machine's cores.
   */
  historyWhen?: Promise<void>;
  /** The executable and environment git runs with (tests). */
  gitProcess?: Pick<GitHistoryOptions, 'git' | 'env'>;
  /**
   * sitemap-lint's `<lastmod>`s, shared by the roots of one run (each adds itself once walked): git then reads a page's
   * content history only as far as they need. Without it (the editor, which judges lastmods as they are edited and
   * shows any page's last content change), every page's is read to its last content change.
   */
  lastmods?: LastmodNeeds;
  /**
   * With `lastmods` and page workers: the workers' digest of each page's content parts, shared by the roots of one run
   * (each adds its own once read), which git's history compares committed versions with instead of reading every page again.
   */
  workingDigests?: WorkingDigests;
}

const REDIRECTS_BYTES = 1024 * 1024;
const PAGE = /\.html?$/i;

/** A BuiltSite whose files are the set the walk found. */
export type ReadBuiltSite = BuiltSite & { files: ReadonlySet<string> };

/** Never throws: what cannot be read is left out (no robots.txt, no redirects, a page without facts). */
export async function readBuiltSite(location: SiteRootLocation, options: BuiltSiteOptions): Promise<ReadBuiltSite> {
  return (await readBuiltSiteInStages(location, options)).withHistory;
}

/**
 * The site as soon as its folder is walked (and, with readAhead, its pages read), without git's answers (no page has a
 * source, no history note), and the same site with them once git has answered: the rules that need no history (all
 * but the lastmod rules) need not wait for git, which takes seconds on a repository of many builds. Never throws.
 */
export async function readBuiltSiteInStages(location: SiteRootLocation, options: BuiltSiteOptions): Promise<{ site: ReadBuiltSite; withHistory: Promise<ReadBuiltSite> }> {
  const { workspace, root } = location;
  const read = options.read ?? { files: true, pages: true };
  const folder = absoluteOf(workspace, root.folder);
  const workers = options.pageWorkers && { ...options.pageWorkers, digests: options.workingDigests !== undefined };
  const pool = read.files && read.pages && options.readAhead === true && workers !== undefined ? new PageHeadPool(folder, root, workers) : undefined;
  const { files, special } = await walked(location, folder, options, pool);
  const hasPages = [...files].some((file) => PAGE.test(file));
  // A root without pages gets no rule of a fetch: git is not run for it, and nothing is said.
  const reading = hasPages && read.pages
    ? (options.historyWhen ?? Promise.resolve()).then(() => historyFacts(location, folder, files, options))
    : Promise.resolve({ source: NO_SOURCE, notes: [] });
  const page = read.pages ? pageReader(folder, root, files, special) : undefined;
  if (hasPages && page !== undefined && options.readAhead === true) await readPagesAhead(page, pool, folder, files, options);
  else options.workingDigests?.addRoot([]);
  const site: ReadBuiltSite = {
    root,
    files,
    hasPages,
    robots: readRobots(workspace, root, options.siteRoots),
    redirects: read.files ? readRedirects(folder) : [],
    page: page ?? NO_PAGE,
    readNotes: page?.notes,
    source: NO_SOURCE,
    historyNotes: [],
    now: options.now ?? Date.now(),
  };
  return { site, withHistory: reading.then((history) => ({ ...site, source: history.source, historyNotes: history.notes })) };
}

/**
 * The pages the workers read taken into `page`, and their digests handed to the run's WorkingDigests (once per root,
 * whatever happened; before the pages no worker read are read here, so that git's history can go on meanwhile).
 */
async function readPagesAhead(page: PageReader, pool: PageHeadPool | undefined, folder: string, files: ReadonlySet<string>, options: BuiltSiteOptions): Promise<void> {
  const digested: Array<[string, string]> = [];
  try {
    for (const batch of (await pool?.finish()) ?? []) {
      if (batch === undefined) continue;
      page.absorb(batch);
      batch.digests?.forEach((digest, i) => digest !== null && digested.push([folder + path.sep + nativePath(batch.files[i]!), digest]));
    }
  } finally {
    options.workingDigests?.addRoot(digested);
  }
  await readAhead(page, files, () => options.signal?.aborted === true); // what no worker read
}

/** The folder's files when the rules need them (filesUnder), the root then added to the run's LastmodNeeds, whatever happened. */
async function walked(location: SiteRootLocation, folder: string, options: BuiltSiteOptions, pool?: PageHeadPool): Promise<{ files: Set<string>; special: Set<string> }> {
  let files = new Set<string>();
  try {
    if (options.read?.files === false) return { files, special: new Set() };
    const found = await filesUnder(folder, options, pool);
    files = found.files;
    return found;
  } finally {
    options.lastmods?.addRoot(sourceFilesOf(location.workspace, location.root, files, options.pageSources));
  }
}

/** A `/`-separated relative path with the platform's separators. */
function nativePath(file: string): string {
  return path.sep === '/' ? file : file.split('/').join(path.sep);
}

function absoluteOf(workspace: string, relative: string): string {
  return path.join(workspace, ...relative.split('/').filter((s) => s !== ''));
}

/**
 * The folder's files, relative with `/`, in walk order (depth first, names sorted, links not followed); `special`:
 * those that are no regular file (a FIFO, a socket, a device, told by the walk's entry types, never opened), among them.
 */
async function filesUnder(folder: string, options: BuiltSiteOptions, pool?: PageHeadPool): Promise<{ files: Set<string>; special: Set<string> }> {
  // Every file is under the folder as given: its path past the folder's (path.relative per file costs 50,000 resolves).
  const prefix = folder.length + (folder.endsWith(path.sep) ? 0 : 1);
  const relative = (file: string) => (path.sep === '/' ? file.slice(prefix) : file.slice(prefix).split(path.sep).join('/'));
  const others: string[] = [];
  const how: FolderWalk = { wanted: () => true, limits: NO_LIMITS, cancelled: () => options.signal?.aborted === true, special: (file) => others.push(file) };
  // Each page handed to the workers as the walk finds it, so that reading overlaps walking.
  if (pool !== undefined) how.found = (file, name) => PAGE.test(name) && pool.add(relative(file));
  const walk = options.synchronousWalk === true ? walkFoldersSync([folder], how) : await walkFolders([folder], how);
  const special = new Set(others.map(relative));
  // A special file exists (no "no built file serves"); it joins the files in walk order, unread.
  const files = special.size === 0 ? new Set(walk.files.map(relative)) : new Set([...walk.files, ...others].sort(compareWalkOrder).map(relative));
  return { files, special };
}

/** The robots.txt the site roots map `https://host/robots.txt` to (robotsFileOf). */
function readRobots(workspace: string, root: SiteRoot, siteRoots: readonly SiteRoot[]): BuiltRobots | undefined {
  const file = robotsFileOf(root, siteRoots);
  const bytes = file === undefined ? undefined : readHead(absoluteOf(workspace, file), MAX_ROBOTS_BYTES);
  return file === undefined || bytes === undefined ? undefined : { file, rules: parseRobotsRules(decodeFileText(bytes)) };
}

/** `_redirects` and `vercel.json` at the folder's top (builtRedirectsOf). */
function readRedirects(folder: string): BuiltRedirects[] {
  return builtRedirectsOf((name) => readText(path.join(folder, name)));
}

function readText(file: string): string | undefined {
  const bytes = readHead(file, REDIRECTS_BYTES);
  return bytes === undefined ? undefined : decodeFileText(bytes);
}

interface HistoryFacts {
  source: BuiltSite['source'];
  notes: HistoryNote[];
}

const NO_SOURCE: BuiltSite['source'] = () => undefined;
const NO_PAGE: BuiltSite['page'] = () => undefined;

/** The request for the root's history (one per repository: the cache gives the roots of one repository the same). */
function historyRequest(location: SiteRootLocation, options: BuiltSiteOptions): HistoryRequest {
  return {
    folder: absoluteOf(location.workspace, location.root.folder),
    builtFolders: options.siteRoots.map((r) => absoluteOf(location.workspace, r.folder)),
    cache: options.histories ?? new Map(),
    signal: options.signal,
    git: options.gitProcess,
    contentBounds: options.lastmods?.byFile,
    workingDigests: options.workingDigests?.byFile,
  };
}

/**
 * The command line's histories started before any folder is walked, into `options.histories` (where each root's
 * historyFacts finds its own): git's listings then run while the thread walks (GitHistoryOptions' startAtOnce), not after
 * it. Only where git will be read (git may run, pages are read); `stop` ends, once every root is read, what no root
 * asked for (a root whose folder holds no page runs none of git's rules).
 */
export function startHistories(workspace: string, options: BuiltSiteOptions): { stop(): void } {
  const read = options.read ?? { files: true, pages: true };
  if (!options.git || !read.files || !read.pages || options.histories === undefined) return { stop: () => undefined };
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  for (const root of options.siteRoots) historyOf({ ...historyRequest({ workspace, root }, options), signal: controller.signal, startAtOnce: true });
  return { stop: () => { options.signal?.removeEventListener('abort', stop); stop(); } };
}

/** Git's answers for the root: none (with a note) when git may not run or could not read a history. */
async function historyFacts(location: SiteRootLocation, folder: string, files: ReadonlySet<string>, options: BuiltSiteOptions): Promise<HistoryFacts> {
  if (!options.git) return { source: NO_SOURCE, notes: [{ kind: 'untrusted' }] };
  const history = await historyOf(historyRequest(location, options));
  const failed = statusNote(history);
  if (failed !== undefined || history.status !== 'ok') return { source: NO_SOURCE, notes: failed ? [failed] : [] };
  const notes: HistoryNote[] = [];
  const context = { history, workspace: location.workspace, root: location.root, pageSources: options.pageSources };
  const unmapped = unmappedSourcesNote(context, files);
  if (unmapped !== undefined) notes.push(unmapped);
  if (unmapped !== undefined || !hasMapping(options.pageSources, location.root.folder)) {
    const undated = undatedContentNote(history, folder, [...files].filter((f) => PAGE.test(f)));
    if (undated !== undefined) notes.push(undated);
  }
  return { source: sourceFinder(context), notes };
}
