/** The page rules for the open sitemaps of a workspace folder, after its cross-file pass: each site root's built site
 * read once (in the site worker when it runs) and forgotten when its pages, redirects or robots.txt change on disk or
 * git's HEAD moves; the notes said once per folder and session (docs/architecture.md, "The page checks"). */
import * as path from 'node:path';
import type { CancellationToken, DiagnosticRelatedInformation, Location } from 'vscode-languageserver';
import { HISTORY_RULES, pageRuleNeeds, siteRootsOf, type SiteDiagnostic, type SiteSummary } from '../../language/languageService';
import type { BuiltSiteSpec } from '../../node/builtSite/builtSiteStore';
import { mappingSetting } from '../../node/builtSite/builtSiteHistory';
import type { PageAnswer, PageQuestion, PageWireFile } from '../../node/builtSite/pageWorkerMessages';
import type { PackedSummary } from '../../node/packedSummary';
import type { CheckedProblem, KnownFile } from '../../node/siteProblems';
import { GitHeadWatcher } from '../../node/git/gitHeadWatcher';
import type { ServerSettings } from '../documents/configuration';
import type { DocumentStore, OpenDocument } from '../documents/documentStore';
import { fsPathToUri, relativeInside, type WorkspaceFolderInfo } from '../documents/workspace';
import type { PageSourcesUnmappedParams } from '../../../../shared/protocol';
import { HeldProblems } from './heldProblems';
import { PageSites } from './pageSites';
import type { SiteWorker } from './siteWorker';

export interface PageChecksHost {
  store: DocumentStore;
  republish: (uri: string) => void;
  /** Says a note once: an information message, and the log. */
  showNote: (message: string) => void;
  /** Writes a line to the log. */
  log: (message: string) => void;
  /** Whether the client shows unmapped `sitemap.pageSources` mappings on the setting (it said `pageSourcesWarnings`):
   * then their note is only logged. */
  showsUnmappedSources: () => boolean;
  /** Tells the client which `sitemap.pageSources` mappings of a workspace folder map nothing. */
  unmappedSources: (params: PageSourcesUnmappedParams) => void;
  /** Whether git may run (the workspace is trusted). */
  trusted: () => boolean;
  /** The folders whose sites changed are checked again. */
  recheck: (folderPath: string) => void;
  /** A sitemap's location (the URL it is published at), as the site locator finds it. */
  locate: (fsPath: string, settings: ServerSettings) => string | undefined;
}

/** What a cross-file pass of a folder hands on to the page rules. */
export interface SitePass {
  folder: WorkspaceFolderInfo;
  /** The folder's open documents, their summaries current. */
  open: readonly OpenDocument[];
  /** The folder's site files, open and closed, in walk order. */
  paths: readonly string[];
  settings: ServerSettings;
  /** A closed file's kind and whether the worker holds it (else its summary is here). */
  closed: (path: string) => { kind: string | undefined; summary: SiteSummary | undefined; inWorker: boolean } | undefined;
  summaryOf: (entry: OpenDocument) => SiteSummary;
  packed: (path: string, summary: SiteSummary) => Promise<PackedSummary[]>;
  inSite: (path: string) => boolean;
  locationOf: (file: string, start: number, end: number) => Location;
  /** Whether the pass is still current (no document changed, opened or closed meanwhile). */
  current: () => boolean;
}

/** What the last pass of a folder used: the hover and the commands ask the same sites. */
interface FolderPages {
  keys: string[];
  /** What each key's site was read from: a site forgotten since is read again from it. */
  specs: BuiltSiteSpec[];
  /** The folder's sitemaps as the pass found them, packed on first need (the commands ask when no rule is on). */
  files: () => Promise<PageWireFile[]>;
  /** Whether a root's folder holds pages (the commands need them; a robots.txt alone gets blocked-by-robots);
   * undefined when the pass did not walk the folders (no rule on that needs them). */
  pages: boolean | undefined;
}

/** The page rules that judge by git's history: silent until it is read. */
const HISTORY_RULE_SET: ReadonlySet<string> = new Set(HISTORY_RULES);

/** Page sections kept for the hover: a few hundred URLs hovered in a session. */
const DESCRIBED_KEPT = 500;

export class BackgroundPageChecks {
  readonly held: HeldProblems;
  private readonly sites: PageSites;
  private readonly folders = new Map<string, FolderPages>();
  private readonly said = new Set<string>();
  /** What the client was last told of each folder's unmapped `sitemap.pageSources` mappings (JSON). */
  private readonly toldUnmapped = new Map<string, string>();
  private readonly heads = new Map<string, GitHeadWatcher>();
  /** Each folder's git dirs whose HEAD its sites' histories depend on (none while the lastmod rules are off). */
  private readonly headsOf = new Map<string, string[]>();
  /** Sites read with git's history for a command while the pass reads none, by key: how many commands use each. */
  private readonly onDemand = new Map<string, number>();
  /** The hover's page sections answered, by folder, sites, URL and user agent, with the sites' generation they hold for. */
  private readonly described = new Map<string, { generation: number; text: string }>();

  constructor(private readonly host: PageChecksHost, worker: SiteWorker, known: (path: string) => KnownFile | undefined) {
    this.held = new HeldProblems(host.republish);
    this.sites = new PageSites(worker, known);
  }

  /**
   * The page rules for the pass's open sitemaps; they hold none when no site root maps a folder of pages. A site whose
   * git history is still being read is judged without it (all but the lastmod rules), and the folder checked again
   * once it is read.
   */
  async check(pass: SitePass): Promise<void> {
    const sitemaps = pass.open.filter((entry) => entry.doc.kind === 'urlset' || entry.doc.kind === 'text');
    const { keys, specs, withPages } = await this.readSites(pass);
    const files = once(() => this.filesOf(pass));
    if (keys.length === 0) {
      // No rule on (nothing read), or no root with pages or a robots.txt: the commands may still read the sites.
      if (specs.length > 0 && withPages !== false) this.folders.set(pass.folder.fsPath, { keys, specs, files, pages: withPages });
      else this.folders.delete(pass.folder.fsPath);
      for (const entry of sitemaps) this.held.hold(entry, []);
      this.tellUnmapped(pass.folder, []);
      return;
    }
    this.folders.set(pass.folder.fsPath, { keys, specs, files, pages: withPages });
    const late = keys.filter((key) => !this.sites.isComplete(key));
    if (!(await this.checkSites(pass, keys, sitemaps, await files(), late.length > 0))) return;
    const complete = Promise.all(keys.map((key, k) => this.sites.ensure(key, specs[k])));
    if (late.length > 0) {
      // The folder is checked again once git has answered; meanwhile its passes (a keystroke's) do not wait for git.
      void complete.then((infos) => infos.every((info) => info !== undefined) && this.host.recheck(pass.folder.fsPath));
      return;
    }
    this.headsOf.set(pass.folder.fsPath, [...new Set((await complete).flatMap((info) => info?.gitDirs ?? []))]);
    this.watchHeads();
  }

  /**
   * The page rules over the sites of `keys` as held now; false when the pass went stale (or the worker stopped).
   * `historyLate`: git's history is still being read, so the lastmod verdicts held from before stay until it is.
   */
  private async checkSites(pass: SitePass, keys: string[], sitemaps: readonly OpenDocument[], files: PageWireFile[], historyLate: boolean): Promise<boolean> {
    const { settings } = pass;
    const want = sitemaps.map((entry) => entry.fsPath!);
    const result = await this.sites.check({ keys, settings, want, maxProblems: settings.maxProblems }, files);
    if (result === undefined || !pass.current()) {
      if (pass.current()) this.host.recheck(pass.folder.fsPath);
      return false;
    }
    // The notes first: a client sees why a rule is silent by the time the problems come.
    const onSetting = this.tellUnmapped(pass.folder, result.notes);
    for (const note of result.notes) this.say(pass.folder, note, onSetting && note.kind === UNMAPPED);
    for (const entry of sitemaps) {
      const mine = result.problems.filter((p) => p.path === entry.fsPath).map((p) => heldOf(p, pass));
      this.held.hold(entry, historyLate ? [...mine, ...this.held.problemsOf(entry, HISTORY_RULE_SET)] : mine);
    }
    return true;
  }

  /**
   * The `<loc>` hover's page section for `url`: only from sites read already (git's history perhaps still under way),
   * within `timeoutMs`, else undefined. An answer that comes later is kept for the next hover, until the sites change.
   */
  async describe(folderPath: string, url: string, userAgent: string, timeoutMs: number): Promise<string | undefined> {
    const pages = this.folders.get(folderPath);
    if (pages === undefined || !pages.keys.every((key) => this.sites.isRead(key))) return undefined;
    const key = JSON.stringify([folderPath, pages.keys, url, userAgent]);
    const generation = this.sites.generation;
    const kept = this.described.get(key);
    if (kept !== undefined && kept.generation === generation) return kept.text;
    const answer = this.sites.ask({ describe: { keys: pages.keys, url, userAgent } }, pages.keys).then((described) => {
      const text = typeof described === 'string' ? described : undefined;
      if (text !== undefined && this.sites.generation === generation) this.keepDescribed(key, generation, text);
      return text;
    }, () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps a page section; the oldest go first past DESCRIBED_KEPT (Map keeps insertion order). */
  private keepDescribed(key: string, generation: number, text: string): void {
    this.described.delete(key);
    this.described.set(key, { generation, text });
    if (this.described.size > DESCRIBED_KEPT) this.described.delete(this.described.keys().next().value!);
  }

  /**
   * A page question for the commands, about the folder's sites as the last pass found them, each read whole: a read
   * under way is waited for, a site forgotten since (a page changed, HEAD moved) is read again first. A site the pass
   * read in part (the rules that are on need no pages, or no git: `needs.history`) is read whole for this question,
   * then forgotten. Undefined when no pass found a site, when none has pages, when one cannot be read, or once
   * `token` is cancelled.
   */
  async ask(
    folderPath: string, question: (keys: string[], files: PageWireFile[]) => PageQuestion, token?: CancellationToken, needs: { history?: boolean } = {},
  ): Promise<PageAnswer | undefined> {
    for (;;) {
      const pages = this.folders.get(folderPath);
      if (pages === undefined || token?.isCancellationRequested === true) return undefined;
      const specs = pages.specs.map((spec) => this.whole(spec, needs.history === true));
      const keys = specs.map(siteKey);
      const extra = keys.filter((key) => !pages.keys.includes(key));
      for (const key of extra) this.onDemand.set(key, (this.onDemand.get(key) ?? 0) + 1);
      try {
        const read = await unlessCancelled(Promise.all(keys.map((key, k) => this.sites.ensure(key, specs[k]))), token);
        if (read === undefined || read.some((info) => info === undefined) || !read.some((info) => info?.hasPages === true)) return undefined;
        // Asked in the turn that finds every site held: a later forget cannot come between (else round again).
        if (this.folders.get(folderPath) === pages && keys.every((key) => this.sites.isRead(key))) {
          const files = await pages.files();
          if (this.folders.get(folderPath) !== pages || !keys.every((key) => this.sites.isRead(key))) continue;
          return await this.sites.ask(question(keys, files), keys);
        }
      } finally {
        this.doneOnDemand(extra);
      }
    }
  }

  /** Whether the last pass of the folder found a site root with pages (or did not look: no rule needed them). */
  hasPages(folderPath: string): boolean {
    const pages = this.folders.get(folderPath);
    return pages !== undefined && pages.pages !== false;
  }

  /** Files changed on disk: the sites whose folder (or robots.txt) holds one are forgotten, their folders checked again. */
  filesChanged(changes: readonly string[]): void {
    const touched = new Set<string>();
    this.sites.forget((spec) => {
      const folder = path.join(spec.workspace, ...spec.root.folder.split('/').filter((s) => s !== ''));
      // A file in the root's folder, the folder itself or a folder above it (deleted, renamed, moved in), any robots.txt.
      const hit = changes.some((file) => relativeInside(folder, file) !== undefined || relativeInside(file, folder) !== undefined
        || path.basename(file).toLowerCase() === 'robots.txt');
      if (hit) touched.add(spec.workspace);
      return hit;
    });
    for (const folder of touched) this.host.recheck(folder);
  }

  /** Trust granted, settings changed: every site is read again (git now runs, roots moved). */
  resetSites(): void {
    const folders = new Set(this.sites.specs.map((s) => s.workspace));
    this.sites.forget(() => true);
    for (const folder of folders) this.host.recheck(folder);
  }

  documentClosed(uri: string): void {
    this.held.forget(uri);
  }


  dispose(): void {
    for (const watcher of this.heads.values()) watcher.dispose();
    this.heads.clear();
  }

  /**
   * Each root's site read (or held) as much as the rules that are on need (pageRuleNeeds: nothing when none is on,
   * robots.txt alone for blocked-by-robots), git's history possibly still under way: the keys of those the page rules
   * judge (with pages, or a robots.txt), what each was read from (every root's, for the commands), and whether one
   * holds pages (undefined: not walked). git runs only when the workspace is trusted and a lastmod rule is on; then
   * HEAD is watched (once the history is read: `check`), else not.
   */
  private async readSites(pass: SitePass): Promise<{ keys: string[]; specs: BuiltSiteSpec[]; withPages: boolean | undefined }> {
    const { settings, folder } = pass;
    const roots = siteRootsOf(settings.siteRoots);
    const needs = pageRuleNeeds(settings);
    const git = this.host.trusted() && needs.history;
    const keys: string[] = [];
    const specs: BuiltSiteSpec[] = [];
    const all = new Set<string>();
    let withPages = needs.files ? false : undefined;
    for (const root of roots) {
      const spec: BuiltSiteSpec = { workspace: folder.fsPath, root, siteRoots: roots, pageSources: settings.pageSources, git, read: { files: needs.files, pages: needs.pages } };
      specs.push(spec);
      if (!needs.robots) continue;
      const key = siteKey(spec);
      all.add(key);
      const info = await this.sites.ensureEarly(key, spec);
      if (info === undefined || (!info.hasPages && !info.hasRobots)) continue;
      if (info.hasPages) withPages = true;
      keys.push(key);
    }
    // Sites of this folder under other keys (settings changed, trust granted) are dropped, unless a command reads one.
    this.sites.forget((spec, key) => spec.workspace === folder.fsPath && !all.has(key) && !this.onDemand.has(key));
    if (keys.length === 0) {
      this.headsOf.set(folder.fsPath, []);
      this.watchHeads();
    }
    return { keys, specs, withPages };
  }

  /** The spec a command reads: the pass's, with the folder walked and the pages read, and git when `history` is
   * wanted and the workspace is trusted. */
  private whole(spec: BuiltSiteSpec, history: boolean): BuiltSiteSpec {
    const git = spec.git || (history && this.host.trusted());
    return git === spec.git && spec.read.files && spec.read.pages ? spec : { ...spec, git, read: { files: true, pages: true } };
  }

  /** A command is done with the sites it read with history: unwatched (HEAD may move), they are forgotten after the last. */
  private doneOnDemand(keys: readonly string[]): void {
    for (const key of keys) {
      const users = (this.onDemand.get(key) ?? 1) - 1;
      if (users > 0) {
        this.onDemand.set(key, users);
        continue;
      }
      this.onDemand.delete(key);
      if (![...this.folders.values()].some((pages) => pages.keys.includes(key))) this.sites.forget((_, held) => held === key);
    }
  }

  /** The folder's sitemaps (urlset, text): an open one's summary packed a slice per turn, a closed one by path in the worker. */
  private async filesOf(pass: SitePass): Promise<PageWireFile[]> {
    const files: PageWireFile[] = [];
    for (const file of pass.paths) {
      const entry = pass.open.find((e) => e.fsPath === file);
      const location = this.host.locate(file, pass.settings);
      const inSite = pass.inSite(file);
      if (entry !== undefined) {
        const summary = pass.summaryOf(entry);
        if (summary.kind === 'urlset' || summary.kind === 'text') files.push({ path: file, location, inSite, packed: await pass.packed(file, summary) });
        continue;
      }
      const closed = pass.closed(file);
      if (closed?.kind !== 'urlset' && closed?.kind !== 'text') continue;
      files.push(closed.inWorker || closed.summary === undefined ? { path: file, location, inSite } : { path: file, location, inSite, packed: await pass.packed(file, closed.summary) });
    }
    return files;
  }

  /**
   * The HEADs the folders' sites depend on are watched, the others no longer: when git's HEAD moves (commit, checkout,
   * pull), the sites read with history are read again.
   */
  private watchHeads(): void {
    const wanted = new Set([...this.headsOf.values()].flat());
    for (const [gitDir, watcher] of this.heads) {
      if (wanted.has(gitDir)) continue;
      watcher.dispose();
      this.heads.delete(gitDir);
    }
    for (const gitDir of wanted) {
      if (this.heads.has(gitDir)) continue;
      this.heads.set(gitDir, new GitHeadWatcher(gitDir, () => {
        const folders = new Set(this.sites.specs.filter((s) => s.git).map((s) => s.workspace));
        this.sites.forget((spec) => spec.git);
        for (const folder of folders) this.host.recheck(folder);
      }));
    }
  }

  /** Logs the note, or (`onlyLog` false) shows it too, once per folder, root and kind in the server's life. */
  private say(folder: WorkspaceFolderInfo, note: { root: string; kind: string; text: string }, onlyLog: boolean): void {
    const key = JSON.stringify([folder.fsPath, note.root, note.kind]);
    if (this.said.has(key)) return;
    this.said.add(key);
    if (onlyLog) this.host.log(note.text);
    else this.host.showNote(note.text);
  }

  /**
   * The folder's unmapped `sitemap.pageSources` mappings, as the pass's notes say, told to a client that shows them on
   * the setting when they differ from what it was told last (none: clears). Whether the client shows them so.
   */
  private tellUnmapped(folder: WorkspaceFolderInfo, notes: readonly { root: string; kind: string; text: string }[]): boolean {
    if (!this.host.showsUnmappedSources()) return false;
    const mappings = notes.filter((n) => n.kind === UNMAPPED).map((n) => ({ folder: n.root, message: n.text }));
    const told = JSON.stringify(mappings);
    if ((this.toldUnmapped.get(folder.fsPath) ?? '[]') !== told) {
      this.toldUnmapped.set(folder.fsPath, told);
      this.host.unmappedSources({ workspaceFolder: folder.uri, mappings });
    }
    return true;
  }
}

/** The note of a `sitemap.pageSources` mapping that maps nothing (builtSiteHistory.ts). */
const UNMAPPED = 'unmapped-sources';

/** A site's key: what its reading depends on (a change of any is another site). */
function siteKey(spec: BuiltSiteSpec): string {
  const { workspace, root, siteRoots, pageSources, git, read } = spec;
  // The folder's mapping under any spelling of its key (`./public/` too): a changed mapping is another site.
  return JSON.stringify([workspace, root.folder, root.url, siteRoots, mappingSetting(pageSources, root.folder) ?? null, git, read.files, read.pages]);
}

/** `make`'s promise, made on the first call and shared by the next ones. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** What `work` gives, unless `token` is cancelled first (then undefined, without waiting for it). */
async function unlessCancelled<T>(work: Promise<T>, token: CancellationToken | undefined): Promise<T | undefined> {
  if (token === undefined) return work;
  let subscription: { dispose(): void } | undefined;
  const cancelled = new Promise<undefined>((resolve) => (subscription = token.onCancellationRequested(() => resolve(undefined))));
  try {
    return token.isCancellationRequested ? undefined : await Promise.race([work, cancelled]);
  } finally {
    subscription?.dispose();
  }
}

function heldOf(p: CheckedProblem, pass: SitePass): { diagnostic: SiteDiagnostic; start: number; end: number; related: DiagnosticRelatedInformation[] } {
  const related = p.related.map((r): DiagnosticRelatedInformation => ({
    location: r.range !== undefined ? { uri: fsPathToUri(r.path), range: r.range } : pass.locationOf(r.path, r.start, r.end),
    message: r.message,
  }));
  const { related: _, ...diagnostic } = p;
  return { diagnostic, start: p.start, end: p.end, related };
}
