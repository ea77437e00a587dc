/** The cross-file problems with the user's severities (`sitemap.rules`); rules turned off are dropped. */
import { parseAllowedHosts } from '../rules/scope';
import type { Severity } from '../rules/catalogue';
import type { SitemapSettings } from '../settings';
import { severityOf } from '../validation';
import { SiteRulesFileByFile } from './siteRulesFileByFile';
import { checkSiteRules, type SiteFile, type SiteProblem, type SiteResolver } from './siteRules';
import type { BuiltSite } from './builtSite';
import { checkPageRules, type PageRulesFile, type PageRulesNote } from './pageRules/checkPageRules';
import { pageRuleNeeds } from './pageRuleNeeds';

export interface SiteDiagnostic extends SiteProblem {
  severity: Severity;
}

export function validateSiteFiles(files: readonly SiteFile[], resolver: SiteResolver, settings: SitemapSettings): SiteDiagnostic[] {
  return withSeverities(checkSiteRules(files, resolver), settings);
}

/** validateSiteFiles file by file (siteRulesFileByFile.ts): `add` the files in order as they come, then `finish`. */
export class SiteValidation {
  private readonly rules = new SiteRulesFileByFile();

  constructor(private readonly settings: SitemapSettings) {}

  add(file: SiteFile): void {
    this.rules.add(file);
  }

  finish(resolver: SiteResolver): SiteDiagnostic[] {
    return withSeverities(this.rules.finish(resolver), this.settings);
  }
}

export interface PageRulesValidation {
  diagnostics: SiteDiagnostic[];
  notes: PageRulesNote[];
}

/**
 * The page rules (checkPageRules) for `settings.robots.userAgent`, with the user's severities. Nothing is checked when
 * all are off; git's notes only concern the lastmod rules, and are dropped when both are off.
 */
export function validatePageRules(files: readonly PageRulesFile[], sites: readonly BuiltSite[], settings: SitemapSettings): PageRulesValidation {
  const needs = pageRuleNeeds(settings);
  if (!needs.robots) return { diagnostics: [], notes: [] };
  const { problems, notes } = checkPageRules(files, sites, { userAgent: settings.robots.userAgent, allowed: parseAllowedHosts(settings.allowedHosts) });
  // git's notes only concern the lastmod rules; a page that could not be read concerns every rule that reads pages.
  return { diagnostics: withSeverities(problems, settings), notes: notes.filter((note) => (note.kind === 'page-unread' ? needs.pages : needs.history)) };
}

function withSeverities(problems: readonly SiteProblem[], settings: SitemapSettings): SiteDiagnostic[] {
  const out: SiteDiagnostic[] = [];
  for (const problem of problems) {
    const severity = severityOf(problem.rule, settings);
    if (severity !== undefined) out.push({ ...problem, severity });
  }
  return out;
}
