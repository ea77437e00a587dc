/** One input linted on the editor's engine: its problems in lines and columns, the local files it names (`--follow`),
 * and what the cross-file rules need once its document is gone (site summary, location, line table). */
import {
  indexEntries, needsSiteCheck, parseDocument, positionsAt, repeatsUtf16, summarizeForSite, validate, type SitemapDiagnostic, type SitemapDocument,
} from '../../language/languageService';
import type { LintProblem } from '../../node/lintResults';
import type { LintedOne, LintOptions, SiteFacts } from './lintContract';
import { readInput, type Input, type ReadInput } from './lintInputs';
import { lintStreamed } from './lintStream';
import { encodingProblem } from './encodingProblem';
import { lineTableOf } from '../../../../shared/lineTable';

/** An input read and linted: a large file as it streams (lintStream.ts), any other whole. */
export async function lintInput(input: Input, options: LintOptions, alone: boolean): Promise<LintedOne> {
  return (await lintStreamed(input, options, alone)) ?? lintOne(readInput(input), options, alone);
}

/** `alone`: the only input; a lone sitemap then has nothing to check across files, and skips its summary (40–100 ms at 50,000 entries, with the GC). */
export function lintOne(input: ReadInput, options: LintOptions, alone: boolean): LintedOne {
  const encoding = encodingProblem(input.encoding, options.settings);
  // Not text: that one problem, and nothing a site could use.
  if (input.encoding?.kind === 'binary') return { result: { file: input.name, problems: encoding ? [encoding] : [] }, children: [], site: undefined };
  const doc = parseDocument(input.text, input.kind === 'robots' ? 'robots-txt' : input.kind, { byteLength: input.byteLength, deferUrlIndex: true });
  const location = input.kind !== 'robots' && input.file !== undefined ? options.site.locate(input.file) : undefined;
  const found = validate(doc, options.settings, { location, now: options.now }).filter((d) => !repeatsUtf16(input.encoding, d, input.text));
  const result = { file: input.name, problems: [...(encoding ? [encoding] : []), ...problemsOf(doc, found)] };
  if (input.file === undefined || (alone && !needsSiteCheck([doc.kind]))) return { result, children: [], site: undefined };
  const site: SiteFacts = { file: input.file, location, summary: summarizeForSite(doc), lines: lineTableOf(input.text), length: input.text.length };
  return { result, children: childrenOf(input, doc, options, location), site };
}

function childrenOf(input: ReadInput, doc: SitemapDocument, options: LintOptions, location: string | undefined): string[] {
  if (input.kind === 'robots') return options.site.sitemapsOfRobots(input.file!, input.text);
  if (doc.kind !== 'sitemapindex') return [];
  const urls = indexEntries(doc).flatMap((entry) => (entry.url !== undefined ? [entry.url] : []));
  return options.site.childFiles(urls, input.file!, location);
}

function problemsOf(doc: SitemapDocument, found: readonly SitemapDiagnostic[]): LintProblem[] {
  // All positions in one call: a few problems are placed by one walk over the document, not by building its index.
  const at = positionsAt(doc, found.flatMap((d) => [Math.min(Math.max(0, d.start), doc.length), Math.min(Math.max(d.start, d.end), doc.length)]));
  return found.map((d, k) => {
    const s = at[2 * k];
    const e = at[2 * k + 1];
    return { rule: d.rule, severity: d.severity, message: d.message, line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
  });
}
