/**
 * Which workspace file a URL of a sitemap would be served from: through `sitemap.siteRoots`, else (when the sitemap's
 * own location is known) next to the sitemap file. Shared by `nested-index` and by the links and hover of an index.
 */
import * as path from 'node:path';
import { fileFromSiteRoots, fileNextToLocation } from '../language/location';
import type { ServerSettings } from './configuration';
import type { OpenDocument } from './documentStore';
import { relativeInside, type Workspace } from './workspace';

/** URL → absolute path, whether or not the file exists; undefined for documents that are not files. */
export type UrlToFile = (url: string) => string | undefined;

export function urlToFileFor(workspace: Workspace, entry: OpenDocument, settings: ServerSettings, location: string | undefined): UrlToFile | undefined {
  const fsPath = entry.fsPath;
  if (fsPath === undefined) return undefined;
  const folder = workspace.folderOf(fsPath);
  const base = folder?.fsPath ?? path.dirname(fsPath);
  const relative = folder !== undefined ? relativeInside(folder.fsPath, fsPath) : path.basename(fsPath);
  if (relative === undefined) return undefined;
  const siteRoots = folder !== undefined ? settings.siteRoots : undefined;
  return (url: string) => {
    const target = fileFromSiteRoots(url, siteRoots) ?? (location !== undefined ? fileNextToLocation(url, location, relative) : undefined);
    return target === undefined ? undefined : path.join(base, ...target.split('/'));
  };
}
