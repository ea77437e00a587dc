/** Every bin's options as one table (CommandSpec): its parser takes the option names from it and `--help` and the
 * usage line are written from it, so that an option cannot be accepted without being documented. The layout is
 * ESLint's and lychee's: usage, options with their arguments and defaults, exit codes, examples, the docs' address. */
import { repository } from '../../../../package.json';

export interface OptionSpec {
  /** `--format`. */
  name: string;
  /** `-h`, also accepted. */
  short?: string;
  /** What the option takes (`stylish|json|sarif`, `DIR=URL`); none for a flag. */
  arg?: string;
  /** Given again, it adds (`--site-root`); the usage line marks it `...`. */
  repeatable?: boolean;
  /** What it does, one sentence or two. */
  help: string;
  /** What holds without the option. */
  default?: string;
}

/** The options every bin takes, last in its table (each parser reads `--version` before the rest: io/version.ts). */
export const HELP_AND_VERSION: readonly OptionSpec[] = [
  { name: '--help', short: '-h', help: 'This help.' },
  { name: '--version', help: 'The version, alone on its line.' },
];

export interface CommandSpec {
  name: string;
  /** One line: what the command does. */
  summary: string;
  /** What follows the options on the usage line: `<file | dir | ->...`. */
  operands: string;
  options: readonly OptionSpec[];
  exitCodes: ReadonlyArray<readonly [code: number, meaning: string]>;
  examples: ReadonlyArray<readonly [command: string, what: string]>;
  /** This command's section of docs/command-line.md. */
  anchor: string;
}

/** The help's width: a terminal's 80 columns. */
const WIDTH = 80;
/** Where option descriptions start. */
const COLUMN = 30;

/** The names the parser accepts as options that take a value. */
export function valuedOptions(spec: CommandSpec): Set<string> {
  return new Set(spec.options.filter((o) => o.arg !== undefined).map((o) => o.name));
}

/** The names (and short forms) the parser accepts as flags. */
export function flagOptions(spec: CommandSpec): Set<string> {
  return new Set(spec.options.filter((o) => o.arg === undefined).flatMap((o) => (o.short === undefined ? [o.name] : [o.name, o.short])));
}

/** `usage: name [--opt ARG]... operands`, every option in it: the line a usage error prints under its message. */
export function usageLine(spec: CommandSpec): string {
  const options = spec.options.map((o) => `[${o.name}${o.arg === undefined ? '' : ` ${o.arg}`}]${o.repeatable === true ? '...' : ''}`);
  return `usage: ${spec.name} ${options.join(' ')} ${spec.operands}`;
}

/** The docs' address, from package.json's repository (`git+https://github.com/o/r.git`). */
export function docsUrl(anchor: string): string {
  const base = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  return `${base}/blob/main/docs/command-line.md#${anchor}`;
}

/** `--help`'s text. */
export function helpText(spec: CommandSpec): string {
  const lines = [...wrap(spec.summary, WIDTH), '', `Usage: ${spec.name} [options] ${spec.operands}`, '', 'Options:'];
  for (const o of spec.options) {
    const names = `${o.short === undefined ? '    ' : `${o.short}, `}${o.name}${o.arg === undefined ? '' : ` ${o.arg}`}`;
    const text = `${o.help}${o.repeatable === true ? ' Repeatable.' : ''}${o.default === undefined ? '' : ` Default: ${o.default}.`}`;
    lines.push(...twoColumns(`  ${names}`, text));
  }
  lines.push('', 'Exit codes:', ...spec.exitCodes.flatMap(([code, meaning]) => twoColumns(`  ${code}`, meaning, 6)));
  lines.push('', 'Examples:', ...spec.examples.flatMap(([command, what]) => [`  ${command}`, ...wrap(what, WIDTH - 6).map((l) => `      ${l}`)]));
  lines.push('', `Documentation: ${docsUrl(spec.anchor)}`);
  return `${lines.join('\n')}\n`;
}

/** `left`, then `text` wrapped from `column` (on the next line when `left` reaches it). */
function twoColumns(left: string, text: string, column = COLUMN): string[] {
  const body = wrap(text, WIDTH - column).map((l) => `${' '.repeat(column)}${l}`);
  if (left.length + 2 > column) return [left, ...body];
  return [`${left}${body[0].slice(left.length)}`, ...body.slice(1)];
}

/** `text` in lines of at most `width` characters, broken at spaces (a longer word alone on its line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

/** A usage error's two lines for stderr: what is wrong (and where the help is), then the usage line. */
export function usageErrorText(spec: CommandSpec, message: string): string {
  return `${spec.name}: ${message} (${spec.name} --help describes each option)\n${usageLine(spec)}\n`;
}
