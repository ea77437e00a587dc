/** The command line of `sitemap-lint`: options and usage errors (what they mean is lintSettings.ts's business). */
import { isRuleId, type RuleId, type SeverityOrOff } from '../../language/languageService';

export const USAGE = 'usage: sitemap-lint [--format stylish|json|sarif] [--site-root DIR=URL]... [--allowed-host ORIGIN]... '
  + '[--rule ID=error|warning|information|hint|off]... [--user-agent NAME] [--config FILE] [--max-warnings N] [--quiet] [--follow] <file | dir | ->...';

export type Format = 'stylish' | 'json' | 'sarif';

export interface LintArgs {
  inputs: string[];
  format: Format;
  siteRoots: Array<{ dir: string; url: string }>;
  allowedHosts: string[];
  rules: Partial<Record<RuleId, SeverityOrOff>>;
  config: string | undefined;
  /** The crawler the page rules judge for (robots.txt's group, `<meta name>`); the config's robots.userAgent else. */
  userAgent: string | undefined;
  maxWarnings: number | undefined;
  quiet: boolean;
  follow: boolean;
  help: boolean;
}

export class UsageError extends Error {}

const FORMATS: readonly string[] = ['stylish', 'json', 'sarif'];
const SEVERITIES: readonly string[] = ['error', 'warning', 'information', 'hint', 'off'];
const VALUED = new Set(['--format', '--site-root', '--allowed-host', '--rule', '--user-agent', '--config', '--max-warnings']);
const FLAGS = new Set(['--quiet', '--follow', '--help', '-h']);

export function parseArgs(argv: readonly string[]): LintArgs {
  const args: LintArgs = {
    inputs: [], format: 'stylish', siteRoots: [], allowedHosts: [], rules: {}, config: undefined, userAgent: undefined, maxWarnings: undefined,
    quiet: false, follow: false, help: false,
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
      else args.help = true;
      continue;
    }
    if (!VALUED.has(option)) throw new UsageError(`unknown option ${option}`);
    const value = option !== arg ? arg.slice(eq + 1) : argv[++k];
    if (value === undefined) throw new UsageError(`${option} needs a value`);
    applyValued(args, option, value);
  }
  if (!args.help && args.inputs.length === 0) throw new UsageError('no input (a file, a folder or - for standard input)');
  return args;
}

function applyValued(args: LintArgs, option: string, value: string): void {
  if (option === '--format') {
    if (!FORMATS.includes(value)) throw new UsageError(`unknown format "${value}" (stylish, json or sarif)`);
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
  } else if (option === '--config') {
    args.config = value;
  } else {
    if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new UsageError(`--max-warnings needs a whole number, not "${value}"`);
    args.maxWarnings = Number(value);
  }
}

/** `a=b` split at its first `=`, both sides non-empty. */
function pair(option: string, value: string, shape: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq <= 0 || eq === value.length - 1) throw new UsageError(`${option} needs ${shape}, not "${value}"`);
  return [value.slice(0, eq), value.slice(eq + 1)];
}
