/** Document links over the protocol: an index entry that maps to a workspace file opens it; in an index or a robots.txt
 * read from its URL (`sitemap-url:`), each child (each `Sitemap:` line's URL) opens read from its own URL. */
import type { Connection, DocumentLink } from 'vscode-languageserver';
import { findDocumentLinks } from '../../language/languageService';
import { onCurrentVersion } from '../documents/currentVersion';
import { documentForRequest, type FeatureDependencies } from './featureDependencies';
import { guardRequest } from '../guard';
import { rangeOf } from '../documents/ranges';
import { fileResolverFor } from '../site/sitePages';
import { fsPathToUri } from '../documents/workspace';
import { remoteUrlOf, toRemoteUri } from '../../../../shared/remoteUri';

export function registerDocumentLinks(connection: Connection, deps: FeatureDependencies): void {
  const { store, queue, workspace } = deps;
  connection.onDocumentLinks(guardRequest(connection, 'textDocument/documentLink', null, async (params, token) => {
    const current = store.get(params.textDocument.uri);
    if (current === undefined) return null;
    // VS Code makes every http(s) URL clickable itself (in a browser): only an index entry that maps to a workspace
    // file needs us, and what a sitemap-url: index or robots.txt lists, which opens as it did.
    const remote = remoteUrlOf(current.uri) !== undefined;
    if (current.doc.kind !== 'sitemapindex' && !(remote && current.doc.kind === 'robots')) return [];
    return onCurrentVersion(store, queue, current, token, async (): Promise<DocumentLink[] | null> => {
      const prepared = await documentForRequest(deps, params.textDocument.uri, token);
      if (prepared === undefined) return null;
      const { entry, settings, location } = prepared;
      const doc = entry.doc;
      if (remoteUrlOf(entry.uri) !== undefined) {
        const links = findDocumentLinks(doc, { resolveFile: (url) => (/^https?:\/\//i.test(url) && URL.canParse(url) ? toRemoteUri(url) : undefined) });
        return links.map((link) => ({ range: rangeOf(doc, link.start, link.end), target: link.target, tooltip: 'Open the sitemap from its URL' }));
      }
      const resolve = fileResolverFor(workspace, entry, settings, location);
      if (resolve === undefined) return [];
      const links = findDocumentLinks(doc, { resolveFile: (url) => {
        const file = resolve(url);
        return file === undefined ? undefined : fsPathToUri(file);
      } });
      return links.map((link) => ({ range: rangeOf(doc, link.start, link.end), target: link.target, tooltip: 'Open the workspace file' }));
    });
  }));
}
