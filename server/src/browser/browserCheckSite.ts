/** Check Site in the web worker: the runner of lsp/commands/checkSite.ts that lints each folder's site files in-process,
 * listed and read through the client, as sitemap-lint's pipeline does (per-file rules, the cross-file ones, the page
 * rules over the editor's reads of the site's pages; their git history is skipped: browserSite.ts's note). */
import * as path from 'node:path';
import { SNIFF_LENGTH } from '../../../shared/contentDetection';
import { isGzipName, isRobotsName, isSiteFile, languageOfSiteFile, siteFileType } from '../../../shared/documentLanguage';
import { decodeSniffed, SNIFF_BYTES, sniffedText, sniffEncoding, type FileEncoding } from '../../../shared/fileEncoding';
import { MAX_BYTES } from '../../../shared/protocolLimits';
import { lineTableOf, positionIn, type LineTable } from '../../../shared/lineTable';
import {
  parseDocument, positionsAt, repeatsUtf16, summarizeForSite, validate, validateFileEncoding, validateSite, type PageRulesFile, type SiteDiagnostic,
  type SiteFile, type SitemapDiagnostic, type SitemapDocument, type SiteSummary,
} from '../language/languageService';
import type { CheckSiteDone, CheckSiteJob, CheckSiteMessage, CheckSiteRunner, FileResult, LintProblem, Unreadable } from '../lsp/commands/checkSite';
import type { ServerSettings } from '../lsp/documents/configuration';
import { fsPathToUri, type Workspace } from '../lsp/documents/workspace';
import { SiteLocator } from '../lsp/site/siteLocation';
import type { BrowserPageChecks, Evidence } from './browserPageChecks';
import type { BrowserSiteChecks } from './browserSiteChecks';
import { fileMirror, type FileReader } from './fileMirror';
import { isGzip } from './platform/files';

/** The site files listed per folder at most (as the cross-file rules' listing), and the bytes read in a run at most. */
export const CHECK_SITE_LIMITS = { files: 1_000, bytes: 200 * 1024 * 1024 };

export interface BrowserCheckSiteHost {
  workspace: Workspace;
  checks: BrowserSiteChecks;
  readFile: FileReader;
  listSiteFiles: (folderPath: string, maxFiles: number) => Promise<string[]>;
  settingsOf: (uri: string) => Promise<ServerSettings>;
  /** A limit was hit: said to the user (a warning), as a note is logged. */
  warn: (text: string) => void;
  /** The page rules, as the editor runs them (the same sites read, the same limits). */
  pages?: Pick<BrowserPageChecks, 'validate'>;
}

/** What the cross-file rules keep of a file linted: its result, summary and line starts (its text and parse let go);
 * a binary file has no summary (sitemap-lint's lintOne.ts: it takes no part in the site). */
interface Linted {
  result: FileResult;
  summary: SiteSummary | undefined;
  lineStarts: LineTable;
  length: number;
}

export function browserCheckSite(host: BrowserCheckSiteHost, limits = CHECK_SITE_LIMITS): CheckSiteRunner {
  return (job, tell) => {
    let stopped = false;
    const result = runJob(host, limits, job, tell, () => stopped);
    return { result, cancel: () => { stopped = true; } };
  };
}

async function runJob(
  host: BrowserCheckSiteHost, limits: typeof CHECK_SITE_LIMITS, job: CheckSiteJob, tell: (m: CheckSiteMessage) => void, stopped: () => boolean,
): Promise<CheckSiteDone> {
  const listed: string[][] = [];
  for (const folder of job.folders) listed.push(await listFolder(host, limits, folder.path));
  // The files listed are those named like site files: one found to be none (an RSS feed, a notes.txt) leaves the count,
  // so that the last progress counts what the summary counts (issue 33: "9/9 files", then "Checked 3 files").
  const run = { files: [] as FileResult[], unreadable: [] as Unreadable[], bytes: 0, done: 0, known: listed.reduce((n, files) => n + files.length, 0), leftOut: 0 };
  for (const [k, folder] of job.folders.entries()) {
    const settings = await host.settingsOf(fsPathToUri(folder.path));
    const linted = new Map<string, Linted>();
    // robots.txt files first: where the sitemaps live is read from them (SiteLocator, through the file mirror).
    const files = [...listed[k].filter((f) => isRobotsName(path.basename(f))), ...listed[k].filter((f) => !isRobotsName(path.basename(f)))];
    const locator = new SiteLocator(host.workspace);
    for (const file of files) {
      if (stopped()) throw new Error('Check Site was cancelled');
      const one = run.bytes > limits.bytes ? 'left out' : await lintFile(host, file, settings, locator, job.now, run);
      if (one === NOT_A_SITE_FILE) run.known--;
      else run.done++;
      if (one === 'left out') run.leftOut++;
      else if (typeof one === 'object') linted.set(file, one);
      tell({ type: 'progress', done: run.done, known: run.known });
    }
    if (linted.size > 0) crossFileProblems(host.checks, linted, new Set(listed[k]), settings, locator, folder.path);
    if (linted.size > 0 && host.pages !== undefined) await pageProblems(host, host.pages, linted, new Set(listed[k]), settings, locator, folder.path);
    run.files.push(...[...linted.values()].map((l) => l.result));
  }
  if (run.leftOut > 0) host.warn(`Check Site on the web reads at most ${limits.bytes / 1024 / 1024} MB of site files: ${run.leftOut} files were left out.`);
  return { type: 'done', files: run.files, unreadable: run.unreadable };
}

async function listFolder(host: BrowserCheckSiteHost, limits: typeof CHECK_SITE_LIMITS, folderPath: string): Promise<string[]> {
  const files = await host.listSiteFiles(folderPath, limits.files);
  if (files.length >= limits.files) host.warn(`Check Site on the web checks at most ${limits.files} site files a folder: the rest of ${folderPath} was left out.`);
  return files;
}

/** A listed file that is gone, or no site file after all: not counted. */
const NOT_A_SITE_FILE = 'not a site file';

/** A file read through the client and linted; undefined when it cannot be read (then named). */
async function lintFile(
  host: BrowserCheckSiteHost, file: string, settings: ServerSettings, locator: SiteLocator, now: number,
  run: { unreadable: Unreadable[]; bytes: number },
): Promise<Linted | typeof NOT_A_SITE_FILE | undefined> {
  const read = await host.readFile(file, MAX_BYTES).catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));
  if (read === null) return NOT_A_SITE_FILE;
  if (read instanceof Error) return unreadable(run, file, read.message);
  run.bytes += read.size;
  if (read.size > MAX_BYTES || read.head.length >= MAX_BYTES) return unreadable(run, file, `larger than ${MAX_BYTES / 1024 / 1024} MB, the most Check Site reads on the web`);
  const name = path.basename(file);
  // gzip that does not inflate whole: named .gz, it cannot be read; else it is a binary file, as sitemap-lint says (lintInputs.ts).
  const brokenGzip = read.broken === true || isGzip(read.head);
  if (brokenGzip && isGzipName(name)) return unreadable(run, file, 'not gzip, or a gzip stream that does not inflate');
  // Decoded as sitemap-lint decodes it: UTF-16 by its first bytes, a binary file not at all.
  const encoding: FileEncoding = brokenGzip ? { kind: 'binary', gzip: true } : sniffEncoding(read.head.subarray(0, SNIFF_BYTES));
  const text = decodeSniffed(read.head, encoding);
  // Told a site file as node/siteFiles.ts tells it, by its name and first characters.
  if (!isSiteFile(name, () => sniffedText(read.head.subarray(0, SNIFF_LENGTH * 4)).slice(0, SNIFF_LENGTH))) return NOT_A_SITE_FILE;
  const fileProblem = validateFileEncoding(encoding, settings);
  if (text === undefined) {
    const binary: Linted = { result: { file, problems: [] }, summary: undefined, lineStarts: lineTableOf(''), length: 0 };
    if (fileProblem !== undefined) binary.result.problems.push({ rule: fileProblem.rule, severity: fileProblem.severity, message: fileProblem.message, ...spanIn(binary, 0, 0) });
    return binary;
  }
  if (isRobotsName(name)) fileMirror.keep(file, read);
  const doc = parseDocument(text, languageOfSiteFile(isRobotsName(name) ? 'robots' : siteFileType(name, text)), { byteLength: decodedByteLength(read.head, encoding, text), deferUrlIndex: true });
  const location = isRobotsName(name) ? undefined : locator.locate(file, settings);
  const found = validate(doc, settings, { location, now }).filter((d) => !repeatsUtf16(encoding, d, text));
  return { result: { file, problems: problemsOf(doc, fileProblem === undefined ? found : [fileProblem, ...found]) }, summary: summarizeForSite(doc), lineStarts: lineTableOf(text), length: text.length };
}

/**
 * The text's UTF-8 length when the bytes give it, as sitemap-lint's decodedByteLength (a byte-order mark is not text);
 * undefined, for the parse to count it, when the text holds a U+FFFD that may stand for malformed bytes.
 */
function decodedByteLength(bytes: Uint8Array, encoding: FileEncoding, text: string): number | undefined {
  if (encoding.kind !== 'utf-8' || text.includes('\uFFFD')) return undefined;
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.length - 3 : bytes.length;
}

/** The problems of a parsed file in 1-based lines and columns, as sitemap-lint's. */
function problemsOf(doc: SitemapDocument, found: readonly SitemapDiagnostic[]): LintProblem[] {
  const at = positionsAt(doc, found.flatMap((d) => [Math.min(Math.max(0, d.start), doc.length), Math.min(Math.max(d.start, d.end), doc.length)]));
  return found.map((d, k): LintProblem => ({
    rule: d.rule, severity: d.severity, message: d.message,
    line: at[2 * k].line + 1, column: at[2 * k].character + 1, endLine: at[2 * k + 1].line + 1, endColumn: at[2 * k + 1].character + 1,
  }));
}

function unreadable(run: { unreadable: Unreadable[] }, file: string, reason: string): undefined {
  run.unreadable.push({ file, reason });
  return undefined;
}

/** The cross-file rules over the folder's linted files, their problems joining each file's result in line order. */
function crossFileProblems(
  checks: BrowserSiteChecks, linted: ReadonlyMap<string, Linted>, listed: ReadonlySet<string>, settings: ServerSettings, locator: SiteLocator, folderPath: string,
): void {
  const files: SiteFile[] = [];
  for (const [file, { summary }] of linted) if (summary !== undefined) files.push({ path: file, summary, inSite: checks.inSiteOf(file, folderPath, settings, listed) });
  addProblems(validateSite(files, checks.resolverFor(settings, listed, locator), settings), linted);
}

/** The page rules over the folder's linted sitemaps (urlset, text), as the desktop's Check Site runs them. */
async function pageProblems(
  host: BrowserCheckSiteHost, pages: Pick<BrowserPageChecks, 'validate'>, linted: ReadonlyMap<string, Linted>, listed: ReadonlySet<string>,
  settings: ServerSettings, locator: SiteLocator, folderPath: string,
): Promise<void> {
  const files: PageRulesFile[] = [...linted].filter(([, l]) => l.summary?.kind === 'urlset' || l.summary?.kind === 'text').map(([file, l]) => ({
    path: file, summary: l.summary!, inSite: host.checks.inSiteOf(file, folderPath, settings, listed), location: locator.locate(file, settings),
  }));
  const found = files.length === 0 ? undefined : await pages.validate(folderPath, files, settings);
  if (found !== undefined) addProblems(found.diagnostics, linted, found.evidence);
}

/** Site problems join each file's result in line order. */
function addProblems(diagnostics: Iterable<SiteDiagnostic>, linted: ReadonlyMap<string, Linted>, evidence?: Evidence): void {
  const touched = new Set<FileResult>();
  for (const d of diagnostics) {
    const at = linted.get(d.path);
    if (at === undefined) continue;
    at.result.problems.push(problemOf(d, at, linted, evidence));
    touched.add(at.result);
  }
  for (const result of touched) result.problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** A related place is in a linted file, or (the page rules') in the evidence read: a page's head, robots.txt… */
function problemOf(d: SiteDiagnostic, at: Linted, linted: ReadonlyMap<string, Linted>, evidence?: Evidence): LintProblem {
  const problem: LintProblem = { rule: d.rule, severity: d.severity, message: d.message, ...spanIn(at, d.start, d.end) };
  if (d.related !== undefined) {
    problem.related = d.related.map((r) => {
      const other = linted.get(r.path);
      if (other !== undefined) return { message: r.message, file: r.path, ...spanIn(other, r.start, r.end) };
      if (evidence === undefined) return { message: r.message, file: r.path, line: 1, column: 1, endLine: 1, endColumn: 1 };
      const { fsPath, at: place } = evidence(r.path);
      const [s, e] = [place(r.start), place(Math.max(r.start, r.end))];
      return { message: r.message, file: fsPath, line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
    });
  }
  return problem;
}

/** 1-based lines and columns, as sitemap-lint's. */
function spanIn(l: Linted, start: number, end: number): Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const s = positionIn(l.lineStarts, l.length, start);
  const e = positionIn(l.lineStarts, l.length, Math.max(start, end));
  return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
}
