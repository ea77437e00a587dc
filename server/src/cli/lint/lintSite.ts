/** The cross-file rules over the files read from disk, added in input order as lintFiles takes their results (so
 * duplicates are found while the workers still lint), each known by its summary and line table, its document gone;
 * `finish` runs the rest, and the page rules. Problems join each file's result in line order. */
import * as path from 'node:path';
import {
  lastmodNeedsByUrl, startSiteValidation, validatePageRules, type BuiltSite, type LastmodSpan, type PageRulesFile, type PageRulesNote,
  type SiteDiagnostic, type SiteRelated, type SiteResolver, type SiteValidation,
} from '../../language/languageService';
import type { FileResult, LintProblem, LintRelated } from '../../node/lintResults';
import type { LintOptions, LiveLintOptions, SiteFacts } from './lintContract';
import { positionIn } from '../../../../shared/lineTable';
import { IndexChildren, unplacedNote } from '../../../../shared/indexChildren';
import { EvidenceFiles, pageRulesMayApply, pagesWorkspace, readBuiltSites } from './lintPages';
import { historyNoteText } from '../../node/builtSite/historyNotes';
import { pageReadNoteText } from '../../node/builtSite/pageReadNotes';
import { isUrlKey } from '../http/urlInput';
import { isFileOnDisk } from '../../node/fileProbe';

/** A file's key among the run's: its absolute path, or the URL it was read from. */
function keyOf(file: string): string {
  return isUrlKey(file) ? file : path.resolve(file);
}

export interface LintedFile {
  result: FileResult;
  site: SiteFacts;
}

export class SiteLint {
  private readonly byPath = new Map<string, LintedFile>();
  private readonly validation: SiteValidation;
  private readonly evidence = new EvidenceFiles();
  private readonly children = new IndexChildren(isFileOnDisk, path.sep);
  /** Made by allAdded when asked for (only git needs them). */
  private settleLastmods: ((byUrl: ReadonlyMap<string, LastmodSpan>) => void) | undefined;
  private lastmodsByUrl: Promise<ReadonlyMap<string, LastmodSpan>> | undefined;

  /** `crossFileRules: false`: a shard's files, kept for finishLive alone (the cross-file rules are the merge's). */
  constructor(private readonly options: LintOptions, private readonly crossFileRules = true) {
    this.validation = startSiteValidation(options.settings);
  }

  add(linted: LintedFile): void {
    const key = keyOf(linted.site.file);
    if (this.byPath.has(key)) return;
    this.byPath.set(key, linted);
    if (this.crossFileRules) this.validation.add({ path: key, summary: linted.site.summary, inSite: this.inSite(key) });
  }

  /** A file read from a URL is not known to be in a site: nothing says its robots.txt lists it (unlisted-sitemap). */
  private inSite(key: string): boolean {
    return !isUrlKey(key) && this.options.site.inSite(key);
  }

  /** The added files' `<lastmod>`s by URL (lastmodNeedsByUrl), once allAdded says every file is: what git must date. */
  lastmods(): Promise<ReadonlyMap<string, LastmodSpan>> {
    this.lastmodsByUrl ??= new Promise((resolve) => (this.settleLastmods = resolve));
    return this.lastmodsByUrl;
  }

  /** No file will be added: the lastmods are known. */
  allAdded(): void {
    if (this.settleLastmods === undefined) return;
    const byUrl = new Map<string, LastmodSpan>();
    for (const linted of this.byPath.values()) lastmodNeedsByUrl(linted.site.summary.entries, byUrl);
    this.settleLastmods(byUrl);
  }

  /** The cross-file rules, then the page rules over `sites` (when given): their problems added, git's notes returned. */
  finish(sites?: readonly BuiltSite[]): PageRulesNote[] {
    const diagnostics = this.validation.finish(this.resolver());
    let notes: PageRulesNote[] = [];
    if (sites !== undefined) {
      const pages = validatePageRules([...this.byPath.values()].map((f) => this.pageRulesFile(f)), sites, this.options.settings);
      diagnostics.push(...pages.diagnostics);
      notes = pages.notes;
    }
    this.report(diagnostics);
    return notes;
  }

  /** --live's verdicts (lintLive.ts) added to their files; one the page rules already gave an entry is not said twice. */
  async finishLive(options: LintOptions & { live: LiveLintOptions }): Promise<void> {
    // Keyed as the files were added (keyOf): a file read from a URL by its URL, which path.resolve would turn into a path.
    const files = [...this.byPath].map(([key, f]) => ({ path: key, summary: f.site.summary }));
    const found = await options.live.diagnostics(files, options);
    this.report(found.filter((d) => !this.byPath.get(d.path)!.result.problems.some((p) => p.rule === d.rule && p.url === d.url)));
  }

  /** What the notes say of the indexes whose children could not be placed (their location unknown). */
  unplacedNotes(): string[] {
    return [...this.children.unplaced].map(([index, urls]) => unplacedNote(this.byPath.get(index)!.result.file, urls, 'give --site-root DIR=URL'));
  }

  private resolver(): SiteResolver {
    const { byPath, options } = this;
    const urls = options.urls;
    return {
      fileOf: (url, from) => {
        // What a file read from a URL lists is a file of the run when the run asked it (the same origin or an allowed one).
        if (isUrlKey(from.path)) return urls?.keyOf(url);
        const target = from.summary.kind === 'robots'
          ? options.site.fileOfRobotsUrl(url, from.path)
          : options.site.fileOf(url, from.path, byPath.get(from.path)?.site.location);
        return target === undefined ? undefined : path.resolve(target);
      },
      fileBeside: (url, from) => (byPath.get(from.path)?.site.location === undefined && !isUrlKey(from.path)
        ? this.children.fileOf(from.path, url, () => from.summary.entries.map((e) => e.url))
        : undefined),
      exists: (file) => (isUrlKey(file) ? urls?.exists(file) === true : isFileOnDisk(file)),
    };
  }

  private pageRulesFile(linted: LintedFile): PageRulesFile {
    const key = keyOf(linted.site.file);
    return { path: key, summary: linted.site.summary, inSite: this.inSite(key), location: linted.site.location };
  }

  /** Each problem joins its file's result, in line order; its related places in linted files or in the evidence's. */
  private report(diagnostics: readonly SiteDiagnostic[]): void {
    const touched = new Set<FileResult>();
    for (const d of diagnostics) {
      const at = this.byPath.get(d.path)!;
      const problem: LintProblem = { rule: d.rule, severity: d.severity, message: d.message, ...spanIn(at.site, d.start, d.end) };
      if (d.related !== undefined) problem.related = d.related.map((r) => ({ message: r.message, ...this.relatedSpan(r) }));
      if (d.url !== undefined) problem.url = d.url;
      at.result.problems.push(problem);
      touched.add(at.result);
    }
    for (const result of touched) result.problems.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /** A linted file's place by its line table; another file's (a page, robots.txt: relative to pagesWorkspace) read. */
  private relatedSpan(r: SiteRelated): Omit<LintRelated, 'message'> {
    const other = this.byPath.get(r.path);
    if (other !== undefined) return { file: other.result.file, ...spanIn(other.site, r.start, r.end) };
    const file = path.isAbsolute(r.path) ? r.path : path.join(pagesWorkspace(this.options.cwd, this.options.site.siteRoots), ...r.path.split('/'));
    return { file: displayName(file, this.options.cwd), ...this.evidence.span(file, r.start, r.end) };
  }
}

/** The built sites the page rules need, when they may apply: else undefined (and a lone sitemap keeps no summary). */
export function startBuiltSites(options: LintOptions, siteLint: SiteLint): Promise<BuiltSite[]> | undefined {
  if (options.pageRules === undefined || !pageRulesMayApply(options.settings, options.site.siteRoots)) return undefined;
  const { settings, site, cwd, now, signal } = options;
  return readBuiltSites({ settings, siteRoots: site.siteRoots, cwd, now, git: options.pageRules.git, signal, lastmods: () => siteLint.lastmods() });
}

/** The cross-file and page rules run; each of git's notes told once. */
export async function finishSiteLint(siteLint: SiteLint, builtSites: Promise<BuiltSite[]> | undefined, options: LintOptions): Promise<void> {
  const said = new Set<string>();
  siteLint.allAdded();
  const workspace = pagesWorkspace(options.cwd, options.site.siteRoots);
  for (const note of siteLint.finish(builtSites && await builtSites)) {
    const root = { ...note.root, folder: shownFolder(note.root.folder, workspace, options.cwd) };
    const text = note.kind === 'page-unread' ? pageReadNoteText(note, root) : historyNoteText(note, root);
    if (!said.has(text)) options.onNote?.(text);
    said.add(text);
  }
  for (const text of siteLint.unplacedNotes()) options.onNote?.(text);
  if (options.live !== undefined) await siteLint.finishLive({ ...options, live: options.live });
}

/**
 * A site root's folder (relative to the pages' workspace, which is the file system's root when a root lies outside the
 * current directory) as the notes name it: relative to the current directory when under it, `''` for the directory
 * itself ("the folder"), else absolute — never a path from the file system's root without its leading slash.
 */
function shownFolder(folder: string, workspace: string, cwd: string): string {
  const absolute = path.join(workspace, ...folder.split('/'));
  const relative = path.relative(cwd, absolute);
  if (relative === '') return '';
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
}

/** A file outside the inputs: relative to the current directory when under it, else absolute. */
function displayName(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function spanIn(site: SiteFacts, start: number, end: number): Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const place = site.place ?? ((offset: number) => positionIn(site.lines, site.length, offset));
  const s = place(start);
  const e = place(Math.max(start, end));
  return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
}
