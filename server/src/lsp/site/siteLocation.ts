/** Where an open sitemap lives: `sitemap.siteRoots`, else the nearest robots.txt naming it, else an index such a
 * robots.txt names listing it (both cached until a watched-file event), else unknown. The string logic is
 * shared/location.ts's; this finds folders and reads robots.txt files and those indexes. */
import * as path from 'node:path';
import { isRobotsName } from '../../../../shared/documentLanguage';
import { indexChildLocations, locationFromIndexes, locationFromRobots, locationFromSiteRoots } from '../../../../shared/location';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { indexUrlsOfText, robotsSitemapUrls } from '../../language/languageService';
import type { ServerSettings } from '../documents/configuration';
import { MAX_ROBOTS_BYTES, readHeadText, readIndexText } from '../../node/files';
import { relativeInside, type Workspace } from '../documents/workspace';

export class SiteLocator {
  /** robots.txt path → its `Sitemap:` URLs, or `null` when there is no such file. */
  private readonly robots = new Map<string, readonly string[] | null>();
  /** A file a robots.txt names → what it lists (file → URL) when it is an index, or `null`; by its location too. */
  private readonly indexes = new Map<string, { url: string; children: ReadonlyMap<string, string> } | null>();
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
      ?? locationFromIndexes(relative, sitemapsIn, (index, url) => this.indexChildrenOf(folder.fsPath, index, url));
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

  private indexChildrenOf(folderPath: string, index: string, url: string): ReadonlyMap<string, string> | undefined {
    const file = path.join(folderPath, ...index.split('/'));
    const cached = this.caching ? this.indexes.get(file) : undefined;
    if (cached === null) return undefined;
    if (cached !== undefined && cached.url === url) return cached.children;
    const text = readIndexText(file, MAX_BYTES);
    const urls = text === undefined ? undefined : indexUrlsOfText(text);
    const children = urls === undefined ? undefined : indexChildLocations(index, url, urls);
    // Remembered even while not caching: a change to it must still say that locations may differ.
    this.indexes.set(file, children === undefined ? null : { url, children });
    return children;
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
