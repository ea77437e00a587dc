/** The Sitemaps view's facts in the web worker (lsp/site/siteTree.ts's source): the folder's site files as the client
 * lists them, each read whole through the client once and summarized in-process (the cross-file rules' reads). */
import { summarizeForSite } from '../language/languageService';
import type { ServerSettings } from '../lsp/documents/configuration';
import type { DocumentStore } from '../lsp/documents/documentStore';
import type { PositionOf, SiteTreeSource } from '../lsp/site/siteTreeFacts';
import { factsOfFiles, factsOfSummary, kindByName, listedTargetOf, treeKind, type SiteTreeFacts, type TargetOf } from '../lsp/site/siteTreeSummary';
import type { BrowserSiteChecks } from './browserSiteChecks';
import { positionIn } from '../../../shared/lineTable';

export class BrowserSiteTreeSource implements SiteTreeSource {
  constructor(
    private readonly store: DocumentStore,
    private readonly checks: BrowserSiteChecks,
    private readonly settingsOf: (folderPath: string) => Promise<ServerSettings>,
  ) {}

  async factsOf(folderPath: string): Promise<Map<string, SiteTreeFacts>> {
    const files = (await this.checks.siteFilesOf(folderPath)) ?? [];
    const targetOf = listedTargetOf(this.checks.resolverFor(await this.settingsOf(folderPath), new Set(files)));
    return factsOfFiles(files, (file) => this.factOf(file, targetOf));
  }

  /** Every file is read by factsOf: nothing is left to read in the background. */
  async read(): Promise<boolean> {
    return false;
  }

  /** As siteTreeFacts.ts's: the open document's positions, else the closed file's as read (none for gzip, as in Node). */
  async positionsIn(fsPath: string): Promise<PositionOf | undefined> {
    const open = this.store.getByPath(fsPath);
    if (open !== undefined) return (offset) => open.doc.positionAt(offset);
    if (/\.gz$/i.test(fsPath)) return undefined;
    const closed = await this.checks.closedFileOf(fsPath);
    return closed?.summary === undefined ? undefined : (offset) => positionIn(closed.lineStarts, closed.length, offset);
  }

  /** Undefined for a file that cannot be read or is no site file (corrupt gzip, a pom.xml), as the Node server's scan skips it. */
  private async factOf(file: string, targetOf: TargetOf): Promise<SiteTreeFacts | undefined> {
    const open = this.store.getByPath(file);
    if (open !== undefined) return factsOfSummary(file, summarizeForSite(open.doc), open.doc.length, targetOf);
    const closed = await this.checks.closedFileOf(file);
    if (closed === undefined) return undefined;
    const gz = /\.gz$/i.test(file);
    // Binary, gzip that does not inflate, past MAX_BYTES: shown by its name, its entries unknown (as siteTreeFacts.ts's factsOfClosed).
    if (closed.summary === undefined) return { file: { path: file, kind: treeKind(kindByName(file)), listed: [] }, bytes: gz ? undefined : closed.size };
    return { ...factsOfSummary(file, closed.summary, closed.length, targetOf), bytes: gz ? closed.length : closed.size };
  }
}
