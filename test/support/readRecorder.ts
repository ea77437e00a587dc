/**
 * Preloaded into a process the tests start (`NODE_OPTIONS=--require …/readRecorder.js`, worker threads too) when
 * SITEMAP_TEST_READ_LOG names a file: every file opened, folder listed and program started is appended to it, one
 * line each (`open <path>`, `readdir <path>`, `spawn <program>`), so a test can say what a run read. Records only.
 */
// The modules themselves (not an import's namespace copy, whose properties cannot be set): the bundles call into them.
import childProcess = require('node:child_process');
import fs = require('node:fs');

const LOG = process.env.SITEMAP_TEST_READ_LOG;

if (LOG !== undefined && LOG !== '') record(LOG);

function record(log: string): void {
  const append = fs.appendFileSync;
  let inside = false;
  const write = (kind: string, what: unknown): void => {
    if (inside) return;
    inside = true;
    try {
      append(log, `${kind} ${String(what)}\n`);
    } finally {
      inside = false;
    }
  };
  const wrap = (target: object, name: string, kind: string): void => {
    const owner = target as Record<string, unknown>;
    const original = owner[name];
    if (typeof original !== 'function') return;
    owner[name] = function (this: unknown, ...args: unknown[]) {
      write(kind, args[0] instanceof URL ? args[0].pathname : args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  };
  for (const name of ['openSync', 'open', 'readFileSync', 'readFile', 'createReadStream']) wrap(fs, name, 'open');
  for (const name of ['open', 'readFile']) wrap(fs.promises, name, 'open');
  for (const name of ['readdirSync', 'readdir', 'opendirSync', 'opendir']) wrap(fs, name, 'readdir');
  for (const name of ['readdir', 'opendir']) wrap(fs.promises, name, 'readdir');
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync']) wrap(childProcess, name, 'spawn');
}

/** The environment that preloads this recorder into a child, logging to `log`. */
export function recordingEnv(log: string): Record<string, string> {
  return { NODE_OPTIONS: `--require ${__filename}`, SITEMAP_TEST_READ_LOG: log };
}

/** The log's lines of `kind` whose subject passes `wanted`. */
export function recorded(log: string, kind: 'open' | 'readdir' | 'spawn', wanted: (subject: string) => boolean = () => true): string[] {
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  return text.split('\n').filter((line) => line.startsWith(`${kind} `)).map((line) => line.slice(kind.length + 1)).filter(wanted);
}
