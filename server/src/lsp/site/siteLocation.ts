/** Where an open sitemap lives: `sitemap.siteRoots`, else the nearest robots.txt naming it (cached until a watched-file
 * event), else unknown. The string logic is shared/location.ts's; this finds folders and reads robots.txt files. */
import * as path from 'node:path';
import { locationFromRobots, locationFromSiteRoots } from '../../../../shared/location';
import { robotsSitemapUrls } from '../../language/languageService';
import type { ServerSettings } from '../documents/configuration';
import { MAX_ROBOTS_BYTES, readHeadText } from '../../node/files';
import { relativeInside, type Workspace } from '../documents/workspace';

export class SiteLocator {
  /** robots.txt path → its `Sitemap:` URLs, or `null` when there is no such file. */
  private readonly robots = new Map<string, readonly string[] | null>();
  /** Only cache while the client tells us about changed files; otherwise read afresh on every (rare) lookup. */
  caching = false;

  constructor(private readonly workspace: Workspace) {}

  locate(fsPath: string | undefined, settings: ServerSettings): string | undefined {
    if (fsPath === undefined) return undefined;
    const folder = this.workspace.folderOf(fsPath);
    if (folder === undefined) {
      // Not inside any workspace folder: only a robots.txt next to the file counts.
      const dir = path.dirname(fsPath);
      return locationFromRobots(path.basename(fsPath), () => this.sitemapsOf(path.join(dir, 'robots.txt')));
    }
    const relative = relativeInside(folder.fsPath, fsPath);
    if (relative === undefined || relative === '') return undefined;
    return locationFromSiteRoots(relative, settings.siteRoots)
      ?? locationFromRobots(relative, (dir) => this.sitemapsOf(path.join(folder.fsPath, ...dir.split('/'), 'robots.txt')));
  }

  /** Forgets a robots.txt (or all of them). */
  invalidate(robotsPath?: string): void {
    if (robotsPath === undefined) this.robots.clear();
    else this.robots.delete(path.normalize(robotsPath));
  }

  private sitemapsOf(robotsPath: string): readonly string[] | undefined {
    const cached = this.caching ? this.robots.get(robotsPath) : undefined;
    if (cached !== undefined) return cached ?? undefined;
    const text = readHeadText(robotsPath, MAX_ROBOTS_BYTES);
    const sitemaps = text === undefined ? null : robotsSitemapUrls(text);
    if (this.caching) this.robots.set(robotsPath, sitemaps);
    return sitemaps ?? undefined;
  }
}
