/** Quick fixes of the page rules (dispatched from codeActions.ts): the value the problem carries (ProblemData, filled by
 * the page rules) written in place of the entry's `<lastmod>` or `<loc>`, while the text still shows the problem. */
import type { ProblemRef, QuickFix } from '../sitemapLanguageTypes';
import type { SitemapModel } from '../model/model';
import { checkLastmod } from '../rules/lastmod';
import { escapeXml } from '../syntax/xmlText';
import { decodeReferences } from '../../../../shared/xmlNamespaces';
import { plainValueAt } from './structure';

type Fix = Omit<QuickFix, 'problem'>;

/** By rule id (string keys: the page rules' ids join the catalogue with the rules themselves). */
export const PAGE_FIXES: Readonly<Record<string, (model: SitemapModel, problem: ProblemRef) => Fix[]>> = {
  'lastmod-stale': fixLastmodFromHistory,
  'lastmod-inflated': fixLastmodFromHistory,
  'page-not-found': fixServedUrl,
  'canonical-elsewhere': fixCanonicalUrl,
};

/** The `<lastmod>` value (exactly the problem's range) set to the date git gives the page's source. */
function fixLastmodFromHistory(model: SitemapModel, problem: ProblemRef): Fix[] {
  const lastmod = problem.data?.lastmod;
  const value = plainValueAt(model, problem, 'lastmod');
  if (lastmod === undefined || value === undefined || !sameRange(value, problem) || value.raw === lastmod) return [];
  if (checkLastmod(lastmod, Infinity, []) === undefined) return [];
  return [{ title: `Set lastmod from git history: ${lastmod}`, edits: [{ start: value.start, end: value.end, text: lastmod }], isPreferred: true, safe: false }];
}

/** A `<loc>` (or a text sitemap's line) whose page is served only at the URL's other form, trailing slash or not, changed to that form. */
function fixServedUrl(model: SitemapModel, problem: ProblemRef): Fix[] {
  const url = problem.data?.url;
  const value = plainValueAt(model, problem, 'loc');
  if (url === undefined || value === undefined || !sameRange(value, problem) || /\s/.test(url)) return [];
  const xml = model.languageId === 'sitemap';
  const current = xml ? decodeReferences(value.raw) : value.raw;
  if (current === url || slashless(current) !== slashless(url)) return [];
  return [{ title: `Change to the served URL ${url}`, edits: [{ start: value.start, end: value.end, text: xml ? escapeXml(url) : url }], isPreferred: true, safe: false }];
}

/** A `<loc>` changed to the page's canonical: only when the rule found it listable (in the sitemap's scope), which
 * `data.url` says; a canonical it may not list is the page's to fix, so nothing is offered. Not preferred: the
 * canonical may be listed already, and then the entry is the one to remove. */
function fixCanonicalUrl(model: SitemapModel, problem: ProblemRef): Fix[] {
  const url = problem.data?.url;
  const value = plainValueAt(model, problem, 'loc');
  if (url === undefined || value === undefined || !sameRange(value, problem) || /\s/.test(url)) return [];
  const xml = model.languageId === 'sitemap';
  if ((xml ? decodeReferences(value.raw) : value.raw) === url) return [];
  return [{ title: `List the page's canonical ${url} instead`, edits: [{ start: value.start, end: value.end, text: xml ? escapeXml(url) : url }], isPreferred: false, safe: false }];
}

function sameRange(value: { start: number; end: number }, problem: ProblemRef): boolean {
  return value.start === problem.start && value.end === problem.end;
}

/** The URL without its query, fragment and final slash, case-folded: two forms of one page compare equal. */
function slashless(url: string): string {
  return url.replace(/[?#][^]*$/, '').replace(/\/$/, '').toLowerCase();
}
