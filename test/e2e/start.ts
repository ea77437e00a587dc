/**
 * `npm start`: Sitemap Studio in a real VS Code (code-server 4.100.3, VS Code 1.100) in the browser, on a demo workspace.
 * After the build (the npm script does it) it installs what is missing as `npm run test:editor` does, saying what and
 * why first (install.ts: code-server into `.cache/`, and only while code-server is not there the two Debian packages
 * its install needs, asked on a terminal; no browser), packages the extension and installs the `.vsix`
 * into a code-server of its own under `test-results/start/`, opens a fresh copy of `test/e2e/demo/` and prints the
 * address. SIGINT (Ctrl+C), SIGTERM or SIGHUP stops code-server with everything it started.
 *
 *   node out/test/e2e/start.js [--port N]
 *
 * The extension is installed rather than loaded as the extension under development (which code-server takes only
 * from a page URL's `payload`): the bare address then works, in any browser tab, as the extension users get.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeRunFolders, startCodeServer, type CodeServer } from './codeServer';
import { CODE_SERVER_VERSION, ensureEditorTools, failureText, prefixedLog, seconds } from './install';
import { packageExtension } from './vsix';

const ROOT = path.resolve(__dirname, '..', '..', '..'); // out/test/e2e → the repository
const RUN = path.join(ROOT, 'test-results', 'start');
const DEMO = path.join(ROOT, 'test', 'e2e', 'demo');

/** The line the address is printed on; test/e2e/startCheck.ts reads it. */
export const READY_PREFIX = 'Sitemap Studio in VS Code: ';

const log = prefixedLog('start');

function portArgument(argv: string[]): number | undefined {
  const index = argv.indexOf('--port');
  if (index < 0) return undefined;
  const port = Number(argv[index + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port needs a port number, got ${argv[index + 1]}`);
  return port;
}

async function main(): Promise<number> {
  const started = Date.now();
  const port = portArgument(process.argv.slice(2));
  if (!fs.existsSync(path.join(ROOT, 'dist', 'client.js'))) throw new Error('build first: npm run build (npm start does it)');
  // No browser to install: the address is opened in the user's own.
  const entry = await ensureEditorTools(path.join(ROOT, '.cache'), { browser: false, log });

  // A fresh run folder each start: the demo as committed, a new profile, no state from an earlier run.
  fs.rmSync(RUN, { recursive: true, force: true });
  const folders = makeRunFolders(RUN);
  const demo = path.join(RUN, 'demo');
  fs.cpSync(DEMO, demo, { recursive: true });
  const vsix = packageExtension(ROOT, path.join(RUN, 'sitemap-studio.vsix'));
  const codeServerLog = path.join(RUN, 'code-server.log');

  let stopping: Promise<number> | undefined;
  const starting: Promise<CodeServer> = startCodeServer(entry, folders, {
    env: {},
    install: [vsix],
    log: codeServerLog,
    folder: demo,
    port,
    settings: { 'workbench.startupEditor': 'readme' }, // the demo's README.md says what to look at
  });
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl+C while stopping must not leave code-server half stopped: the first one finishes the job. A
    // signal during the start stops code-server once it is up.
    stopping ??= (async () => {
      log(`${signal}: stopping code-server…`);
      await (await starting.catch(() => undefined))?.stop();
      log('stopped');
      return 0;
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  const server = await starting;
  if (stopping) return stopping;

  log(`code-server ${CODE_SERVER_VERSION} ready in ${seconds(started)} (log: ${path.relative(ROOT, codeServerLog)})`);
  console.log('');
  console.log(`${READY_PREFIX}${server.origin}/`);
  console.log('');
  console.log(`Open it in a browser: the demo workspace (a copy of ${path.relative(ROOT, DEMO)}/, in ${path.relative(ROOT, demo)}/) with the extension installed.`);
  console.log('Ctrl+C stops it.');

  const exited = server.exited.then(async () => {
    if (stopping) return stopping;
    log(`code-server exited by itself; see ${path.relative(ROOT, codeServerLog)}`);
    await server.stop(); // what it left in its process group
    return 1;
  });
  return exited;
}

if (require.main === module) { // startCheck.ts imports READY_PREFIX
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`[start] ${failureText(error)}`);
      process.exit(1);
    },
  );
}
