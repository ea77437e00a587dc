/** The command line of `sitemap-lint`: options and usage errors (what they mean is lintSettings.ts's business). */
import { isRuleId, type RuleId, type SeverityOrOff } from '../../language/languageService';
import { UsageError } from '../io/failure';
import { BUCKETS } from './summary/summaryFormat';
import { flagOptions, helpText, valuedOptions } from '../io/commandHelp';
import { lintCommand } from './lintHelp';
import { isUrlInput } from '../http/urlInput';
import { applyHttpOption, httpDefaults, type HttpArgs } from '../http/httpOptions';

export type Format = 'stylish' | 'json' | 'sarif' | 'csv';

export interface LintArgs extends HttpArgs {
  inputs: string[];
  format: Format;
  siteRoots: Array<{ dir: string; url: string }>;
  allowedHosts: string[];
  rules: Partial<Record<RuleId, SeverityOrOff>>;
  config: string | undefined;
  /** The crawler the page rules judge for (robots.txt's group, `<meta name>`); the config's robots.userAgent else. */
  userAgent: string | undefined;
  maxWarnings: number | undefined;
  /** Problems reported per file at most (maxProblems.ts); every one without it. */
  maxProblems: number | undefined;
  quiet: boolean;
  follow: boolean;
  help: boolean;
  /** This shard's share of the inputs (lintShards.ts); its cross-file rules left to the merge. */
  shard: Part | undefined;
  summaryOut: string | undefined;
  /** The inputs are shards' summary files: run the cross-file rules over them. */
  mergeSummaries: boolean;
  partition: Part | undefined;
  /** Report only the problems this baseline does not record (baseline/applyBaseline.ts). */
  baseline: string | undefined;
  /** Record today's problems in this baseline file, then report against it. */
  writeBaseline: string | undefined;
  /** --write-baseline may replace an existing file. */
  force: boolean;
  /** --live: each listed URL asked over HTTP. */
  live: boolean;
  /** --live-origin: the origin asked instead of the listed URLs' (implies --live). */
  liveOrigin: string | undefined;
  /** --live-concurrency: requests in flight per origin (the HTTP client's connections per origin follow it). */
  liveConcurrency: number;
  /** --live-rate: request starts per second per origin; 0: no limit. */
  liveRate: number;
  /** --live-cache: the verdicts kept between runs, asked again conditionally. */
  liveCache: string | undefined;
}

/** --live's politeness by default (checkLive.ts's LIVE_DEFAULTS, which this bundle does not load). */
export const LIVE_CONCURRENCY = 4;
export const LIVE_RATE = 8;

/** `i/n`: part i (from 1) of n. */
export interface Part {
  index: number;
  count: number;
}


const FORMATS: readonly string[] = ['stylish', 'json', 'sarif', 'csv'];
const SEVERITIES: readonly string[] = ['error', 'warning', 'information', 'hint', 'off'];
/** The options, the usage line and --help from one table (lintHelp.ts). */
export const COMMAND = lintCommand(FORMATS);
export const HELP = helpText(COMMAND);
const VALUED = valuedOptions(COMMAND);
const FLAGS = flagOptions(COMMAND);

export function parseArgs(argv: readonly string[]): LintArgs {
  const args: LintArgs = {
    inputs: [], format: 'stylish', siteRoots: [], allowedHosts: [], rules: {}, config: undefined, userAgent: undefined, maxWarnings: undefined, maxProblems: undefined,
    quiet: false, follow: false, help: false, shard: undefined, summaryOut: undefined, mergeSummaries: false, partition: undefined,
    baseline: undefined, writeBaseline: undefined, force: false, live: false, liveOrigin: undefined, liveConcurrency: LIVE_CONCURRENCY, liveRate: LIVE_RATE, liveCache: undefined, ...httpDefaults(),
  };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (arg === '--') {
      args.inputs.push(...argv.slice(k + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      args.inputs.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const option = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(option)) {
      if (option === '--quiet') args.quiet = true;
      else if (option === '--follow') args.follow = true;
      else if (option === '--merge-summaries') args.mergeSummaries = true;
      else if (option === '--force') args.force = true;
      else if (option === '--live') args.live = true;
      else if (option === '--insecure') args.insecure = true;
      else if (option !== '--version') args.help = true;
      continue;
    }
    if (!VALUED.has(option)) throw new UsageError(`unknown option ${option}`);
    const value = option !== arg ? arg.slice(eq + 1) : argv[++k];
    if (value === undefined) throw new UsageError(`${option} needs a value`);
    applyValued(args, option, value);
  }
  if (!args.help && args.inputs.length === 0) throw new UsageError('no input (a file, a folder, a URL or - for standard input)');
  checkSharding(args);
  checkBaseline(args);
  // The verdicts are the shards' (each checks the URLs its own files list): a merge reads summaries, not sitemaps.
  if (args.live && args.mergeSummaries) throw new UsageError('--live does not go with --merge-summaries (give --live to the shards: each checks the URLs its own files list)');
  checkLiveOptions(args, argv);
  return args;
}

/** --live-concurrency, --live-rate and --live-cache tune --live: without it they are a mistake, not a silent no-op. */
function checkLiveOptions(args: LintArgs, argv: readonly string[]): void {
  const tuning = argv.find((arg) => /^--live-(concurrency|rate|cache)(=|$)/.test(arg));
  if (tuning !== undefined && !args.live) throw new UsageError(`${tuning.replace(/=.*$/, '')} needs --live`);
}

/** The sharding options that go together: --summary-out with --shard, --partition with --merge-summaries. */
function checkSharding(args: LintArgs): void {
  if (args.summaryOut !== undefined && args.shard === undefined) throw new UsageError('--summary-out needs --shard');
  if (args.partition !== undefined && !args.mergeSummaries) throw new UsageError('--partition needs --merge-summaries');
  if (args.partition !== undefined && args.partition.count > BUCKETS) throw new UsageError(`--partition K/N takes N up to ${BUCKETS} (the summaries' URL hash buckets)`);
  if (args.shard !== undefined && args.mergeSummaries) throw new UsageError('--shard and --merge-summaries do not go together');
  // A followed child could be any shard's: shards take folders instead.
  if ((args.shard !== undefined || args.mergeSummaries) && args.follow) throw new UsageError('--follow does not go with --shard or --merge-summaries');
  // A shard is chosen by the hash of a file's path, and a URL's children are found as it is read.
  if ((args.shard !== undefined || args.mergeSummaries) && args.inputs.some(isUrlInput)) throw new UsageError('a URL input does not go with --shard or --merge-summaries');
}

/** A baseline names files: not standard input's; and each shard or merge would see only part of its entries. */
function checkBaseline(args: LintArgs): void {
  const option = args.writeBaseline !== undefined ? '--write-baseline' : args.baseline !== undefined ? '--baseline' : undefined;
  if (args.force && args.writeBaseline === undefined) throw new UsageError('--force needs --write-baseline');
  if (option === undefined) return;
  if (args.baseline !== undefined && args.writeBaseline !== undefined) throw new UsageError('--baseline and --write-baseline do not go together (--write-baseline FILE --force records it anew)');
  if (args.inputs.includes('-')) throw new UsageError(`${option} does not go with standard input (a baseline matches problems by file)`);
  // A problem outside every entry is keyed by its file's text, read again from disk: a URL's is not kept.
  if (args.inputs.some(isUrlInput)) throw new UsageError(`${option} does not go with a URL input (a baseline matches problems by file on disk)`);
  if (args.shard !== undefined || args.mergeSummaries) throw new UsageError(`${option} does not go with --shard or --merge-summaries`);
}

function applyValued(args: LintArgs, option: string, value: string): void {
  if (applyHttpOption(args, option, value)) return;
  if (option === '--format') {
    if (!FORMATS.includes(value)) throw new UsageError(`unknown format "${value}" (stylish, json, sarif or csv)`);
    args.format = value as Format;
  } else if (option === '--site-root') {
    const [dir, url] = pair(option, value, 'DIR=URL');
    args.siteRoots.push({ dir, url });
  } else if (option === '--allowed-host') {
    args.allowedHosts.push(value);
  } else if (option === '--rule') {
    const [id, severity] = pair(option, value, 'ID=SEVERITY');
    if (!isRuleId(id)) throw new UsageError(`unknown rule "${id}"`);
    if (!SEVERITIES.includes(severity)) throw new UsageError(`--rule ${id} needs error, warning, information, hint or off, not "${severity}"`);
    args.rules[id] = severity as SeverityOrOff;
  } else if (option === '--user-agent') {
    // A product token as robots.txt names crawlers (settingsSection.ts's userAgentOf takes the same).
    if (!/^[A-Za-z_-]+$/.test(value)) throw new UsageError(`--user-agent needs a crawler's name (letters, - and _), not "${value}"`);
    args.userAgent = value;
  } else if (option === '--shard' || option === '--partition') {
    args[option === '--shard' ? 'shard' : 'partition'] = partOf(option, value);
  } else if (option === '--summary-out') {
    args.summaryOut = value;
  } else if (option === '--baseline' || option === '--write-baseline') {
    args[option === '--baseline' ? 'baseline' : 'writeBaseline'] = value;
  } else if (option === '--live-origin') {
    args.liveOrigin = originOf(value);
    args.live = true;
  } else if (option === '--live-concurrency') {
    args.liveConcurrency = wholeNumber(option, value, 1, 256);
  } else if (option === '--live-rate') {
    args.liveRate = rate(option, value);
  } else if (option === '--live-cache') {
    args.liveCache = value;
  } else if (option === '--config') {
    args.config = value;
  } else if (option === '--max-problems') {
    args.maxProblems = wholeNumber(option, value, 1);
  } else {
    args.maxWarnings = wholeNumber(option, value, 0);
  }
}

/** An http(s) origin as URL writes it (`https://preview.example.com`): a path, query or fragment is a mistake. */
function originOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare = url !== undefined && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) throw new UsageError(`--live-origin needs an http or https origin (https://preview.example.com), not "${value}"`);
  return url.origin;
}

function wholeNumber(option: string, value: string, least: number, most = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  const range = `${least > 0 ? ` from ${least}` : ''}${most < Number.MAX_SAFE_INTEGER ? ` to ${most}` : ''}`;
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < least || n > most) throw new UsageError(`${option} needs a whole number${range}, not "${value}"`);
  return n;
}

/** Requests per second: a number from 0 (no limit), fractions allowed (0.5: one every two seconds), at most 10,000. */
function rate(option: string, value: string): number {
  const n = Number(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || !(n >= 0) || n > 10_000) throw new UsageError(`${option} needs requests per second, from 0 (no limit) to 10000, not "${value}"`);
  return n;
}

/** `a=b` split at its first `=`, both sides non-empty. */
function pair(option: string, value: string, shape: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq <= 0 || eq === value.length - 1) throw new UsageError(`${option} needs ${shape}, not "${value}"`);
  return [value.slice(0, eq), value.slice(eq + 1)];
}

function partOf(option: string, value: string): Part {
  const m = /^([0-9]{1,6})\/([0-9]{1,6})$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || index < 1 || count < 1 || index > count) throw new UsageError(`${option} needs I/N with 1 <= I <= N, not "${value}"`);
  return { index, count };
}
