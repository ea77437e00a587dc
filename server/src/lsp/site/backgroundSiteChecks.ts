/** The cross-file rules for the open documents of a workspace folder, over its site files: open ones as edited, the
 * others from disk. Never in the way of a keystroke: passes per folder, run after the document's own problems and in
 * the site worker when one runs (docs/architecture.md, "The site checks"). */
import * as path from 'node:path';
import { FileChangeType, type Diagnostic, type DiagnosticRelatedInformation, type Location } from 'vscode-languageserver';
import {
  createSiteSummaries, type SiteSummaries, type SiteDiagnostic, type SiteResolver, type SiteSummary, type SitemapDocument,
} from '../../language/languageService';
import { packSummary, type PackedSummary } from '../../node/packedSummary';
import type { ServerSettings } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { stampOf } from '../../node/files';
import { rangeOf } from '../documents/ranges';
import type { SiteLocator } from './siteLocation';
import { compareWalkOrder, mayBeSiteFile, SCAN_LIMITS, scanSiteFiles, yieldToEventLoop } from './siteScan';
import { SiteFileList } from './siteFileList';
import { ClosedSummaries, MAX_ENTRIES, MAX_FILE_BYTES, type ClosedFile } from './siteSummaries';
import { positionIn } from '../../../../shared/lineTable';
import { SiteWorker } from './siteWorker';
import { HeldProblems, type HeldProblem } from './heldProblems';
import { BackgroundPageChecks, type SitePass } from './backgroundPageChecks';
import type { PageWireFile } from '../../node/builtSite/pageWorkerMessages';
import { checkSiteProblems, type CheckedProblem, type CheckFile, type CheckRequest } from '../../node/siteProblems';
import { isInSite, siteResolver, UnplacedChildrenLog } from './siteResolver';
import { IndexChildren } from '../../../../shared/indexChildren';
import { fsPathToUri, type Workspace, type WorkspaceFolderInfo } from '../documents/workspace';
import type { WatchedChange } from '../documents/watchedFiles';
import type { PageSourcesUnmappedParams } from '../../../../shared/protocol';

/** Quiet time after a keystroke before the folder's cross-file problems are computed again. */
export const EDIT_DELAY_MS = 300;
/** Segments an open document's summary is brought up to date by per turn: a few milliseconds' work. */
const SUMMARY_SLICE = 2_000;
/** Entries of an open document packed per turn for the worker. */
const PACK_SLICE = 5_000;
/** What the page rules read of a built folder: its pages, the hosts' redirects files, robots.txt. */
const PAGE_FILES = /^(.*\.html?|_redirects|vercel\.json|robots\.txt)$/i;

export interface BackgroundSiteChecksHost {
  store: DocumentStore;
  workspace: Workspace;
  locator: SiteLocator;
  settingsOf: (uri: string) => Promise<ServerSettings>;
  /** Publishes the document's problems again (its own and {@link BackgroundSiteChecks.diagnosticsFor}). */
  republish: (uri: string) => void;
  log: (message: string) => void;
  logFailure: (what: string, error: unknown) => void;
  /** Says a page rules' note once: an information message, and the log. */
  showNote: (message: string) => void;
  /** Whether the client shows unmapped `sitemap.pageSources` mappings on the setting; how it is told (PageChecksHost). */
  showsUnmappedSources?: () => boolean;
  unmappedSources?: (params: PageSourcesUnmappedParams) => void;
  /** Whether git may run (the workspace is trusted). */
  trusted: () => boolean;
  /** Site files changed on disk or as typed (the Sitemaps view's notification). */
  siteFilesChanged?: (changes: readonly { fsPath: string; type: number }[]) => void;
}

interface FolderState {
  /** The folder's site files on disk in search order. */
  files: SiteFileList;
  timer: NodeJS.Timeout | undefined;
  running: boolean;
  /** Something changed while a pass ran: run again after it, with the longest delay asked for meanwhile. */
  again: boolean;
  againDelay: number;
}

export class BackgroundSiteChecks {
  private readonly folders = new Map<string, FolderState>();
  private readonly held: HeldProblems;
  /** The page rules, run after each pass's cross-file rules. */
  readonly pages: BackgroundPageChecks;
  private readonly openSummaries = new Map<string, { doc: SitemapDocument; summaries: SiteSummaries; version: number; summary: SiteSummary | undefined }>();
  private readonly worker = new SiteWorker();
  private readonly closed: ClosedSummaries;
  private disposed = false;
  private readonly unplaced: UnplacedChildrenLog;

  constructor(private readonly host: BackgroundSiteChecksHost) {
    this.unplaced = new UnplacedChildrenLog(host.log);
    const report = process.env.SITEMAP_LINT_REPORT_POOL === '1' ? host.log : undefined;
    this.closed = new ClosedSummaries({ maxFileBytes: MAX_FILE_BYTES, maxEntries: MAX_ENTRIES }, this.worker, report);
    this.held = new HeldProblems(host.republish);
    this.pages = new BackgroundPageChecks({
      store: host.store, republish: host.republish, showNote: host.showNote, log: host.log, trusted: host.trusted,
      showsUnmappedSources: host.showsUnmappedSources ?? (() => false), unmappedSources: host.unmappedSources ?? (() => undefined),
      recheck: (folder) => this.scheduleFolder(folder, 0),
      locate: (file, settings) => host.locator.locate(file, settings),
    }, this.worker, (file) => this.closed.known(file));
    // What the worker holds (the closed files, the built sites) is what the open documents' passes and hover use: kept
    // while one is open, though idle. Read again, a site would cost its walk and git's history, and the hover would
    // have no page meanwhile.
    this.worker.keepAlive = () => host.store.all().some((entry) => entry.fsPath !== undefined);
  }

  /** The document's cross-file problems from the last pass, at their ranges in its current text. */
  diagnosticsFor(entry: OpenDocument): Diagnostic[] {
    return [...this.held.diagnosticsFor(entry), ...this.pages.held.diagnosticsFor(entry)];
  }

  /** An edit of an open document: problems after it move, problems it touches are dropped until the next pass. */
  edited(entry: OpenDocument, start: number, end: number, length: number): void {
    this.held.edited(entry, start, end, length);
    this.pages.held.edited(entry, start, end, length);
  }

  documentOpened(entry: OpenDocument): void {
    this.schedule(entry.fsPath, 0);
  }

  documentChanged(entry: OpenDocument): void {
    this.held.follow(entry);
    this.pages.held.follow(entry);
    this.schedule(entry.fsPath, EDIT_DELAY_MS);
    if (entry.fsPath !== undefined) this.host.siteFilesChanged?.([{ fsPath: entry.fsPath, type: FileChangeType.Changed }]);
  }

  documentClosed(entry: OpenDocument): void {
    this.held.forget(entry.uri);
    this.pages.documentClosed(entry.uri);
    this.openSummaries.delete(entry.uri);
    this.schedule(entry.fsPath, 0);
  }

  /** Watched files changed on disk: the folders' lists and summaries follow, their open documents are checked again. A
   * folder that came is searched again with the rest of its workspace folder (rare: a rename, a move). */
  filesChanged(changes: readonly WatchedChange[]): void {
    const touched = new Set<string>();
    this.pages.filesChanged(changes.filter((c) => c.folder || c.type === FileChangeType.Deleted || PAGE_FILES.test(path.basename(c.fsPath))).map((c) => c.fsPath));
    const siteChanges = changes.filter((c) => c.folder || c.type === FileChangeType.Deleted || mayBeSiteFile(path.basename(c.fsPath)));
    for (const { fsPath, type, folder: isFolder } of siteChanges) {
      const folder = this.host.workspace.folderOf(fsPath);
      if (folder === undefined) continue;
      this.closed.forget(fsPath);
      if (type === FileChangeType.Deleted) this.closed.forgetUnder(fsPath);
      const files = this.folders.get(folder.fsPath)?.files;
      if (isFolder && type === FileChangeType.Created) files?.searchAgain();
      else files?.changed({ fsPath, type });
      touched.add(folder.fsPath);
    }
    for (const folder of touched) this.scheduleFolder(folder, 0);
    this.host.siteFilesChanged?.(siteChanges);
  }

  /** The folder's site files, found once (the search the passes share) and kept current by the watched-file events. */
  siteFilesOf(folderPath: string): Promise<readonly string[]> {
    return this.stateOf(folderPath).files.get();
  }

  /** The closed files' summaries, as the passes keep them. */
  get summaries(): ClosedSummaries {
    return this.closed;
  }

  /** An open document's summary as it is now, and its length; undefined when the file is not open. */
  openSummaryOf(fsPath: string): { summary: SiteSummary; length: number } | undefined {
    const entry = this.host.store.getByPath(fsPath);
    return entry === undefined ? undefined : { summary: this.summaryOf(entry), length: entry.doc.length };
  }

  /** Settings, robots.txt files or workspace folders changed: every folder is checked again (and re-scanned if asked). */
  reset(rescan: boolean): void {
    if (rescan) {
      this.pages.resetSites();
      for (const state of this.folders.values()) clearTimeout(state.timer);
      this.folders.clear();
      this.closed.clear();
    }
    for (const folder of this.host.workspace.all) this.scheduleFolder(folder.fsPath, 0);
  }

  dispose(): void {
    this.disposed = true;
    for (const state of this.folders.values()) clearTimeout(state.timer);
    this.pages.dispose();
    this.worker.dispose();
  }

  private schedule(fsPath: string | undefined, delay: number): void {
    const folder = fsPath === undefined ? undefined : this.host.workspace.folderOf(fsPath);
    if (folder !== undefined) this.scheduleFolder(folder.fsPath, delay);
  }

  private scheduleFolder(folderPath: string, delay: number): void {
    if (this.disposed) return;
    const state = this.stateOf(folderPath);
    if (state.running) {
      state.againDelay = state.again ? Math.max(state.againDelay, delay) : delay;
      state.again = true;
      return;
    }
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.run(folderPath, state);
    }, delay);
  }

  private stateOf(folderPath: string): FolderState {
    let state = this.folders.get(folderPath);
    if (state === undefined) {
      state = { files: new SiteFileList(() => this.scan(folderPath)), timer: undefined, running: false, again: false, againDelay: 0 };
      this.folders.set(folderPath, state);
    }
    return state;
  }

  private async run(folderPath: string, state: FolderState): Promise<void> {
    state.running = true;
    state.again = false;
    try {
      await this.check(folderPath, state);
    } catch (error) {
      this.host.logFailure(`Checking the site in ${folderPath}`, error);
    } finally {
      state.running = false;
      if (state.again && this.folders.get(folderPath) === state) this.scheduleFolder(folderPath, state.againDelay);
    }
  }

  /** One pass over the folder: every open document's cross-file problems, against the closed files and one another. */
  private async check(folderPath: string, state: FolderState): Promise<void> {
    const folder = this.host.workspace.all.find((f) => f.fsPath === folderPath);
    if (folder === undefined) return;
    if (this.openIn(folder).length === 0) return;
    const closedFiles = await this.readClosed(await state.files.get());
    // The page rules take the folder's own settings (as Check Site does): its sites are the folder's, whichever
    // document opened first. They need a lone sitemap's summary too, wherever a site root is set.
    const folderSettings = await this.host.settingsOf(folder.uri);
    const pagesMayApply = Object.keys(folderSettings.siteRoots).length > 0;
    const open = await this.summarizeOpen(folder, pagesMayApply ? Infinity : closedFiles.size);
    const settings = await Promise.all(open.map((entry) => this.host.settingsOf(entry.uri)));
    if (state.again) return; // something changed meanwhile: the next pass sees it
    const current = this.openIn(folder);
    if (current.length !== open.length || current.some((entry, k) => entry !== open[k])) {
      state.again = true;
      state.againDelay = 0;
      return;
    }
    const paths = [...new Set([...closedFiles.keys(), ...open.map((entry) => entry.fsPath!)])].sort(compareWalkOrder);
    const inWorker = [...closedFiles.values()].some((f) => f.workerRead !== undefined);
    const packed = new Map<string, Promise<PackedSummary[]>>();
    for (const [k, entry] of open.entries()) {
      // A lone sitemap has nothing to be compared with: not even summarized (a large file being typed in, say).
      if (paths.length === 1 && (entry.doc.kind === 'urlset' || entry.doc.kind === 'text')) {
        this.held.hold(entry, []);
        continue;
      }
      const { doc, version } = entry;
      const request = this.requestFor(entry, folder, paths, closedFiles, settings[k]);
      let problems: CheckedProblem[];
      if (inWorker) {
        const checked = await this.checkInWorker(request, packed);
        if (checked === undefined) {
          // The worker stopped: what it held is forgotten, and the next pass reads it again (here, if it failed).
          state.again = true;
          state.againDelay = 0;
          return;
        }
        problems = checked;
        // Edited meanwhile: the offsets are stale, and the edit asked for another pass.
        if (this.host.store.get(entry.uri) !== entry || entry.doc !== doc || entry.version !== version) continue;
      } else {
        problems = checkSiteProblems(request, (file) => this.closed.known(file));
      }
      this.held.hold(entry, problems.map((p) => this.heldOf(p, closedFiles)));
    }
    if (open.length > 0) await this.pages.check(this.passOf(folder, state, open, paths, closedFiles, folderSettings, packed));
  }

  /** What the page rules take of this pass: its files, its summaries (packed once), and whether it is still current. */
  private passOf(
    folder: WorkspaceFolderInfo, state: FolderState, open: OpenDocument[], paths: string[], closedFiles: ReadonlyMap<string, ClosedFile>,
    settings: ServerSettings, packed: Map<string, Promise<PackedSummary[]>>,
  ): SitePass {
    const exists = this.existsNow();
    const versions = open.map((entry) => entry.version);
    return {
      folder, open, paths, settings,
      closed: (file) => {
        const closed = closedFiles.get(file);
        return closed && { kind: closed.kind, summary: closed.summary, inWorker: closed.workerRead !== undefined };
      },
      summaryOf: (entry) => this.summaryOf(entry),
      packed: (file, summary) => {
        let chunks = packed.get(file);
        if (chunks === undefined) packed.set(file, (chunks = packInSlices(summary)));
        return chunks;
      },
      inSite: (file) => isInSite(file, folder.fsPath, settings, exists),
      locationOf: (file, start, end) => this.locationOf(file, start, end, closedFiles),
      current: () => !state.again && open.every((entry, k) => this.host.store.get(entry.uri) === entry && entry.version === versions[k]),
    };
  }

  /** The search for the folder's site files (once per folder: watched-file events keep the list current after that). */
  private async scan(folderPath: string): Promise<{ files: string[] }> {
    const result = await scanSiteFiles(folderPath, SCAN_LIMITS, () => this.disposed);
    if (result.truncated) {
      this.host.log(`${folderPath}: the search for sitemaps stopped at ${SCAN_LIMITS.maxFiles} site files or ${SCAN_LIMITS.maxVisited} folder entries; the cross-file rules compare only those.`);
    }
    return result;
  }

  /** The closed files' summaries, one file per turn; the open ones are read at the end, in one turn, as they are then. */
  private async readClosed(files: readonly string[]): Promise<Map<string, ClosedFile>> {
    const closedFiles = new Map<string, ClosedFile>();
    for (const file of files) {
      if (this.host.store.getByPath(file) !== undefined) continue;
      await yieldToEventLoop();
      const summary = await this.closed.get(file);
      if (summary?.kind !== undefined) closedFiles.set(file, summary);
    }
    return closedFiles;
  }

  /**
   * The folder's open documents, their summaries brought up to date a slice per turn when there is something to compare
   * them with; read again afterwards, since documents may have opened or closed meanwhile.
   */
  private async summarizeOpen(folder: WorkspaceFolderInfo, closedCount: number): Promise<OpenDocument[]> {
    const open = this.openIn(folder);
    if (closedCount + open.length <= 1 && open.every((entry) => entry.doc.kind === 'urlset' || entry.doc.kind === 'text')) return open;
    for (const entry of open) {
      while (!this.disposed && this.host.store.get(entry.uri) === entry && !this.summariesOf(entry).prepare(entry.doc, SUMMARY_SLICE)) await yieldToEventLoop();
    }
    return this.openIn(folder);
  }

  /**
   * The comparison in the site worker: a closed file it read goes by its path, the other summaries packed a slice per
   * turn (each once per pass); undefined if the worker stopped.
   */
  private async checkInWorker(request: CheckRequest, packed: Map<string, Promise<PackedSummary[]>>): Promise<CheckedProblem[] | undefined> {
    const { files: all, ...rest } = request;
    const files = [];
    for (const { summary, ...file } of all) {
      if (summary === undefined) {
        files.push(file);
        continue;
      }
      let chunks = packed.get(file.path);
      if (chunks === undefined) packed.set(file.path, (chunks = packInSlices(summary)));
      files.push({ ...file, packed: await chunks });
    }
    try {
      return await this.worker.check({ request: rest, files });
    } catch {
      return undefined;
    }
  }

  /** The file-backed open documents inside the folder (not those of a nested workspace folder). */
  private openIn(folder: WorkspaceFolderInfo): OpenDocument[] {
    return this.host.store.all().filter((entry) => entry.fsPath !== undefined && this.host.workspace.folderOf(entry.fsPath)?.fsPath === folder.fsPath);
  }

  /**
   * What the comparison needs for `entry` under its settings: the open documents' summaries (a closed file goes by its
   * path when the worker holds it, with its summary when this thread does), and the resolver's answers for every URL
   * of an index or a robots.txt.
   */
  private requestFor(
    entry: OpenDocument, folder: WorkspaceFolderInfo, paths: readonly string[], closedFiles: ReadonlyMap<string, ClosedFile>, settings: ServerSettings,
  ): CheckRequest {
    const exists = this.existsNow();
    const children = new IndexChildren(exists, path.sep);
    const resolver = siteResolver(this.host.workspace, this.host.locator, settings, exists, children);
    const files: CheckFile[] = [];
    const targets: CheckRequest['targets'] = {};
    const beside: CheckRequest['beside'] = {};
    const existing = new Set<string>();
    for (const file of paths) {
      const openEntry = this.host.store.getByPath(file);
      const closed = closedFiles.get(file);
      const summary = openEntry !== undefined ? this.summaryOf(openEntry) : closed?.summary;
      const inSite = isInSite(file, folder.fsPath, settings, exists);
      files.push({ path: file, inSite, summary: openEntry === undefined && closed?.workerRead !== undefined ? undefined : summary });
      if (summary === undefined || (summary.kind !== 'sitemapindex' && summary.kind !== 'robots')) continue;
      const mapped: Record<string, string | null> = (targets[file] = {});
      const from = { path: file, summary, inSite };
      for (const { url } of summary.entries) {
        const target = resolver.fileOf(url, from);
        mapped[url] = target ?? null;
        const named = target === undefined && summary.kind === 'sitemapindex' ? resolver.fileBeside(url, from) : undefined;
        if (named !== undefined) (beside[file] ??= {})[url] = named;
        const existingTarget = target ?? named;
        if (existingTarget !== undefined && resolver.exists(existingTarget)) existing.add(existingTarget);
      }
    }
    this.unplaced.say(children);
    return { files, targets, beside, existing: [...existing], settings, want: entry.fsPath!, maxProblems: settings.maxProblems };
  }

  private heldOf(p: CheckedProblem, closedFiles: ReadonlyMap<string, ClosedFile>): HeldProblem {
    const related = p.related.map((r): DiagnosticRelatedInformation => ({
      location: r.range !== undefined ? { uri: fsPathToUri(r.path), range: r.range } : this.locationOf(r.path, r.start, r.end, closedFiles),
      message: r.message,
    }));
    const diagnostic: SiteDiagnostic = { path: p.path, rule: p.rule, severity: p.severity, start: p.start, end: p.end, message: p.message };
    return { diagnostic, start: p.start, end: p.end, related };
  }

  /** The document's summary as it is now (the page commands). */
  summaryNow(entry: OpenDocument): SiteSummary {
    return this.summaryOf(entry);
  }

  /** The document as the page rules' sites take it, as it is now (the page commands: a command runs once). */
  packedNow(entry: OpenDocument, location: string | undefined): PageWireFile {
    return { path: entry.fsPath!, location, inSite: true, packed: [packSummary(this.summaryOf(entry))] };
  }

  private summaryOf(entry: OpenDocument): SiteSummary {
    const cached = this.cachedSummaries(entry);
    if (cached.summary === undefined || cached.version !== entry.version) {
      cached.summary = cached.summaries.summarize(entry.doc);
      cached.version = entry.version;
    }
    return cached.summary;
  }

  private summariesOf(entry: OpenDocument): SiteSummaries {
    return this.cachedSummaries(entry).summaries;
  }

  /** One incremental summary per open document object (a full-text change replaces it). */
  private cachedSummaries(entry: OpenDocument): { summaries: SiteSummaries; version: number; summary: SiteSummary | undefined } {
    let cached = this.openSummaries.get(entry.uri);
    if (cached === undefined || cached.doc !== entry.doc) {
      cached = { doc: entry.doc, summaries: createSiteSummaries(), version: entry.version, summary: undefined };
      this.openSummaries.set(entry.uri, cached);
    }
    return cached;
  }

  /** Where a robots.txt's or an index's URLs are on disk, under `settings`. */
  resolver(settings: ServerSettings): Required<SiteResolver> {
    return siteResolver(this.host.workspace, this.host.locator, settings, this.existsNow());
  }

  /** Whether a file is open or on disk, each file asked once (a pass's answers). */
  private existsNow(): (file: string) => boolean {
    const exists = new Map<string, boolean>();
    return (file) => {
      let known = exists.get(file);
      if (known === undefined) {
        known = this.host.store.getByPath(file) !== undefined || stampOf(file) !== undefined;
        exists.set(file, known);
      }
      return known;
    };
  }

  private locationOf(file: string, start: number, end: number, closedFiles: ReadonlyMap<string, ClosedFile>): Location {
    const uri = fsPathToUri(file);
    const openEntry = this.host.store.getByPath(file);
    if (openEntry !== undefined) return { uri: openEntry.uri, range: rangeOf(openEntry.doc, start, end) };
    const closedFile = closedFiles.get(file);
    const at = (offset: number) => (closedFile === undefined ? { line: 0, character: 0 } : positionIn(closedFile.lineStarts, closedFile.length, offset));
    return { uri, range: { start: at(start), end: at(end) } };
  }
}

/** The summary packed a slice of entries per turn (packing 50,000 at once holds the thread for tens of ms). */
async function packInSlices(summary: SiteSummary): Promise<PackedSummary[]> {
  const chunks: PackedSummary[] = [];
  for (let k = 0; k === 0 || k < summary.entries.length; k += PACK_SLICE) {
    if (k > 0) await yieldToEventLoop();
    chunks.push(packSummary({ ...summary, entries: summary.entries.slice(k, k + PACK_SLICE) }));
  }
  return chunks;
}
