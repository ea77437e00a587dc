/** The page rules in the web worker (blocked-by-robots, noindex-page, canonical-elsewhere, page-redirect, page-not-found,
 * unlisted-page), in-process: each site root's built folder listed and its pages' heads read through the client into the
 * BuiltSite the Node server reads from disk; git's lastmod rules are skipped (browserSite.ts says so once). */
import * as path from 'node:path';
import type { DiagnosticRelatedInformation } from 'vscode-languageserver';
import { MAX_PAGE_CHARS, PAGE_HEAD_CHUNK, pageRuleNeeds, robotsFileOf, siteRootsOf, type BuiltSite, type PageFacts, type PageRulesFile, type SiteDiagnostic, type SiteRoot } from '../language/languageService';
import type { ServerSettings } from '../lsp/documents/configuration';
import type { OpenDocument } from '../lsp/documents/documentStore';
import { fsPathToUri, relativeInside } from '../lsp/documents/workspace';
import { HeldProblems, type HeldProblem } from '../lsp/site/heldProblems';
import { compareWalkOrder } from '../lsp/site/siteScan';
import { readPooled } from './clientFiles';
import type { FileReader } from './fileMirror';
import { lineTableOf, positionIn, type LineTable } from '../../../shared/lineTable';
import type * as PageRulesEngine from './pageRulesEngine';
import { decodeFileText, MAX_ROBOTS_BYTES } from './platform/files';

/** Files of a built folder listed at most (names only: cheap). */
const MAX_BUILT_FILES = 50_000;
/**
 * Pages read at most per site root: each is a round trip to the client, whose workspace.fs reads whole files (github.dev
 * fetches each over the network), so 2,000 keeps a pass within seconds; the pages past it have no facts (said once).
 */
export const MAX_PAGES_READ = 2_000;
const REDIRECTS_BYTES = 1024 * 1024;
const PAGE = /\.html?$/i;

export type PageRules = typeof PageRulesEngine;

export interface BrowserPageChecksHost {
  readFile: FileReader;
  /** The page rules' code (pageRulesEngine.ts), loaded once some site root's folder holds pages. */
  loadRules: () => Promise<PageRules>;
  /** Every file under a built folder, as pseudo-paths (the client's `built` glob). */
  listBuilt: (folderPath: string, maxFiles: number) => Promise<string[]>;
  republish: (uri: string) => void;
  /** Says a note once: an information message, and the log. */
  showNote: (message: string) => void;
}

/** What a cross-file pass of a workspace folder hands on to the page rules. */
export interface PagePass {
  folderPath: string;
  /** The folder's open sitemaps (urlset, text): their page problems are held. */
  sitemaps: readonly OpenDocument[];
  /** The folder's sitemaps, open and closed. */
  files: readonly PageRulesFile[];
  settings: ServerSettings;
  current: () => boolean;
}

interface ReadSite {
  site: BuiltSite;
  /** Undefined when the folder holds no pages (then nothing else was read). */
  rules: PageRules | undefined;
  /** The evidence files' texts (robots.txt, redirects files, page heads), by workspace-relative path. */
  texts: Map<string, string>;
  /** Pages left unread past MAX_PAGES_READ. */
  unread: number;
}

type ReadPages = ReadSite & { rules: PageRules };

/** Where a related place of a page problem is: its file, and positions in the text read (robots.txt, a page's head…). */
export type Evidence = (relative: string) => { fsPath: string; at: (offset: number) => { line: number; character: number } };

export interface PageProblems {
  diagnostics: readonly SiteDiagnostic[];
  evidence: Evidence;
}

export class BrowserPageChecks {
  readonly held: HeldProblems;
  private readonly sites = new Map<string, { folderPath: string; root: SiteRoot; read: Promise<ReadSite | undefined> }>();
  private capSaid = false;

  constructor(private readonly host: BrowserPageChecksHost) {
    this.held = new HeldProblems(host.republish);
  }

  /** The page rules for the pass's open sitemaps; none held when no site root maps a folder of pages. */
  async check(pass: PagePass): Promise<void> {
    const found = await this.validate(pass.folderPath, pass.files, pass.settings);
    if (!pass.current()) return;
    for (const entry of pass.sitemaps) {
      const mine = found?.diagnostics.filter((d) => d.path === entry.fsPath).slice(0, pass.settings.maxProblems) ?? [];
      this.held.hold(entry, found === undefined ? [] : mine.map((d) => heldOf(d, found.evidence)));
    }
  }

  /** The page problems of a folder's sitemaps (`files`) with their evidence read; undefined when no site root holds pages. */
  async validate(folderPath: string, files: readonly PageRulesFile[], settings: ServerSettings): Promise<PageProblems | undefined> {
    const read: ReadPages[] = [];
    for (const site of await Promise.all(this.sitesOf(folderPath, settings))) {
      if (site?.rules !== undefined) read.push({ ...site, rules: site.rules });
    }
    if (read.length === 0) return undefined;
    const unread = read.reduce((sum, s) => sum + s.unread, 0);
    if (unread > 0 && !this.capSaid) {
      this.capSaid = true;
      this.host.showNote(`Sitemap Studio in VS Code for the Web reads at most ${MAX_PAGES_READ} pages per site root for the page rules; `
        + `${unread} pages were not read, and what they say (noindex, canonical, redirects) is not judged.`);
    }
    const { diagnostics } = read[0].rules.validatePageRules(files, read.map((s) => s.site), settings);
    return { diagnostics, evidence: evidenceOf(folderPath, read) };
  }

  /**
   * Starts reading the folder's site roots for `settings` (listing, robots.txt, the pages' heads), as the cross-file pass
   * starts, so that the page check that follows it finds them read or on their way: each read is a round trip to the client.
   */
  prepare(folderPath: string, settings: ServerSettings): void {
    void this.sitesOf(folderPath, settings);
  }

  /** Each site root's reading (one per root and what is read, kept until something changes); none with no page rule on. */
  private sitesOf(folderPath: string, settings: ServerSettings): Promise<ReadSite | undefined>[] {
    const roots = siteRootsOf(settings.siteRoots);
    const needs = pageRuleNeeds(settings);
    if (!needs.robots) return []; // no page rule on: nothing is listed or read
    return roots.map((root) => this.siteOf(folderPath, root, roots, { files: needs.files, pages: needs.pages }));
  }

  /** Files changed on disk: the sites whose folder holds one (or any robots.txt) are read again at the next pass. */
  filesChanged(fsPaths: readonly string[]): void {
    for (const [key, site] of [...this.sites]) {
      const folder = absoluteOf(site.folderPath, site.root.folder);
      // A file in the root's folder, the folder itself or one above it (deleted, renamed, moved in), any robots.txt.
      const hit = (file: string): boolean => relativeInside(folder, file) !== undefined || relativeInside(file, folder) !== undefined
        || path.basename(file).toLowerCase() === 'robots.txt';
      if (fsPaths.some(hit)) this.sites.delete(key);
    }
  }

  /** Settings or workspace folders changed. */
  reset(): void {
    this.sites.clear();
  }

  private siteOf(folderPath: string, root: SiteRoot, roots: readonly SiteRoot[], what: SiteReading): Promise<ReadSite | undefined> {
    const key = JSON.stringify([folderPath, root.folder, root.url, roots, what.files, what.pages]);
    let held = this.sites.get(key);
    if (held === undefined) {
      const read = readSite(this.host, folderPath, root, roots, what).catch(() => {
        this.sites.delete(key);
        return undefined;
      });
      held = { folderPath, root, read };
      this.sites.set(key, held);
    }
    return held.read;
  }
}

function absoluteOf(folderPath: string, relative: string): string {
  return path.join(folderPath, ...relative.split('/').filter((s) => s !== ''));
}

/** What to read beside robots.txt, as the rules that are on need it (pageRuleNeeds). */
interface SiteReading {
  files: boolean;
  pages: boolean;
}

/** The site root's built site as builtSiteReader.ts reads it, through the client, as much as `what` says; no git (no
 * source, no notes). The page rules' code is loaded only when the folder holds pages or the origin has a robots.txt.
 * Each read is a round trip to the client: robots.txt is asked beside the listing, and the rules' script beside the pages. */
async function readSite(host: BrowserPageChecksHost, folderPath: string, root: SiteRoot, roots: readonly SiteRoot[], what: SiteReading): Promise<ReadSite> {
  const folder = absoluteOf(folderPath, root.folder);
  const texts = new Map<string, string>();
  const readText = async (relative: string, maxBytes: number): Promise<string | undefined> => {
    const read = await host.readFile(absoluteOf(folderPath, relative), maxBytes).catch(() => null);
    if (read === null) return undefined;
    const text = decodeFileText(read.head.subarray(0, maxBytes));
    texts.set(relative, text);
    return text;
  };
  // blocked-by-robots needs robots.txt alone, so a root without pages is judged by it alone.
  const robotsFile = robotsFileOf(root, roots);
  const robotsRead = robotsFile === undefined ? Promise.resolve(undefined) : readText(robotsFile, MAX_ROBOTS_BYTES);
  const listed = what.files ? (await host.listBuilt(folder, MAX_BUILT_FILES)).sort(compareWalkOrder) : [];
  const files = new Set(listed.flatMap((file) => relativeInside(folder, file) || []));
  const pages = [...files].filter((file) => PAGE.test(file));
  const prefix = root.folder === '' ? '' : `${root.folder}/`;
  const rulesLoad = pages.length > 0 ? host.loadRules() : undefined;
  const toRead = what.pages ? pages.slice(0, MAX_PAGES_READ) : [];
  const pagesRead = rulesLoad === undefined ? undefined : readPages(host, rulesLoad, folder, toRead, root, (file, text) => texts.set(prefix + file, text));
  // Both awaited below (a failure ends the reading there): not left unhandled while robots.txt is awaited.
  void rulesLoad?.catch(() => undefined);
  void pagesRead?.catch(() => undefined);
  const robotsText = await robotsRead;
  if (rulesLoad === undefined && robotsText === undefined) {
    const site: BuiltSite = { root, files, hasPages: false, robots: undefined, redirects: [], page: () => undefined, source: () => undefined, historyNotes: [], now: Date.now() };
    return { site, rules: undefined, texts: new Map(), unread: 0 };
  }
  const rules = await (rulesLoad ?? host.loadRules());
  const facts = await (pagesRead ?? new Map<string, PageFacts | undefined>());
  const redirectsTexts = new Map<string, string | undefined>();
  for (const name of ['_redirects', 'vercel.json'] as const) {
    if (files.has(name)) redirectsTexts.set(name, await readText(prefix + name, REDIRECTS_BYTES));
  }
  const site: BuiltSite = {
    root,
    files,
    hasPages: pages.length > 0,
    robots: robotsFile === undefined || robotsText === undefined ? undefined : { file: robotsFile, rules: rules.parseRobotsRules(robotsText) },
    redirects: rules.builtRedirectsOf((name) => redirectsTexts.get(name)),
    page: (file) => facts.get(file),
    source: () => undefined,
    historyNotes: [],
    now: Date.now(),
  };
  return { site, rules, texts, unread: what.pages ? Math.max(0, pages.length - MAX_PAGES_READ) : 0 };
}

/**
 * Each page's facts from its head, as builtPages.ts reads them from disk: its first PAGE_HEAD_CHUNK bytes, and up to
 * MAX_PAGE_CHARS only when the head goes on past them (one byte more than asked tells a cut); read as a pool of reads
 * in flight while the rules' script loads.
 */
async function readPages(
  host: BrowserPageChecksHost, rulesLoad: Promise<PageRules>, folder: string, pages: readonly string[], root: SiteRoot, keep: (file: string, text: string) => void,
): Promise<Map<string, PageFacts | undefined>> {
  const facts = new Map<string, PageFacts | undefined>();
  const readHead = async (file: string, limit: number): Promise<{ text: string; truncated: boolean } | undefined> => {
    const read = await host.readFile(path.join(folder, ...file.split('/')), limit + 1).catch(() => null);
    if (read === null) return undefined;
    return { text: decodeFileText(read.head.subarray(0, limit)), truncated: read.size > limit || read.head.length > limit };
  };
  await readPooled(pages, async (file) => {
    let head = await readHead(file, PAGE_HEAD_CHUNK);
    if (head === undefined) return;
    const rules = await rulesLoad;
    let found = rules.pageHeadOf(head.text, file, root, head.truncated);
    if (found?.complete === false && head.truncated) {
      head = await readHead(file, MAX_PAGE_CHARS);
      if (head === undefined) return;
      found = rules.pageHeadOf(head.text, file, root, head.truncated);
    }
    keep(file, head.text);
    facts.set(file, found?.facts);
  });
  return facts;
}

function evidenceOf(folderPath: string, read: readonly ReadSite[]): Evidence {
  const tables = new Map<string, { lines: LineTable; length: number }>();
  return (relative) => {
    let table = tables.get(relative);
    if (table === undefined) {
      const text = read.find((s) => s.texts.has(relative))?.texts.get(relative) ?? '';
      table = { lines: lineTableOf(text), length: text.length };
      tables.set(relative, table);
    }
    const { lines, length } = table;
    return { fsPath: absoluteOf(folderPath, relative), at: (offset) => positionIn(lines, length, offset) };
  };
}

/** A page problem held with its evidence's positions, from the texts read (as builtSiteStore.ts's RelatedPositions). */
function heldOf(d: SiteDiagnostic, evidence: Evidence): HeldProblem {
  const related = (d.related ?? []).map((r): DiagnosticRelatedInformation => {
    const { fsPath, at } = evidence(r.path);
    return { location: { uri: fsPathToUri(fsPath), range: { start: at(r.start), end: at(r.end) } }, message: r.message };
  });
  return { diagnostic: d, start: d.start, end: d.end, related };
}
