/** Where a linted file lives and which local file a URL names, decided as the editor does (shared/location.ts) with the
 * current directory as the workspace folder: site roots first, else the nearest robots.txt naming the file, from its
 * folder up to the current directory. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  fileFromSiteRoots, fileNextToLocation, locationFromIndexes, locationFromRobots, locationFromSiteRoots, normalizeSiteRootUrl,
} from '../../../../shared/location';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { indexUrlsOfText, robotsSitemapUrls } from '../../language/languageService';
import { MAX_ROBOTS_BYTES, readHead, readIndexText } from '../../node/files';
import { childrenBelow } from '../../../../shared/indexChildren';
import { UsageError } from '../io/failure';

/** `--site-root DIR=URL` options as site roots (absolute folder → URL), DIR relative to `cwd`; a URL that is not absolute http(s) is bad usage. */
export function siteRootOptions(pairs: ReadonlyArray<{ dir: string; url: string }>, cwd: string): Record<string, string> {
  const roots: Record<string, string> = {};
  for (const { dir, url } of pairs) {
    if (normalizeSiteRootUrl(url) === undefined) throw new UsageError(`--site-root ${dir} needs an absolute http(s) URL, not "${url}"`);
    roots[path.resolve(cwd, dir)] = url;
  }
  return roots;
}

export class SiteContext {
  /** Site roots keyed by the folder's path from the file system's root, `/`-separated (what location.ts expects). */
  private readonly roots: Record<string, string> = {};
  private readonly robots = new Map<string, readonly string[] | undefined>();
  /** Files robots.txt names → their `<loc>`s when they are indexes (the children's locations). */
  private readonly indexes = new Map<string, readonly string[] | undefined>();

  /** `siteRoots` (absolute folder → URL) and `cwd` are kept as given: a lint worker builds its own from them. */
  constructor(readonly siteRoots: Readonly<Record<string, string>>, readonly cwd: string) {
    for (const [dir, url] of Object.entries(siteRoots)) this.roots[fromRoot(dir)] = url;
  }

  private get hasRoots(): boolean {
    return Object.keys(this.roots).length > 0;
  }

  /** The URL the file at `file` (absolute) is published at, when known. */
  locate(file: string): string | undefined {
    const viaRoots = locationFromSiteRoots(fromRoot(file), this.roots);
    if (viaRoots !== undefined) return viaRoots;
    const base = isInside(this.cwd, file) ? this.cwd : path.dirname(file);
    const relative = path.relative(base, file).split(path.sep).join('/');
    const sitemapsIn = (dir: string) => this.sitemapsOf(path.join(base, ...dir.split('/'), 'robots.txt'));
    return locationFromRobots(relative, sitemapsIn)
      ?? locationFromIndexes(relative, sitemapsIn, (index) => this.indexUrlsOf(path.join(base, ...index.split('/'))));
  }

  /** The `<loc>`s of the file when it is an index (plain or gzip, within the protocol's size), read once. */
  private indexUrlsOf(file: string): readonly string[] | undefined {
    if (!this.indexes.has(file)) {
      const text = readIndexText(file, MAX_BYTES);
      this.indexes.set(file, text === undefined ? undefined : indexUrlsOfText(text));
    }
    return this.indexes.get(file);
  }

  /** The local file a URL listed in `file` (published at `location`) names: through the site roots, else beside it. */
  fileOf(url: string, file: string, location: string | undefined): string | undefined {
    const target = fileFromSiteRoots(url, this.roots) ?? (location !== undefined ? fileNextToLocation(url, location, fromRoot(file)) : undefined);
    return target === undefined ? undefined : toAbsolute(target, file);
  }

  /**
   * The local files an index (at `file`, published at `location`) names: through the site roots or its location, else,
   * its location unknown, below its folder (node/indexChildren.ts). A child that cannot be placed is left out.
   */
  childFiles(urls: readonly string[], file: string, location: string | undefined): string[] {
    if (location === undefined && !this.hasRoots) return [...childrenBelow(file, urls, isFileOnDisk, path.sep).values()];
    const below = location === undefined ? childrenBelow(file, urls, isFileOnDisk, path.sep) : undefined;
    return urls.flatMap((url) => {
      const child = this.fileOf(url, file, location) ?? below?.get(url);
      return child === undefined ? [] : [child];
    });
  }

  /** The local files a robots.txt's `Sitemap:` lines name. */
  sitemapsOfRobots(robotsFile: string, text: string): string[] {
    const files: string[] = [];
    for (const url of robotsSitemapUrls(text)) {
      const target = this.fileOfRobotsUrl(url, robotsFile);
      if (target !== undefined) files.push(target);
    }
    return files;
  }

  /** The local file a robots.txt's `Sitemap:` URL names: through the site roots, else below the robots.txt's folder. */
  fileOfRobotsUrl(url: string, robotsFile: string): string | undefined {
    const target = fileFromSiteRoots(url, this.roots) ?? fileFromSiteRoots(url, { [fromRoot(path.dirname(robotsFile))]: `${new URL(url).origin}/` });
    return target === undefined ? undefined : toAbsolute(target, robotsFile);
  }

  /**
   * Whether the file lies under a site root: a configured one, or a folder holding a robots.txt, from the file's
   * folder up to the current directory (only its own folder outside it), as `locate` searches.
   */
  inSite(file: string): boolean {
    if (locationFromSiteRoots(fromRoot(file), this.roots) !== undefined) return true;
    const top = isInside(this.cwd, file) ? path.resolve(this.cwd) : path.dirname(path.resolve(file));
    for (let folder = path.dirname(path.resolve(file)); ; folder = path.dirname(folder)) {
      if (this.sitemapsOf(path.join(folder, 'robots.txt')) !== undefined) return true;
      if (folder === top || path.dirname(folder) === folder) return false;
    }
  }

  private sitemapsOf(robotsFile: string): readonly string[] | undefined {
    if (!this.robots.has(robotsFile)) {
      const text = readHead(robotsFile, MAX_ROBOTS_BYTES)?.toString('utf8');
      this.robots.set(robotsFile, text === undefined ? undefined : robotsSitemapUrls(text));
    }
    return this.robots.get(robotsFile);
  }
}

/** `/srv/site/public` → `srv/site/public`: an absolute path as a path from its file system's root. */
function fromRoot(file: string): string {
  const absolute = path.resolve(file);
  return path.relative(path.parse(absolute).root, absolute).split(path.sep).join('/');
}

/** The inverse of fromRoot, on the root (drive) of `near`. */
function toAbsolute(target: string, near: string): string {
  return path.join(path.parse(path.resolve(near)).root, ...target.split('/'));
}

function isFileOnDisk(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
