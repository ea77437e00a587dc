/** Which workspace file a sitemap's URL is served from: through `sitemap.siteRoots`, else next to the sitemap when its
 * location is known; a robots.txt's `Sitemap:` URL also below its folder. */
import * as path from 'node:path';
import { fileFromSiteRoots, fileNextToLocation, parentPath } from '../../../../shared/location';
import type { ServerSettings } from '../documents/configuration';
import type { OpenDocument } from '../documents/documentStore';
import { relativeInside, type Workspace } from '../documents/workspace';

/** URL → absolute path, whether or not the file exists; undefined for documents that are not files. */
export type UrlToFile = (url: string) => string | undefined;

export function urlToFileFor(workspace: Workspace, entry: OpenDocument, settings: ServerSettings, location: string | undefined): UrlToFile | undefined {
  return entry.fsPath === undefined ? undefined : urlToFileAt(workspace, entry.fsPath, settings, location);
}

/** As urlToFileFor, for the sitemap file at `fsPath` (open or not). */
export function urlToFileAt(workspace: Workspace, fsPath: string, settings: ServerSettings, location: string | undefined): UrlToFile | undefined {
  const place = placeOf(workspace, fsPath, settings);
  if (place === undefined) return undefined;
  const { base, relative, siteRoots } = place;
  return (url: string) => {
    const target = fileFromSiteRoots(url, siteRoots) ?? (location !== undefined ? fileNextToLocation(url, location, relative) : undefined);
    return target === undefined ? undefined : path.join(base, ...target.split('/'));
  };
}

/** For the robots.txt at `fsPath`: through the site roots, else below the robots.txt's folder (a site's root). */
export function robotsUrlToFile(workspace: Workspace, fsPath: string, settings: ServerSettings): UrlToFile | undefined {
  const place = placeOf(workspace, fsPath, settings);
  if (place === undefined) return undefined;
  const { base, relative, siteRoots } = place;
  return (url: string) => {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return undefined;
    }
    const target = fileFromSiteRoots(url, siteRoots) ?? fileFromSiteRoots(url, { [parentPath(relative)]: `${origin}/` });
    return target === undefined ? undefined : path.join(base, ...target.split('/'));
  };
}

/** Where a sitemap or robots.txt file sits, for resolving the URLs it names. */
interface Place {
  /** What targets resolve against: the file's workspace folder, else its own folder. */
  base: string;
  /** The file's path from `base`. */
  relative: string;
  /** `sitemap.siteRoots`, for a file inside a workspace folder. */
  siteRoots: Readonly<Record<string, string>> | undefined;
}

/** The file's place; undefined when it lies outside its own workspace folder. */
function placeOf(workspace: Workspace, fsPath: string, settings: ServerSettings): Place | undefined {
  const folder = workspace.folderOf(fsPath);
  const relative = folder !== undefined ? relativeInside(folder.fsPath, fsPath) : path.basename(fsPath);
  if (relative === undefined) return undefined;
  return { base: folder?.fsPath ?? path.dirname(fsPath), relative, siteRoots: folder !== undefined ? settings.siteRoots : undefined };
}
