/** The npm package as a user gets it: `npm pack` of the repository's bundles, installed offline by the README's commands in
 * another project, each bin run with `npx`; what the tarball holds and weighs. --ignore-scripts: dist/ stays what the other tests run. */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempFolders } from '../support/tempFolders';

const ROOT = path.resolve(__dirname, '../../..');
const MANIFEST = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; bin: Record<string, string> };
const MAX_PACKED_BYTES = 1.5 * 1024 * 1024;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const folder = tempFolders('npm-package-');
// No update check, audit or funding notice: nothing reaches the network.
const ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

/** The README's shell lines that install the package or run it (its install section), comments dropped. */
const README_LINES = [...fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1].split('\n')).map((l) => l.replace(/\s#.*/, '').trim()).filter((l) => /^npm install |^npx /.test(l));

interface PackResult { filename: string; size: number; files: Array<{ path: string; mode: number }> }

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = ENV): SpawnSyncReturns<string> {
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8' });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r;
}

/** A line of the README as a user runs it, in a shell in the project; offline: nothing may come from the registry. */
function shell(line: string, cwd: string): SpawnSyncReturns<string> {
  return spawnSync('sh', ['-c', line], { cwd, env: { ...ENV, npm_config_offline: 'true' }, encoding: 'utf8' });
}

function npx(project: string, args: string[], env: NodeJS.ProcessEnv = ENV): SpawnSyncReturns<string> {
  return spawnSync('npx', ['--no-install', ...args], { cwd: project, env, encoding: 'utf8' });
}

function sitemap(locs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((l) => `  <url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;
}

describe('the npm package', () => {
  let packed: PackResult;
  let project: string;

  before(() => {
    const destination = folder();
    packed = (JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', destination], ROOT).stdout) as PackResult[])[0];
    project = folder({ 'package.json': JSON.stringify({ name: 'a-site', version: '1.0.0', private: true }) });
    fs.copyFileSync(path.join(destination, packed.filename), path.join(project, packed.filename));
    const install = README_LINES.filter((l) => l.startsWith('npm install '));
    assert.equal(install.length, 1, 'the README says how to install the tarball');
    const r = shell(install[0], project);
    assert.equal(r.status, 0, `${install[0]}: ${r.stderr}`);
  });

  it('holds the bundles, their notices, README, LICENSE and CHANGELOG: no sources, tests, fixtures or sourcemaps', () => {
    const files = packed.files.map((f) => f.path).sort();
    for (const file of files) {
      assert.match(file, /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/THIRD-PARTY-NOTICES\.md|dist\/[\w-]+\.js)$/, file);
    }
    assert.ok(!files.some((f) => f.endsWith('.ts') || f.startsWith('test/') || f.endsWith('.map')));
    for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md', 'dist/THIRD-PARTY-NOTICES.md', 'dist/lintWorker.js', 'dist/http.js', 'dist/pageHeadWorker.js']) assert.ok(files.includes(file), file);
  });

  it('packs every bin of package.json, executable, and weighs under 1.5 MB', () => {
    for (const bin of Object.values(MANIFEST.bin)) {
      const entry = packed.files.find((f) => f.path === path.posix.normalize(bin));
      assert.ok(entry, bin);
      assert.equal(entry.mode & 0o111, 0o111, bin);
    }
    assert.ok(packed.size < MAX_PACKED_BYTES, `${packed.size} bytes`);
  });

  it('installs offline with nothing else to fetch', () => {
    const installed = fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
    assert.deepEqual(installed, [MANIFEST.name]);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', MANIFEST.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.dependencies, undefined);
  });

  it('runs the README\'s npx commands as written', () => {
    fs.mkdirSync(path.join(project, 'public'), { recursive: true });
    fs.writeFileSync(path.join(project, 'public', 'sitemap.xml'), sitemap(['https://www.example.com/', 'https://www.example.com/about']));
    const commands = README_LINES.filter((l) => l.startsWith('npx '));
    assert.ok(commands.length >= 2);
    for (const command of commands) {
      const r = shell(command, project);
      assert.equal(r.status, 0, `${command}: ${r.stderr}`);
    }
  });

  it('answers --version on every bin with the version of package.json', () => {
    for (const bin of Object.keys(MANIFEST.bin)) {
      const r = npx(project, [bin, '--version']);
      assert.equal(r.status, 0, `${bin}: ${r.stderr}`);
      assert.equal(r.stdout, `${MANIFEST.version}\n`, bin);
    }
  });

  it('takes --version after -- as a file name', () => {
    fs.writeFileSync(path.join(project, '--version'), sitemap(['https://www.example.com/']));
    const lint = npx(project, ['sitemap-lint', '--format', 'json', '--', '--version']);
    assert.equal(lint.status, 0, lint.stderr);
    assert.deepEqual((JSON.parse(lint.stdout) as Array<{ file: string }>).map((f) => f.file), ['--version']);
  });

  it('runs sitemap-lint, its worker threads included: exit 1 on a sitemap with an error', () => {
    fs.mkdirSync(path.join(project, 'checked'), { recursive: true });
    fs.writeFileSync(path.join(project, 'checked', 'sitemap.xml'), sitemap(['https://www.example.com/?a=1&b=2']));
    fs.writeFileSync(path.join(project, 'checked', 'sitemap-2.xml'), sitemap(['https://www.example.com/2']));
    const env = { ...ENV, SITEMAP_LINT_WORKERS: '2', SITEMAP_LINT_REPORT_POOL: '1' };
    const r = npx(project, ['sitemap-lint', '--format', 'json', 'checked'], env);
    assert.equal(r.status, 1, r.stderr);
    const results = JSON.parse(r.stdout) as Array<{ file: string; problems: Array<{ severity: string }> }>;
    const errors = Object.fromEntries(results.map((f) => [path.basename(f.file), f.problems.filter((p) => p.severity === 'error').length > 0]));
    assert.deepEqual(errors, { 'sitemap.xml': true, 'sitemap-2.xml': false });
    assert.match(r.stderr, /^sitemap-lint: 2 workers linted \d+ files$/m);
  });

  it('runs sitemap-split on a file: the children and their index', () => {
    fs.writeFileSync(path.join(project, 'big.xml'), sitemap(['https://www.example.com/1', 'https://www.example.com/2', 'https://www.example.com/3']));
    const r = npx(project, ['sitemap-split', 'big.xml', '--max-entries', '2', '--out', 'parts', '--base-url', 'https://www.example.com/']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(fs.readdirSync(path.join(project, 'parts')).sort(), ['big-1.xml', 'big-2.xml', 'big-index.xml']);
  });
});
