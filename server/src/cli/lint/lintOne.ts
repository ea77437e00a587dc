/** One input linted on the editor's engine: its problems in lines and columns, the local files it names (`--follow`),
 * and what the cross-file rules need once its document is gone (site summary, location, line table). */
import {
  entryUrlsAt, indexEntries, needsSiteCheck, parseDocument, positionsAt, repeatsUtf16, robotsSitemapUrls, summarizeForSite, validate, validateInflatedPast, type SitemapDiagnostic,
  type SitemapDocument,
} from '../../language/languageService';
import { InflatedPastLimit } from '../../node/boundedGunzip';
import { inflateHead, readHead } from '../../node/files';
import { decodeSniffed } from '../../../../shared/fileEncoding';
import type { LintProblem } from '../../node/lintResults';
import type { LintedOne, LintOptions, SiteFacts } from './lintContract';
import { kindOf, readFetched, readInput, type Input, type ReadInput } from './lintInputs';
import type { FetchedBody } from '../http/urlInput';
import { lintStreamed } from './lintStream';
import { encodingProblem } from './encodingProblem';
import { lineTableOf, positionIn } from '../../../../shared/lineTable';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { Failure } from '../io/failure';

/** Bytes of a stopped file's start, compressed and inflated, that place its problem (the root is in its first lines). */
const HEAD_BYTES = 64 * 1024;

/**
 * An input read and linted: a large file as it streams (lintStream.ts), any other whole; gzip that inflates past the
 * limit (shared/protocolLimits.ts) is read no further, and is that one problem.
 */
export async function lintInput(input: Input, options: LintOptions, alone: boolean): Promise<LintedOne> {
  let head: Uint8Array | undefined;
  try {
    if (input.url !== undefined) {
      const body = await input.url.read();
      head = body.bytes.subarray(0, HEAD_BYTES);
      return lintFetched(input, body, options, alone);
    }
    return (await lintStreamed(input, options, alone)) ?? lintOne(readInput(input, inflateLimit(options.settings.limits.maxBytes)), options, alone);
  } catch (e) {
    if (e instanceof InflatedPastLimit) return inflatedPast(input, e, options, head);
    throw e;
  }
}

/** A URL input's body, read within the limit (a larger one is file-too-large, as a local .gz that inflates past it). */
function lintFetched(input: Input, body: FetchedBody, options: LintOptions, alone: boolean): LintedOne {
  const limit = inflateLimit(options.settings.limits.maxBytes);
  if (body.tooLarge) throw new InflatedPastLimit(input.name, limit);
  return lintOne(readFetched(input, body, limit), options, alone);
}

/**
 * The file-too-large problem of a file whose reading stopped at the limit, on the root's name in its first characters
 * (standard input, read already, at its start); with the rule off, the file is unreadable (nothing of it was checked).
 */
function inflatedPast(input: Input, stopped: InflatedPastLimit, options: LintOptions, fetchedHead?: Uint8Array): LintedOne {
  const bytes = fetchedHead !== undefined ? Buffer.from(fetchedHead) : input.file === undefined ? undefined : readHead(input.file, HEAD_BYTES);
  const inflated = bytes === undefined ? undefined : inflateHead(bytes, HEAD_BYTES);
  // A binary head (a bomb of zeros) has no root to place it on.
  const head = inflated === undefined ? '' : decodeSniffed(inflated) ?? '';
  const kind = kindOf(input.name, head);
  const found = validateInflatedPast(head, kind === 'sitemap' ? 'sitemap' : 'sitemap-txt', stopped.limit, options.settings);
  if (found === undefined) throw new Failure(stopped.message);
  const lines = lineTableOf(head);
  const s = positionIn(lines, head.length, found.start);
  const e = positionIn(lines, head.length, found.end);
  const problem = { rule: found.rule, severity: found.severity, message: found.message, line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
  return { result: { file: input.name, problems: [problem] }, children: [], site: undefined };
}

/** `alone`: the only input; a lone sitemap then has nothing to check across files, and skips its summary (40–100 ms at 50,000 entries, with the GC). */
export function lintOne(input: ReadInput, options: LintOptions, alone: boolean): LintedOne {
  const encoding = encodingProblem(input.encoding, options.settings);
  // Not text: that one problem, and nothing a site could use.
  if (input.encoding?.kind === 'binary') return { result: { file: input.name, problems: encoding ? [encoding] : [] }, children: [], site: undefined };
  const doc = parseDocument(input.text, input.kind === 'robots' ? 'robots-txt' : input.kind, { byteLength: input.byteLength, deferUrlIndex: true });
  const location = input.kind === 'robots' ? undefined : input.location ?? (input.file !== undefined ? options.site.locate(input.file) : undefined);
  const found = validate(doc, options.settings, { location, now: options.now }).filter((d) => !repeatsUtf16(input.encoding, d, input.text));
  const result = { file: input.name, problems: [...(encoding ? [encoding] : []), ...problemsOf(doc, found)] };
  // A URL input is a file of the run keyed by its URL; it lists URLs, which are read in turn (its children).
  const key = input.url?.key ?? input.file;
  if (key === undefined || (alone && !needsSiteCheck([doc.kind]))) return { result, children: input.url === undefined ? [] : listedUrls(input, doc), site: undefined };
  const summary = options.sitemapSummary?.(doc) ?? summarizeForSite(doc);
  const site: SiteFacts = { file: key, location, summary, lines: lineTableOf(input.text, doc.lineCount), length: input.text.length };
  if (input.url !== undefined) return { result, children: listedUrls(input, doc), site };
  return { result, children: childrenOf(input, doc, options, location), site };
}

/** The URLs a fetched index or robots.txt lists, resolved against where it came from. */
function listedUrls(input: ReadInput, doc: SitemapDocument): string[] {
  const listed = input.kind === 'robots' ? robotsSitemapUrls(input.text) : doc.kind === 'sitemapindex' ? indexEntries(doc).flatMap((entry) => (entry.url !== undefined ? [entry.url] : [])) : [];
  return listed.flatMap((url) => {
    try {
      return [new URL(url, input.location).href];
    } catch {
      return [];
    }
  });
}

function childrenOf(input: ReadInput, doc: SitemapDocument, options: LintOptions, location: string | undefined): string[] {
  if (input.kind === 'robots') return options.site.sitemapsOfRobots(input.file!, input.text);
  if (doc.kind !== 'sitemapindex') return [];
  const urls = indexEntries(doc).flatMap((entry) => (entry.url !== undefined ? [entry.url] : []));
  return options.site.childFiles(urls, input.file!, location);
}

function problemsOf(doc: SitemapDocument, found: readonly SitemapDiagnostic[]): LintProblem[] {
  if (found.length === 0) return [];
  // All positions in one call: a few problems are placed by one walk over the document, not by building its index.
  const ranges = found.flatMap((d) => [Math.min(Math.max(0, d.start), doc.length), Math.min(Math.max(d.start, d.end), doc.length)]);
  const at = positionsAt(doc, ranges);
  const urls = entryUrlsAt(doc, ranges);
  return found.map((d, k) => {
    const s = at[2 * k];
    const e = at[2 * k + 1];
    const problem: LintProblem = { rule: d.rule, severity: d.severity, message: d.message, line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
    if (urls[k] !== undefined) problem.url = urls[k];
    return problem;
  });
}
