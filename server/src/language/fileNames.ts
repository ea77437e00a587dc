/** File names that say "sitemap" (package.json's `filenamePatterns`), and the folders a search never walks into. */

/** The sitemap file names of the `sitemap` language, matched whatever the file's content. */
export const SITEMAP_XML_NAME = /^sitemap.*\.xml$|[-_.]sitemap\.xml$|-sitemap-.*\.xml$/i;
/** The names of text sitemaps: `sitemap*.txt` and `urllist*.txt` (the classic name). */
export const SITEMAP_TXT_NAME = /^(?:sitemap|urllist).*\.txt$/i;

/**
 * Folders never walked into: dependencies and version control. Build output (dist/, out/, public/) is walked:
 * that is where static-site generators write their sitemaps.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn']);
