/** unlisted-page's question: the indexable built pages of a site that no listed URL resolves to. Linear: the listed
 * files are a set, each page is judged once. */
import type { BuiltSite } from '../builtSite';
import { robotsFor, type PageFacts } from '../pageFacts';
import { builtFileKind, resolvePage, urlsOfFile } from '../pageResolution';
import { isAllowed } from '../robotsMatcher';
import type { SiteFile } from '../siteRules';
import { hostRedirect } from './hostRedirect';

export interface UnlistedPage {
  /** Relative to the root's folder, with `/`. */
  file: string;
  /** The URL to list: the page's own canonical when it names this file, else its preferred URL (urlsOfFile's first). */
  url: string;
}

/**
 * The pages of `site` that are indexable for `userAgent` and not in `listed` (files relative to the root's folder), in
 * the site's file order. Needs the files as a set (a test function cannot be walked): else none.
 */
export function unlistedPagesGiven(site: BuiltSite, listed: ReadonlySet<string>, userAgent: string): UnlistedPage[] {
  const found: UnlistedPage[] = [];
  if (!site.hasPages || typeof site.files === 'function') return found;
  for (const file of site.files) {
    if (listed.has(file) || builtFileKind(file) !== 'page') continue;
    const url = indexableUrl(site, file, userAgent);
    if (url !== undefined) found.push({ file, url });
  }
  return found;
}

/** The pages of `site` no entry of these sitemaps resolves to (Add Unlisted Pages), as unlisted-page finds them. */
export function findUnlistedPages(files: readonly SiteFile[], site: BuiltSite, userAgent: string): UnlistedPage[] {
  const listed = new Set<string>();
  for (const file of files) {
    if (file.summary.kind !== 'urlset' && file.summary.kind !== 'text') continue;
    for (const entry of file.summary.entries) {
      const resolved = resolvePage(entry.url, site.root, site.files);
      if (resolved !== undefined && !('notFound' in resolved)) listed.add('file' in resolved ? resolved.file : resolved.slashMismatch);
    }
  }
  return unlistedPagesGiven(site, listed, userAgent);
}

/**
 * The URL Google would index the page at, or undefined when it would not index it: an alias page, a verification stub,
 * an unrendered template, noindex, a canonical or a refresh naming another page, blocked, redirected by the host.
 */
export function indexableUrl(site: BuiltSite, file: string, userAgent: string): string | undefined {
  const facts = site.page(file);
  if (facts === undefined || facts.isAliasPage || facts.isVerificationStub) return undefined;
  if (facts.problems.some((p) => p.kind === 'not-text' || p.kind === 'template-syntax')) return undefined;
  if (robotsFor(facts, userAgent).noindex) return undefined;
  const url = selfUrl(site, file, facts);
  if (url === undefined) return undefined;
  if (site.robots !== undefined && !isAllowed(site.robots.rules, userAgent, url).allowed) return undefined;
  return hostRedirect(site, url, true) === undefined ? url : undefined;
}

/** The page's URL when every canonical and its refresh (if any) name this very file; undefined when one names another. */
function selfUrl(site: BuiltSite, file: string, facts: PageFacts): string | undefined {
  const isThisFile = (url: string) => {
    const resolved = resolvePage(url, site.root, site.files);
    return resolved !== undefined && 'file' in resolved && resolved.file === file;
  };
  if (facts.refresh?.url !== undefined && !isThisFile(facts.refresh.url)) return undefined;
  let url: string | undefined;
  for (const canonical of facts.canonicals) {
    if (canonical.href === undefined) continue;
    if (!isThisFile(canonical.href)) return undefined;
    url ??= canonical.href;
  }
  return url ?? urlsOfFile(file, site.root)[0];
}
