/** The page rules over the sitemaps checked together and the built sites they map: each `<loc>` against its page
 * (entryRules.ts), then the indexable pages no sitemap lists, and git's notes once per site root. A root whose folder
 * holds no pages is judged by its robots.txt alone. */
import type { BuiltSite, HistoryNote, PageReadNote } from '../builtSite';
import { resolvePage, siteRootOf, type SiteRoot } from '../pageResolution';
import type { SiteFile, SiteProblem } from '../siteRules';
import { checkEntry } from './entryRules';
import { unlistedPagesGiven } from './unlistedPages';
import { siteFilePath } from './hostRedirect';
import { isInScope, type AllowedHosts, type SitemapScope } from '../../rules/scope';
import { checkUrl } from '../../rules/url';

/** A sitemap with the URL it is published at: one whose location is unknown gets no page rule. */
export type PageRulesFile = SiteFile & { location: string | undefined };

export interface PageRulesOptions {
  /** The crawler judged for: its robots.txt group (else `*`) and its `<meta name>` (`Googlebot` by default). */
  userAgent: string;
  /** The hosts a sitemap may list besides its own origin (sitemap.allowedHosts, parsed): where a canonical may be listed. */
  allowed?: AllowedHosts;
}

export type PageRulesNote = (HistoryNote | PageReadNote) & { root: SiteRoot };

export interface PageRulesResult {
  problems: SiteProblem[];
  notes: PageRulesNote[];
}

/** What is known of one site root during a check. */
interface SiteState {
  site: BuiltSite;
  /** The built files the sitemaps' entries resolve to (a slash mismatch counts: its entry is reported already). */
  listed: Set<string>;
  /** Where unlisted-page goes: the first sitemap (in path order) published under the root. */
  anchor: PageRulesFile | undefined;
  touched: boolean;
}

export function checkPageRules(files: readonly PageRulesFile[], sites: readonly BuiltSite[], options: PageRulesOptions): PageRulesResult {
  const result: PageRulesResult = { problems: [], notes: [] };
  if (!sites.some(isJudged)) return result;
  const roots = sites.map((site) => site.root);
  const states = new Map<SiteRoot, SiteState>();
  for (const site of sites) if (isJudged(site)) states.set(site.root, { site, listed: new Set(), anchor: undefined, touched: false });
  for (const file of files) {
    if (file.summary.kind !== 'urlset' && file.summary.kind !== 'text') continue;
    const home = file.location === undefined ? undefined : siteRootOf(file.location, roots);
    if (home !== undefined) noteAnchor(file, states.get(home));
    checkFile(file, roots, states, options, result.problems);
  }
  for (const state of states.values()) {
    if (state.anchor !== undefined) reportUnlisted(state, state.anchor, options.userAgent, result.problems);
    if (!state.touched || !state.site.hasPages) continue;
    for (const note of state.site.historyNotes) result.notes.push({ ...note, root: state.site.root });
    for (const note of state.site.readNotes?.() ?? []) result.notes.push({ ...note, root: state.site.root });
  }
  return result;
}

/**
 * Whether a root gets page rules: blocked-by-robots needs only its robots.txt (a CMS's or server-rendered site's
 * sitemap and robots.txt in the repository); the rules that judge what a fetch shows need built pages.
 */
function isJudged(site: BuiltSite): boolean {
  return site.hasPages || site.robots !== undefined;
}

function noteAnchor(file: PageRulesFile, state: SiteState | undefined): void {
  if (state === undefined) return;
  state.touched = true;
  if (state.anchor === undefined || file.path < state.anchor.path) state.anchor = file;
}

/** Each entry under a root with pages: its file counts as listed; judged when the sitemap's location is known. */
function checkFile(file: PageRulesFile, roots: readonly SiteRoot[], states: ReadonlyMap<SiteRoot, SiteState>, options: PageRulesOptions, problems: SiteProblem[]): void {
  const judged = file.location !== undefined;
  const userAgent = options.userAgent;
  const listable = mayList(file.location, options.allowed);
  for (const entry of file.summary.entries) {
    const root = siteRootOf(entry.url, roots);
    const state = root === undefined ? undefined : states.get(root);
    if (state === undefined) continue;
    // Without pages nothing is served or listed: robots.txt alone is judged (no page-not-found for every entry).
    const resolution = state.site.hasPages ? resolvePage(entry.url, state.site.root, state.site.files) : undefined;
    if (resolution !== undefined && 'file' in resolution) state.listed.add(resolution.file);
    else if (resolution !== undefined && 'slashMismatch' in resolution) state.listed.add(resolution.slashMismatch);
    if (!judged || (resolution === undefined && state.site.hasPages)) continue;
    state.touched = true;
    checkEntry({ path: file.path, entry, site: state.site, userAgent, listable }, resolution, problems);
  }
}

/** Whether the sitemap at `location` may list a URL (out-of-scope's test): its origin under its folder, or an allowed host. */
function mayList(location: string | undefined, allowed: AllowedHosts = { origins: new Set(), hosts: new Set() }): (url: string) => boolean {
  const scope: SitemapScope = { location: location === undefined ? undefined : checkUrl(location, []), allowed };
  if (scope.location === undefined) return () => false;
  return (url) => {
    const parts = checkUrl(url, []);
    return parts !== undefined && isInScope(parts, scope);
  };
}

function reportUnlisted(state: SiteState, anchor: PageRulesFile, userAgent: string, problems: SiteProblem[]): void {
  const { anchorStart: start, anchorEnd: end } = anchor.summary;
  for (const page of unlistedPagesGiven(state.site, state.listed, userAgent)) {
    problems.push({
      path: anchor.path, rule: 'unlisted-page', start, end, url: page.url,
      message: `${page.url} is an indexable page that no sitemap of the site lists: add it, so that search engines find it.`,
      related: [{ path: siteFilePath(state.site.root, page.file), start: 0, end: 0, message: 'The unlisted page.' }],
    });
  }
}
