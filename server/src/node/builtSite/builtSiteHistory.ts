/** What git says of a site root's pages: one history per repository (shared by its roots), each page's source (the
 * `sitemap.pageSources` mapping's first tracked candidate, else the built file itself, dated by its content), and the
 * notes said once. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pageSourceMapping, resolvePage, sourceCandidates, type BuiltFiles, type HistoryNote, type PageSource, type SiteRoot } from '../../language/languageService';
import { pageSourcesFolder } from '../../../../shared/protocol';
import { readGitHistory, type GitHistory, type GitHistoryOptions, type SourceFacts } from '../git/gitHistory';

/** Histories by the folder read (a repository's top level): give the same map to every root of one run. */
export type GitHistoryCache = Map<string, Promise<GitHistory>>;

export interface HistoryRequest {
  /** The root's built folder, absolute. */
  folder: string;
  /** Every root's built folder, absolute: their pages are dated by content in the one shared history. */
  builtFolders: readonly string[];
  cache: GitHistoryCache;
  signal?: AbortSignal;
  /** The executable and environment git runs with (tests). */
  git?: Pick<GitHistoryOptions, 'git' | 'env'>;
  /** sitemap-lint's lastmods per page file (LastmodNeeds): the content history read only as far as they need. */
  contentBounds?: GitHistoryOptions['contentBounds'];
  /** GitHistoryOptions' startAtOnce: for a caller about to hold its thread. */
  startAtOnce?: boolean;
  /** The page workers' digests of the working files (WorkingDigests). */
  workingDigests?: GitHistoryOptions['workingDigests'];
}

/** The history of the repository holding `folder` (its top level found by its `.git`), read once per cache. */
export function historyOf(request: HistoryRequest): Promise<GitHistory> {
  const top = repositoryTop(request.folder) ?? request.folder;
  let history = request.cache.get(top);
  if (history === undefined) {
    const builtFolders = request.builtFolders.filter((f) => isInside(top, f));
    history = readGitHistory(top, { ...request.git, builtFolders, signal: request.signal, contentBounds: request.contentBounds, startAtOnce: request.startAtOnce, workingDigests: request.workingDigests });
    request.cache.set(top, history);
  }
  return history;
}

/** The nearest folder at or above `folder` holding `.git` (a folder, or a file in a worktree or submodule). */
function repositoryTop(folder: string): string | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The note git's status calls for, said once; none when it was read (or cancelled). */
export function statusNote(history: GitHistory): HistoryNote | undefined {
  switch (history.status) {
    case 'no-git':
      return { kind: 'no-git', ...(history.detail === undefined ? {} : { detail: history.detail }) };
    case 'failed':
      return { kind: 'failed', ...(history.detail === undefined ? {} : { detail: history.detail }) };
    case 'not-a-repository':
    case 'shallow':
      return { kind: history.status };
    default:
      return undefined;
  }
}

/**
 * The note for the root's pages git changed but cannot date by content (none of their kept commits changed it, or a
 * version was too large to read): lastmod-stale passes them over, which the user should know. None when there are none.
 * A page whose content history no `<lastmod>` needed (sitemap-lint's bounds) is not one: it was judged, or has nothing to judge.
 */
export function undatedContentNote(history: GitHistory, folder: string, pages: Iterable<string>): HistoryNote | undefined {
  let count = 0;
  let example = '';
  // Keys relative to the folder git read, made by string operations: a path.relative per page costs at 50,000 pages.
  const under = path.relative(history.folder, folder).split(path.sep).join('/');
  if (under.startsWith('..') || path.isAbsolute(under)) return undefined;
  for (const page of pages) {
    const file = under === '' ? page : `${under}/${page}`;
    if (history.lastChange(file) === undefined || history.lastContentChange(file) !== undefined || history.isUncommitted(file) || history.contentNotNeeded(file)) continue;
    if (count++ === 0) example = page;
  }
  return count === 0 ? undefined : { kind: 'undated-content', pages: count, example };
}

export interface SourceContext {
  history: GitHistory;
  /** The absolute folder the site roots' folders are relative to. */
  workspace: string;
  root: SiteRoot;
  /** `sitemap.pageSources`: keyed by built folder, as `sitemap.siteRoots` is. */
  pageSources: Readonly<Record<string, unknown>>;
}

/** `source(url, file)` of a BuiltSite. */
export function sourceFinder(context: SourceContext): (url: string, file: string) => PageSource | undefined {
  const { history, root } = context;
  const mapping = pageSourceMapping(mappingSetting(context.pageSources, root.folder), root.folder);
  const keyOf = gitKeys(context.workspace, history.folder);
  const tracked = (relative: string): string | undefined => {
    const key = keyOf(relative);
    return key !== undefined && history.isTracked(key) ? key : undefined;
  };
  const sourceOf = (relative: string, key: string): PageSource => pageSourceOf(relative, history.facts(key));
  return (url, file) => {
    if (mapping !== undefined) {
      for (const candidate of sourceCandidates(urlPathUnder(url, root.url), mapping)) {
        const key = tracked(candidate);
        if (key !== undefined) return sourceOf(candidate, key);
      }
    }
    const built = root.folder === '' ? file : `${root.folder}/${file}`;
    const key = tracked(built);
    return key === undefined ? undefined : sourceOf(built, key);
  };
}

/**
 * The files (absolute) sourceFinder may take a URL's source from in the root: the built file that serves it (resolvePage,
 * as the page rules resolve it) and every candidate of the root's `sitemap.pageSources` mapping, tracked or not (the
 * history knows which are); none for a URL outside the root. LastmodNeeds' addRoot.
 */
export function sourceFilesOf(workspace: string, root: SiteRoot, files: BuiltFiles, pageSources: Readonly<Record<string, unknown>>): (url: string) => string[] {
  const mapping = pageSourceMapping(mappingSetting(pageSources, root.folder), root.folder);
  const absolute = (relative: string): string => path.join(workspace, ...relative.split('/'));
  return (url) => {
    const resolution = resolvePage(url, root, files);
    if (resolution === undefined) return [];
    const found = 'file' in resolution ? [absolute(root.folder === '' ? resolution.file : `${root.folder}/${resolution.file}`)] : [];
    if (mapping !== undefined) for (const candidate of sourceCandidates(urlPathUnder(url, root.url), mapping)) found.push(absolute(candidate));
    return found;
  };
}

/** Pages looked at to tell whether a mapping maps any: enough for a mistake to show, few for a large site. */
const MAPPING_PROBE_PAGES = 2_000;

/**
 * The note for a `sitemap.pageSources` mapping that maps none of the root's pages (`files`, built paths relative to its
 * folder) to a file git tracks: a wrong `root` (`"."` was once one) or patterns; none when one page maps, or no mapping.
 */
export function unmappedSourcesNote(context: SourceContext, files: Iterable<string>): HistoryNote | undefined {
  const mapping = pageSourceMapping(mappingSetting(context.pageSources, context.root.folder), context.root.folder);
  if (mapping === undefined) return undefined;
  const keyOf = gitKeys(context.workspace, context.history.folder);
  let first: { page: string; example: string } | undefined;
  let probed = 0;
  for (const file of files) {
    if (!/\.html?$/i.test(file) || probed++ >= MAPPING_PROBE_PAGES) continue;
    const urlPath = `/${file.replace(/(^|\/)index\.html?$/i, '$1')}`;
    const candidates = sourceCandidates(urlPath, mapping);
    if (candidates.some((candidate) => { const key = keyOf(candidate); return key !== undefined && context.history.isTracked(key); })) return undefined;
    if (first === undefined && candidates.length > 0) first = { page: file, example: candidates[0]! };
  }
  return first === undefined ? { kind: 'unmapped-sources', page: '', example: '' } : { kind: 'unmapped-sources', ...first };
}

/** A source's facts as the page rules take them: the dates as numbers, the commits named. */
function pageSourceOf(relative: string, facts: SourceFacts): PageSource {
  const { newest, significant } = facts;
  const source: PageSource = {
    path: relative,
    history: {
      ...(newest ? { newest: { time: newest.time, authorTime: newest.authorTime } } : {}),
      ...(significant ? { significant: { time: significant.time, authorTime: significant.authorTime, ...(significant.changed.includes('added') ? { added: true } : {}) } } : {}),
      uncommitted: facts.uncommitted,
    },
  };
  if (newest) source.commit = { hash: newest.commit.slice(0, 7), subject: newest.subject, time: newest.time };
  if (significant) source.contentCommit = { hash: significant.commit.slice(0, 7), subject: significant.subject, time: significant.time, changed: significant.changed };
  if (facts.uncommittedChanged) source.uncommittedChanged = facts.uncommittedChanged;
  return source;
}

/**
 * Workspace-relative paths as the history's keys (relative to the folder git read, with `/`), by string operations:
 * a page is looked up a few times per entry, 50,000 entries. Undefined for a path outside that folder.
 */
function gitKeys(workspace: string, gitFolder: string): (relative: string) => string | undefined {
  const down = path.relative(gitFolder, workspace).split(path.sep).join('/');
  if (down === '') return (relative) => relative;
  if (!down.startsWith('..') && !path.isAbsolute(down)) return (relative) => `${down}/${relative}`;
  const up = `${path.relative(workspace, gitFolder).split(path.sep).join('/')}/`;
  if (up.startsWith('..')) return () => undefined;
  return (relative) => (relative.startsWith(up) ? relative.slice(up.length) : undefined);
}

/** The setting of a built folder, its key normalised as siteRoots' are (`./public/` is `public`). */
export function mappingSetting(pageSources: Readonly<Record<string, unknown>>, folder: string): unknown {
  return Object.entries(pageSources).find(([key]) => pageSourcesFolder(key) === folder)?.[1];
}

/** Whether `sitemap.pageSources` maps the root's folder. */
export function hasMapping(pageSources: Readonly<Record<string, unknown>>, folder: string): boolean {
  return pageSourceMapping(mappingSetting(pageSources, folder), folder) !== undefined;
}

/** The URL's path from the root's URL, from its `/`, as written (sourceCandidates decodes it). */
function urlPathUnder(url: string, rootUrl: string): string {
  try {
    const page = new URL(url).pathname;
    const base = new URL(rootUrl).pathname.replace(/\/?$/, '/');
    return page.startsWith(base) ? page.slice(base.length - 1) : page;
  } catch {
    return '/';
  }
}
