/** The command line of `sitemap-split`: options, defaults and usage errors. */
import * as path from 'node:path';
import { MAX_BYTES, MAX_ENTRIES } from '../../../../shared/protocolLimits';
import type { SplitParameters } from '../../../../shared/protocol';
import { UsageError } from '../io/failure';

export const USAGE = 'usage: sitemap-split <file> [--max-entries N] [--max-bytes N] [--base-url URL] [--out DIR] [--name PATTERN] [--index FILE] [--gzip] [--force] [--json] [--version]';

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


const VALUED = new Set(['--max-entries', '--max-bytes', '--base-url', '--out', '--name', '--index']);
const FLAGS = new Set(['--gzip', '--force', '--json', '--help', '-h']);

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
      else args.help = true;
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
