/** Where an open sitemap lives: `sitemap.siteRoots`, else the nearest robots.txt naming it, else an index such a
 * robots.txt names listing it (both cached until a watched-file event), else unknown. The string logic is
 * shared/location.ts's; this finds folders and reads robots.txt files and those indexes. */
import * as path from 'node:path';
import { isRobotsName } from '../../../../shared/documentLanguage';
import { locationFromIndexes, locationFromRobots, locationFromSiteRoots } from '../../../../shared/location';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { indexUrlsOfText, robotsSitemapUrls } from '../../language/languageService';
import type { ServerSettings } from '../documents/configuration';
import { MAX_ROBOTS_BYTES, readHeadText, readIndexText } from '../../node/files';
import { relativeInside, type Workspace } from '../documents/workspace';

export class SiteLocator {
  /** robots.txt path → its `Sitemap:` URLs, or `null` when there is no such file. */
  private readonly robots = new Map<string, readonly string[] | null>();
  /** A file a robots.txt names → its `<loc>`s when it is an index, or `null`. */
  private readonly indexes = new Map<string, readonly string[] | null>();
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
    const sitemapsIn = (dir: string) => this.sitemapsOf(path.join(folder.fsPath, ...dir.split('/'), 'robots.txt'));
    return locationFromSiteRoots(relative, settings.siteRoots)
      ?? locationFromRobots(relative, sitemapsIn)
      ?? locationFromIndexes(relative, sitemapsIn, (index) => this.indexUrlsOf(path.join(folder.fsPath, ...index.split('/'))));
  }

  /** Forgets a robots.txt or an index read for locations (or all of them). */
  invalidate(fsPath?: string): void {
    if (fsPath === undefined) {
      this.robots.clear();
      this.indexes.clear();
    } else {
      this.robots.delete(path.normalize(fsPath));
      this.indexes.delete(path.normalize(fsPath));
    }
  }

  /** A file changed: forgotten; whether locations may now differ (a robots.txt, or an index read for them). */
  fileChanged(fsPath: string): boolean {
    const file = path.normalize(fsPath);
    const mattered = isRobotsName(path.basename(file)) || this.indexes.has(file);
    this.invalidate(file);
    return mattered;
  }

  private indexUrlsOf(file: string): readonly string[] | undefined {
    const cached = this.caching ? this.indexes.get(file) : undefined;
    if (cached !== undefined) return cached ?? undefined;
    const text = readIndexText(file, MAX_BYTES);
    const urls = text === undefined ? null : indexUrlsOfText(text);
    // Remembered even while not caching: a change to it must still say that locations may differ.
    this.indexes.set(file, urls ?? null);
    return urls ?? undefined;
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
