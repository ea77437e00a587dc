/**
 * The numbers the README and docs/ state about the product, held to the product: every "N rules" to the rule
 * catalogue, every list of the command-line tools to package.json's `bin`, and the npm tarball's size to what
 * `npm pack` makes of the production bundles. Each fails as soon as the docs drift.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { RULES } from '../../server/src/language/rules/catalogue';
import { tempFolders } from '../support/tempFolders';

/** Tests compile to out/test/<part>/: the docs are read from the repository, not from out/. */
const ROOT = path.resolve(__dirname, '../../..');
const PAGES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const BINS = Object.keys((JSON.parse(read('package.json')) as { bin: Record<string, string> }).bin).sort();
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** How far the stated tarball size may be from the real one: it is rounded, and CHANGELOG.md grows with each release. */
const SIZE_TOLERANCE = 0.1;
const folder = tempFolders('product-numbers-');

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The text outside fenced code blocks, lines joined (a sentence may wrap). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/\n(?!\n)/g, ' ');
}

function countOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase());
}

test('README and docs: every number of rules is the catalogue\'s', () => {
  const total = Object.keys(RULES).length;
  const stated = PAGES.flatMap((page) => [...prose(read(page)).matchAll(/(?<![\w-])(\d[\d,]*) rules\b/g)].map((m) => `${page}: ${m[1]}`));
  assert.ok(stated.some((s) => s.startsWith('README.md: ')), 'the README states how many rules there are');
  assert.deepEqual(stated.filter((s) => Number(s.split(': ')[1].replace(/,/g, '')) !== total), [], `the catalogue has ${total} rules`);
});

test('README and docs: every list of the command-line tools is package.json\'s bin, and so is its count', () => {
  const lists: { where: string; count?: string; names: string[] }[] = [];
  for (const page of PAGES) {
    const text = prose(read(page));
    for (const m of text.matchAll(/\b(\w+) command-line tools \(([^)]*)\)/g)) lists.push({ where: `${page}: ${m[0]}`, count: m[1], names: [...m[2].matchAll(/`([\w-]+)`/g)].map((n) => n[1]) });
  }
  const commandLine = prose(read('docs/command-line.md'));
  const intro = /^# Command line\s+(\w+) tools/.exec(commandLine);
  assert.ok(intro, 'docs/command-line.md says how many tools');
  const headings = [...read('docs/command-line.md').matchAll(/^## (sitemap-[\w-]+)$/gm)].map((m) => m[1]);
  lists.push({ where: 'docs/command-line.md', count: intro[1], names: headings });
  const documentation = /\[Command line\]\(docs\/command-line\.md\) — ([^\n]*)/.exec(read('README.md'));
  assert.ok(documentation, 'the README links to docs/command-line.md with the tools');
  lists.push({ where: 'README.md: Documentation', names: [...documentation[1].matchAll(/`([\w-]+)`/g)].map((n) => n[1]) });
  assert.ok(lists.some((l) => l.where.startsWith('README.md: ') && l.count !== undefined), 'the README says how many command-line tools there are');
  for (const list of lists) {
    assert.deepEqual([...list.names].sort(), BINS, list.where);
    if (list.count !== undefined) assert.equal(countOf(list.count), BINS.length, list.where);
  }
});

interface Packed { size: number; files: { path: string }[] }

function npmPack(cwd: string): Packed {
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return (JSON.parse(r.stdout) as Packed[])[0];
}

/** build.mjs's entry point of each bundle it writes, by the bundle's path (dist/…) with its banner. */
function bundleEntries(): Map<string, { entry: string; banner?: string }> {
  const calls = read('build.mjs').matchAll(/entryPoints: \['([^']+)'\], outfile: '(dist\/[^']+)'(?:, banner: \{ js: '([^']*)' \})?/g);
  return new Map([...calls].map((m) => [m[2], { entry: m[1], banner: m[3] }]));
}

/**
 * What `npm pack` packs after the production build (`prepack`: minified bundles), without touching dist/, which the
 * other tests run: the files the tarball holds, each shipped bundle built again minified by esbuild from build.mjs's
 * entry point into a copy, then packed there.
 */
function productionPackSize(): number {
  const copy = folder();
  const entries = bundleEntries();
  for (const { path: file } of npmPack(ROOT).files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    const bundle = entries.get(file);
    if (!bundle) {
      fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
      continue;
    }
    buildSync({
      entryPoints: [path.join(ROOT, bundle.entry)], outfile: path.join(copy, file), bundle: true, platform: 'node', target: 'node20',
      format: 'cjs', minify: true, logLevel: 'error', ...(bundle.banner ? { banner: { js: bundle.banner } } : {}),
    });
  }
  fs.copyFileSync(path.join(ROOT, '.npmignore'), path.join(copy, '.npmignore'));
  return npmPack(copy).size;
}

test(`README: the npm tarball's size is npm pack's of the production build, within ${SIZE_TOLERANCE * 100}%`, () => {
  const stated = /sitemap-studio-<version>\.tgz` \(about (\d+) KB/.exec(read('README.md'));
  assert.ok(stated, 'the README states the size of the npm tarball');
  const size = productionPackSize();
  const kilobytes = Number(stated[1]) * 1000; // as npm pack prints sizes: kB of 1,000 bytes
  assert.ok(Math.abs(size - kilobytes) <= SIZE_TOLERANCE * size, `README says about ${stated[1]} KB; npm pack says ${size} bytes`);
});
