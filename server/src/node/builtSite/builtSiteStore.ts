/** The built sites of the editor's site roots, read once (readBuiltSite) and kept until a change on disk or a move of
 * git's HEAD; the page rules, the `<loc>` hover and the page commands answered from them. The same code in the site
 * worker and, when it cannot run, in the server's thread. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  describePage, findUnlistedPages, resolvePage, siteRootOf, validatePageRules,
  type BuiltSite, type NewEntry, type PageRulesFile, type SiteRoot, type SiteSummary, type SitemapSettings, type SourceHistory,
} from '../../language/languageService';
import { readBuiltSiteInStages, type GitHistoryCache } from './builtSiteReader';
import { decodeFileText } from '../files';
import { lineTableOf, positionIn } from '../../../../shared/lineTable';
import type { CheckedProblem, CheckedRelated, KnownFile } from '../siteProblems';
import { pageReadNoteText } from './pageReadNotes';
import { unmappedText } from './historyNotes';
import { withCause } from '../../../../shared/causes';

/** One root of a workspace folder, with what its reading depends on. */
export interface BuiltSiteSpec {
  /** The workspace folder (absolute): `root.folder` and the problems' related paths are relative to it. */
  workspace: string;
  root: SiteRoot;
  siteRoots: SiteRoot[];
  pageSources: Record<string, unknown>;
  /** Whether git may run (a trusted workspace and a lastmod rule on, or a command that needs the history). */
  git: boolean;
  /** What to read beside robots.txt (pageRuleNeeds): the folder's walk, the pages' heads. */
  read: { files: boolean; pages: boolean };
}

/** What the server learns of a site once read: whether the page rules apply (all with pages, blocked-by-robots with a
 * robots.txt), and which git dir to watch. */
export interface BuiltSiteInfo {
  hasPages: boolean;
  hasRobots: boolean;
  gitDirs: string[];
}

export interface PageCheckFile {
  path: string;
  location: string | undefined;
  inSite: boolean;
  /** An open document's; absent for a closed file the checking thread holds (`known`). */
  summary?: SiteSummary;
}

export interface PageCheckRequest {
  keys: string[];
  files: PageCheckFile[];
  settings: SitemapSettings;
  /** The documents whose problems are wanted (the open ones), each at most maxProblems. */
  want: string[];
  maxProblems: number;
}

export interface PageCheckResult {
  problems: CheckedProblem[];
  /** The git notes, said once per root (the server says each once per folder and session). */
  notes: Array<{ root: string; kind: string; text: string }>;
}

export interface PageHistories {
  histories: Array<SourceHistory | null>;
  now: number;
  /** Why git dates nothing where it does not (the sites' notes: shallow clone, no git…), whatever the rules say. */
  notes: string[];
}

/** Pages read per turn when preparing a site in the server's thread (a few ms: each is a few KB of head). */
const PREPARE_SLICE = 50;

interface HeldSite {
  site: BuiltSite;
  spec: BuiltSiteSpec;
  gitDirs: string[];
}

export class BuiltSiteStore {
  private readonly prepared = new Set<string>();
  /** Each site as far as it is read: without git's answers until they come (readBuiltSiteInStages), then with them. */
  private readonly sites = new Map<string, Promise<HeldSite>>();
  /** Each site with git's answers (the same as in `sites` once they came). */
  private readonly complete = new Map<string, Promise<HeldSite>>();
  /** Starts the reading of git's history for a site, once asked for (`read` without `early`). */
  private readonly historyAsked = new Map<string, () => void>();

  /**
   * Reads the site of `key` unless held (a read under way is shared); `early`: answers once the folder is walked,
   * before git's history (the page rules and the hover meanwhile see the site without it), else once git answered.
   */
  async read(key: string, spec: BuiltSiteSpec, early = false): Promise<BuiltSiteInfo> {
    if (!this.sites.has(key)) this.start(key, spec);
    if (!early) this.historyAsked.get(key)?.();
    const { site, gitDirs } = await (early ? this.sites.get(key)! : this.complete.get(key)!);
    return { hasPages: site.hasPages, hasRobots: site.robots !== undefined, gitDirs };
  }

  forget(key: string): void {
    this.historyAsked.delete(key);
    this.sites.delete(key);
    this.complete.delete(key);
    this.prepared.delete(key);
  }

  private start(key: string, spec: BuiltSiteSpec): void {
    // git's history is read only once a reader asks for the site with it (an early reader never does); without git
    // (an untrusted workspace, no lastmod rule on) there is nothing to wait for: its note comes with the first check.
    const asked = spec.git ? new Promise<void>((resolve) => this.historyAsked.set(key, resolve)) : Promise.resolve();
    const stages = readSiteInStages(spec, asked);
    const first = stages.then((s) => s.first);
    const complete = stages.then((s) => s.complete);
    first.catch(() => undefined); // as `complete`
    this.sites.set(key, first);
    this.complete.set(key, complete);
    // Swapped in before any reader of `complete` resumes (reactions run in the order they were registered).
    complete.then(() => {
      if (this.complete.get(key) === complete) this.sites.set(key, complete);
    }, () => {
      if (this.complete.get(key) === complete) this.forget(key);
    });
  }

  /**
   * In the server's thread (no worker): every page's facts read a slice per turn, so that the check that follows only
   * looks them up. The reader keeps what it read; a site is prepared once.
   */
  async prepare(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const held = this.sites.get(key);
      if (held === undefined || this.prepared.has(key)) continue;
      const { site, spec } = await held;
      let slice = 0;
      // A site read without its pages (the rules that are on need none) has none to prepare.
      for (const file of !spec.read.pages || typeof site.files === 'function' ? [] : site.files) {
        if (!/\.html?$/i.test(file)) continue;
        site.page(file);
        if (++slice % PREPARE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      this.prepared.add(key);
    }
  }

  /** The page problems of the wanted documents; related positions read from the evidence files. */
  async check(request: PageCheckRequest, known: (path: string) => KnownFile | undefined): Promise<PageCheckResult> {
    const { sites, specs } = await this.held(request.keys);
    const files: PageRulesFile[] = [];
    for (const file of request.files) {
      const summary = file.summary ?? known(file.path)?.summary;
      if (summary !== undefined) files.push({ path: file.path, summary, inSite: file.inSite, location: file.location });
    }
    const { diagnostics, notes } = validatePageRules(files, sites, request.settings);
    const wanted = new Set(request.want);
    const counts = new Map<string, number>();
    const positions = new RelatedPositions();
    const problems: CheckedProblem[] = [];
    for (const d of diagnostics) {
      if (!wanted.has(d.path)) continue;
      const count = counts.get(d.path) ?? 0;
      if (count >= request.maxProblems) continue;
      counts.set(d.path, count + 1);
      // The keys are one workspace folder's: the evidence paths are relative to it.
      const workspace = specs[0]?.workspace ?? '';
      const related = (d.related ?? []).map((r) => positions.of(path.resolve(workspace, ...r.path.split('/')), r));
      problems.push({ ...d, related });
    }
    return {
      problems,
      notes: notes.map((n) => ({ root: n.root.folder, kind: n.kind === 'page-unread' ? `${n.kind}:${n.reason}` : n.kind, text: n.kind === 'page-unread' ? pageReadNoteText(n, n.root) : noteText(n) })),
    };
  }

  /** The `<loc>` hover's page section; undefined when the URL is under no site root with pages. */
  async describe(keys: readonly string[], url: string, userAgent: string): Promise<string | undefined> {
    const { sites } = await this.held(keys);
    return describePage(url, sites, userAgent);
  }

  /** The pages of the site root `location` lies under that no sitemap of the site lists, with their sources' history (Add Unlisted Pages). */
  async unlisted(
    keys: readonly string[], files: readonly PageCheckFile[], userAgent: string, location: string, known: (path: string) => KnownFile | undefined,
  ): Promise<{ pages: NewEntry[]; now: number }> {
    const held = (await this.held(keys)).sites;
    const home = siteRootOf(location, held.map((s) => s.root));
    const sites = held.filter((s) => s.root === home);
    const summaries = files.flatMap((f) => {
      const summary = f.summary ?? known(f.path)?.summary;
      return summary === undefined ? [] : [{ path: f.path, summary, inSite: f.inSite }];
    });
    const pages: NewEntry[] = [];
    for (const site of sites) {
      for (const page of findUnlistedPages(summaries, site, userAgent)) {
        const history = site.source(page.url, page.file)?.history;
        pages.push(history === undefined ? { url: page.url } : { url: page.url, history });
      }
    }
    return { pages, now: sites[0]?.now ?? Date.now() };
  }

  /** Each URL's page source history (Set lastmod from Git History); null where git cannot say. */
  async histories(keys: readonly string[], urls: readonly string[]): Promise<PageHistories> {
    const { sites } = await this.held(keys);
    const roots = sites.map((s) => s.root);
    const histories = urls.map((url) => {
      const site = sites.find((s) => s.root === siteRootOf(url, roots));
      const served = site === undefined ? undefined : resolvePage(url, site.root, site.files);
      return site !== undefined && served !== undefined && 'file' in served ? site.source(url, served.file)?.history ?? null : null;
    });
    const notes = sites.flatMap((site) => site.historyNotes.map((note) => noteText({ ...note, root: site.root })));
    return { histories, now: sites[0]?.now ?? Date.now(), notes };
  }

  private async held(keys: readonly string[]): Promise<{ sites: BuiltSite[]; specs: BuiltSiteSpec[] }> {
    const sites: BuiltSite[] = [];
    const specs: BuiltSiteSpec[] = [];
    for (const key of keys) {
      const held = this.sites.get(key);
      if (held === undefined) continue;
      const { site, spec } = await held;
      sites.push(site);
      specs.push(spec);
    }
    return { sites, specs };
  }
}

/** The site without git's answers as soon as it is walked, and with them (and the git dirs to watch) once git answered, git
 * started when `historyWhen` settles. */
async function readSiteInStages(spec: BuiltSiteSpec, historyWhen: Promise<void>): Promise<{ first: HeldSite; complete: Promise<HeldSite> }> {
  const histories: GitHistoryCache = new Map();
  const location = { workspace: spec.workspace, root: spec.root };
  const { site, withHistory } = await readBuiltSiteInStages(location, { siteRoots: spec.siteRoots, pageSources: spec.pageSources, git: spec.git, histories, read: spec.read, historyWhen });
  const complete = withHistory.then(async (whole) => {
    const gitDirs: string[] = [];
    for (const history of histories.values()) {
      const gitDir = (await history).gitDir;
      if (gitDir !== undefined) gitDirs.push(gitDir);
    }
    return { site: whole, spec, gitDirs };
  });
  complete.catch(() => undefined); // the readers of `complete` hear of a failure; none is unhandled
  return { first: { site, spec, gitDirs: [] }, complete };
}

/** Related positions: each evidence file (a robots.txt, a page's head, a redirects file) read once per check. */
class RelatedPositions {
  private readonly tables = new Map<string, { lines: Uint32Array; length: number } | null>();

  of(file: string, r: { start: number; end: number; message: string }): CheckedRelated {
    const related: CheckedRelated = { path: file, start: r.start, end: r.end, message: r.message };
    if (r.start === 0 && r.end === 0) return { ...related, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
    let table = this.tables.get(file);
    if (table === undefined) {
      table = readTable(file);
      this.tables.set(file, table);
    }
    if (table === null) return related;
    return { ...related, range: { start: positionIn(table.lines, table.length, r.start), end: positionIn(table.lines, table.length, r.end) } };
  }
}

const MAX_RELATED_BYTES = 2 * 1024 * 1024;

function readTable(file: string): { lines: Uint32Array; length: number } | null {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_RELATED_BYTES));
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      const text = decodeFileText(buffer.subarray(0, read));
      return { lines: lineTableOf(text), length: text.length };
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** A note as the editor says it once: why lastmod is not judged (or not for some pages). */
export function noteText(note: { kind: string; root: SiteRoot; detail?: string; pages?: number; page?: string; example?: string }): string {
  const where = `${note.root.folder === '' ? 'the workspace folder' : note.root.folder} (${note.root.url})`;
  switch (note.kind) {
    case 'untrusted':
      return `The workspace is not trusted, so git is not run: lastmod-stale and lastmod-inflated are not judged for ${where}.`;
    case 'no-git':
      return `${withCause('git was not found', note.detail)}: lastmod is not judged for ${where}.`;
    case 'not-a-repository':
      return `${where} is not in a git repository: lastmod is not judged there.`;
    case 'shallow':
      return `The repository of ${where} is a shallow clone: it has no history to date the pages by, so lastmod is not judged.`;
    case 'failed':
      return `${withCause(`git could not read the history of ${where}`, note.detail)}: lastmod is not judged.`;
    case 'undated-content':
      return `${note.pages ?? 0} page(s) of ${where} changed in git, but none of the newest commits that changed them changed their content (or a version was too large to read): lastmod-stale does not judge them.`;
    case 'unmapped-sources':
      return unmappedText(note, where);
    default:
      return `${where}: ${note.kind}.`;
  }
}
