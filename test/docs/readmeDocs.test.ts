/**
 * The README and the docs/ pages it links to: every relative link and image resolves (file and heading), the README's
 * commands are the ones CI runs, docs/settings.md lists every setting with its default, and the examples of
 * docs/features.md and docs/command-line.md work as written (the command lines run against the bundles in dist/).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIX_ALL_KIND } from '../../server/src/lsp/features/codeActions';
import { gitRepository } from '../support/gitRepository';

/** Tests compile to out/test/<part>/: the docs are read from the repository, not from out/. */
const ROOT = path.resolve(__dirname, '../../..');
const PAGES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** The fenced blocks of `markdown` whose info string is `lang`. */
function blocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```', 'gm'))].map((m) => m[1]);
}

/** GitHub's anchors for a page's headings. */
function anchors(markdown: string): Set<string> {
  const slugs = [...prose(markdown).matchAll(/^#+ (.*)$/gm)].map((m) =>
    m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
  return new Set(slugs);
}

for (const page of PAGES) {
  test(`${page}: every relative link and image resolves, headings included`, () => {
    const text = read(page);
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file === '' ? page : path.posix.join(path.posix.dirname(page), file);
      assert.ok(fs.existsSync(path.join(ROOT, resolved)), `${page} links to ${target}: ${resolved} does not exist`);
      if (anchor !== undefined && resolved.endsWith('.md')) {
        assert.ok(anchors(read(resolved)).has(anchor), `${page} links to ${target}: no such heading in ${resolved}`);
      }
    }
  });
}

test('README: its install and test commands are the ones .ci/run runs, in order', () => {
  const readme = blocks(read('README.md'), 'sh').map((b) => b.split('\n').map((l) => l.replace(/#.*/, '').trim()));
  const commands = readme.find((lines) => lines.includes('npm test'))?.filter((l) => l !== '');
  const ci = read('.ci/run').split('\n').filter((l) => /^npm /.test(l));
  assert.deepEqual(commands, ci);
});

test('docs/settings.md: every setting of package.json, with its default', () => {
  const pkg = JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, { default: unknown }> } } };
  const rows = new Map([...read('docs/settings.md').matchAll(/^\| `([\w.]+)` \| `([^`]*)` \|/gm)].map((m) => [m[1], m[2]]));
  for (const [key, schema] of Object.entries(pkg.contributes.configuration.properties)) {
    const shown = typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default);
    assert.equal(rows.get(key), shown, `docs/settings.md lists ${key} with its default`);
  }
  assert.deepEqual([...rows.keys()].filter((key) => !(key in pkg.contributes.configuration.properties)), []);
});

test('docs/features.md: the fix-all on save setting names the server\'s fix-all kind', () => {
  const [json] = blocks(read('docs/features.md'), 'json');
  const setting = JSON.parse(`{${json}}`) as Record<string, Record<string, string>>;
  assert.deepEqual(Object.keys(setting['editor.codeActionsOnSave']), [FIX_ALL_KIND]);
});

/** The options of a synopsis, `--name` with the placeholder that follows it (undefined for a flag). */
function synopsisOptions(tool: string): Map<string, string | undefined> {
  const line = blocks(read('docs/command-line.md'), 'sh').join('\n').split('\n').find((l) => l.startsWith(`${tool} `));
  assert.ok(line, `docs/command-line.md has the synopsis of ${tool}`);
  return new Map([...line.matchAll(/\[?(--[\w-]+)(?: ([^\]\s]+))?/g)].map((m) => [m[1], m[2]]));
}

function run(bundle: string, args: string[], cwd: string): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'dist', bundle), ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

function siteFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-docs-'));
  fs.mkdirSync(path.join(dir, 'public'));
  const entries = ['a', 'b', 'c'].map((p) => `  <url><loc>https://www.example.com/${p}</loc><lastmod>2024-01-0${p.charCodeAt(0) - 96}</lastmod></url>\n`);
  fs.writeFileSync(path.join(dir, 'public', 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</urlset>\n`);
  fs.writeFileSync(path.join(dir, 'lint.json'), JSON.stringify({ rules: { 'mixed-hosts': 'warning' } }));
  return dir;
}

test('docs/command-line.md: sitemap-lint with every option of its synopsis, and the SARIF the GitHub Actions step uploads', (t) => {
  const dir = siteFolder();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const values: Record<string, string[]> = {
    '--format': ['json'], '--site-root': ['--site-root', 'public=https://www.example.com/'], '--allowed-host': ['https://shop.example.com'],
    '--rule': ['duplicate-url=warning'], '--user-agent': ['Bingbot'], '--config': ['lint.json'], '--max-warnings': ['0'], '--max-problems': ['5'], '--quiet': [], '--follow': [],
  };
  const args = [...synopsisOptions('sitemap-lint').keys()].flatMap((option) => {
    assert.ok(option in values, `the test gives ${option} a value`);
    return option === '--site-root' ? values[option] : [option, ...values[option]];
  });
  const lint = run('sitemap-lint.js', [...args, 'public/'], dir);
  assert.equal(lint.status, 0, lint.stdout);
  assert.deepEqual((JSON.parse(lint.stdout) as { problems: unknown[] }[]).flatMap((f) => f.problems), []);
  const step = blocks(read('docs/command-line.md'), 'yaml').join('\n');
  const command = /run: npx sitemap-lint (.*) > sitemap\.sarif/.exec(step);
  assert.ok(command, 'the GitHub Actions step runs sitemap-lint');
  const sarif = run('sitemap-lint.js', command[1].split(' '), dir);
  assert.equal(sarif.status, 0);
  assert.equal((JSON.parse(sarif.stdout) as { version: string }).version, '2.1.0');
});

test('docs/command-line.md: sitemap-split with every option of its synopsis; README: the command-line examples', (t) => {
  const dir = siteFolder();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const values: Record<string, string[]> = {
    '--max-entries': ['2'], '--max-bytes': ['100000'], '--base-url': ['https://www.example.com/'], '--out': ['out'],
    '--name': ['part-{n}.xml.gz'], '--index': ['out/index.xml'], '--gzip': [], '--force': [], '--json': [],
  };
  const args = [...synopsisOptions('sitemap-split').keys()].flatMap((option) => {
    assert.ok(option in values, `the test gives ${option} a value`);
    return [option, ...values[option]];
  });
  const split = run('sitemap-split.js', ['public/sitemap.xml', ...args], dir);
  assert.equal(split.status, 0, split.stdout);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out')).sort(), ['index.xml', 'part-1.xml.gz', 'part-2.xml.gz']);
  assert.deepEqual([...fs.readFileSync(path.join(dir, 'out', 'part-1.xml.gz')).subarray(0, 2)], [0x1f, 0x8b], '--gzip writes gzip');
  assert.deepEqual((JSON.parse(split.stdout) as { children: unknown[] }).children.length, 2, '--json');

  // The site committed on main, for sitemap-diff's example against it.
  gitRepository(dir).commit('site', '2024-01-01T00:00:00Z', {});
  const examples = blocks(read('README.md'), 'sh').join('\n').split('\n').filter((l) => l.startsWith('node dist/'));
  assert.equal(examples.length, 3);
  for (const example of examples) {
    const [bundle, ...rest] = example.replace(/#.*/, '').trim().split(/\s+/).slice(1);
    const result = run(path.basename(bundle), rest, dir);
    assert.equal(result.status, 0, example);
  }
  assert.ok(fs.existsSync(path.join(dir, 'public', 'sitemap-1.xml')), 'README: sitemap-split wrote the children in --out');
});
