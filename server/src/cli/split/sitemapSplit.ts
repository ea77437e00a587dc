/** `sitemap-split`: Split into Index for build pipelines, streaming from disk (SplitStream). Exit 0 on success; 2 with
 * one line on stderr on bad usage, a bad input, a refusal or an existing file (without --force), writing nothing. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { SNIFF_LENGTH } from '../../../../shared/contentDetection';
import { splitsAsXml } from '../../../../shared/documentLanguage';
import { SplitRefused, SplitStream, type SplitRefusal, type StreamSplitResult } from '../../language/languageService';
import { ChildFiles, ExistsError, removeQuietly, tempPath, writeFailure } from './childFiles';
import { Failure, UsageError, WriteFailure } from '../io/failure';
import { chunksOf, openMaybeGzip } from '../io/inputStream';
import { COMMAND, HELP, parseArgs, stemOf, type SplitArgs } from './splitArgs';
import { usageErrorText } from '../io/commandHelp';
import { exitQuietlyOnClosedPipe } from '../io/closedPipe';
import { reportMaxRss } from '../io/reportRss';
import { WriteFaults } from './writeFaults';
import { asksVersion, VERSION } from '../io/version';
import { reasonOf, withCause } from '../../../../shared/causes';

const REFUSALS: Record<SplitRefusal['reason'], string> = {
  'ill-formed': 'not well-formed XML',
  'entry-too-large': 'this entry alone does not fit in --max-bytes',
  'no-entries': 'no entries to split',
  'not-a-sitemap': 'not a sitemap (<urlset> or a text sitemap): nothing to split',
};

async function main(argv: readonly string[]): Promise<number> {
  let args: SplitArgs;
  if (asksVersion(argv)) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(usageErrorText(COMMAND, e.message));
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  let createdFolder: string | undefined;
  let files: ChildFiles | undefined;
  let indexTemp: string | undefined;
  try {
    const input = openInput(args.file);
    const out = args.out ?? path.dirname(args.file);
    const indexPath = args.index ?? path.join(out, `${stemOf(args.file)}-index.xml`);
    if (!args.force && fs.existsSync(indexPath)) throw new Failure(`${indexPath} exists (use --force to overwrite)`);
    createdFolder = fs.mkdirSync(out, { recursive: true });
    const faults = new WriteFaults();
    files = new ChildFiles(out, args.gzip, args.force, faults);
    const result = await split(args, input, files);
    // Every file whole on disk before any appears: the index's temporary file too, then the renames.
    indexTemp = writeTemporary(indexPath, result.index, faults);
    await files.commit();
    renameInto(indexTemp, indexPath);
    report(args, files, indexPath, result);
    return 0;
  } catch (e) {
    await files?.abort();
    if (indexTemp !== undefined) removeQuietly(indexTemp);
    if (createdFolder !== undefined) removeQuietly(createdFolder, true);
    process.stderr.write(`sitemap-split: ${describe(e, args.file)}${e instanceof WriteFailure || isSystemError(e) ? '; nothing was written' : ''}\n`);
    return e instanceof Failure || e instanceof ExistsError || e instanceof SplitRefused || isSystemError(e) ? 2 : 1;
  }
}

/**
 * The input's bytes, gunzipped when they start with gzip's magic number, however large: splitting a file over the
 * limit is the point. What is held is bounded instead: SplitStream refuses an entry, or text between entries, that
 * outgrows --max-bytes (a gzip bomb of spaces or zeros), as soon as it does.
 */
function openInput(file: string): Readable {
  return openMaybeGzip(file, (e) => e.code === 'ENOENT' ? `${file}: no such file` : withCause(`${file}: cannot read`, reasonOf(e)), undefined, Infinity);
}

async function split(args: SplitArgs, input: Readable, files: ChildFiles): Promise<StreamSplitResult> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let stream: SplitStream | undefined;
  let head = '';
  let offset = 0;
  const begin = (text: string) => {
    const xml = splitsAsXml(text);
    const pattern = args.name ?? `${stemOf(args.file)}-{n}.${xml ? 'xml' : 'txt'}${args.gzip ? '.gz' : ''}`;
    return new SplitStream({
      maxEntries: args.maxEntries,
      maxBytes: args.maxBytes,
      baseUrl: args.baseUrl ?? derivedBaseUrl,
      childName: (n) => pattern.replaceAll('{n}', String(n)),
    }, files, xml);
  };
  for await (const chunk of chunksOf(input, args.file)) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new Failure(`${args.file}: not valid UTF-8 (near byte ${offset}); sitemaps must be UTF-8`);
    }
    offset += chunk.length;
    if (stream === undefined) {
      head += text;
      if (head.length < SNIFF_LENGTH) continue;
      stream = begin(head);
      text = head;
    }
    stream.push(text);
    await files.drained();
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new Failure(`${args.file}: not valid UTF-8 (it ends inside a character); sitemaps must be UTF-8`);
  }
  if (stream === undefined) {
    stream = begin(head + rest);
    rest = head + rest;
  }
  stream.push(rest);
  return stream.end();
}

/** Without --base-url: the first entry's origin, said on stderr. */
function derivedBaseUrl(firstUrl: string | undefined): string {
  let origin: string | undefined;
  try {
    origin = firstUrl === undefined ? undefined : new URL(firstUrl).origin;
  } catch {
    origin = undefined;
  }
  if (origin === undefined || origin === 'null') throw new Failure('cannot take the base URL from the first entry; give --base-url');
  process.stderr.write(`sitemap-split: base URL ${origin}/ (the first entry's origin; --base-url sets it)\n`);
  return `${origin}/`;
}

/** The index's temporary file renamed into place; a failure names the index (`…: file name too long`). */
function renameInto(temp: string, target: string): void {
  try {
    fs.renameSync(temp, target);
  } catch (e) {
    throw e instanceof Error && isSystemError(e) ? writeFailure(target, e) : e;
  }
}

/** `text` in the temporary file beside `target` (renamed into place by the caller); nothing left on failure. */
function writeTemporary(target: string, text: string, faults: WriteFaults): string {
  const temp = tempPath(target);
  try {
    const fault = faults.next();
    if (fault !== undefined) {
      fs.writeFileSync(temp, text.slice(0, text.length >> 1), { flag: 'wx' });
      throw fault;
    }
    fs.writeFileSync(temp, text, { flag: 'wx' });
    return temp;
  } catch (e) {
    removeQuietly(temp);
    throw e instanceof Error && isSystemError(e) ? writeFailure(target, e) : e;
  }
}

function report(args: SplitArgs, files: ChildFiles, indexPath: string, result: StreamSplitResult): void {
  const children = result.children.map((c) => ({ file: path.resolve(files.target(c.name)), url: c.loc, entries: c.entries, bytes: c.bytes }));
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ index: path.resolve(indexPath), children }, null, 2)}\n`);
  } else {
    for (const c of children) process.stdout.write(`${c.file}\t${c.entries} entries\t${c.bytes} bytes\n`);
    process.stdout.write(`${path.resolve(indexPath)}\tindex of ${children.length}\n`);
  }
}

function describe(e: unknown, file: string): string {
  if (e instanceof SplitRefused) {
    const where = `${file}:${e.line + 1}:${e.column + 1}`;
    return `${where}: ${REFUSALS[e.refusal.reason]}${e.detail ? `: ${e.detail}` : ''}`;
  }
  return e instanceof Error ? e.message : String(e);
}

function isSystemError(e: unknown): boolean {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';
}

exitQuietlyOnClosedPipe();
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  reportMaxRss('sitemap-split'); // a refusal's too: the bombs' tests measure it
}, (e: unknown) => {
  process.stderr.write(`sitemap-split: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 1;
});
