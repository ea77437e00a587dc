/** The command line of `sitemap-diff`: options and usage errors. */
import { UsageError } from '../io/failure';
import { flagOptions, helpText, HELP_AND_VERSION, valuedOptions, type CommandSpec } from '../io/commandHelp';
import { applyHttpOption, httpDefaults, HTTP_OPTIONS, type HttpArgs } from '../http/httpOptions';

export type DiffFormat = 'stylish' | 'json' | 'markdown';

/** More than `count` URLs, or more than `percent` % of the old side's URLs. */
export type Threshold = { count: number } | { percent: number };

export interface DiffArgs extends HttpArgs {
  sides: string[];
  format: DiffFormat;
  siteRoots: Array<{ dir: string; url: string }>;
  failOnRemoved: Threshold | undefined;
  failOnAdded: Threshold | undefined;
  /** Every URL in the stylish and markdown lists, not the first ones. */
  all: boolean;
  help: boolean;
}


const FORMATS: readonly string[] = ['stylish', 'json', 'markdown'];

/** The options the parser takes, the usage line and --help (io/commandHelp.ts). */
export const COMMAND: CommandSpec = {
  name: 'sitemap-diff',
  summary: 'sitemap-diff: the URLs a build added to or removed from its sitemaps, and the <lastmod>s it changed.',
  operands: '<old> <new>',
  options: [
    { name: '--format', arg: FORMATS.join('|'), help: 'The report\'s format: markdown for a pull request\'s comment.', default: FORMATS[0] },
    { name: '--site-root', arg: 'DIR=URL', repeatable: true, help: 'The folder DIR (from here) is the site at URL: where an index\'s children are.', default: 'inferred as sitemap-lint infers it, else below the index\'s folder' },
    { name: '--fail-on-removed', arg: 'N|N%', help: 'Exit 1 when more than N URLs, or more than N % of the old side\'s, were removed.' },
    { name: '--fail-on-added', arg: 'N|N%', help: 'Exit 1 when more than N URLs, or more than N % of the old side\'s, were added.' },
    { name: '--all', help: 'List every URL in the stylish and markdown reports.', default: 'the first 20 (stylish) or 200 (markdown) of each list' },
    ...HTTP_OPTIONS,
    ...HELP_AND_VERSION,
  ],
  exitCodes: [
    [0, 'The report is printed; no --fail-on threshold passed.'],
    [1, 'A --fail-on threshold passed (the report is printed too).'],
    [2, 'Bad usage (the error and the usage line on stderr) or a side that cannot be read (one line on stderr, nothing on stdout).'],
  ],
  examples: [
    ['sitemap-diff HEAD~1:public/ public/', 'Compare the sitemaps under public/ with the previous commit\'s (each side: a file, a folder, - for standard input, REV:path in git, or a URL).'],
    ['sitemap-diff https://www.example.com/sitemap.xml public/sitemap.xml', 'Compare the live site\'s sitemaps (read over HTTP, an index with its children) with this build\'s: what deploying it would change.'],
    ['sitemap-diff --format markdown --fail-on-removed 5% origin/main:public/sitemap.xml public/sitemap.xml', 'A pull request\'s comment; fail when more than 5 % of the URLs went away.'],
  ],
  anchor: 'sitemap-diff',
};
export const HELP = helpText(COMMAND);
const VALUED = valuedOptions(COMMAND);
const FLAGS = flagOptions(COMMAND);

export function parseDiffArgs(argv: readonly string[]): DiffArgs {
  const args: DiffArgs = { sides: [], format: 'stylish', siteRoots: [], failOnRemoved: undefined, failOnAdded: undefined, all: false, help: false, ...httpDefaults() };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (arg === '--') {
      args.sides.push(...argv.slice(k + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      args.sides.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const option = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(option)) {
      if (option === '--all') args.all = true;
      else if (option === '--insecure') args.insecure = true;
      else if (option !== '--version') args.help = true;
    } else if (!VALUED.has(option)) throw new UsageError(`unknown option ${option}`);
    else {
      const value = option !== arg ? arg.slice(eq + 1) : argv[++k];
      if (value === undefined) throw new UsageError(`${option} needs a value`);
      applyValued(args, option, value);
    }
  }
  if (args.help) return args;
  if (args.sides.length !== 2) throw new UsageError(`two sitemaps to compare, old and new (${args.sides.length} given)`);
  if (args.sides[0] === '-' && args.sides[1] === '-') throw new UsageError('standard input can be one side only');
  return args;
}

function applyValued(args: DiffArgs, option: string, value: string): void {
  if (applyHttpOption(args, option, value)) return;
  if (option === '--format') {
    if (!FORMATS.includes(value)) throw new UsageError(`unknown format "${value}" (stylish, json or markdown)`);
    args.format = value as DiffFormat;
  } else if (option === '--site-root') {
    const eq = value.indexOf('=');
    if (eq <= 0 || eq === value.length - 1) throw new UsageError(`--site-root needs DIR=URL, not "${value}"`);
    args.siteRoots.push({ dir: value.slice(0, eq), url: value.slice(eq + 1) });
  } else if (option === '--fail-on-removed') {
    args.failOnRemoved = thresholdOf(option, value);
  } else {
    args.failOnAdded = thresholdOf(option, value);
  }
}

function thresholdOf(option: string, value: string): Threshold {
  const match = /^([0-9]+(?:\.[0-9]+)?)(%?)$/.exec(value);
  if (match === null || (match[2] === '' && match[1].includes('.'))) throw new UsageError(`${option} needs a whole number N or a percentage N%, not "${value}"`);
  return match[2] === '%' ? { percent: Number(match[1]) } : { count: Number(match[1]) };
}

/** Whether `changed` URLs pass the threshold: more than its count, or more than its share of `oldCount`. */
export function passes(threshold: Threshold | undefined, changed: number, oldCount: number): boolean {
  if (threshold === undefined) return false;
  return 'count' in threshold ? changed > threshold.count : changed * 100 > threshold.percent * oldCount;
}
