/** The web build's `lsp/site/sitePages.ts` (build.mjs, webPlatform): a site's pages are files on disk, which the web
 * worker cannot read (yet: through the client's workspace.fs), so no `<loc>` resolves to a page file. */
export function fileResolverFor(): ((url: string) => string | undefined) | undefined {
  return undefined;
}
