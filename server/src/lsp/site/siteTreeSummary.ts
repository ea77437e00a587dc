/** A site file's Sitemaps-view facts from its summary: what the Node server's source (siteTreeFacts.ts) and the web
 * worker's (browser/browserSiteTree.ts) share. No Node here: the web build bundles it. */
import { newestLastmodOf, type SiteFileKind, type SiteResolver, type SiteSummary, type SiteTreeFile } from '../../language/languageService';

export interface SiteTreeFacts {
  file: SiteTreeFile;
  /** Undefined while the file was not read (see `read`). */
  entries?: number;
  bytes?: number;
  newestLastmod?: string;
}

/** The file a URL listed in `from` names, if any. */
export type TargetOf = (url: string, from: string, summary: SiteSummary) => string | undefined;

/** The site's mapping of a listed URL to a file, else, for an index, a file of the URL's name beside it. */
export function listedTargetOf(resolver: Required<SiteResolver>): TargetOf {
  return (url, from, summary) => {
    const file = { path: from, summary, inSite: true };
    return resolver.fileOf(url, file) ?? (summary.kind === 'sitemapindex' ? resolver.fileBeside(url, file) : undefined);
  };
}

/** Each file's facts in `files`' order, leaving out those `factOf` has none for. */
export async function factsOfFiles(files: readonly string[], factOf: (file: string) => Promise<SiteTreeFacts | undefined>): Promise<Map<string, SiteTreeFacts>> {
  const facts = new Map<string, SiteTreeFacts>();
  for (const file of files) {
    const fact = await factOf(file);
    if (fact !== undefined) facts.set(file, fact);
  }
  return facts;
}

/** The node's kind, what it lists (with each entry's offsets in `file`) and its counts. */
export function factsOfSummary(file: string, summary: SiteSummary, length: number, targetOf: TargetOf): SiteTreeFacts {
  const kind = treeKind(summary.kind);
  const listed = kind === 'robots' || kind === 'index' ? summary.entries.map(({ url, start, end }) => ({ url, target: targetOf(url, file, summary), entry: { start, end } })) : [];
  return { file: { path: file, kind, listed }, entries: summary.entries.length, bytes: length, newestLastmod: newestLastmodOf(summary.entries) };
}

/** A site file's kind until it is read, or when it cannot be (binary, gzip that does not inflate): by its name. */
export function kindByName(file: string): SiteFileKind {
  return /\.txt(\.gz)?$/i.test(file) ? 'text' : 'urlset';
}

export function treeKind(kind: SiteFileKind): SiteTreeFile['kind'] {
  return kind === 'robots' ? 'robots' : kind === 'sitemapindex' ? 'index' : kind === 'text' ? 'text' : 'sitemap';
}
