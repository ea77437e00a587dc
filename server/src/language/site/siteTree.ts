/** The Sitemaps view's tree of one site (workspace folder): robots.txt → the sitemaps it lists → an index's children,
 * with the sitemaps no one lists beside them; built from the site files' summaries, children made only when asked. */

export type SiteTreeFileKind = 'robots' | 'index' | 'sitemap' | 'text';
export type SiteTreeNodeKind = SiteTreeFileKind | 'missing';

/** What the tree takes of one site file (read from its summary). */
export interface SiteTreeFile {
  path: string;
  kind: SiteTreeFileKind;
  /** A robots.txt's and an index's listed URLs, each with the file it maps to (undefined: none in the workspace). */
  listed: readonly ListedUrl[];
}

export interface ListedUrl {
  url: string;
  target: string | undefined;
  /** Where the URL is written in the listing file (the `<loc>`'s text, the `Sitemap:` line's value), when known. */
  entry?: { start: number; end: number };
}

export interface SiteTreeItem {
  kind: SiteTreeNodeKind;
  /** The file (a missing one's when its URL maps to a path). */
  path: string | undefined;
  /** The URL it is listed by, for a listed node. */
  url: string | undefined;
  hasChildren: boolean;
  /** A listed node's URL in the file that lists it (offsets), when known. */
  entry?: { start: number; end: number };
}

/** The site's first level: its robots.txt files, then the sitemaps no robots.txt and no index lists, in `files`' order. */
export function siteTreeTopLevel(files: readonly SiteTreeFile[]): SiteTreeItem[] {
  const listed = new Set<string>();
  for (const file of files) for (const { target } of file.listed) if (target !== undefined && target !== file.path) listed.add(target);
  const robots = files.filter((file) => file.kind === 'robots');
  const unlisted = files.filter((file) => file.kind !== 'robots' && !listed.has(file.path));
  return [...robots, ...unlisted].map((file) => itemOf(file, undefined));
}

/** What `file` lists, in its order: the files they map to, or missing nodes. */
export function siteTreeChildren(file: SiteTreeFile, filesByPath: ReadonlyMap<string, SiteTreeFile>): SiteTreeItem[] {
  return file.listed.map(({ url, target, entry }) => {
    const child = target === undefined ? undefined : filesByPath.get(target);
    const item: SiteTreeItem = child === undefined ? { kind: 'missing', path: target, url, hasChildren: false } : itemOf(child, url);
    if (entry !== undefined) item.entry = { start: entry.start, end: entry.end };
    return item;
  });
}

function itemOf(file: SiteTreeFile, url: string | undefined): SiteTreeItem {
  return { kind: file.kind, path: file.path, url, hasChildren: file.listed.length > 0 };
}

/** The newest `<lastmod>` among the entries, as written; undefined when none has a valid one. */
export function newestLastmodOf(entries: readonly { lastmod: number; lastmodText: string }[]): string | undefined {
  let newest: { lastmod: number; lastmodText: string } | undefined;
  for (const entry of entries) if (entry.lastmod >= (newest?.lastmod ?? -Infinity)) newest = entry;
  return newest?.lastmodText;
}
