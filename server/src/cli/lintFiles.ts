/**
 * Lints the inputs one after the other on the editor's engine (`parseDocument` + `validate`), each file once; with
 * `follow`, the local files that a robots.txt's `Sitemap:` lines and an index's `<loc>`s name are queued too.
 * A robots.txt is checked as the editor checks it (`robots-sitemap-url`). Then the cross-file rules run over every
 * file read from disk (lintSite.ts): the inputs and, with `follow`, the files followed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { indexEntries, parseDocument, validate, type SitemapDocument } from '../language/languageService';
import type { Problem, Severity } from '../language/rules/catalogue';
import type { SitemapSettings } from '../language/settings';
import { readInput, type Input, type ReadInput } from './lintInputs';
import type { SiteContext } from './siteContext';
import { lintSite, type LintedFile } from './lintSite';

/** Lines and columns 1-based; columns count UTF-16 code units, as the editor (LSP) and SARIF do. */
export interface LintProblem {
  rule: Problem['rule'];
  severity: Severity;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** Other places the problem refers to (a cross-file duplicate's first listing). */
  related?: LintRelated[];
}

export interface LintRelated {
  /** As in FileResult.file. */
  file: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface FileResult {
  file: string;
  problems: LintProblem[];
}

export interface LintOptions {
  settings: SitemapSettings;
  site: SiteContext;
  follow: boolean;
  cwd: string;
  now: number;
}

export function lintFiles(inputs: readonly Input[], options: LintOptions): FileResult[] {
  const queue = [...inputs];
  const seen = new Set<string>();
  const results: FileResult[] = [];
  const linted: LintedFile[] = [];
  const enqueue = (file: string): void => {
    if (!seen.has(realPath(file)) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true) {
      queue.push({ name: displayName(file, options.cwd), file });
    }
  };
  for (let k = 0; k < queue.length; k++) {
    if (queue[k].file !== undefined) {
      const key = realPath(queue[k].file!);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const input = readInput(queue[k]);
    const { result, children, doc, location } = lintOne(input, options);
    if (input.file !== undefined) linted.push({ result, file: input.file, doc, location });
    results.push(result);
    if (options.follow) for (const child of children) enqueue(child);
  }
  lintSite(linted, options);
  return results;
}

interface LintedOne {
  result: FileResult;
  children: string[];
  doc: SitemapDocument;
  location: string | undefined;
}

function lintOne(input: ReadInput, options: LintOptions): LintedOne {
  if (input.kind === 'robots') {
    const doc = parseDocument(input.text, 'robots-txt');
    const children = input.file !== undefined ? options.site.sitemapsOfRobots(input.file, input.text) : [];
    return { result: { file: input.name, problems: problemsOf(doc, options, undefined) }, children, doc, location: undefined };
  }
  const doc = parseDocument(input.text, input.kind);
  const location = input.file !== undefined ? options.site.locate(input.file) : undefined;
  const problems = problemsOf(doc, options, location);
  const children: string[] = [];
  if (input.file !== undefined && doc.kind === 'sitemapindex') {
    for (const entry of indexEntries(doc)) {
      const child = entry.url !== undefined ? options.site.fileOf(entry.url, input.file, location) : undefined;
      if (child !== undefined) children.push(child);
    }
  }
  return { result: { file: input.name, problems }, children, doc, location };
}

function problemsOf(doc: SitemapDocument, options: LintOptions, location: string | undefined): LintProblem[] {
  return validate(doc, options.settings, { location, now: options.now }).map((d) => ({
    rule: d.rule, severity: d.severity, message: d.message, ...rangeOf(doc, d.start, d.end),
  }));
}

export function rangeOf(doc: SitemapDocument, start: number, end: number): Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const s = doc.positionAt(Math.min(Math.max(0, start), doc.length));
  const e = doc.positionAt(Math.min(Math.max(start, end), doc.length));
  return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
}

/** A followed file's name: relative to the current directory when under it, else absolute. */
function displayName(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
