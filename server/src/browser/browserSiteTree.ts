/** The Sitemaps view's facts in the web worker (lsp/site/siteTree.ts's source): the folder's site files as the client
 * lists them, each read whole through the client once and summarized in-process (the cross-file rules' reads). */
import { newestLastmodOf, summarizeForSite, type SiteFileKind, type SiteSummary, type SiteTreeFile } from '../language/languageService';
import type { ServerSettings } from '../lsp/documents/configuration';
import type { DocumentStore } from '../lsp/documents/documentStore';
import type { SiteTreeFacts, SiteTreeSource } from '../lsp/site/siteTreeFacts';
import type { BrowserSiteChecks } from './browserSiteChecks';

type TargetOf = (url: string, from: string, summary: SiteSummary) => string | undefined;

export class BrowserSiteTreeSource implements SiteTreeSource {
  constructor(
    private readonly store: DocumentStore,
    private readonly checks: BrowserSiteChecks,
    private readonly settingsOf: (folderPath: string) => Promise<ServerSettings>,
  ) {}

  async factsOf(folderPath: string): Promise<Map<string, SiteTreeFacts>> {
    const files = (await this.checks.siteFilesOf(folderPath)) ?? [];
    const resolver = this.checks.resolverFor(await this.settingsOf(folderPath), new Set(files));
    const targetOf: TargetOf = (url, from, summary) => {
      const file = { path: from, summary, inSite: true };
      return resolver.fileOf(url, file) ?? (summary.kind === 'sitemapindex' ? resolver.fileBeside(url, file) : undefined);
    };
    const facts = new Map<string, SiteTreeFacts>();
    for (const file of files) {
      const fact = await this.factOf(file, targetOf);
      if (fact !== undefined) facts.set(file, fact);
    }
    return facts;
  }

  /** Every file is read by factsOf: nothing is left to read in the background. */
  async read(): Promise<boolean> {
    return false;
  }

  /** Undefined for a file that cannot be read or is no site file (corrupt gzip, a pom.xml), as the Node server's scan skips it. */
  private async factOf(file: string, targetOf: TargetOf): Promise<SiteTreeFacts | undefined> {
    const open = this.store.getByPath(file);
    if (open !== undefined) return factsOfSummary(file, summarizeForSite(open.doc), open.doc.length, targetOf);
    const closed = await this.checks.closedFileOf(file);
    if (closed === undefined) return undefined;
    return { ...factsOfSummary(file, closed.summary, closed.length, targetOf), bytes: /\.gz$/i.test(file) ? closed.length : closed.size };
  }
}

/** As siteTreeFacts.ts's: the node's kind, what it lists, its counts. */
function factsOfSummary(file: string, summary: SiteSummary, length: number, targetOf: TargetOf): SiteTreeFacts {
  const kind = treeKind(summary.kind);
  const listed = kind === 'robots' || kind === 'index' ? summary.entries.map(({ url }) => ({ url, target: targetOf(url, file, summary) })) : [];
  return { file: { path: file, kind, listed }, entries: summary.entries.length, bytes: length, newestLastmod: newestLastmodOf(summary.entries) };
}

function treeKind(kind: SiteFileKind): SiteTreeFile['kind'] {
  return kind === 'robots' ? 'robots' : kind === 'sitemapindex' ? 'index' : kind === 'text' ? 'text' : 'sitemap';
}
