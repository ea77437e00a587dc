import { LEGACY_MAX_BYTES, MAX_BYTES, MAX_ENTRIES } from '../../../shared/protocolLimits';
import type { RuleId, SeverityOrOff } from './rules/catalogue';

/** The `sitemap.*` settings the language layer needs (the LSP layer reads them from workspace/configuration). */
export interface SitemapSettings {
  rules: Partial<Record<RuleId, SeverityOrOff>>;
  maxProblems: number;
  limits: { maxEntries: number; maxBytes: number; legacyMaxBytes: number; maxNewsEntries: number };
  allowedHosts: string[];
  /** `sitemap.robots.userAgent`: the crawler the page rules judge for (its robots.txt group, else `*`; its `<meta name>`). */
  robots: { userAgent: string };
  /** `sitemap.pageSources`: built folder → preset name or `{ preset?, root?, patterns? }` (pageSourceMapping reads a value). */
  pageSources: Record<string, unknown>;
}

export const DEFAULT_SETTINGS: SitemapSettings = {
  rules: {},
  maxProblems: 1000,
  limits: { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, legacyMaxBytes: LEGACY_MAX_BYTES, maxNewsEntries: 1000 },
  allowedHosts: [],
  robots: { userAgent: 'Googlebot' },
  pageSources: {},
};

/** What the language layer knows about the world outside the text. */
export interface ValidationContext {
  /** Absolute URL where this sitemap is published, when known (siteRoots or robots.txt). */
  location?: string;
  /** Clock for `future-lastmod`, in epoch ms. Defaults to Date.now(). */
  now?: number;
  /**
   * For `nested-index`: does this `<loc>` of an index resolve to a workspace file that is itself a sitemap index?
   * `undefined` when the URL maps to no workspace file.
   */
  isSitemapIndex?: (url: string) => boolean | undefined;
  /**
   * Bump whenever the answers of `isSitemapIndex` may have changed (files changed): contextual rules are
   * re-evaluated for every entry only when location, allowed hosts, the hour of `now` or this number change.
   */
  generation?: number;
}
