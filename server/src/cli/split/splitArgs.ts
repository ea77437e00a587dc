/** The command line of `sitemap-split`: options, defaults and usage errors. */
import * as path from 'node:path';
import { MAX_BYTES, MAX_ENTRIES } from '../../../../shared/protocolLimits';
import type { SplitParameters } from '../../../../shared/protocol';
import { UsageError } from '../io/failure';
import { flagOptions, helpText, HELP_AND_VERSION, valuedOptions, type CommandSpec } from '../io/commandHelp';
import { formatCount } from '../../../../shared/byteSize';

/** The options the parser takes, the usage line and --help (io/commandHelp.ts). */
export const COMMAND: CommandSpec = {
  name: 'sitemap-split',
  summary: 'sitemap-split: splits a sitemap (XML or text, plain or gzip) into children within the protocol\'s limits and an index of them.',
  operands: '<file>',
  options: [
    { name: '--max-entries', arg: 'N', help: 'Entries per child at most.', default: formatCount(MAX_ENTRIES) },
    { name: '--max-bytes', arg: 'N', help: 'UTF-8 bytes per child at most, uncompressed.', default: formatCount(MAX_BYTES) },
    { name: '--base-url', arg: 'URL', help: 'The URL of the children\'s folder, which the index lists them under.', default: 'the first entry\'s origin plus /, said on stderr' },
    { name: '--out', arg: 'DIR', help: 'The folder the children are written to.', default: 'the input\'s folder' },
    { name: '--name', arg: 'PATTERN', help: 'The children\'s file name, {n} their number.', default: '<stem>-{n}.xml (.txt for a text sitemap)' },
    { name: '--index', arg: 'FILE', help: 'The index\'s file.', default: '<stem>-index.xml in --out' },
    { name: '--gzip', help: 'Write the children gzipped (.gz added to their names).' },
    { name: '--force', help: 'Overwrite files that exist.', default: 'refuse, writing nothing' },
    { name: '--json', help: 'Print what was written as JSON: { "index", "children": [{ "file", "url", "entries", "bytes" }] }.' },
    ...HELP_AND_VERSION,
  ],
  exitCodes: [
    [0, 'The children and the index are written.'],
    [1, 'An unexpected failure (one line on stderr); nothing is written.'],
    [2, 'Bad usage (the error and the usage line on stderr), or an input that cannot be read or split, a file that exists without --force, a write that fails (one line on stderr); nothing is written.'],
  ],
  examples: [
    ['sitemap-split public/sitemap.xml', 'Children of 50,000 entries at most beside it, and public/sitemap-index.xml.'],
    ['sitemap-split --max-entries 10000 --gzip --out public/sitemaps sitemap.xml.gz', 'Gzipped children of 10,000 entries in public/sitemaps/.'],
    ['sitemap-split --base-url https://www.example.com/ --index public/sitemap.xml --force public/sitemap.xml', 'Replace the sitemap by its index once every child is written.'],
  ],
  anchor: 'sitemap-split',
};
export const HELP = helpText(COMMAND);

export interface SplitArgs extends Pick<SplitParameters, 'maxEntries' | 'maxBytes'> {
  file: string;
  /** Without --base-url, the first entry's origin. */
  baseUrl: SplitParameters['baseUrl'] | undefined;
  out: string | undefined;
  /** --name, the namePattern; without it, the file's stem with `-{n}`. */
  name: SplitParameters['namePattern'] | undefined;
  index: string | undefined;
  gzip: boolean;
  force: boolean;
  json: boolean;
  help: boolean;
}


const VALUED = valuedOptions(COMMAND);
const FLAGS = flagOptions(COMMAND);

export function parseArgs(argv: readonly string[]): SplitArgs {
  const args: SplitArgs = {
    file: '', maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, baseUrl: undefined, out: undefined, name: undefined, index: undefined,
    gzip: false, force: false, json: false, help: false,
  };
  const files: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (arg === '--') {
      files.push(...argv.slice(k + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const option = eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(option) && eq < 0) {
      if (option === '--gzip') args.gzip = true;
      else if (option === '--force') args.force = true;
      else if (option === '--json') args.json = true;
      else if (option !== '--version') args.help = true;
      continue;
    }
    if (!VALUED.has(option)) throw new UsageError(`unknown option ${option}`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++k];
    if (value === undefined) throw new UsageError(`${option} needs a value`);
    if (option === '--max-entries') args.maxEntries = positiveInteger(option, value);
    else if (option === '--max-bytes') args.maxBytes = positiveInteger(option, value);
    else if (option === '--base-url') args.baseUrl = baseUrl(value);
    else if (option === '--out') args.out = value;
    else if (option === '--name') args.name = namePattern(value);
    else args.index = value;
  }
  if (args.help) return args;
  if (files.length !== 1) throw new UsageError(files.length === 0 ? 'no input file' : 'one input file only');
  args.file = files[0];
  return args;
}

function positiveInteger(option: string, value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} needs a positive whole number, not "${value}"`);
  }
  return Number(value);
}

/** An absolute http(s) URL; the children's folder, so it ends in '/'. */
function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url needs an absolute URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url needs an http or https URL, not "${value}"`);
  return value.endsWith('/') ? value : `${value}/`;
}

function namePattern(value: string): string {
  if (!value.includes('{n}')) throw new UsageError('--name needs {n} where the child\'s number goes, e.g. sitemap-{n}.xml');
  if (value.includes('/') || value.includes(path.sep)) throw new UsageError('--name is a file name; use --out for the folder');
  return value;
}

/** `sitemap.xml.gz` → `sitemap`: the name without its .gz and then its .xml or .txt. */
export function stemOf(file: string): string {
  return path.basename(file).replace(/\.gz$/i, '').replace(/\.(xml|txt)$/i, '');
}
