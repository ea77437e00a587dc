/** The order sitemap-lint's folder walk meets files in (server/src/node/folderWalk.ts), and the folders it skips, which
 * the web worker keeps for the files the client lists: by their names at each level, names by UTF-16 code units as
 * `sort` orders them. */

/**
 * Folders never walked into: dependencies, version control, caches. Build output (dist/, out/, public/) and other
 * dot-folders (.vitepress/dist) are walked: that is where static-site generators write their sitemaps.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'bower_components', '__pycache__', '.git', '.hg', '.svn']);

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Paths split at `sep` (the platform's separator; the web worker's pseudo-paths use `/`). */
export function compareWalkOrder(a: string, b: string, sep = '/'): number {
  const as = a.split(sep);
  const bs = b.split(sep);
  for (let k = 0; k < Math.min(as.length, bs.length); k++) {
    const c = compareNames(as[k], bs[k]);
    if (c !== 0) return c;
  }
  return as.length - bs.length;
}
