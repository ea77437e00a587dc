/**
 * Lints the inputs one after the other (lintOne.ts), each file once; with `follow`, the local files that a
 * robots.txt's `Sitemap:` lines and an index's `<loc>`s name are queued too. Then the cross-file rules run over every
 * file read from disk (lintSite.ts): the inputs and, with `follow`, the files followed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Problem, Severity } from '../language/rules/catalogue';
import type { SitemapSettings } from '../language/settings';
import type { Input } from './lintInputs';
import { lintInput, type SiteFacts } from './lintOne';
import type { SiteContext } from './siteContext';
import { lintSite } from './lintSite';

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
  /** Called after each file, with the files known so far (following may add more). */
  onProgress?: (done: number, known: number) => void;
  /** Stops between files; lintFiles then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export async function lintFiles(inputs: readonly Input[], options: LintOptions): Promise<FileResult[]> {
  const queue = [...inputs];
  const seen = new Set<string>();
  const results: FileResult[] = [];
  const linted: { result: FileResult; site: SiteFacts }[] = [];
  const enqueue = (file: string): void => {
    if (!seen.has(realPath(file)) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true) {
      queue.push({ name: displayName(file, options.cwd), file });
    }
  };
  for (let k = 0; k < queue.length; k++) {
    options.signal?.throwIfAborted();
    if (queue[k].file !== undefined) {
      const key = realPath(queue[k].file!);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const { result, children, site } = await lintInput(queue[k], options);
    if (site !== undefined) linted.push({ result, site });
    results.push(result);
    if (options.follow) for (const child of children) enqueue(child);
    options.onProgress?.(k + 1, queue.length);
  }
  lintSite(linted, options);
  return results;
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
