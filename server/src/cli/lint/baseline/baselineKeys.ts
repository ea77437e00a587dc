/** What a problem is known by in a baseline, so that edits elsewhere in its file do not revive it: its file (relative to
 * the baseline's folder), its rule, and the URL of its entry — or, for a problem outside every entry, the text of its
 * lines (whitespace runs as one space), never its line number. */
import * as path from 'node:path';
import { lineTableOf, type LineTable } from '../../../../../shared/lineTable';
import type { FileResult, LintProblem } from '../../../node/lintResults';
import { readInput } from '../lintInputs';
import { entryKey } from './baselineFile';

/** Characters of line text a key keeps: a pretty-printed line fits; a minified file's line is cut to the range and its
 * neighbourhood (CONTEXT characters either side). */
const TEXT_KEY_LENGTH = 200;
const CONTEXT = 40;

/** `file` (as reported, relative to `cwd`) as a baseline names it: relative to the baseline's folder, `/`-separated. */
export function fileKey(file: string, cwd: string, baselineDir: string): string {
  return path.relative(baselineDir, path.resolve(cwd, file)).split(path.sep).join('/');
}

/** Each problem's entry key, in order; the file is read again only when a problem lies outside every entry. */
export function problemKeys(result: FileResult, problems: readonly LintProblem[], cwd: string): string[] {
  let source: { text: string; lines: LineTable } | undefined;
  return problems.map((p) => {
    if (p.url !== undefined) return entryKey(p.rule, 'urls', p.url);
    source ??= sourceOf(result.file, cwd);
    return entryKey(p.rule, 'texts', textKey(source.text, source.lines, p));
  });
}

/** The file's text as it was linted (gunzipped, decoded); empty when it cannot be read again (its keys are then the rule alone). */
function sourceOf(file: string, cwd: string): { text: string; lines: LineTable } {
  let text = '';
  try {
    text = readInput({ name: file, file: path.resolve(cwd, file) }).text;
  } catch {
    text = '';
  }
  return { text, lines: lineTableOf(text) };
}

/** The problem's lines, collapsed; a line too long (a minified file's), the problem's range with some context on it. */
export function textKey(text: string, lines: LineTable, p: Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'>): string {
  const from = lineStart(lines, text, p.line);
  const to = lineEnd(lines, text, p.endLine);
  const whole = collapse(text.slice(from, to));
  if (whole.length <= TEXT_KEY_LENGTH) return whole;
  const start = Math.min(from + p.column - 1, to);
  const end = Math.max(start, Math.min(lineStart(lines, text, p.endLine) + p.endColumn - 1, to));
  return collapse(text.slice(Math.max(from, start - CONTEXT), Math.min(to, end + CONTEXT))).slice(0, TEXT_KEY_LENGTH);
}

function lineStart(lines: LineTable, text: string, line: number): number {
  return Math.min(lines[line - 1] ?? text.length, text.length);
}

/** Where 1-based `line` ends, before its line break. */
function lineEnd(lines: LineTable, text: string, line: number): number {
  let end = Math.min(lines[line] ?? text.length, text.length);
  while (end > lineStart(lines, text, line) && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return end;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
