/**
 * The cross-file rules (language/site) over the files read from disk, their problems added to each file's result in
 * line order. Paths are the files' absolute paths; a URL maps to a file as `--follow` maps it (siteContext.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { needsSiteCheck, summarizeForSite, validateSite, type SiteFile, type SiteResolver, type SitemapDocument } from '../language/languageService';
import { rangeOf, type FileResult, type LintOptions, type LintProblem } from './lintFiles';

export interface LintedFile {
  result: FileResult;
  /** Absolute path. */
  file: string;
  doc: SitemapDocument;
  location: string | undefined;
}

export function lintSite(linted: readonly LintedFile[], options: LintOptions): void {
  // A lone sitemap has nothing to check across files: summarizing its entries cost 40–100 ms (and as much GC).
  if (!needsSiteCheck(linted.map((l) => l.doc.kind))) return;
  const byPath = new Map<string, LintedFile>();
  const files: SiteFile[] = [];
  for (const l of linted) {
    const key = path.resolve(l.file);
    if (byPath.has(key)) continue;
    byPath.set(key, l);
    files.push({ path: key, summary: summarizeForSite(l.doc), inSite: options.site.inSite(key) });
  }
  const resolver: SiteResolver = {
    fileOf: (url, from) => {
      const target = from.summary.kind === 'robots'
        ? options.site.fileOfRobotsUrl(url, from.path)
        : options.site.fileOf(url, from.path, byPath.get(from.path)?.location);
      return target === undefined ? undefined : path.resolve(target);
    },
    exists: (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true,
  };
  const touched = new Set<FileResult>();
  for (const d of validateSite(files, resolver, options.settings)) {
    const at = byPath.get(d.path)!;
    const problem: LintProblem = { rule: d.rule, severity: d.severity, message: d.message, ...rangeOf(at.doc, d.start, d.end) };
    if (d.related !== undefined) {
      problem.related = d.related.map((r) => {
        const other = byPath.get(r.path)!;
        return { file: other.result.file, message: r.message, ...rangeOf(other.doc, r.start, r.end) };
      });
    }
    at.result.problems.push(problem);
    touched.add(at.result);
  }
  for (const result of touched) result.problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
