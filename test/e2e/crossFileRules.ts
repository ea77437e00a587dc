/** The rules that compare a file with the others of its site, with their default severities (package.json). */
export const CROSS_FILE_RULES = {
  'missing-sitemap-file': 'warning',
  'stale-index-lastmod': 'warning',
  'cross-file-duplicate-url': 'warning',
  'unlisted-sitemap': 'information',
} as const;
