/** The web build's `lsp/site/siteScan.ts` (build.mjs, webPlatform): the order and the turn-taking the site parts share;
 * the folder's files are listed by the client there (browserSiteChecks.ts), not walked. */
export { mayBeSiteFile } from '../../../../shared/documentLanguage';

// As node/folderWalk.ts orders the files `sitemap-lint` reads (the worker's pseudo-paths use `/`).
export { compareWalkOrder } from '../../../../shared/walkOrder';

/** Lets other messages through (a web worker has no setImmediate). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
