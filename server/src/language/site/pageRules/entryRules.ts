/** The page rules of one sitemap entry: what the host and the page say of its `<loc>`, one verdict per entry (as
 * Search Console gives one status per URL), and its `<lastmod>` against git. The order is docs/rules.md's. */
import type { BuiltSite, CommitRef, PageSource } from '../builtSite';
import { canonicalDifference, robotsFor, type PageFacts, type TextRange } from '../pageFacts';
import { resolvePage, type PageResolution } from '../pageResolution';
import { isAllowed } from '../robotsMatcher';
import type { SiteProblem, SiteRelated } from '../siteRules';
import type { SiteEntry } from '../siteSummary';
import { describeChange, judgeLastmodValue, lastmodFromHistory } from '../lastmodJudgement';
import { systemTimeZoneOffset } from '../../features/clock';
import { hostRedirect, siteFilePath } from './hostRedirect';
import { canonicalVerdict } from './canonicalVerdict';

/** Where an entry's problems go and what they are judged for. */
export interface EntryAt {
  path: string;
  entry: SiteEntry;
  site: BuiltSite;
  userAgent: string;
  /** Whether the entry's sitemap may list a URL (out-of-scope's test): a canonical it may not is the page's mistake. */
  listable: (url: string) => boolean;
}

/**
 * Google's order: robots.txt first (a disallowed URL is never fetched, so whatever the host would answer — a redirect,
 * no file, the page's refresh, noindex or canonical — is unseen, and its `<lastmod>` never used), then what a fetch
 * shows: the host's redirect (a rule, then no file, as a host answers before any page is read), then the page
 * (refresh, noindex, canonical); lastmod for a page served without a redirect. `resolution` is undefined when the
 * site's folder was not walked (only blocked-by-robots is on) or holds no pages: only robots.txt is judged then.
 */
export function checkEntry(at: EntryAt, resolution: PageResolution | undefined, problems: SiteProblem[]): void {
  const { entry, site } = at;
  if (checkRobots(at, resolution, problems)) return;
  if (resolution === undefined) return;
  const redirect = hostRedirect(site, entry.url, 'file' in resolution);
  if (redirect !== undefined) {
    const by = redirect.status === undefined ? 'Vercel adds it itself (vercel.json\'s cleanUrls or trailingSlash)' : `a rule of ${redirect.path} (${redirect.status})`;
    const related = [{ path: redirect.path, start: redirect.start, end: redirect.end, message: 'The redirect.' }];
    return void problems.push(onLoc(at, 'page-redirect', `${entry.url} redirects to ${redirect.target}: ${by}. List the target instead; Google reports a listed redirect as "Page with redirect".`, related));
  }
  if ('notFound' in resolution) return void problems.push(onLoc(at, 'page-not-found', notFoundMessage(entry.url)));
  if ('slashMismatch' in resolution) {
    const message = `No built file serves ${entry.url} as written: only ${resolution.expectedUrl} is served (by ${resolution.slashMismatch}), which differs by its trailing slash. Most hosts redirect to it (Google then reports "Page with redirect"), some answer 404: list ${resolution.expectedUrl}.`;
    const problem = onLoc(at, 'page-not-found', message, [{ path: siteFilePath(site.root, resolution.slashMismatch), start: 0, end: 0, message: 'The file that serves the other form of the URL.' }]);
    problem.data = { url: resolution.expectedUrl }; // the quick fix's URL
    return void problems.push(problem);
  }
  const facts = site.page(resolution.file);
  const redirected = facts !== undefined && checkPage(at, facts, siteFilePath(site.root, resolution.file), problems);
  if (!redirected) checkLastmod(at, resolution.file, problems);
}

function isServed(site: BuiltSite, url: string): boolean {
  const resolution = resolvePage(url, site.root, site.files);
  return resolution !== undefined && 'file' in resolution;
}

function notFoundMessage(url: string): string {
  return `No built file serves ${url} (tried the file itself, its .html and its /index.html): Google reports it as "Not found (404)".`;
}

/** blocked-by-robots; true when the URL is blocked (nothing else is judged: Google never fetches it). */
function checkRobots(at: EntryAt, resolution: PageResolution | undefined, problems: SiteProblem[]): boolean {
  const robots = at.site.robots;
  if (robots === undefined) return false;
  const verdict = isAllowed(robots.rules, at.userAgent, at.entry.url);
  if (verdict.allowed || verdict.rule === undefined) return false;
  const rule = verdict.rule;
  const related: SiteRelated[] = [{ path: robots.file, start: rule.start, end: rule.end, message: `The line that disallows it for ${at.userAgent}.` }];
  let message = `${robots.file} disallows ${at.entry.url} for ${at.userAgent} (line ${rule.lineNumber}): it cannot be crawled, and Google reports "Submitted URL blocked by robots.txt".`;
  // The page's own noindex, when a file serves the URL and its head was read: a crawler that may not fetch it never sees it.
  const file = resolution !== undefined && 'file' in resolution ? resolution.file : undefined;
  const facts = file === undefined ? undefined : at.site.page(file);
  const noindex = facts === undefined ? undefined : robotsFor(facts, at.userAgent);
  if (noindex?.noindex === true) {
    message += ' The page\'s noindex cannot be seen by a crawler that may not fetch it: the URL may still be indexed from links.';
    for (const meta of noindex.sources) related.push({ path: siteFilePath(at.site.root, file!), start: meta.start, end: meta.end, message: 'The noindex no crawler reads.' });
  }
  problems.push(onLoc(at, 'blocked-by-robots', message, related));
  return true;
}

/** page-redirect (meta refresh), else noindex-page, else canonical-elsewhere; true when the page redirects. */
function checkPage(at: EntryAt, facts: PageFacts, pagePath: string, problems: SiteProblem[]): boolean {
  const refresh = facts.refresh;
  if (refresh?.url !== undefined && canonicalDifference(at.entry.url, refresh.url) !== 'same') {
    const alias = facts.isAliasPage ? ' It is a generator\'s alias page (refresh, noindex, canonical to the target).' : '';
    const message = `The page of ${at.entry.url} redirects to ${refresh.url} with a meta refresh${refresh.delay > 0 ? ` after ${refresh.delay} s` : ''}.${alias} List the target instead.`;
    problems.push(onLoc(at, 'page-redirect', message, [tagRelated(pagePath, refresh, 'The meta refresh.'), ...ignoredRelated(facts, pagePath, 'refresh')]));
    return true;
  }
  const directives = robotsFor(facts, at.userAgent);
  if (directives.noindex) {
    const related = directives.sources.filter((m) => m.directives.includes('noindex') || m.directives.includes('none')).map((m) => tagRelated(pagePath, m, `<meta name="${m.crawler}">`));
    const message = `The page of ${at.entry.url} says noindex to ${at.userAgent}: Google drops it from the index and reports "Submitted URL marked 'noindex'". Remove the entry or the noindex.`;
    problems.push(onLoc(at, 'noindex-page', message, [...related, ...ignoredRelated(facts, pagePath, 'robots')]));
    return false;
  }
  const canonical = canonicalVerdict(at.entry.url, facts, (url) => isServed(at.site, url), at.listable);
  if (canonical !== undefined) {
    const related = canonical.tags.map((tag) => tagRelated(pagePath, tag, 'The canonical link.'));
    const problem = onLoc(at, 'canonical-elsewhere', canonical.message, [...related, ...ignoredRelated(facts, pagePath, 'canonical')]);
    if (canonical.listInstead !== undefined) problem.data = { url: canonical.listInstead }; // the quick fix's URL
    problems.push(problem);
  }
  return false;
}

/**
 * lastmod-stale (the content changed after the `<lastmod>`) and lastmod-inflated (the `<lastmod>` is after every change
 * to the file); nothing without a `<lastmod>` or without the source's history. The related information names the
 * commits: the content's last change and what it changed, and a newer one that changed only the template.
 */
function checkLastmod(at: EntryAt, file: string, problems: SiteProblem[]): void {
  const { entry, site } = at;
  if (entry.lastmodEnd <= entry.lastmodStart) return;
  const source = site.source(entry.url, file);
  if (source === undefined) return;
  const verdict = judgeLastmodValue(entry.lastmodText, source.history, site.now);
  if (verdict === undefined || verdict === 'ok') return;
  const message = verdict === 'stale'
    ? `The content of ${source.path} changed ${contentChangeText(source)}, after the <lastmod> of ${entry.url}: it no longer says when the page changed.`
    : `The <lastmod> of ${entry.url} is later than every change to ${source.path} (the last ${lastChangeText(source)}): a date stamped at build time, which makes Google ignore lastmod.`;
  const problem: SiteProblem = {
    path: at.path, rule: verdict === 'stale' ? 'lastmod-stale' : 'lastmod-inflated', start: entry.lastmodStart, end: entry.lastmodEnd, message, url: entry.url,
    related: lastmodRelated(source),
  };
  // The quick fix's value: what Set lastmod from Git History writes, in this entry's own form.
  const lastmod = lastmodFromHistory(source.history, site.now, entry.lastmodText, systemTimeZoneOffset);
  if (lastmod !== undefined) problem.data = { lastmod };
  problems.push(problem);
}

/** When and how the content last changed: "now (uncommitted: main text changed)", "on 2025-05-02 in abc1234 "Edit" (title changed)". */
function contentChangeText(source: PageSource): string {
  if (source.history.uncommitted === true) return `in uncommitted changes (${source.uncommittedChanged ? describeChange(source.uncommittedChanged) : 'not committed yet'})`;
  const content = source.contentCommit;
  return content === undefined ? 'at an unknown date' : `on ${isoDate(content.time)} in ${commitText(content)} (${describeChange(content.changed)})`;
}

/** The file's last change of any kind, and whether it changed the content. */
function lastChangeText(source: PageSource): string {
  if (source.history.uncommitted === 'template') return 'is uncommitted and changes only the template';
  const newest = source.commit;
  if (newest === undefined) return 'is unknown';
  const content = source.contentCommit;
  const what = content?.hash === newest.hash ? describeChange(content.changed) : 'only the template changed';
  return `on ${isoDate(newest.time)}, ${commitText(newest)}: ${what}`;
}

function commitText(commit: CommitRef): string {
  return `${commit.hash} "${commit.subject}"`;
}

/** The source, then the commits that explain the verdict: the content's last change, and a newer template-only one. */
function lastmodRelated(source: PageSource): SiteRelated[] {
  const at = (message: string): SiteRelated => ({ path: source.path, start: 0, end: 0, message });
  const related: SiteRelated[] = [];
  const { contentCommit, commit } = source;
  if (source.history.uncommitted === true) related.push(at(`Uncommitted: ${source.uncommittedChanged ? describeChange(source.uncommittedChanged) : 'the content differs from the last commit'}.`));
  if (contentCommit !== undefined) related.push(at(`The last content change: ${commitText(contentCommit)}, ${isoDate(contentCommit.time)}: ${describeChange(contentCommit.changed)}.`));
  else related.push(at('The page\'s source (no commit that changed its content is known).'));
  if (commit !== undefined && commit.hash !== contentCommit?.hash) related.push(at(`The last change: ${commitText(commit)}, ${isoDate(commit.time)}: only the template changed since.`));
  if (source.history.uncommitted === 'template') related.push(at('Uncommitted: only the template changed since.'));
  return related;
}

function isoDate(time: number | undefined): string {
  return time === undefined || !Number.isFinite(time) ? 'an unknown date' : new Date(time).toISOString().replace(/\.000Z$/, 'Z');
}

function onLoc(at: EntryAt, rule: SiteProblem['rule'], message: string, related?: SiteRelated[]): SiteProblem {
  const problem: SiteProblem = { path: at.path, rule, start: at.entry.start, end: at.entry.end, message, url: at.entry.url };
  if (related !== undefined && related.length > 0) problem.related = related;
  return problem;
}

function tagRelated(path: string, tag: TextRange, message: string): SiteRelated {
  return { path, start: tag.start, end: tag.end, message };
}

/** Tags of this kind after an early end of the head: Google never reads them, which may be why the verdict is what it is. */
function ignoredRelated(facts: PageFacts, path: string, kind: 'robots' | 'canonical' | 'refresh'): SiteRelated[] {
  return facts.ignored.filter((tag) => tag.kind === kind).map((tag) => tagRelated(path, tag, 'Ignored by Google: the head ended before this tag.'));
}
