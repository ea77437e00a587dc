/** The sitemaps protocol's limits for one file (sitemaps.org): the defaults of `sitemap.limits.*`, of sitemap-split. */

/** Entries per file: `<url>` in a sitemap, `<sitemap>` in an index, lines in a text sitemap. */
export const MAX_ENTRIES = 50_000;
/** UTF-8 bytes per file, uncompressed: 50 MB since 2016. */
export const MAX_BYTES = 52_428_800;
/** The original protocol's 10 MB, which older consumers still apply. */
export const LEGACY_MAX_BYTES = 10_485_760;

/**
 * How far past the size limit a compressed file is inflated before reading stops: 16 MB, so a file a little over
 * the limit is still read whole and `file-too-large` gives its real size, while a gzip bomb (2 GB of spaces in 2 MB)
 * is never inflated beyond 66 MB.
 */
export const INFLATE_MARGIN = 16 * 1_048_576;

/**
 * The most a compressed sitemap is inflated to: the protocol's 50 MB, or the limit the user raised it to
 * (`sitemap.limits.maxBytes`, a config's `limits.maxBytes`), plus {@link INFLATE_MARGIN}. One bound for every reader.
 */
export function inflateLimit(maxBytes: number = MAX_BYTES): number {
  return Math.max(maxBytes, MAX_BYTES) + INFLATE_MARGIN;
}
