/**
 * Issue 24: the web worker's start, as VS Code for the Web pays it each time the extension starts: the server script
 * minified by esbuild (a few KB over the production build's), run in a worker thread as a browser worker (test/support/webWorker.ts),
 * timed to its `initialize` answer and to a small sitemap's first diagnostics; Node's V8, not a browser's. `BENCH_WEB=0`
 * skips it; `BENCH_WEB_BEFORE=<script>` alternates another server script with this one (an earlier commit's production build).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { transformSync } from 'esbuild';
import { startWebWorker } from '../support/webWorker';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 15);
const SERVER = path.resolve(__dirname, '../../../dist/web/server.js');
const TEXT = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  + '  <url><loc>https://www.example.com/</loc><priority>2</priority></url>\n</urlset>\n';

interface Start {
  initialize: number;
  diagnostics: number;
}

export async function printWebStart(): Promise<void> {
  if (process.env.BENCH_WEB === '0') return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-start-bench-'));
  try {
    const scripts = [{ name: 'dist/web/server.js', file: minified(SERVER, path.join(dir, 'server.js')) }];
    const before = process.env.BENCH_WEB_BEFORE;
    if (before !== undefined && before !== '') scripts.push({ name: before, file: minified(before, path.join(dir, 'before.js')) });
    const times = scripts.map(() => [] as Start[]);
    for (let run = 0; run < RUNS; run++) {
      for (const [k, script] of scripts.entries()) times[k].push(await startOnce(script.file));
    }
    console.log(`\nThe web worker's start (issue 24): the minified server script in a worker thread, median of ${RUNS}, scripts alternated\n`);
    console.log('| server script | minified (KB) | to `initialize` answered (ms) | to first diagnostics (ms) |');
    console.log('|---|---:|---:|---:|');
    for (const [k, script] of scripts.entries()) {
      const kb = fs.statSync(script.file).size / 1000;
      console.log(`| ${script.name} | ${kb.toFixed(0)} | ${upperMedian(times[k].map((t) => t.initialize)).toFixed(1)} | ${upperMedian(times[k].map((t) => t.diagnostics)).toFixed(1)} |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function minified(source: string, target: string): string {
  fs.writeFileSync(target, transformSync(fs.readFileSync(source, 'utf8'), { minify: true, target: 'es2022' }).code);
  return target;
}

async function startOnce(script: string): Promise<Start> {
  const started = performance.now();
  const { connection, worker, failed } = startWebWorker(script);
  failed.catch(() => undefined); // it rejects when the worker is ended below
  const published = new Promise<void>((resolve) => connection.onNotification('textDocument/publishDiagnostics', () => resolve()));
  connection.listen();
  try {
    await Promise.race([connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} }), failed]);
    const initialize = performance.now() - started;
    await connection.sendNotification('initialized', {});
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: 'untitled:bench-sitemap.xml', languageId: 'sitemap', version: 1, text: TEXT } });
    await Promise.race([published, failed]);
    return { initialize, diagnostics: performance.now() - started };
  } finally {
    connection.dispose();
    await worker.terminate();
  }
}

