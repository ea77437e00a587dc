/** The web build's `lsp/site/siteScan.ts` (build.mjs, webPlatform): the order and the turn-taking the site parts share;
 * the folder's files are listed by the client there (browserSiteChecks.ts), not walked. */
export { mayBeSiteFile } from '../../../../shared/documentLanguage';

/** As node/folderWalk.ts orders the files `sitemap-lint` reads: by their names at each level. */
export function compareWalkOrder(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let k = 0; k < Math.min(as.length, bs.length); k++) {
    if (as[k] !== bs[k]) return as[k] < bs[k] ? -1 : 1;
  }
  return as.length - bs.length;
}

/** Lets other messages through (a web worker has no setImmediate). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
