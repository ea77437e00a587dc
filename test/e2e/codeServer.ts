/**
 * Starts code-server (a real VS Code 1.100 build) for the editor tests with all its state under one run folder,
 * optionally with a packaged extension installed, and builds the workbench URLs that open a folder, optionally with
 * an extension under development and a test runner loaded. See shared/recipes/real-vscode.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { descendantsOf, stillRunning } from './processes';

export interface CodeServer {
  readonly port: number;
  readonly origin: string;
  /** Where `install` put the extensions: their processes' command lines name it. */
  readonly extensionsDir: string;
  /** The workbench URL opening `folder`, with `payload` entries such as extensionDevelopmentPath. */
  url(folder: string, payload: Record<string, string>): string;
  /** A `vscode-remote://` URI for an absolute path on this server, as the workbench payload needs. */
  remoteUri(absolutePath: string): string;
  /** Resolves when code-server exits, whoever stopped it. */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

/** The folders of one run; `env` points HOME, the XDG folders and TMPDIR into them. */
export interface RunFolders {
  root: string;
  env: NodeJS.ProcessEnv;
}

export function makeRunFolders(root: string): RunFolders {
  const dir = (...parts: string[]) => {
    const folder = path.join(root, ...parts);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    return folder;
  };
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A terminal of another VS Code would otherwise hand its IPC hooks to this one.
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete env[key];
  Object.assign(env, {
    HOME: dir('home'),
    XDG_CONFIG_HOME: dir('xdg', 'config'),
    XDG_DATA_HOME: dir('xdg', 'data'),
    XDG_CACHE_HOME: dir('xdg', 'cache'),
    XDG_RUNTIME_DIR: dir('xdg', 'runtime'),
    TMPDIR: dir('tmp'),
  });
  return { root, env };
}

export interface StartOptions {
  /** Added to code-server's environment, which its extension hosts inherit. */
  env: NodeJS.ProcessEnv;
  /** `.vsix` files to install into the run's extensions folder before starting. */
  install: string[];
  /** code-server's output goes here. */
  log: string;
  /** The folder the bare address (`/`) opens; without it, only a URL with `?folder=` opens one. */
  folder?: string;
  /** Without it, a free port. */
  port?: number;
  /** User settings added to (or overriding) the test settings below. */
  settings?: Record<string, unknown>;
}

export async function startCodeServer(entry: string, folders: RunFolders, options: StartOptions): Promise<CodeServer> {
  const { log } = options;
  const port = options.port ?? await freePort();
  const base = path.join(folders.root, 'code-server');
  const userDataDir = path.join(base, 'user-data');
  const extensionsDir = path.join(base, 'extensions');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const config = path.join(base, 'config.yaml');
  fs.writeFileSync(config, [
    `bind-addr: 127.0.0.1:${port}`,
    'auth: none',
    'cert: false',
    'disable-telemetry: true',
    'disable-update-check: true',
    'disable-workspace-trust: true',
    '',
  ].join('\n'));
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'git.enabled': false,
    'chat.disableAIFeatures': true,
    // VS Code in a browser saves after a second by default; desktop VS Code does not. Tests revert their edits, and
    // a save in the middle of a step (file events, a re-validation) only adds races.
    'files.autoSave': 'off',
    ...options.settings,
  }, null, 2));

  const args = [entry, '--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  const env = { ...folders.env, ...options.env };
  for (const vsix of options.install) {
    const installed = spawnSync(process.execPath, [...args, '--install-extension', vsix], { env, encoding: 'utf8' });
    fs.appendFileSync(log, `${installed.stdout}${installed.stderr}`);
    if (installed.status !== 0) throw new Error(`code-server --install-extension ${vsix} exited with ${installed.status ?? installed.signal}; see ${log}`);
  }

  const child = spawn(process.execPath, options.folder !== undefined ? [...args, options.folder] : args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so that nothing it started outlives the run
  });
  const output = fs.createWriteStream(log, { flags: 'a' });
  child.stdout!.pipe(output);
  child.stderr!.pipe(output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const origin = `http://127.0.0.1:${port}`;
  await waitUntilListening(child, port, log);

  const remoteUri = (absolutePath: string) => `vscode-remote://127.0.0.1:${port}${encodeURI(absolutePath)}`;
  return {
    port,
    origin,
    extensionsDir,
    remoteUri,
    url(folder, payload) {
      const entries = Object.entries(payload);
      const query = `folder=${encodeURIComponent(folder)}` + (entries.length ? `&payload=${encodeURIComponent(JSON.stringify(entries))}` : '');
      return `${origin}/?${query}`;
    },
    exited,
    stop: () => stop(child, exited),
  };
}

/** Resolves when code-server logs that its HTTP server listens on `port` (either stream); rejects if it exits first or takes over 60 s. */
function waitUntilListening(child: ChildProcess, port: number, log: string): Promise<void> {
  const ready = `HTTP server listening on http://127.0.0.1:${port}/`;
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onStdout);
      child.stderr!.off('data', onStderr);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const watch = () => {
      let tail = ''; // the line may arrive split across chunks
      return (chunk: Buffer) => {
        tail = (tail + chunk.toString('utf8')).slice(-4096);
        if (tail.includes(ready)) done();
      };
    };
    const onStdout = watch();
    const onStderr = watch();
    const onExit = () => done(new Error(`code-server exited early; see ${log}`));
    const timer = setTimeout(() => done(new Error(`code-server did not say it listens on port ${port} within 60 s; see ${log}`)), 60_000);
    child.stdout!.on('data', onStdout);
    child.stderr!.on('data', onStderr);
    child.once('exit', onExit);
  });
}

/**
 * SIGTERM to code-server's process group, then wait for it to exit (SIGKILL after 10 s), so the port is free again;
 * then SIGKILL to what is left of its group and of the processes it had started (a terminal's shell has a session of
 * its own).
 */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const started = child.pid !== undefined ? descendantsOf(child.pid) : [];
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    signalGroup('SIGTERM');
    const killer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
  signalGroup('SIGKILL'); // whatever code-server left behind in its group (extension host, language server)
  for (const p of stillRunning(started)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
