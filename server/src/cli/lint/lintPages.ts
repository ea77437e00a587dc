/** The page rules' side of a run: every site root's built folder read (node/builtSite/builtSiteReader.ts) while the files are
 * linted, one git history per repository; the evidence's places in files not linted (pages, robots.txt). */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isObject, pageRuleNeeds, type BuiltSite, type LastmodSpan, type SitemapSettings } from '../../language/languageService';
import { LastmodNeeds } from '../../node/builtSite/lastmodNeeds';
import { WorkingDigests } from '../../node/builtSite/workingDigests';
import { readBuiltSite, startHistories, type BuiltSiteOptions } from '../../node/builtSite/builtSiteReader';
import type { PageWorkers } from '../../node/builtSite/pageHeadPool';
import { decodeFileText, readHead } from '../../node/files';
import { lineTableOf, positionIn, type LineTable } from '../../../../shared/lineTable';

/** Whether a run may report a page rule: some site root, some page rule on. */
export function pageRulesMayApply(settings: SitemapSettings, siteRoots: Readonly<Record<string, string>>): boolean {
  return Object.keys(siteRoots).length > 0 && pageRuleNeeds(settings).robots;
}

export interface BuiltSitesRequest {
  settings: SitemapSettings;
  /** Absolute folder → URL. */
  siteRoots: Readonly<Record<string, string>>;
  cwd: string;
  now: number;
  /** false: git is not run (an untrusted workspace; the lastmod rules are silent and say so once). */
  git: boolean;
  signal?: AbortSignal;
  /** The linted files' `<lastmod>`s by URL (lastmodNeedsByUrl), once all are linted: git reads no more than they need. */
  lastmods?: () => Promise<ReadonlyMap<string, LastmodSpan>>;
}

/**
 * The folder the built sites' paths are relative to (in the rules' messages and related places): the current
 * directory when it holds every site root, else the file system's root.
 */
export function pagesWorkspace(cwd: string, siteRoots: Readonly<Record<string, string>>): string {
  const current = path.resolve(cwd);
  return Object.keys(siteRoots).every((dir) => isWithin(current, dir)) ? current : path.parse(current).root;
}

/** The built site of every root, read together, as much as the rules that are on need (pageRuleNeeds): robots.txt
 * alone for blocked-by-robots, the walk, the pages; git only when a lastmod rule is on. */
export function readBuiltSites(request: BuiltSitesRequest): Promise<BuiltSite[]> {
  const workspace = pagesWorkspace(request.cwd, request.siteRoots);
  const roots = Object.entries(request.siteRoots).map(([dir, url]) => ({ folder: relativeTo(workspace, dir), url }));
  const needs = pageRuleNeeds(request.settings);
  const options: BuiltSiteOptions = {
    siteRoots: roots, pageSources: pageSourcesIn(workspace, request.settings.pageSources), git: request.git && needs.history,
    now: request.now, histories: new Map(), synchronousWalk: true, readAhead: true, signal: request.signal,
    read: { files: needs.files, pages: needs.pages }, pageWorkers: pageWorkers(),
  };
  if (options.git && request.lastmods !== undefined) {
    options.lastmods = new LastmodNeeds(request.lastmods(), roots.length);
    if (options.pageWorkers !== undefined) options.workingDigests = new WorkingDigests(roots.length);
  }
  // git's listings run while the folders are walked (the walk holds the thread), not after.
  const histories = startHistories(workspace, options);
  return Promise.all(roots.map((root) => readBuiltSite({ workspace, root }, options))).finally(histories.stop);
}

/** The page readers' bundle beside this one (dist/pageHeadWorker.js), or the compiled module (out/, the unit tests). */
const PAGE_WORKER_FILES = [path.join(__dirname, 'pageHeadWorker.js'), path.join(__dirname, '..', '..', 'node', 'builtSite', 'pageHeadWorker.js')];

/** One page reader per core (pageHeadPool.ts): none on one core or without its bundle. */
function pageWorkers(): PageWorkers | undefined {
  const file = PAGE_WORKER_FILES.find((candidate) => fs.existsSync(candidate));
  const count = Math.min(4, os.availableParallelism());
  return count > 1 && file !== undefined ? { file, count } : undefined;
}

/** lintSettings.ts's pageSources (absolute folders, keys and roots) relative to the workspace, as the roots are. */
function pageSourcesIn(workspace: string, pageSources: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [dir, value] of Object.entries(pageSources)) {
    const root = isObject(value) && typeof value.root === 'string' ? { root: relativeTo(workspace, value.root) } : {};
    out[relativeTo(workspace, dir)] = isObject(value) ? { ...value, ...root } : value;
  }
  return out;
}

function relativeTo(workspace: string, file: string): string {
  return path.relative(workspace, path.resolve(workspace, file)).split(path.sep).join('/');
}

function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, path.resolve(folder, file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A file the evidence lies in (a page, a robots.txt, a redirects file, a page's source): lines and columns of its head. */
export class EvidenceFiles {
  private readonly tables = new Map<string, { lines: LineTable; length: number } | undefined>();

  /** 1-based, as LintProblem's; a 0–0 range (a whole file) is 1:1 without reading it. */
  span(file: string, start: number, end: number): { line: number; column: number; endLine: number; endColumn: number } {
    if (start === 0 && end === 0) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
    const table = this.tableOf(file);
    if (table === undefined) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
    const s = positionIn(table.lines, table.length, start);
    const e = positionIn(table.lines, table.length, Math.max(start, end));
    return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
  }

  private tableOf(file: string): { lines: LineTable; length: number } | undefined {
    if (!this.tables.has(file)) {
      // Offsets are in the text the rules read: a page's first 256 KiB, a robots.txt's first 512 KiB; 1 MiB holds either.
      const bytes = readHead(file, 1024 * 1024);
      const text = bytes === undefined ? undefined : decodeFileText(bytes);
      this.tables.set(file, text === undefined ? undefined : { lines: lineTableOf(text), length: text.length });
    }
    return this.tables.get(file);
  }
}
