/**
 * The first run's Debian packages (debianPackages.ts, install.ts): which are missing by dpkg-query's answer, the exact
 * apt-get argument arrays, that apt is not run at all when nothing is missing, and that what will be installed is said
 * before apt-get runs. Part of `npm test` (not of test:editor): install.ts runs as a child process against a made-up
 * `dpkg-query` and a recording `apt-get` first on its PATH, never the real apt.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  aptCommands, aptConsent, BROWSER_PACKAGES, CODE_SERVER_INSTALL_PACKAGES, dpkgQueryArgs, installedPackages, missingPackages,
} from './debianPackages';
import { CODE_SERVER_VERSION } from './install';

const ALL = [...BROWSER_PACKAGES, ...CODE_SERVER_INSTALL_PACKAGES];
const INSTALL = ['-q', 'install', '-y', '--no-upgrade', '--no-install-recommends'];

test('dpkg-query says which packages are installed: config-files, half-installed or unknown ones are missing', () => {
  const answer = 'chromium\tinstalled\nripgrep\tconfig-files\nlibkrb5-dev\thalf-configured\n';
  assert.deepEqual([...installedPackages(answer)], ['chromium']);
  assert.deepEqual(missingPackages(ALL, answer).map((p) => p.name), ['ripgrep', 'libkrb5-dev']);
  assert.deepEqual(missingPackages(ALL, 'ripgrep\tinstalled\n').map((p) => p.name), ['chromium', 'libkrb5-dev'], 'unknown to dpkg: missing');
  assert.deepEqual(missingPackages(ALL, ''), ALL);
});

test('apt-get installs only the missing packages, upgrading none, with no recommends; nothing runs when none is missing', () => {
  const missing = missingPackages(ALL, 'chromium\tinstalled\nripgrep\tinstalled\n');
  assert.deepEqual(aptCommands(missing, false), [
    ['apt-get', ['-q', 'update']],
    ['apt-get', [...INSTALL, 'libkrb5-dev']],
  ]);
  assert.deepEqual(aptCommands(missing, true)[1], ['apt-get', ['-q', 'install', '--no-upgrade', '--no-install-recommends', 'libkrb5-dev']], 'on a terminal apt-get may ask');
  assert.deepEqual(aptCommands(missingPackages(ALL, 'chromium\tinstalled\nripgrep\tinstalled\nlibkrb5-dev\tinstalled\n'), false), []);
});

test('SITEMAP_APT_INSTALL: ask on a terminal, yes elsewhere; ask, yes or no when set; anything else is an error', () => {
  assert.equal(aptConsent(undefined, true), 'ask');
  assert.equal(aptConsent(undefined, false), 'yes');
  assert.equal(aptConsent('', false), 'yes');
  assert.equal(aptConsent('no', true), 'no');
  assert.equal(aptConsent(' YES ', true), 'yes');
  assert.equal(aptConsent('ask', false), 'ask');
  assert.throws(() => aptConsent('sure', false), /SITEMAP_APT_INSTALL/);
});

test('the real dpkg-query answers in the form read: dpkg itself installed, a made-up name missing', (t) => {
  const result = spawnSync('dpkg-query', dpkgQueryArgs(['dpkg', 'no-such-package-sitemap-studio']), { encoding: 'utf8' });
  if (result.error) return t.skip('no dpkg-query on this machine');
  assert.deepEqual(missingPackages([{ name: 'dpkg', why: '' }, { name: 'no-such-package-sitemap-studio', why: '' }], result.stdout).map((p) => p.name),
    ['no-such-package-sitemap-studio']);
});

interface Machine {
  /** dpkg-query's answer on this made-up machine. */
  dpkg: string;
  codeServerInstalled: boolean;
  browser: boolean;
  consent?: string;
}

/** ensureEditorTools in a child process (no terminal), a fake dpkg-query and a recording apt-get first on its PATH. */
function firstRun(t: { after(fn: () => void): void }, machine: Machine): { status: number | null; output: string; apt: string[][] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'debian-packages-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(dir, 'dpkg-answer'), machine.dpkg);
  fs.writeFileSync(path.join(bin, 'dpkg-query'), `#!/bin/sh\ncat "${path.join(dir, 'dpkg-answer')}"\nexit 1\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'apt-get'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\t' "$a"; done >> "${path.join(dir, 'apt.log')}"\necho >> "${path.join(dir, 'apt.log')}"\n`, { mode: 0o755 });
  const cache = path.join(dir, 'cache');
  if (machine.codeServerInstalled) {
    const folder = path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
    fs.mkdirSync(path.join(folder, 'node_modules', 'code-server', 'out', 'node'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'node_modules', 'code-server', 'out', 'node', 'entry.js'), '');
    fs.writeFileSync(path.join(folder, '.installed'), '');
  }
  const script = `require(${JSON.stringify(path.join(__dirname, 'install.js'))}).ensureEditorTools(${JSON.stringify(cache)}, ` +
    `{ browser: ${machine.browser}, log: (m) => console.log('[start] ' + m) }).then(() => console.log('DONE'), (e) => { console.log('FAILED ' + e.message); process.exitCode = 1; })`;
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, SITEMAP_APT_INSTALL: machine.consent ?? '' };
  // No code-server install in these runs: the made-up machine has it whenever the packages are all there.
  const result = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  const log = path.join(dir, 'apt.log');
  const apt = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter((l) => l !== '').map((l) => l.replace(/\t$/, '').split('\t')) : [];
  return { status: result.status, output: result.stdout + result.stderr, apt };
}

const EVERYTHING = 'chromium\tinstalled\nripgrep\tinstalled\nlibkrb5-dev\tinstalled\n';

test('npm start with code-server in .cache/ runs no apt-get, even with every Debian package missing', (t) => {
  const run = firstRun(t, { dpkg: '', codeServerInstalled: true, browser: false });
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.apt, []);
  assert.doesNotMatch(run.output, /apt-get/);
});

test('test:editor on a machine that has everything runs no apt-get', (t) => {
  const run = firstRun(t, { dpkg: EVERYTHING, codeServerInstalled: true, browser: true });
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.apt, []);
});

test('test:editor in CI (no terminal) says what it installs and why, then installs only the missing package', (t) => {
  if (process.getuid?.() !== 0) return t.skip('apt-get runs only as root');
  const run = firstRun(t, { dpkg: 'ripgrep\tinstalled\nlibkrb5-dev\tinstalled\n', codeServerInstalled: true, browser: true });
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.apt, [['-q', 'update'], [...INSTALL, 'chromium']]);
  const lines = run.output.split('\n');
  const named = lines.findIndex((l) => l.includes('chromium') && !l.includes('apt-get'));
  const ran = lines.findIndex((l) => l.startsWith('[start] $ apt-get'));
  assert.ok(named >= 0 && named < ran, `the package named before apt-get runs:\n${run.output}`);
});

test('SITEMAP_APT_INSTALL=no: the missing packages and the command are printed, apt-get never runs, the run stops', (t) => {
  // No code-server yet: the two packages its install needs are wanted; the run stops before that install.
  const run = firstRun(t, { dpkg: 'chromium\tinstalled\n', codeServerInstalled: false, browser: true, consent: 'no' });
  assert.equal(run.status, 1, run.output);
  assert.deepEqual(run.apt, []);
  assert.ok(run.output.includes(`apt-get ${[...INSTALL, 'ripgrep', 'libkrb5-dev'].join(' ')}`), run.output);
  assert.doesNotMatch(run.output, /^DONE$/m);
});
