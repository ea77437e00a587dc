/** One open document's cross-file problems, from inputs that cross threads (summaries, or the paths of closed files the
 * checking thread holds; where each URL maps to; the settings). The same function in the site worker or the server. */
import { validateSite, type SiteDiagnostic, type SiteFile, type SiteSummary, type SitemapSettings } from '../language/languageService';
import { positionIn, type LineTable } from '../../../shared/lineTable';

export interface CheckFile {
  path: string;
  inSite: boolean;
  /** An open document's; absent for a closed file, which the checking thread holds (`known`). */
  summary?: SiteSummary;
}

export interface CheckRequest {
  files: CheckFile[];
  /** Per index or robots.txt: the local file each of its URLs maps to (null: none). */
  targets: Record<string, Record<string, string | null>>;
  /** Per index whose location is unknown: the file beside it each URL no site root maps names, by file name. */
  beside: Record<string, Record<string, string>>;
  /** Those targets that exist. */
  existing: string[];
  settings: SitemapSettings;
  /** The document whose problems are wanted; at most maxProblems of them. */
  want: string;
  maxProblems: number;
}

/** A closed file as its reading thread keeps it. */
export interface KnownFile {
  summary: SiteSummary;
  lines: LineTable;
  length: number;
}

export interface CheckedRelated {
  path: string;
  start: number;
  end: number;
  message: string;
  /** In a closed file: its position, from the file's line table (an open document's is made by the caller). */
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface CheckedProblem extends Omit<SiteDiagnostic, 'related'> {
  related: CheckedRelated[];
}

export function checkSiteProblems(request: CheckRequest, known: (path: string) => KnownFile | undefined): CheckedProblem[] {
  const files: SiteFile[] = [];
  const closed = new Set<string>();
  for (const file of request.files) {
    if (file.summary === undefined) closed.add(file.path);
    const summary = file.summary ?? known(file.path)?.summary;
    if (summary !== undefined) files.push({ path: file.path, summary, inSite: file.inSite });
  }
  const existing = new Set(request.existing);
  const resolver = {
    fileOf: (url: string, from: SiteFile) => request.targets[from.path]?.[url] ?? undefined,
    fileBeside: (url: string, from: SiteFile) => request.beside[from.path]?.[url],
    exists: (file: string) => existing.has(file),
  };
  const problems: CheckedProblem[] = [];
  for (const d of validateSite(files, resolver, request.settings)) {
    if (d.path !== request.want || d.rule === 'nested-index') continue; // nested-index is lsp/site/nestedIndex.ts's
    if (problems.length >= request.maxProblems) break; // never published past it (lsp/documents/diagnostics.ts)
    const related = (d.related ?? []).map((r): CheckedRelated => {
      const file = closed.has(r.path) ? known(r.path) : undefined;
      if (file === undefined) return r;
      return { ...r, range: { start: positionIn(file.lines, file.length, r.start), end: positionIn(file.lines, file.length, r.end) } };
    });
    problems.push({ ...d, related });
  }
  return problems;
}
