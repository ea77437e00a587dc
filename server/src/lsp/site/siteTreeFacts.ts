/** What the Sitemaps view shows of each site file of a folder, from what the site checks hold: the folder's scan, an
 * open document's summary, a closed file's kept summary; a closed sitemap not read yet only by its first characters. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Position } from 'vscode-languageserver';
import { siteFileType } from '../../../../shared/documentLanguage';
import type { SiteTreeFile } from '../../language/languageService';
import type { ServerSettings } from '../documents/configuration';
import { decodeFileText, stampOf } from '../../node/files';
import { lineTableOf, positionIn } from '../../../../shared/lineTable';
import type { BackgroundSiteChecks } from './backgroundSiteChecks';
import type { ClosedFile } from './siteSummaries';
import { factsOfFiles, factsOfSummary, kindByName, listedTargetOf, treeKind, type SiteTreeFacts, type TargetOf } from './siteTreeSummary';

export type { SiteTreeFacts } from './siteTreeSummary';

export interface SiteTreeSource {
  /** The folder's site files, in the scan's order, by path. */
  factsOf(folderPath: string): Promise<Map<string, SiteTreeFacts>>;
  /** Reads the file's summary (kept for the site checks too); false when nothing new can be known of it. */
  read(fsPath: string): Promise<boolean>;
  /** Places offsets of the file's text (as its open document has it, else as on disk); undefined for a gzip file. */
  positionsIn?(fsPath: string): Promise<PositionOf | undefined>;
}

export type PositionOf = (offset: number) => Position;

export class SiteTreeFactsSource implements SiteTreeSource {
  constructor(
    private readonly site: BackgroundSiteChecks,
    private readonly settingsOf: (folderPath: string) => Promise<ServerSettings>,
    private readonly openDocumentAt: (fsPath: string) => { positionAt: PositionOf } | undefined = () => undefined,
  ) {}

  async factsOf(folderPath: string): Promise<Map<string, SiteTreeFacts>> {
    const files = await this.site.siteFilesOf(folderPath);
    const targetOf = listedTargetOf(this.site.resolver(await this.settingsOf(folderPath)));
    return factsOfFiles(files, (file) => this.factOf(file, targetOf));
  }

  async read(fsPath: string): Promise<boolean> {
    const closed = await this.site.summaries.get(fsPath);
    return closed !== undefined && (closed.kind !== undefined || closed.overBudget !== undefined);
  }

  async positionsIn(fsPath: string): Promise<PositionOf | undefined> {
    const open = this.openDocumentAt(fsPath);
    if (open !== undefined) return (offset) => open.positionAt(offset);
    if (/\.gz$/i.test(fsPath)) return undefined;
    const closed = this.site.summaries.peek(fsPath);
    if (closed !== undefined && closed.lineStarts.length > 0) return (offset) => positionIn(closed.lineStarts, closed.length, offset);
    try {
      const text = decodeFileText(await fs.promises.readFile(fsPath));
      const lines = lineTableOf(text);
      return (offset) => positionIn(lines, text.length, offset);
    } catch {
      return undefined;
    }
  }

  private async factOf(file: string, targetOf: TargetOf): Promise<SiteTreeFacts | undefined> {
    const open = this.site.openSummaryOf(file);
    if (open !== undefined) return factsOfSummary(file, open.summary, open.length, targetOf);
    let closed = this.site.summaries.peek(file);
    if (closed === undefined) {
      const sniffed = sniffKind(file);
      if (sniffed !== 'read') return { file: { path: file, kind: sniffed, listed: [] }, bytes: stampOf(file)?.size };
      closed = await this.site.summaries.get(file);
    }
    return closed === undefined ? undefined : factsOfClosed(file, closed, targetOf);
  }
}

function factsOfClosed(file: string, closed: ClosedFile, targetOf: TargetOf): SiteTreeFacts {
  if (closed.summary !== undefined) return factsOfSummary(file, closed.summary, closed.length, targetOf);
  const known = closed.kind !== undefined ? closed : closed.overBudget;
  const kind = treeKind(known?.kind ?? kindByName(file));
  const bytes = /\.gz$/i.test(file) ? (known === undefined ? undefined : closed.length || undefined) : closed.stamp.size;
  return { file: { path: file, kind, listed: [] }, entries: known?.entries, bytes, newestLastmod: known?.newestLastmod };
}

/** A closed file's kind from its first characters; 'read' when it must be read (an index, a robots.txt, gzip). */
function sniffKind(file: string): SiteTreeFile['kind'] | 'read' {
  const name = path.basename(file);
  if (/\.gz$/i.test(name)) return 'read';
  let head: string;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const bytes = Buffer.alloc(1024);
      head = decodeFileText(bytes.subarray(0, fs.readSync(fd, bytes, 0, bytes.length, 0)));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return 'read';
  }
  const type = siteFileType(name, head);
  if (type === 'sitemap-txt') return 'text';
  return type === 'sitemap' && /<(?:[\w.-]+:)?urlset[\s>/]/.test(head) && !/<(?:[\w.-]+:)?sitemapindex[\s>/]/.test(head) ? 'sitemap' : 'read';
}

