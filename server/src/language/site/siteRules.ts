/** The cross-file rules over the files checked together. Pure: the caller says where each file lives and which local
 * file a URL names (`SiteResolver`). Offsets are absolute, in the file the problem is reported in. */
import type { RuleId } from '../rules/catalogue';
import type { ProblemData } from '../sitemapLanguageTypes';
import type { SiteEntry, SiteFileKind, SiteSummary } from './siteSummary';

export interface SiteFile {
  /** The file's key: the resolver's paths are in the same space. */
  path: string;
  summary: SiteSummary;
  /** Whether the file lies under a site root (a configured one, or a folder holding a robots.txt): unlisted-sitemap. */
  inSite: boolean;
}

export interface SiteResolver {
  /** The local path the URL listed in `from` (an index `<loc>`, a robots.txt `Sitemap:` line) maps to, if any. */
  fileOf(url: string, from: SiteFile): string | undefined;
  /** Whether a file exists at `path` (linted together or not). */
  exists(path: string): boolean;
  /**
   * For an index whose location is unknown (no site root, no robots.txt naming it), the file beside it named as the
   * URL ends (as Merge finds children); undefined when the location is known or the URL ends in no file name.
   */
  fileBeside?(url: string, from: SiteFile): string | undefined;
}

export interface SiteRelated {
  path: string;
  start: number;
  end: number;
  message: string;
}

export interface SiteProblem {
  path: string;
  rule: RuleId;
  start: number;
  end: number;
  message: string;
  related?: SiteRelated[];
  data?: ProblemData;
  /**
   * The URL the problem is about: its sitemap entry's (an index's `<loc>`, a `<url>`'s), or the page `unlisted-page`
   * names, whose range is the root element's for every page: sitemap-lint reports it, and a baseline matches by it.
   */
  url?: string;
}

/**
 * Whether the site rules can report anything on files of these kinds: only an index or a robots.txt names other files,
 * and a duplicate across files needs two sitemaps. A lone sitemap, the common CI run, then needs no summary at all.
 */
export function siteRulesApply(kinds: readonly SiteFileKind[]): boolean {
  let sitemaps = 0;
  for (const kind of kinds) {
    if (kind === 'sitemapindex' || kind === 'robots') return true;
    if ((kind === 'urlset' || kind === 'text') && ++sitemaps > 1) return true;
  }
  return false;
}

export function checkSiteRules(files: readonly SiteFile[], resolver: SiteResolver): SiteProblem[] {
  const duplicates: SiteProblem[] = [];
  checkCrossDuplicates(files, duplicates);
  return checkSiteRulesGiven(files, resolver, duplicates);
}

/**
 * The rules that need every file (references from indexes and robots.txt files, unlisted-sitemap) around the
 * cross-file duplicates already found: the problems in checkSiteRules's order, which SiteRulesFileByFile keeps too.
 */
export function checkSiteRulesGiven(files: readonly SiteFile[], resolver: SiteResolver, duplicates: readonly SiteProblem[]): SiteProblem[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const problems: SiteProblem[] = [];
  const listed = new Set<string>();
  for (const file of files) {
    const kind = file.summary.kind;
    if (kind === 'sitemapindex' || kind === 'robots') checkReferences(file, byPath, resolver, listed, problems);
  }
  for (const duplicate of duplicates) problems.push(duplicate);
  checkUnlisted(files, listed, problems);
  return problems;
}

/** missing-sitemap-file, nested-index and stale-index-lastmod on an index's `<loc>`s or a robots.txt's lines. */
function checkReferences(file: SiteFile, byPath: ReadonlyMap<string, SiteFile>, resolver: SiteResolver, listed: Set<string>, problems: SiteProblem[]): void {
  for (const entry of file.summary.entries) {
    const mapped = resolver.fileOf(entry.url, file);
    const beside = mapped === undefined && file.summary.kind === 'sitemapindex' ? resolver.fileBeside?.(entry.url, file) : undefined;
    const target = mapped ?? beside;
    if (target === undefined) continue;
    listed.add(target);
    const child = byPath.get(target);
    // A robots.txt's Sitemap: line is no sitemap entry.
    const at = { path: file.path, start: entry.start, end: entry.end, ...(file.summary.kind === 'sitemapindex' ? { url: entry.url } : {}) };
    if (child === undefined) {
      if (!resolver.exists(target)) problems.push({ ...at, rule: 'missing-sitemap-file', message: missingMessage(target, beside !== undefined) });
      continue;
    }
    if (file.summary.kind !== 'sitemapindex') continue;
    if (child.summary.kind === 'sitemapindex') {
      problems.push({ ...at, rule: 'nested-index', message: 'This entry names a sitemap index: an index may only list sitemaps.' });
      continue;
    }
    const stale = staleAgainst(entry, child);
    if (stale !== undefined) {
      problems.push({
        path: file.path, start: entry.lastmodStart, end: entry.lastmodEnd, rule: 'stale-index-lastmod', url: entry.url,
        message: `This <lastmod> is earlier than the newest <lastmod> in the sitemap it names (${stale.lastmodText}).`,
        related: [{ path: child.path, start: stale.lastmodStart, end: stale.lastmodEnd, message: 'The newest <lastmod> of the sitemap.' }],
      });
    }
  }
}

function missingMessage(target: string, beside: boolean): string {
  // A file of a run read over HTTP is keyed by its URL (sitemap-lint https://…): the server said it is not there.
  if (/^https?:\/\//i.test(target)) return `${target} answered 404 or 410: no sitemap is served there.`;
  if (!beside) return `No file exists at ${target}, where this URL is served from.`;
  const name = target.slice(Math.max(target.lastIndexOf('/'), target.lastIndexOf('\\')) + 1);
  return `No file named ${name} beside the index: its location is unknown (no site root, no robots.txt naming it), so its children are found by file name, as Merge finds them.`;
}

/**
 * The child's newest entry when the index entry's `<lastmod>` is older. A date without a time stands for its whole
 * day (a month, a year likewise): `2024-05-01` in the index is not stale against `2024-05-01T10:00Z` in the child.
 */
function staleAgainst(entry: SiteEntry, child: SiteFile): SiteEntry | undefined {
  if (Number.isNaN(entry.lastmod)) return undefined;
  let newest: SiteEntry | undefined;
  for (const e of child.summary.entries) if (!Number.isNaN(e.lastmod) && (newest === undefined || e.lastmod > newest.lastmod)) newest = e;
  if (newest === undefined) return undefined;
  return newest.lastmod >= periodEnd(entry) ? newest : undefined;
}

/** The first instant after what the `<lastmod>` names: the next year, month or day for a date, else just after it. */
function periodEnd(entry: SiteEntry): number {
  const d = new Date(entry.lastmod);
  const text = entry.lastmodText;
  if (/^\d{4}$/.test(text)) return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  if (/^\d{4}-\d{2}$/.test(text)) return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return entry.lastmod + 86_400_000;
  return entry.lastmod + 1;
}

/** cross-file-duplicate-url: a URL of a sitemap already listed by an earlier one; once per later file. */
function checkCrossDuplicates(files: readonly SiteFile[], problems: SiteProblem[]): void {
  const sitemaps = files.filter((f) => f.summary.kind === 'urlset' || f.summary.kind === 'text');
  // Each URL's first listing, from the files before the one checked: a lone sitemap (the common CI case) costs nothing.
  const first = new Map<string, { path: string; start: number; end: number }>();
  sitemaps.forEach((file, k) => {
    if (first.size > 0) reportListedBefore(file, first, problems);
    if (k < sitemaps.length - 1) rememberFirstListings(file, first);
  });
}

function reportListedBefore(file: SiteFile, first: ReadonlyMap<string, { path: string; start: number; end: number }>, problems: SiteProblem[]): void {
  const reported = new Set<string>(); // a second time in one file is duplicate-url's
  for (const entry of file.summary.entries) {
    const earlier = first.get(entry.url);
    if (earlier === undefined || reported.has(entry.url)) continue;
    reported.add(entry.url);
    problems.push(crossDuplicate(file.path, entry.start, entry.end, earlier.path, earlier.start, earlier.end, entry.url));
  }
}

/** cross-file-duplicate-url of `url` (undefined when only its key is known) at `start`–`end` of `path`, first listed at `firstStart`–`firstEnd` of `firstPath`. */
export function crossDuplicate(path: string, start: number, end: number, firstPath: string, firstStart: number, firstEnd: number, url: string | undefined): SiteProblem {
  return {
    path, rule: 'cross-file-duplicate-url', start, end, ...(url === undefined ? {} : { url }),
    message: 'This URL is already listed by another sitemap of the site (see the related location).',
    related: [{ path: firstPath, start: firstStart, end: firstEnd, message: 'First listed here.' }],
  };
}

function rememberFirstListings(file: SiteFile, first: Map<string, { path: string; start: number; end: number }>): void {
  for (const entry of file.summary.entries) {
    if (!first.has(entry.url)) first.set(entry.url, { path: file.path, start: entry.start, end: entry.end });
  }
}

/** unlisted-sitemap: only when an index or a robots.txt is among the files (else every sitemap would be unlisted). */
function checkUnlisted(files: readonly SiteFile[], listed: ReadonlySet<string>, problems: SiteProblem[]): void {
  if (!files.some((f) => f.summary.kind === 'sitemapindex' || f.summary.kind === 'robots')) return;
  for (const file of files) {
    const kind = file.summary.kind;
    if ((kind !== 'urlset' && kind !== 'sitemapindex' && kind !== 'text') || !file.inSite || listed.has(file.path)) continue;
    problems.push({
      path: file.path, rule: 'unlisted-sitemap', start: file.summary.anchorStart, end: file.summary.anchorEnd,
      message: 'No index and no robots.txt linted with this sitemap lists it: search engines may never find it.',
    });
  }
}
