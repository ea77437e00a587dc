/**
 * Installs what `npm run test:editor` needs when it is missing: Debian's Chromium, ripgrep and libkrb5-dev (apt, as
 * root), and code-server into the git-ignored `.cache/` folder of the repo. Everything npm and the install scripts
 * write (npm's cache, the ripgrep download cache, temporary files) stays under `.cache/`.
 * See shared/recipes/real-vscode.md for why each step is there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CODE_SERVER_VERSION = '4.100.3';
export const CHROMIUM = '/usr/bin/chromium';

/** Debian package → a file it installs, to tell whether it is there without asking dpkg. */
const DEBIAN_PACKAGES: Record<string, string> = {
  chromium: CHROMIUM,
  ripgrep: '/usr/bin/rg',
  'libkrb5-dev': '/usr/include/gssapi/gssapi.h', // for the native module `kerberos` inside code-server
};

/** What @vscode/ripgrep (inside code-server) looks for in its download cache before it tries the internet. */
const RIPGREP_CACHE = { folder: 'vscode-ripgrep-cache-1.15.11', archive: 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz' };

function log(message: string): void {
  console.log(`[test:editor] ${message}`);
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

export function ensureDebianPackages(): void {
  const missing = Object.entries(DEBIAN_PACKAGES).filter(([, file]) => !fs.existsSync(file)).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages; install them with: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`);
  }
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['-q', 'update'], { env });
  run('apt-get', ['-q', 'install', '-y', '--no-install-recommends', ...missing], { env });
  log(`Debian packages installed in ${seconds(started)}`);
}

/** Returns the path of code-server's entry script, installing code-server under `cacheDir` first if needed. */
export function ensureCodeServer(cacheDir: string): string {
  const folder = path.join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const entry = path.join(folder, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const stamp = path.join(folder, '.installed');
  if (fs.existsSync(stamp) && fs.existsSync(entry)) return entry;

  const started = Date.now();
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));

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
  run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--unsafe-perm', '--no-audit', '--no-fund', '--no-save'], { cwd: folder, env });
  if (!fs.existsSync(entry)) throw new Error(`code-server installed, but ${entry} is missing`);
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
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
  fs.copyFileSync(DEBIAN_PACKAGES.ripgrep, path.join(staging, 'rg'));
  fs.chmodSync(path.join(staging, 'rg'), 0o755);
  execFileSync('tar', ['-czf', archive, '-C', staging, 'rg']);
  fs.rmSync(staging, { recursive: true, force: true });
}

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
