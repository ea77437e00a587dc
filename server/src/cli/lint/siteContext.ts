/** Where a linted file lives and which local file a URL names, decided as the editor does (shared/location.ts) with the
 * current directory as the workspace folder: site roots first, else the nearest robots.txt naming the file, from its
 * folder up to the current directory. */
import * as path from 'node:path';
import {
  fileFromSiteRoots, fileNextToLocation, indexChildLocations, locationFromIndexes, locationFromRobots, locationFromSiteRoots, normalizeSiteRootUrl,
} from '../../../../shared/location';
import { MAX_BYTES } from '../../../../shared/protocolLimits';
import { indexUrlsOfText, robotsSitemapUrls } from '../../language/languageService';
import { MAX_ROBOTS_BYTES, readHead, readIndexText } from '../../node/files';
import { childrenBelow } from '../../../../shared/indexChildren';
import { UsageError } from '../io/failure';
import { conflictNote, evidenceFolders, inferredRootNote } from '../../../../shared/siteInference';
import { inferSiteRootsOnDisk } from '../../node/siteRootFiles';
import { isFileOnDisk, isFolderOnDisk } from '../../node/fileProbe';

/** `--site-root DIR=URL` options as site roots (absolute folder → URL), DIR relative to `cwd`; a URL that is not absolute http(s) is bad usage. */
export function siteRootOptions(pairs: ReadonlyArray<{ dir: string; url: string }>, cwd: string): Record<string, string> {
  const roots: Record<string, string> = {};
  for (const { dir, url } of pairs) {
    if (normalizeSiteRootUrl(url) === undefined) throw new UsageError(`--site-root ${dir} needs an absolute http(s) URL, not "${url}"`);
    roots[path.resolve(cwd, dir)] = url;
  }
  return roots;
}

/**
 * `siteRoots` (absolute folder → URL) with the roots the files say where none is set (shared/siteInference.ts): looked
 * for in the current directory, its docs/ and the `named` inputs' folders up to it; kept when one covers an input or
 * lies in a named folder, never where an explicit root is (or above one's folder); each said once to `onNote`.
 */
export function withInferredRoots(
  siteRoots: Readonly<Record<string, string>>, named: readonly string[], cwd: string, onNote: (text: string) => void, hint: string,
): Record<string, string> {
  const inside = named.map((n) => path.resolve(cwd, n)).filter((n) => n === path.resolve(cwd) || isInside(cwd, n));
  const starts = inside.map((n) => path.relative(cwd, isFolderOnDisk(n) ? n : path.dirname(n)).split(path.sep).join('/'));
  const inference = inferSiteRootsOnDisk(cwd, evidenceFolders(starts));
  const explicit = Object.keys(siteRoots).map((dir) => path.resolve(dir));
  const relevant = (folder: string) => inside.some((n) => n === folder || isInside(folder, n) || isInside(n, folder))
    && !explicit.some((dir) => dir === folder || isInside(dir, folder));
  const shown = (folder: string) => `${path.relative(cwd, path.join(cwd, folder)).split(path.sep).join('/') || '.'}/`;
  const roots: Record<string, string> = {};
  for (const root of inference.roots) {
    const folder = path.join(cwd, ...root.folder.split('/'));
    if (!relevant(folder)) continue;
    roots[folder] = root.url;
    onNote(inferredRootNote(root, shown));
  }
  for (const conflict of inference.conflicts) if (relevant(path.join(cwd, ...conflict.folder.split('/')))) onNote(conflictNote(conflict, shown, hint));
  return { ...roots, ...siteRoots };
}

export class SiteContext {
  /** Site roots keyed by the folder's path from the file system's root, `/`-separated (what location.ts expects). */
  private readonly roots: Record<string, string> = {};
  private readonly robots = new Map<string, readonly string[] | undefined>();
  /** Files robots.txt names → the files they list and the URL of each, when they are indexes (the children's locations). */
  private readonly indexes = new Map<string, ReadonlyMap<string, string> | undefined>();

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
      ?? locationFromIndexes(relative, sitemapsIn, (index, url) => this.indexChildrenOf(base, index, url));
  }

  /** What the file at `index` (relative to `base`) lists when it is an index (plain or gzip, within the protocol's size), read once. */
  private indexChildrenOf(base: string, index: string, url: string): ReadonlyMap<string, string> | undefined {
    const key = `${path.join(base, ...index.split('/'))}\n${url}`;
    if (!this.indexes.has(key)) {
      const text = readIndexText(path.join(base, ...index.split('/')), MAX_BYTES);
      const urls = text === undefined ? undefined : indexUrlsOfText(text);
      this.indexes.set(key, urls === undefined ? undefined : indexChildLocations(index, url, urls));
    }
    return this.indexes.get(key);
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

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
