/** The sitemaps protocol's limits for one file (sitemaps.org): the defaults of `sitemap.limits.*`, of sitemap-split. */

/** Entries per file: `<url>` in a sitemap, `<sitemap>` in an index, lines in a text sitemap. */
export const MAX_ENTRIES = 50_000;
/** UTF-8 bytes per file, uncompressed: 50 MB since 2016. */
export const MAX_BYTES = 52_428_800;
/** The original protocol's 10 MB, which older consumers still apply. */
export const LEGACY_MAX_BYTES = 10_485_760;
