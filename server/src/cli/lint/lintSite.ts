/** The cross-file rules over the files read from disk, added in input order as lintFiles takes their results (so
 * duplicates are found while the workers still lint), each known by its summary and line table, its document gone;
 * `finish` runs the rest. Problems join each file's result in line order. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSiteValidation, type SiteResolver, type SiteValidation } from '../../language/languageService';
import type { FileResult, LintProblem } from '../../node/lintResults';
import type { LintOptions, SiteFacts } from './lintContract';
import { positionIn } from '../../node/lineTable';
import { fileBesideNamed } from '../../node/siteFiles';

export interface LintedFile {
  result: FileResult;
  site: SiteFacts;
}

export class SiteLint {
  private readonly byPath = new Map<string, LintedFile>();
  private readonly validation: SiteValidation;

  constructor(private readonly options: LintOptions) {
    this.validation = startSiteValidation(options.settings);
  }

  add(linted: LintedFile): void {
    const key = path.resolve(linted.site.file);
    if (this.byPath.has(key)) return;
    this.byPath.set(key, linted);
    this.validation.add({ path: key, summary: linted.site.summary, inSite: this.options.site.inSite(key) });
  }

  finish(): void {
    const { byPath, options } = this;
    const resolver: SiteResolver = {
      fileOf: (url, from) => {
        const target = from.summary.kind === 'robots'
          ? options.site.fileOfRobotsUrl(url, from.path)
          : options.site.fileOf(url, from.path, byPath.get(from.path)?.site.location);
        return target === undefined ? undefined : path.resolve(target);
      },
      fileBeside: (url, from) => (byPath.get(from.path)?.site.location === undefined ? fileBesideNamed(from.path, url) : undefined),
      exists: (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true,
    };
    const touched = new Set<FileResult>();
    for (const d of this.validation.finish(resolver)) {
      const at = byPath.get(d.path)!;
      const problem: LintProblem = { rule: d.rule, severity: d.severity, message: d.message, ...spanIn(at.site, d.start, d.end) };
      if (d.related !== undefined) {
        problem.related = d.related.map((r) => {
          const other = byPath.get(r.path)!;
          return { file: other.result.file, message: r.message, ...spanIn(other.site, r.start, r.end) };
        });
      }
      at.result.problems.push(problem);
      touched.add(at.result);
    }
    for (const result of touched) result.problems.sort((a, b) => a.line - b.line || a.column - b.column);
  }
}

function spanIn(site: SiteFacts, start: number, end: number): Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const s = positionIn(site.lines, site.length, start);
  const e = positionIn(site.lines, site.length, Math.max(start, end));
  return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
}
