/** What of a site root the page rules that are on need read: robots.txt alone for blocked-by-robots, the folder's
 * walk for the rules that say which file serves a URL, the pages' heads for those that judge what a page says, git's
 * history for the lastmod rules. With every page rule off nothing is read. */
import type { RuleId } from '../rules/catalogue';
import type { SitemapSettings } from '../settings';
import { severityOf } from '../validation';

export interface PageRuleNeeds {
  /** Some page rule is on: the origin's robots.txt is read (it comes first, for every rule). */
  robots: boolean;
  /** The built folder walked: which file serves a URL, which pages exist (every page rule but blocked-by-robots). */
  files: boolean;
  /** The pages' heads read: refresh, noindex, canonical, indexable pages; the lastmod rules (a redirecting page's
   * `<lastmod>` is not judged). */
  pages: boolean;
  /** git's history: the lastmod rules. */
  history: boolean;
}

export const PAGE_RULE_IDS: readonly RuleId[] = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];
const FILE_RULES: readonly RuleId[] = PAGE_RULE_IDS.filter((rule) => rule !== 'blocked-by-robots');
const PAGE_RULES: readonly RuleId[] = FILE_RULES.filter((rule) => rule !== 'page-not-found');
/** The page rules that judge by git's history. */
export const HISTORY_RULES: readonly RuleId[] = ['lastmod-stale', 'lastmod-inflated'];

export function pageRuleNeeds(settings: SitemapSettings): PageRuleNeeds {
  const on = (rules: readonly RuleId[]) => rules.some((rule) => severityOf(rule, settings) !== undefined);
  return { robots: on(PAGE_RULE_IDS), files: on(FILE_RULES), pages: on(PAGE_RULES), history: on(HISTORY_RULES) };
}
