/** A large input linted as it streams from disk on the language layer's ValidationStream, never held whole; the result
 * equals lintOne's on the whole text. Below STREAM_ABOVE bytes, standard input and robots.txt files take the
 * whole-document path (docs/architecture.md, "Streaming"). */
import * as fs from 'node:fs';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import type * as V8 from 'node:v8';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { isGzipName } from '../../../../shared/documentLanguage';
import { repeatsUtf16, ValidationStream, type StreamValidationOptions, type StreamValidationResult } from '../../language/languageService';
import { uncompressedSize } from '../../node/files';
import { InflatedPastLimit } from '../../node/boundedGunzip';
import { inflateLimit } from '../../../../shared/protocolLimits';
import type { LintProblem } from '../../node/lintResults';
import type { LintedOne, LintOptions } from './lintContract';
import { kindOf, type Input } from './lintInputs';
import { Failure } from '../io/failure';
import { chunksOf, openMaybeGzip } from '../io/inputStream';
import { encodingProblem } from './encodingProblem';
import { sniffEncoding, SNIFF_BYTES, type FileEncoding } from '../../../../shared/fileEncoding';
import { LineTableBuilder, positionIn, type LineTable } from '../../../../shared/lineTable';
import { reasonOf, withCause } from '../../../../shared/causes';

/**
 * Uncompressed bytes above which a file streams. The whole-document path holds about 4.5 times the document (text,
 * segments, indexes, garbage of the parse) and is a little faster; at 16 MiB that is some 70 MB above node's own.
 */
export const STREAM_ABOVE = 16 << 20;

/**
 * `SITEMAP_LINT_STREAM_WINDOW=<characters>` streams every file, in windows of that size, read in pieces of that many
 * bytes (for tests). With it or `SITEMAP_LINT_STREAM_REPORT=1`, a line on stderr says how each streamed file went.
 */
function forcedWindow(): number | undefined {
  const value = Number(process.env.SITEMAP_LINT_STREAM_WINDOW);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The linted input, or undefined when it is not to be streamed (the caller reads it whole). `alone`: as lintOne's
 * (the only input: a lone sitemap keeps no site summary).
 */
export async function lintStreamed(input: Input, options: LintOptions, alone: boolean): Promise<LintedOne | undefined> {
  if (input.file === undefined) return undefined;
  const window = options.streamWindow ?? forcedWindow();
  if (window === undefined && uncompressedSize(input.file) <= STREAM_ABOVE) return undefined;
  const restore = smallYoungGeneration();
  try {
    return await streamPasses(input, input.file, options, window, alone);
  } finally {
    restore();
  }
}

async function streamPasses(input: Input, file: string, options: LintOptions, window: number | undefined, alone: boolean): Promise<LintedOne | undefined> {
  let reference: { origin: string | undefined } | undefined;
  // A second pass when the first window's origin is not the one most URLs share (mixed-hosts); a third would mean
  // the file changed meanwhile, and it is then read whole.
  for (let pass = 0; pass < 2; pass++) {
    let linted: Awaited<ReturnType<typeof streamOnce>>;
    try {
      linted = await streamOnce(input, file, options, { window, reference, alone });
    } catch (e) {
      // An unreadable file is reported as a whole read reports it; anything else is this path's fault: read it whole.
      // So is gzip that does not decompress in a file not named .gz: a whole read reports it as not text.
      if (e instanceof InflatedPastLimit || (e instanceof Failure && isGzipName(input.name))) throw e;
      return undefined;
    }
    if (linted === undefined) return undefined;
    if (!('rerun' in linted)) {
      if (options.onStreamed !== undefined) options.onStreamed(input.name, linted.windows, pass + 1);
      else if (window !== undefined || process.env.SITEMAP_LINT_STREAM_REPORT === '1') process.stderr.write(`sitemap-lint: ${input.name}: streamed, ${linted.windows} windows, ${pass + 1} passes\n`);
      return linted.linted;
    }
    reference = linted.reference;
  }
  return undefined;
}

/**
 * Keeps V8's young generation at its starting size while a file streams: its windows die young, and V8 would grow each
 * semi-space to 16 MB, 30 MB of RSS holding garbage (docs/performance.md). The growth factor, unlike
 * `--max-semi-space-size`, is read after start-up. Returns what restores it; flags are per process, so a worker beside
 * another may restore it early: memory, never correctness.
 */
function smallYoungGeneration(): () => void {
  const v8 = require('node:v8') as typeof V8;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return () => v8.setFlagsFromString('--semi-space-growth-factor=2');
}

async function streamOnce(input: Input, file: string, options: LintOptions, how: Pick<StreamValidationOptions, 'window' | 'reference' | 'alone'>): Promise<{ linted: LintedOne; windows: number } | Extract<StreamValidationResult, { rerun: true }> | undefined> {
  const { window } = how;
  const source = open(input, file, window, inflateLimit(options.settings.limits.maxBytes));
  const found: { encoding?: FileEncoding } = {};
  let opening = '';
  const lines = new LineTableBuilder();
  const location = options.site.locate(file);
  let stream: ValidationStream | undefined;
  let head = '';
  let bytes = 0;
  // Until its first characters are known, the kind is not: they are gathered first, as kindOf reads them.
  const take = (text: string, last: boolean): boolean => {
    lines.push(text);
    bytes += Buffer.byteLength(text);
    if (stream === undefined) {
      head += text;
      if (head.length <= SNIFF_LENGTH && !last) return true;
      const kind = kindOf(input.name, head);
      if (kind === 'robots') return false;
      stream = new ValidationStream({ languageId: kind, settings: options.settings, context: { location, now: options.now }, ...how });
      // In pieces as read, so that a test's small windows fall in the head's first characters too.
      const piece = window ?? head.length;
      for (let at = 0; at < head.length; at += piece) stream.push(head.slice(at, at + piece));
      head = '';
      return true;
    }
    stream.push(text);
    return !stream.needsWholeDocument;
  };
  try {
    // A stream that is not the file's own is gunzipped: binary or not, it is read to its end or the limit.
    for await (const text of decodedText(source, input.name, found, !(source instanceof fs.ReadStream))) {
      // The XML declaration, for repeatsUtf16.
      if (opening.length < 256) opening += text.slice(0, 256 - opening.length);
      if (!take(text, false)) return undefined;
    }
  } finally {
    source.destroy();
  }
  const encoding = encodingProblem(found.encoding, options.settings);
  if (found.encoding?.kind === 'binary') return { linted: { result: { file: input.name, problems: encoding ? [encoding] : [] }, children: [], site: undefined }, windows: 0 };
  if (!take('', true)) return undefined;
  const result = stream!.end(bytes);
  if (stream!.needsWholeDocument) return undefined;
  if (result.rerun) return result;
  const { lines: table, length } = lines.finish();
  const problems: LintProblem[] = result.diagnostics.filter((d) => !repeatsUtf16(found.encoding, d, opening))
    .map((d) => ({ rule: d.rule, severity: d.severity, message: d.message, ...spanIn(table, length, d.start, d.end), ...(d.url === undefined ? {} : { url: d.url }) }));
  if (encoding !== undefined) problems.unshift(encoding);
  const { summary } = result;
  if (summary === undefined) return { linted: { result: { file: input.name, problems }, children: [], site: undefined }, windows: stream!.windows };
  const children = summary.kind === 'sitemapindex' ? options.site.childFiles(summary.entries.map((e) => e.url), file, location) : [];
  const linted = { result: { file: input.name, problems }, children, site: { file, location, summary, lines: table, length } };
  return { linted, windows: stream!.windows };
}

/**
 * The text of `source` in pieces, decoded as its first bytes say (node/fileEncoding.ts; the encoding is left in
 * `found`); nothing once they say it is not text, though with `drain` the rest is read (gzip: a binary bomb is
 * file-too-large, as a whole read finds it).
 */
async function* decodedText(source: Readable, name: string, found: { encoding?: FileEncoding }, drain: boolean): AsyncGenerator<string> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let decoder: TextDecoder | undefined;
  const decide = (): string | undefined => {
    const bytes = Buffer.concat(head);
    found.encoding = sniffEncoding(bytes.subarray(0, SNIFF_BYTES));
    if (found.encoding.kind === 'binary') return undefined;
    decoder = new TextDecoder(found.encoding.kind);
    return decoder.decode(bytes, { stream: true });
  };
  for await (const chunk of chunksOf(source, name)) {
    if (decoder !== undefined) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    if (found.encoding?.kind === 'binary') continue;
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes < SNIFF_BYTES) continue;
    const text = decide();
    if (text === undefined && !drain) return;
    if (text !== undefined) yield text;
  }
  if (decoder === undefined) {
    const text = decide();
    if (text === undefined) return;
    yield text;
  }
  yield decoder!.decode();
}

/** The file's bytes, gunzipped when they start with gzip's magic number. */
function open(input: Input, file: string, window: number | undefined, limit: number): Readable {
  return openMaybeGzip(file, (e) => withCause(`${input.name}: cannot read`, reasonOf(e)), window, limit);
}

/** As lintOne's spanOf: the start clamped to the text, the end to [start, length]. */
function spanIn(lines: LineTable, length: number, start: number, end: number): Pick<LintProblem, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const from = Math.min(Math.max(0, start), length);
  const s = positionIn(lines, length, from);
  const e = positionIn(lines, length, Math.min(Math.max(start, end), length));
  return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
}
