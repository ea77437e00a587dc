/**
 * Installs what the editor runs need when it is missing — `npm start`, `npm run test:editor`, its web run and
 * `npm run bench:editor` — and says what and why before it does: Debian packages (debianPackages.ts: only those dpkg
 * says are missing, with apt-get as root, asked first on a terminal) and code-server into the git-ignored `.cache/`
 * folder of the repo. Everything npm and the install scripts write (npm's cache, the ripgrep download cache, temporary
 * files) stays under `.cache/`. See shared/recipes/real-vscode.md for why each step is there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline/promises';
import {
  APT_CONSENT_VARIABLE, aptCommands, aptConsent, aptStatement, BROWSER_PACKAGES, CODE_SERVER_INSTALL_PACKAGES,
  dpkgQueryArgs, missingPackages, type AptConsent, type DebianPackage,
} from './debianPackages';

export const CODE_SERVER_VERSION = '4.100.3';
export const CHROMIUM = '/usr/bin/chromium';
/** Debian's ripgrep (CODE_SERVER_INSTALL_PACKAGES), seeded into @vscode/ripgrep's download cache. */
const RIPGREP = '/usr/bin/rg';

/** Where a run's lines go, under the run's own prefix (`[start]`, `[test:editor]`, …). */
export type Log = (message: string) => void;

export function prefixedLog(prefix: string): Log {
  return (message) => console.log(`[${prefix}] ${message}`);
}

/** What @vscode/ripgrep (inside code-server) looks for in its download cache before it tries the internet. */
const RIPGREP_CACHE = { folder: 'vscode-ripgrep-cache-1.15.11', archive: 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz' };

/**
 * The install scripts code-server's install runs, declared as npm 11 asks (package.json's `allowScripts`; by name: the
 * version is the one the manifest names): code-server's own (it installs VS Code's modules) and argon2's (the native
 * module of its password hashing). npm matches a name only along a dependency edge when the lockfile has no resolved
 * URLs (`omit-lockfile-registry-resolved`), hence code-server in the manifest's dependencies.
 */
const CODE_SERVER_ALLOWED_SCRIPTS = { 'code-server': true, argon2: true };

/** A first run stopped where the user has to act (install as root, or agree): its message says what; no stack. */
export class FirstRunStopped extends Error {}

/** What a run's last line says about `error`: a stopped first run by its message, anything else with its stack. */
export function failureText(error: unknown): string {
  if (error instanceof FirstRunStopped) return error.message;
  return error instanceof Error ? error.stack ?? error.message : String(error);
}

function run(command: string, args: string[], log: Log, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/**
 * Debian packages and code-server, as a run needs them; returns the path of code-server's entry script. `browser`: the
 * run drives Chromium (npm start leaves the browser to its user). The packages code-server's install needs are
 * needed only while code-server is not installed yet.
 */
export async function ensureEditorTools(cacheDir: string, options: { browser: boolean; log: Log }): Promise<string> {
  const installed = installedCodeServer(cacheDir);
  const wanted = [...(options.browser ? BROWSER_PACKAGES : []), ...(installed ? [] : CODE_SERVER_INSTALL_PACKAGES)];
  await ensureDebianPackages(wanted, options.log);
  return installed ?? installCodeServer(cacheDir, options.log);
}

/** Installs those of `wanted` that dpkg says are missing, after saying what and why; nothing at all when none is. */
export async function ensureDebianPackages(wanted: readonly DebianPackage[], log: Log): Promise<void> {
  if (wanted.length === 0) return;
  const missing = missingPackages(wanted, dpkgAnswer(wanted));
  if (missing.length === 0) return;
  const terminal = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const consent = consentFromEnvironment(terminal);
  const commands = aptCommands(missing, consent === 'ask');
  for (const line of aptStatement(missing, commands)) log(line);
  if (process.getuid?.() !== 0) throw new FirstRunStopped('apt-get needs root: run the commands above with sudo, then this again');
  if (consent === 'no') throw new FirstRunStopped(`${APT_CONSENT_VARIABLE}=no: nothing was installed; run the commands above, then this again`);
  if (consent === 'ask' && !(await confirmed('Run them now? [y/N] '))) throw new FirstRunStopped('nothing was installed; run the commands above, then this again');
  const started = Date.now();
  // On a terminal apt-get and debconf may ask; elsewhere nothing can answer them.
  const env = consent === 'ask' ? process.env : { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const [program, args] of commands) run(program, args, log, { env });
  log(`Debian packages installed in ${seconds(started)}`);
}

function consentFromEnvironment(terminal: boolean): AptConsent {
  try {
    return aptConsent(process.env[APT_CONSENT_VARIABLE], terminal);
  } catch (error) {
    throw new FirstRunStopped((error as Error).message);
  }
}

/** dpkg-query's answer for `wanted`; it exits 1 when it knows some of them not at all, which only means missing. */
function dpkgAnswer(wanted: readonly DebianPackage[]): string {
  const result = spawnSync('dpkg-query', dpkgQueryArgs(wanted.map((p) => p.name)), { encoding: 'utf8' });
  if (result.error) {
    const names = wanted.map((p) => `${p.name} (${p.why})`).join(', ');
    throw new FirstRunStopped(`dpkg-query could not run (${result.error.message}): the editor runs expect Debian or Ubuntu; they need ${names}`);
  }
  return result.stdout;
}

async function confirmed(question: string): Promise<boolean> {
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

function codeServerFolder(cacheDir: string): string {
  return path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
}

function codeServerEntry(folder: string): string {
  return path.join(folder, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** code-server's entry script when an install finished (its stamp is written last), else undefined. */
function installedCodeServer(cacheDir: string): string | undefined {
  const folder = codeServerFolder(cacheDir);
  const entry = codeServerEntry(folder);
  return fs.existsSync(path.join(folder, '.installed')) && fs.existsSync(entry) ? entry : undefined;
}

/** Installs code-server under `cacheDir`; returns the path of its entry script. */
function installCodeServer(cacheDir: string, log: Log): string {
  const folder = codeServerFolder(cacheDir);
  log(`code-server ${CODE_SERVER_VERSION} is not in ${path.basename(cacheDir)}/ yet: installing it with npm, once — about 70 MB from the npm registry ` +
    `(code-server 42 MB, the rest VS Code's modules), 300 MB on disk, native modules compiled; a few minutes`);
  const started = Date.now();
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const manifest = { name: 'code-server-cache', private: true, dependencies: { 'code-server': CODE_SERVER_VERSION }, allowScripts: CODE_SERVER_ALLOWED_SCRIPTS };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));

  const tmp = path.join(cacheDir, 'tmp');
  seedRipgrepCache(tmp);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TMPDIR: tmp,
    npm_config_cache: path.join(cacheDir, 'npm'),
    npm_config_yes: 'true', // one install script runs `npx node-gyp`
    npm_config_update_notifier: 'false',
  };
  // Native modules build against the Node headers already on the machine (npm's `nodedir` setting), never downloaded
  // ones. `--unsafe-perm`: code-server's postinstall.sh refuses to run as root without it (npm 11 calls the flag
  // unknown, but still hands it to the script).
  run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--unsafe-perm', '--no-audit', '--no-fund', '--no-save'], log, { cwd: folder, env });
  const entry = codeServerEntry(folder);
  if (!fs.existsSync(entry)) throw new Error(`code-server installed, but ${entry} is missing`);
  fs.writeFileSync(path.join(folder, '.installed'), `${new Date().toISOString()}\n`);
  log(`code-server ${CODE_SERVER_VERSION} installed in ${seconds(started)}`);
  return entry;
}

/** Puts Debian's `rg` where @vscode/ripgrep's install script looks before downloading it. */
function seedRipgrepCache(tmp: string): void {
  const folder = path.join(tmp, RIPGREP_CACHE.folder);
  const archive = path.join(folder, RIPGREP_CACHE.archive);
  if (fs.existsSync(archive)) return;
  const staging = path.join(tmp, 'rg-staging');
  fs.mkdirSync(staging, { recursive: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.copyFileSync(RIPGREP, path.join(staging, 'rg'));
  fs.chmodSync(path.join(staging, 'rg'), 0o755);
  execFileSync('tar', ['-czf', archive, '-C', staging, 'rg']);
  fs.rmSync(staging, { recursive: true, force: true });
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
