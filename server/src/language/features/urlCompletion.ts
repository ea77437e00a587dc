/** URL completion: the base URL and the workspace's pages or sitemaps the file does not list yet. */
import type { CompletionItemData, CompletionOptions, CompletionResult } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { isInScope, parseAllowedHosts, scopeDirectory } from '../rules/scope';
import { checkUrl } from '../rules/url';
import type { ValueProblem } from '../rules/valueProblem';
import { escapeXml, unescapeXml } from '../syntax/xmlText';

const DEFAULT_MAX_CANDIDATES = 100;

/** The base URL and the caller's candidates that the file does not list yet, for `<loc>` or a text-sitemap line. */
export function urlItems(model: SitemapModel, options: CompletionOptions, typingUrl: string | undefined, start: number, end: number, typedRaw: string): CompletionResult {
  const items: CompletionItemData[] = [];
  const base = baseUrl(model, options);
  const escape = model.languageId === 'sitemap' ? escapeXml : (s: string): string => s;
  if (base !== undefined) {
    items.push({ label: base, kind: 'url', detail: 'Base URL', insertText: escape(base), snippet: false, start, end, sortText: '0', filterText: escape(base) });
  }
  const candidates = options.candidateUrls ?? [];
  if (candidates.length === 0) return { items, isIncomplete: false, acceptsUrls: true };
  const typed = model.languageId === 'sitemap' ? unescapeXml(typedRaw) : typedRaw;
  const max = Math.max(0, options.maxCandidates ?? DEFAULT_MAX_CANDIDATES);
  const scope = scopeOf(options);
  const ignored: ValueProblem[] = [];
  let incomplete = false;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === base || seen.has(candidate) || !candidate.startsWith(typed)) continue;
    seen.add(candidate);
    // The URL being typed is in the index too: only other entries count as listing it.
    const escaped = escapeXml(candidate);
    if (escaped !== typingUrl && model.urls.has(escaped)) continue;
    if (scope !== undefined) {
      const parts = checkUrl(candidate, ignored);
      ignored.length = 0;
      if (parts === undefined || !isInScope(parts, scope)) continue;
    }
    if (items.length >= max + (base !== undefined ? 1 : 0)) {
      incomplete = true;
      break;
    }
    items.push({
      label: candidate, kind: 'url', detail: model.kind === 'sitemapindex' ? 'Sitemap in the workspace' : 'Page in the workspace, not listed yet',
      insertText: escape(candidate), snippet: false, start, end, sortText: `1${candidate}`, filterText: escape(candidate),
    });
  }
  return { items, isIncomplete: incomplete, acceptsUrls: true };
}

function scopeOf(options: CompletionOptions): Parameters<typeof isInScope>[1] | undefined {
  if (options.location === undefined) return undefined;
  const location = checkUrl(options.location, []);
  return location === undefined ? undefined : { location, allowed: parseAllowedHosts(options.allowedHosts ?? []) };
}

/** The URL entries start with: the location's directory, else the site root, else the first URL's origin. */
export function baseUrl(model: SitemapModel, options: CompletionOptions): string | undefined {
  const { location, siteRootUrl } = options;
  if (location !== undefined) {
    const parts = checkUrl(location, []);
    if (parts !== undefined) return parts.origin + scopeDirectory(parts);
  }
  if (siteRootUrl !== undefined) {
    const parts = checkUrl(siteRootUrl, []);
    if (parts !== undefined) return parts.origin + scopeDirectory(parts);
  }
  // The first few entries are enough: a file whose first URLs are all broken gets no base.
  for (let n = 0; n < Math.min(model.entryCount, 20); n++) {
    const url = model.segments[model.entrySegment(n)].url;
    const origin = url !== undefined ? checkUrl(unescapeXml(url), [])?.origin : undefined;
    if (origin !== undefined) return origin + '/';
  }
  return undefined;
}
