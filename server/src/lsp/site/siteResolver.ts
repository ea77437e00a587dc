/** Where a robots.txt's or an index's URLs are in the workspace, and which files are under a site root: one answer for
 * the Node server's cross-file passes and the web worker's, each saying whether a file is there (a stat, or the client's
 * listing). */
import * as path from 'node:path';
import { locationFromSiteRoots } from '../../../../shared/location';
import type { SiteResolver } from '../../language/languageService';
import { IndexChildren, unplacedNote } from '../../../../shared/indexChildren';
import type { ServerSettings } from '../documents/configuration';
import { relativeInside, type Workspace } from '../documents/workspace';
import type { SiteLocator } from './siteLocation';
import { robotsUrlToFile, urlToFileAt } from './urlToFile';

/**
 * `exists`: whether a file is in the workspace, open or on disk. `children`: where the indexes whose location is unknown
 * have their children placed (node/indexChildren.ts), and which could not be, for the log.
 */
export function siteResolver(
  workspace: Workspace, locator: SiteLocator, settings: ServerSettings, exists: (file: string) => boolean, children = new IndexChildren(exists, path.sep),
): Required<SiteResolver> {
  return {
    fileOf: (url, from) => {
      const toFile = from.summary.kind === 'robots'
        ? robotsUrlToFile(workspace, from.path, settings)
        : urlToFileAt(workspace, from.path, settings, locator.locate(from.path, settings));
      const target = toFile?.(url);
      return target === undefined ? undefined : path.normalize(target);
    },
    fileBeside: (url, from) => (locator.locate(from.path, settings) === undefined
      ? children.fileOf(from.path, url, () => from.summary.entries.map((e) => e.url))
      : undefined),
    exists,
  };
}

/** Under a site root: a `sitemap.siteRoots` folder, or a folder holding a robots.txt (`exists`), up to the workspace folder. */
export function isInSite(file: string, folderPath: string, settings: ServerSettings, exists: (file: string) => boolean): boolean {
  const relative = relativeInside(folderPath, file);
  if (relative === undefined) return false;
  if (locationFromSiteRoots(relative, settings.siteRoots) !== undefined) return true;
  for (let dir = path.dirname(file); relativeInside(folderPath, dir) !== undefined; dir = path.dirname(dir)) {
    if (exists(path.join(dir, 'robots.txt'))) return true;
    if (dir === folderPath || path.dirname(dir) === dir) break;
  }
  return false;
}

/** Says in the log, once per index and children, which children of an index whose location is unknown cannot be placed. */
export class UnplacedChildrenLog {
  private readonly said = new Set<string>();

  constructor(private readonly log: (message: string) => void) {}

  say(children: IndexChildren): void {
    for (const [index, urls] of children.unplaced) {
      const key = `${index}\n${urls.join('\n')}`;
      if (this.said.has(key)) continue;
      this.said.add(key);
      this.log(unplacedNote(index, urls, 'set sitemap.siteRoots'));
    }
  }
}
