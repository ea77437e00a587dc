/** What completion and hover both say about sitemap elements and values, and the namespaces they offer. */
import type { RuleLink } from '../sitemapLanguageTypes';
import { SITEMAP_NAMESPACE } from '../syntax/parser';
import type { RuleId } from '../rules/catalogue';

export { SITEMAP_NAMESPACE };

export const RULES_URL = 'https://github.com/sitemap-studio/sitemap-studio/blob/main/docs/rules.md';

export const ruleLink: RuleLink = (rule) => `${RULES_URL}#${rule}`;

import { IMAGE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from '../rules/extensionNamespaces';

export { IMAGE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE };
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export function schemaLocation(kind: 'urlset' | 'sitemapindex'): string {
  return `${SITEMAP_NAMESPACE} ${SITEMAP_NAMESPACE}/${kind === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd'}`;
}

/** Namespace declarations offered on the root, in the order offered. */
export const ROOT_NAMESPACES: ReadonlyArray<{ attribute: string; uri: string; what: string }> = [
  { attribute: 'xmlns', uri: SITEMAP_NAMESPACE, what: 'The sitemap namespace (sitemaps.org 0.9): without it, consumers ignore the file.' },
  { attribute: 'xmlns:image', uri: IMAGE_NAMESPACE, what: "Google's image extension: `<image:image>` inside `<url>`." },
  { attribute: 'xmlns:video', uri: VIDEO_NAMESPACE, what: "Google's video extension: `<video:video>` inside `<url>`." },
  { attribute: 'xmlns:news', uri: NEWS_NAMESPACE, what: "Google's news extension: `<news:news>` inside `<url>`." },
  { attribute: 'xmlns:xhtml', uri: XHTML_NAMESPACE, what: 'XHTML, for `<xhtml:link rel="alternate" hreflang="…">` language versions of a page.' },
  { attribute: 'xmlns:xsi', uri: XSI_NAMESPACE, what: 'XML Schema instance, needed by `xsi:schemaLocation`.' },
];

export interface ElementDoc {
  summary: string;
  rule: RuleId;
}

/** Sitemap-namespace elements. */
export const SITEMAP_ELEMENTS: Readonly<Record<string, ElementDoc>> = {
  urlset: {
    summary: 'The root of a sitemap: one `<url>` per page, at most 50,000 of them and 50 MB uncompressed per file.',
    rule: 'too-many-entries',
  },
  sitemapindex: {
    summary: 'The root of a sitemap index: one `<sitemap>` per child sitemap (at most 50,000). An index may not list other indexes.',
    rule: 'nested-index',
  },
  url: {
    summary: 'One page of the site. `<loc>` is required; `<lastmod>`, `<changefreq>` and `<priority>` may follow, in that order.',
    rule: 'missing-loc',
  },
  sitemap: {
    summary: 'One child sitemap of the index: its `<loc>` (required) and optionally the `<lastmod>` of the child file itself.',
    rule: 'missing-loc',
  },
  loc: {
    summary: 'The absolute `http`/`https` URL, shorter than 2,048 characters, under the sitemap\'s own location. Escape `&` as `&amp;`.',
    rule: 'invalid-url',
  },
  lastmod: {
    summary: 'When the page (in an index: the child sitemap file) last changed, as a W3C Datetime: `YYYY-MM-DD`, or a time with a zone (`Z` or `±hh:mm`).',
    rule: 'invalid-lastmod',
  },
  changefreq: {
    summary: 'How often the page is expected to change: `always`, `hourly`, `daily`, `weekly`, `monthly`, `yearly` or `never`, lower case. A hint only.',
    rule: 'invalid-changefreq',
  },
  priority: {
    summary: 'How important this URL is relative to the site\'s other URLs, from `0.0` to `1.0` (default `0.5`). A hint only.',
    rule: 'invalid-priority',
  },
};

export const CHANGEFREQ_MEANINGS: ReadonlyArray<[string, string]> = [
  ['always', 'changes every time it is accessed'],
  ['hourly', 'changes about every hour'],
  ['daily', 'changes about every day'],
  ['weekly', 'changes about every week'],
  ['monthly', 'changes about every month'],
  ['yearly', 'changes about every year'],
  ['never', 'archived: not expected to change again'],
];

export const HINT_NOTE = 'Search engines treat it as a hint at most, and many ignore it.';
