/** What the workspace knows of a sitemap's site, for completion and links: its pages as URLs, the sitemap files an index
 * could list, the file a URL is served from. The walk is bounded and cached, and a request waits for it only briefly. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileChangeType } from 'vscode-languageserver';
import { isListableSitemapName } from '../../../../shared/documentLanguage';
import { normalizeRelativePath, normalizeSiteRootUrl } from '../../../../shared/location';
import type { WebUrl } from '../../../../shared/webUrl';
import type { ServerSettings } from '../documents/configuration';
import type { OpenDocument } from '../documents/documentStore';
import { stampOf } from '../../node/files';
import { SKIPPED_FOLDERS } from '../../node/folderWalk';
import { urlToFileFor } from './urlToFile';
import { relativeInside, type Workspace } from '../documents/workspace';

/** Directory entries looked at per walk. */
const MAX_VISITED = 20_000;
const MAX_DEPTH = 16;
const MAX_RESULTS = 5_000;
/**
 * How long a request waits for a walk in progress before answering without its results. Tests that assert the pages
 * offered set `SITEMAP_PAGE_WALK_BUDGET_MS`, so that a walk slowed by the machine's load is waited for.
 */
export const WALK_BUDGET_MS = Number(process.env.SITEMAP_PAGE_WALK_BUDGET_MS) || 150;
/** Without file events, a walk's result is trusted this long. */
const UNWATCHED_TTL_MS = 5_000;

const PAGE = /\.(?:html?|xhtml)$/i;

export interface SiteMapping {
  /** Absolute folder served at `baseUrl`. */
  folder: string;
  /** Absolute URL ending with `/`. */
  baseUrl: string;
  /** The `sitemap.siteRoots` URL the folder came from, when it did. */
  siteRootUrl: string | undefined;
}

interface Walk {
  started: number;
  result: string[] | undefined;
  promise: Promise<string[]>;
}

export class SitePages {
  private readonly walks = new Map<string, Walk>();
  /** Set once the client sends file events: results are then kept until an event invalidates them. */
  caching = false;

  constructor(private readonly workspace: Workspace) {}

  /**
   * The folder served at a URL for this document: its `sitemap.siteRoots` folder (the deepest one holding it), else,
   * when the sitemap's location is known, its own folder at the location's directory.
   */
  mappingFor(entry: OpenDocument, settings: ServerSettings, location: string | undefined): SiteMapping | undefined {
    const fsPath = entry.fsPath;
    if (fsPath === undefined) return undefined;
    const folder = this.workspace.folderOf(fsPath);
    const relative = folder !== undefined ? relativeInside(folder.fsPath, fsPath) : undefined;
    if (folder !== undefined && relative !== undefined) {
      let best: { key: string; url: WebUrl; raw: string } | undefined;
      for (const [key, value] of Object.entries(settings.siteRoots)) {
        const normalized = normalizeRelativePath(key);
        const url = normalizeSiteRootUrl(value);
        if (normalized === undefined || url === undefined) continue;
        if (normalized !== '' && !relative.startsWith(normalized + '/')) continue;
        if (best === undefined || normalized.length > best.key.length) best = { key: normalized, url, raw: value };
      }
      if (best !== undefined) return { folder: path.join(folder.fsPath, ...best.key.split('/').filter((s) => s !== '')), baseUrl: best.url.href, siteRootUrl: best.raw };
    }
    if (location === undefined) return undefined;
    try {
      const url = new URL(location);
      url.search = '';
      url.hash = '';
      url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
      return { folder: path.dirname(fsPath), baseUrl: url.href, siteRootUrl: undefined };
    } catch {
      return undefined;
    }
  }

  /**
   * URLs worth offering in a `<loc>`: the pages of the site (in an index: its other sitemap files). Resolves with
   * `undefined` when the walk takes longer than {@link WALK_BUDGET_MS}; it goes on, and a later request gets it.
   */
  async candidates(entry: OpenDocument, mapping: SiteMapping, budgetMs = WALK_BUDGET_MS): Promise<string[] | undefined> {
    const sitemaps = entry.doc.kind === 'sitemapindex';
    const key = `${sitemaps ? 'sitemaps' : 'pages'}\n${mapping.folder}\n${mapping.baseUrl}`;
    let walk = this.walks.get(key);
    if (walk !== undefined && !this.caching && walk.result !== undefined && Date.now() - walk.started > UNWATCHED_TTL_MS) walk = undefined;
    if (walk === undefined) {
      const created: Walk = { started: Date.now(), result: undefined, promise: Promise.resolve([]) };
      created.promise = walkSite(mapping, sitemaps).then((urls) => {
        created.result = urls;
        return urls;
      }, () => {
        created.result = [];
        return [];
      });
      this.walks.set(key, created);
      walk = created;
    }
    if (walk.result !== undefined) return withoutSelf(walk.result, entry, mapping);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), budgetMs);
    });
    try {
      const urls = await Promise.race([walk.promise, timeout]);
      return urls === undefined ? undefined : withoutSelf(urls, entry, mapping);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Files came or went (a changed file's content does not matter here): walks are redone on the next request. */
  filesChanged(changes: ReadonlyArray<{ type?: unknown }>): void {
    if (changes.some((change) => change?.type !== FileChangeType.Changed)) this.invalidate();
  }

  invalidate(): void {
    this.walks.clear();
  }
}

/** The document itself is never a candidate for its own index. */
function withoutSelf(urls: string[], entry: OpenDocument, mapping: SiteMapping): string[] {
  if (entry.fsPath === undefined) return urls;
  const own = urlOf(mapping, entry.fsPath, false);
  return own === undefined ? urls : urls.filter((u) => u !== own);
}

/** The URL a file under the mapped folder is served at (`about/index.html` → `…/about/` for pages). */
export function urlOf(mapping: SiteMapping, fsPath: string, page: boolean): string | undefined {
  const relative = relativeInside(mapping.folder, fsPath);
  if (relative === undefined || relative === '') return undefined;
  const segments = relative.split('/');
  if (page && /^index\.html?$/i.test(segments[segments.length - 1])) segments[segments.length - 1] = '';
  try {
    return new URL(segments.map(encodeURIComponent).join('/'), mapping.baseUrl).href;
  } catch {
    return undefined;
  }
}

async function walkSite(mapping: SiteMapping, sitemaps: boolean): Promise<string[]> {
  const found: string[] = [];
  const queue: Array<{ dir: string; depth: number }> = [{ dir: mapping.folder, depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_VISITED && found.length < MAX_RESULTS) {
    const { dir, depth } = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of entries) {
      if (++visited > MAX_VISITED || found.length >= MAX_RESULTS) break;
      const name = dirent.name;
      if (dirent.isDirectory()) {
        if (!name.startsWith('.') && !SKIPPED_FOLDERS.has(name) && depth < MAX_DEPTH) queue.push({ dir: path.join(dir, name), depth: depth + 1 });
        continue;
      }
      if (!dirent.isFile()) continue;
      const wanted = sitemaps ? isListableSitemapName(name) : PAGE.test(name);
      if (!wanted) continue;
      const url = urlOf(mapping, path.join(dir, name), !sitemaps);
      if (url !== undefined) found.push(url);
    }
  }
  return found;
}

/**
 * For links in an index: the workspace file a URL is served from (through `sitemap.siteRoots`, else next to the
 * index when its location is known), as an absolute path, when that file exists.
 */
export function fileResolverFor(workspace: Workspace, entry: OpenDocument, settings: ServerSettings, location: string | undefined): ((url: string) => string | undefined) | undefined {
  const urlToFile = urlToFileFor(workspace, entry, settings, location);
  if (urlToFile === undefined) return undefined;
  return (url: string) => {
    const targetPath = urlToFile(url);
    return targetPath !== undefined && stampOf(targetPath) !== undefined ? targetPath : undefined;
  };
}
