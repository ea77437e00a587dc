/** The cross-file problems with the user's severities (`sitemap.rules`); rules turned off are dropped. */
import type { Severity } from '../rules/catalogue';
import type { SitemapSettings } from '../settings';
import { severityOf } from '../validation';
import { checkSite, type SiteFile, type SiteProblem, type SiteResolver } from './siteRules';

export interface SiteDiagnostic extends SiteProblem {
  severity: Severity;
}

export function validateSiteFiles(files: readonly SiteFile[], resolver: SiteResolver, settings: SitemapSettings): SiteDiagnostic[] {
  const out: SiteDiagnostic[] = [];
  for (const problem of checkSite(files, resolver)) {
    const severity = severityOf(problem.rule, settings);
    if (severity !== undefined) out.push({ ...problem, severity });
  }
  return out;
}
