/** The cross-file rules in the web worker (`missing-sitemap-file`, `stale-index-lastmod`, `cross-file-duplicate-url`,
 * `unlisted-sitemap`): a pass per workspace folder over its site files, listed and read through the client, in-process
 * (no site worker); the same language-layer rules and resolver as the Node server's backgroundSiteChecks.ts. */
import * as path from 'node:path';
import { FileChangeType, type DiagnosticRelatedInformation, type Location, type Position } from 'vscode-languageserver';
import type { WatchedChange } from '../lsp/documents/watchedFiles';
import { SNIFF_LENGTH } from '../../../shared/contentDetection';
import { isRobotsName, isSiteFile, languageOfSiteFile, siteFileType } from '../../../shared/documentLanguage';
import { decodeSniffed, sniffedText } from '../../../shared/fileEncoding';
import { MAX_BYTES } from '../../../shared/protocolLimits';
import { lineTableOf, positionIn, type LineTable } from '../../../shared/lineTable';
import { parseDocument, summarizeForSite, validateSite, type PageRulesFile, type SiteFile, type SiteResolver, type SiteSummary } from '../language/languageService';
import type { ServerSettings } from '../lsp/documents/configuration';
import type { DocumentStore, OpenDocument } from '../lsp/documents/documentStore';
import { rangeOf } from '../lsp/documents/ranges';
import { fsPathToUri, type Workspace, type WorkspaceFolderInfo } from '../lsp/documents/workspace';
import { HeldProblems, type HeldProblem } from '../lsp/site/heldProblems';
import type { SiteLocator } from '../lsp/site/siteLocation';
import { compareWalkOrder, mayBeSiteFile } from '../lsp/site/siteScan';
import { isInSite, siteResolver, UnplacedChildrenLog } from '../lsp/site/siteResolver';
import { IndexChildren } from '../../../shared/indexChildren';
import { readPooled } from './clientFiles';
import type { FileReader, MirroredFile } from './fileMirror';
import type { BrowserPageChecks } from './browserPageChecks';
import { isGzip } from './platform/files';

/** Quiet time after a keystroke before the folder's cross-file problems are computed again (as in Node). */
const EDIT_DELAY_MS = 300;
/** The site files of a folder compared at most, as the Node server's scan (siteScan.ts's SCAN_LIMITS). */
const MAX_FILES = 1_000;

export interface BrowserSiteChecksHost {
  store: DocumentStore;
  workspace: Workspace;
  locator: SiteLocator;
  settingsOf: (uri: string) => Promise<ServerSettings>;
  republish: (uri: string) => void;
  logFailure: (what: string, error: unknown) => void;
  /** The output log (an index's children that cannot be placed). */
  log?: (message: string) => void;
  readFile: FileReader;
  listSiteFiles: (folderPath: string, maxFiles: number) => Promise<string[]>;
  /** Whether the client reads files: without them a document would seem alone in its folder, its children missing. */
  enabled: () => boolean;
  /** Site files changed on disk or as typed (the Sitemaps view's notification). */
  siteFilesChanged?: (changes: readonly { fsPath: string; type: number }[]) => void;
  /** The page rules, run after each pass over the folder's sitemaps (browserPageChecks.ts). */
  pages?: BrowserPageChecks;
}

/** A folder's site files as the client listed them, or the request on its way. */
interface Listing {
  files: Promise<string[] | undefined>;
  answered: boolean;
}

export interface ClosedFile {
  /** Undefined for a site file that is not summarized: binary, gzip that does not inflate whole, past MAX_BYTES (as in Node). */
  summary: SiteSummary | undefined;
  lineStarts: LineTable;
  /** The text's length, in UTF-16 code units. */
  length: number;
  /** The file's size on disk. */
  size: number;
}

export class BrowserSiteChecks {
  readonly held: HeldProblems;
  private readonly lists = new Map<string, Listing>();
  private readonly closed = new Map<string, Promise<ClosedFile | undefined>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Per folder, the pass that is current: an older one finishing late holds nothing. */
  private readonly passes = new Map<string, number>();
  private readonly unplaced: UnplacedChildrenLog;

  constructor(private readonly host: BrowserSiteChecksHost) {
    this.unplaced = new UnplacedChildrenLog((message) => host.log?.(message));
    this.held = new HeldProblems(host.republish);
  }

  documentOpened(entry: OpenDocument): void {
    this.schedule(entry.fsPath, 0);
  }

  documentChanged(entry: OpenDocument): void {
    this.held.follow(entry);
    this.host.pages?.held.follow(entry);
    this.schedule(entry.fsPath, EDIT_DELAY_MS);
    if (entry.fsPath !== undefined) this.host.siteFilesChanged?.([{ fsPath: entry.fsPath, type: FileChangeType.Changed }]);
  }

  documentClosed(entry: OpenDocument): void {
    this.held.forget(entry.uri);
    this.host.pages?.held.forget(entry.uri);
    this.schedule(entry.fsPath, 0);
  }

  /** Watched files changed: read again; a file created or deleted lists the folder again. */
  filesChanged(changes: readonly WatchedChange[]): void {
    const touched = new Set<string>();
    this.host.pages?.filesChanged(changes.map((c) => c.fsPath));
    for (const { fsPath, type } of changes) {
      const folder = this.host.workspace.folderOf(fsPath);
      if (folder === undefined) continue;
      for (const file of this.closed.keys()) if (file === fsPath || file.startsWith(fsPath + '/')) this.closed.delete(file);
      if (type !== FileChangeType.Changed) this.lists.delete(folder.fsPath);
      touched.add(folder.fsPath);
    }
    for (const folder of touched) this.scheduleFolder(folder, 0);
    this.host.siteFilesChanged?.(changes.filter((c) => c.folder || c.type === FileChangeType.Deleted || mayBeSiteFile(path.basename(c.fsPath))));
  }

  /** Settings or workspace folders changed. A listing still on its way is kept: it is as new as one asked now, and each
   * listing through the client is a search in the workspace (the editor's start changes the settings as it lists). */
  reset(): void {
    for (const [folder, listing] of [...this.lists]) if (listing.answered) this.lists.delete(folder);
    this.closed.clear();
    this.host.pages?.reset();
    for (const folder of this.host.workspace.all) this.scheduleFolder(folder.fsPath, 0);
  }

  private schedule(fsPath: string | undefined, delay: number): void {
    const folder = fsPath === undefined ? undefined : this.host.workspace.folderOf(fsPath);
    if (folder !== undefined) this.scheduleFolder(folder.fsPath, delay);
  }

  private scheduleFolder(folderPath: string, delay: number): void {
    clearTimeout(this.timers.get(folderPath));
    this.timers.set(folderPath, setTimeout(() => {
      this.timers.delete(folderPath);
      const pass = (this.passes.get(folderPath) ?? 0) + 1;
      this.passes.set(folderPath, pass);
      this.check(folderPath, pass).catch((error: unknown) => this.host.logFailure(`Checking the site in ${folderPath}`, error));
    }, delay));
  }

  /** One pass: every open document of the folder against the folder's other site files and one another. */
  private async check(folderPath: string, pass: number): Promise<void> {
    const folder = this.host.workspace.all.find((f) => f.fsPath === folderPath);
    if (!this.host.enabled() || folder === undefined || this.openIn(folder).length === 0) return;
    this.preparePages(folder);
    const listed = await this.siteFilesOf(folderPath);
    if (listed === undefined) return;
    const closedFiles = new Map<string, ClosedFile>();
    await readPooled(listed.filter((file) => this.host.store.getByPath(file) === undefined), async (file) => {
      const closed = await this.closedFileOf(file);
      if (closed !== undefined) closedFiles.set(file, closed);
    });
    const open = this.openIn(folder);
    const settings = await Promise.all(open.map((entry) => this.host.settingsOf(entry.uri)));
    if (this.passes.get(folderPath) !== pass) return;
    const paths = [...new Set([...closedFiles.keys(), ...open.map((entry) => entry.fsPath!)])].sort(compareWalkOrder);
    const existing = new Set([...listed, ...paths]);
    // Each file summarized once a pass, and the rules run once per settings (the folder's documents share theirs).
    const summaries = new Map(paths.map((file) => {
      const openEntry = this.host.store.getByPath(file);
      return [file, openEntry !== undefined ? summarizeForSite(openEntry.doc) : closedFiles.get(file)?.summary] as const;
    }));
    const bySettings = new Map<ServerSettings, ReturnType<typeof validateSite>>();
    for (const [k, entry] of open.entries()) {
      // A lone sitemap has nothing to be compared with (as in Node).
      const lone = paths.length === 1 && (entry.doc.kind === 'urlset' || entry.doc.kind === 'text');
      let found = bySettings.get(settings[k]);
      if (found === undefined && !lone) bySettings.set(settings[k], (found = this.validate(folder, summaries, existing, settings[k])));
      // nested-index is the resolver's (nestedIndex.ts), as in Node; never past maxProblems (diagnostics.ts).
      const problems = lone ? [] : (found ?? []).filter((d) => d.path === entry.fsPath && d.rule !== 'nested-index').slice(0, settings[k].maxProblems);
      this.held.hold(entry, problems.map((p) => this.heldOf(p, closedFiles)));
    }
    await this.checkPages(folder, open, summaries, existing, settings[0], () => this.passes.get(folderPath) === pass);
  }

  /** The page rules' reading started beside the pass, with the settings checkPages will take (the first open document's). */
  private preparePages(folder: WorkspaceFolderInfo): void {
    const pages = this.host.pages;
    const first = this.openIn(folder)[0];
    if (pages === undefined || first === undefined) return;
    this.host.settingsOf(first.uri).then((settings) => pages.prepare(folder.fsPath, settings), () => undefined);
  }

  /** The page rules over the folder's sitemaps, open and closed, with the folder's settings (as backgroundPageChecks.ts). */
  private async checkPages(
    folder: WorkspaceFolderInfo, open: readonly OpenDocument[], summaries: ReadonlyMap<string, SiteSummary | undefined>,
    existing: ReadonlySet<string>, settings: ServerSettings | undefined, current: () => boolean,
  ): Promise<void> {
    if (this.host.pages === undefined || settings === undefined) return;
    const files: PageRulesFile[] = [];
    for (const [file, summary] of summaries) {
      if (summary?.kind !== 'urlset' && summary?.kind !== 'text') continue;
      files.push({ path: file, summary, inSite: this.inSite(file, folder, settings, existing), location: this.host.locator.locate(file, settings) });
    }
    const sitemaps = open.filter((entry) => entry.doc.kind === 'urlset' || entry.doc.kind === 'text');
    await this.host.pages.check({ folderPath: folder.fsPath, sitemaps, files, settings, current });
  }

  private validate(
    folder: WorkspaceFolderInfo, summaries: ReadonlyMap<string, SiteSummary | undefined>, existing: ReadonlySet<string>, settings: ServerSettings,
  ): ReturnType<typeof validateSite> {
    const files: SiteFile[] = [];
    for (const [file, summary] of summaries) {
      if (summary !== undefined) files.push({ path: file, summary, inSite: this.inSite(file, folder, settings, existing) });
    }
    const children = new IndexChildren(this.existsIn(existing), path.sep);
    const found = validateSite(files, siteResolver(this.host.workspace, this.host.locator, settings, this.existsIn(existing), children), settings);
    this.unplaced.say(children);
    return found;
  }

  /** As backgroundSiteChecks.ts's resolver, over the files the client listed (`existing`) and the open documents. */
  resolverFor(settings: ServerSettings, existing: ReadonlySet<string>, locator = this.host.locator): Required<SiteResolver> {
    return siteResolver(this.host.workspace, locator, settings, this.existsIn(existing));
  }

  /** As inSite, for a file of the workspace folder at `folderPath` (Check Site, browserCheckSite.ts). */
  inSiteOf(file: string, folderPath: string, settings: ServerSettings, existing: ReadonlySet<string>): boolean {
    return this.host.workspace.all.some((f) => f.fsPath === folderPath) && isInSite(file, folderPath, settings, this.existsIn(existing));
  }

  private inSite(file: string, folder: WorkspaceFolderInfo, settings: ServerSettings, existing: ReadonlySet<string>): boolean {
    return isInSite(file, folder.fsPath, settings, this.existsIn(existing));
  }

  private existsIn(existing: ReadonlySet<string>): (file: string) => boolean {
    return (file) => existing.has(file) || this.host.store.getByPath(file) !== undefined;
  }

  private heldOf(p: ReturnType<typeof validateSite>[number], closedFiles: ReadonlyMap<string, ClosedFile>): HeldProblem {
    const related = (p.related ?? []).map((r): DiagnosticRelatedInformation => ({ location: this.locationOf(r.path, r.start, r.end, closedFiles), message: r.message }));
    return { diagnostic: p, start: p.start, end: p.end, related };
  }

  private locationOf(file: string, start: number, end: number, closedFiles: ReadonlyMap<string, ClosedFile>): Location {
    const openEntry = this.host.store.getByPath(file);
    if (openEntry !== undefined) return { uri: openEntry.uri, range: rangeOf(openEntry.doc, start, end) };
    const closed = closedFiles.get(file);
    const at = (offset: number): Position => (closed === undefined ? { line: 0, character: 0 } : positionIn(closed.lineStarts, closed.length, offset));
    return { uri: fsPathToUri(file), range: { start: at(start), end: at(end) } };
  }

  private openIn(folder: WorkspaceFolderInfo): OpenDocument[] {
    return this.host.store.all().filter((entry) => entry.fsPath !== undefined && this.host.workspace.folderOf(entry.fsPath)?.fsPath === folder.fsPath);
  }

  /** The folder's site files, in `sitemap-lint`'s order, listed by the client once and again after a file came or went. */
  siteFilesOf(folderPath: string): Promise<string[] | undefined> {
    let listing = this.lists.get(folderPath);
    if (listing === undefined) {
      const asked: Listing = { files: Promise.resolve(undefined), answered: false };
      // Not listed (the request failed): no pass, rather than every listed file missing; asked again next time.
      asked.files = this.host.listSiteFiles(folderPath, MAX_FILES).then((files) => files.sort(compareWalkOrder), () => {
        if (this.lists.get(folderPath) === asked) this.lists.delete(folderPath);
        return undefined;
      }).finally(() => (asked.answered = true));
      this.lists.set(folderPath, (listing = asked));
    }
    return listing.files;
  }

  /** A file as on disk, read through the client once and again after it changed; undefined when it cannot be read or
   * is no site file. */
  closedFileOf(file: string): Promise<ClosedFile | undefined> {
    let closed = this.closed.get(file);
    if (closed === undefined) {
      closed = this.host.readFile(file, MAX_BYTES).then((read) => (read === null ? undefined : summarize(file, read)), () => undefined);
      this.closed.set(file, closed);
    }
    return closed;
  }
}

/**
 * A closed file's summary and line starts (the text and the parse let go), as node/siteFileSummary.ts makes them (none
 * for a binary file, gzip that does not inflate whole, or a file past MAX_BYTES on disk or inflated, as lsp/site/
 * siteSummaries.ts leaves it unread); undefined for a file that is no site file by its name and first characters
 * (node/siteFiles.ts's test: a pom.xml).
 */
function summarize(file: string, read: MirroredFile): ClosedFile | undefined {
  try {
    const unread = read.broken === true || read.inflatedPast === true || read.size > MAX_BYTES || isGzip(read.head);
    const text = unread ? undefined : decodeSniffed(read.head);
    const name = path.basename(file);
    if (!isSiteFile(name, () => sniffedText(read.head.subarray(0, SNIFF_LENGTH * 4)).slice(0, SNIFF_LENGTH))) return undefined;
    if (text === undefined) return { summary: undefined, lineStarts: lineTableOf(''), length: 0, size: read.size };
    const summary = summarizeForSite(parseDocument(text, languageOfSiteFile(isRobotsName(name) ? 'robots' : siteFileType(name, text))));
    return { summary, lineStarts: lineTableOf(text), length: text.length, size: read.size };
  } catch {
    return undefined;
  }
}
