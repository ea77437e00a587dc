/** Each bin's `--help` and usage errors as child processes: every option its parser's source names is in the help
 * (so an option cannot be accepted undocumented), the docs' address from package.json, examples that parse; a bad
 * option is its error and the usage line on stderr, exit 2. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommandSpec } from '../../server/src/cli/io/commandHelp';
import { COMMAND as LINT, parseArgs as parseLint } from '../../server/src/cli/lint/lintArgs';
import { COMMAND as DIFF, parseDiffArgs } from '../../server/src/cli/diff/diffArgs';
import { COMMAND as SPLIT, parseArgs as parseSplit } from '../../server/src/cli/split/splitArgs';

const ROOT = path.resolve(__dirname, '../../..');
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; repository: { url: string } };

interface Bin {
  name: string;
  /** The parser's source: every option it names is one it takes. */
  parser: string;
  command: CommandSpec;
  parse(argv: readonly string[]): unknown;
}

const BINS: Bin[] = [
  { name: 'sitemap-lint', parser: 'server/src/cli/lint/lintArgs.ts', command: LINT, parse: parseLint },
  { name: 'sitemap-diff', parser: 'server/src/cli/diff/diffArgs.ts', command: DIFF, parse: parseDiffArgs },
  { name: 'sitemap-split', parser: 'server/src/cli/split/splitArgs.ts', command: SPLIT, parse: parseSplit },
];

function run(bin: string, args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', `${bin}.js`), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The options the parser's source names (`'--format'`, `'-h'`), wherever: its sets, its branches, its errors. */
function optionsNamedIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...new Set([...text.matchAll(/['`](--?[a-z][a-z-]*)\b/g)].map((m) => m[1]!))];
}

/** An example's arguments: after the bin's name, up to a redirection. */
function exampleArgs(name: string, example: string): string[] {
  const words = example.split(/\s+/);
  const from = words.indexOf(name) + 1;
  const to = words.findIndex((w, k) => k >= from && /^[<>|]/.test(w));
  return words.slice(from, to < 0 ? undefined : to);
}

for (const bin of BINS) {
  describe(`${bin.name} --help`, () => {
    it('exits 0, prints on stdout only, and names every option the parser takes, the table\'s too', () => {
      for (const flag of ['--help', '-h']) {
        const r = run(bin.name, [flag]);
        assert.equal(r.code, 0, flag);
        assert.equal(r.stderr, '', flag);
        const named = optionsNamedIn(bin.parser);
        assert.ok(named.includes('--format') || named.includes('--max-entries'), `the parser's options are read: ${named.join(' ')}`);
        for (const option of [...named, ...bin.command.options.flatMap((o) => [o.name, ...(o.short === undefined ? [] : [o.short])])]) {
          assert.match(r.stdout, new RegExp(`(^|[\\s,])${option}\\b`, 'm'), `${flag} names ${option}`);
        }
        for (const always of ['--help', '--version']) assert.ok(r.stdout.includes(always), always);
      }
    });

    it('gives the docs\' address from package.json\'s repository, and three examples that parse', () => {
      const r = run(bin.name, ['--help']);
      const repository = PACKAGE.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
      assert.ok(r.stdout.includes(`${repository}/blob/main/docs/command-line.md#${bin.name}`), r.stdout);
      assert.equal(bin.command.examples.length, 3);
      for (const [example] of bin.command.examples) {
        assert.ok(r.stdout.includes(example), example);
        assert.doesNotThrow(() => bin.parse(exampleArgs(bin.name, example)), example);
      }
      for (const [code] of bin.command.exitCodes) assert.match(r.stdout, new RegExp(`^ {2}${code} `, 'm'));
      assert.deepEqual(bin.command.exitCodes.map(([code]) => code).sort(), [0, 1, 2]);
    });

    it('a bad option: its error, then the usage line naming every option, on stderr; nothing on stdout; exit 2', () => {
      const r = run(bin.name, ['--no-such-option', 'a.xml', 'b.xml']);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      const lines = r.stderr.split('\n');
      assert.equal(lines.length, 3, r.stderr);
      assert.ok(lines[0]!.startsWith(`${bin.name}: `) && lines[0]!.includes('--no-such-option'), lines[0]);
      assert.ok(lines[1]!.startsWith(`usage: ${bin.name} `), lines[1]);
      for (const option of bin.command.options) assert.ok(lines[1]!.includes(`[${option.name}`), `the usage line names ${option.name}`);
      assert.equal(lines[2], '');
    });

    it('--version still answers alone', () => {
      assert.deepEqual(run(bin.name, ['--version', '--no-such-option']), { code: 0, stdout: `${PACKAGE.version}\n`, stderr: '' });
    });
  });
}

describe('docs/command-line.md', () => {
  it('names every option of every bin in its section', () => {
    const docs = fs.readFileSync(path.join(ROOT, 'docs/command-line.md'), 'utf8');
    for (const bin of BINS) {
      const start = docs.indexOf(`## ${bin.name}\n`);
      assert.ok(start >= 0, bin.name);
      const end = docs.indexOf('\n## ', start + 1);
      const section = docs.slice(start, end < 0 ? undefined : end);
      for (const option of bin.command.options) {
        if (option.name === '--help' || option.name === '--version') continue;
        assert.ok(section.includes(option.name), `${bin.name}'s section names ${option.name}`);
      }
    }
  });
});
