/**
 * Issue 21's cold targets (`BENCH_COLD=0` skips them; `node out/test/bench/coldBench.js` runs them alone), each a ratio
 * against xmllint in one run, alternating, medians of `BENCH_COLD_RUNS` (5), with the wire's floor: docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LspClient } from '../lsp/lspClient';
import { benchExtensionSitemap, benchSitemap } from '../support/generate';
import { hasXmllint, XSD } from './lintBench';
import { upperMedian } from './median';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const LINT = process.env.BENCH_LINT_BIN || path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const SERVER = process.env.BENCH_WIRE_SERVER;
/** Another build's dist/ (`BENCH_COLD_BASE_DIST`): its sitemap-lint and server take turns with this one's on the extension file. */
const BASE = process.env.BENCH_COLD_BASE_DIST;

/** Wall-clock ms of a child process, spawn to exit; throws unless it exits with `ok`. */
function timed(command: string, args: string[], ok = 0): number {
  const start = performance.now();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (r.status !== ok) throw new Error(`${command} ${args.slice(0, 3).join(' ')} … failed (${r.status}): ${r.stderr.slice(0, 300)}`);
  return ms;
}

/** A fresh server: didOpen of `text` → its first publishDiagnostics, in ms. */
async function firstOpen(text: string, serverPath = SERVER): Promise<number> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cold-bench-')));
  const client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'cold' }], serverPath });
  try {
    const uri = pathToFileURL(path.join(root, 'sitemap.xml')).href;
    const first = client.nextDiagnostics(uri);
    const t0 = performance.now();
    client.open(uri, 'sitemap', text);
    await first;
    return performance.now() - t0;
  } finally {
    await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

interface Row {
  what: string;
  ours: number;
  xmllint: number;
  against: string;
  /** Not a target: a floor to read the row above by. */
  floor?: boolean;
}

/** Runs each measurement RUNS times, alternating them, and takes medians. */
async function alternate(measures: Array<() => number | Promise<number>>): Promise<number[]> {
  const times: number[][] = measures.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (let k = 0; k < measures.length; k++) times[k].push(await measures[k]());
  }
  return times.map(upperMedian);
}

async function measure(dir: string): Promise<Row[]> {
  const extensionText = benchExtensionSitemap(50_000);
  const extension = path.join(dir, 'extensions.xml');
  fs.writeFileSync(extension, extensionText);
  const plainText = benchSitemap(50_000);
  const plain = path.join(dir, 'plain.xml');
  fs.writeFileSync(plain, plainText);
  const many: string[] = [];
  for (let k = 0; k < 200; k++) {
    const file = path.join(dir, 'many', `sitemap-${String(k).padStart(3, '0')}.xml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, benchSitemap(2_000).replace(/\/products\//g, `/products/s${k}/`));
    many.push(file);
  }
  const mb = (fs.statSync(extension).size / 1_048_576).toFixed(1);
  // The extension file is over the original 10 MB limit: an information, which --max-warnings leaves alone.
  const lint = (files: string[], bin = LINT) => () => timed(process.execPath, [bin, '--max-warnings', '0', ...files]);
  const noout = (files: string[]) => () => timed('xmllint', ['--noout', ...files]);
  const schema = (files: string[]) => () => timed('xmllint', ['--noout', '--schema', XSD, ...files]);
  const floor = path.join(__dirname, 'wireFloorServer.js');
  const base = BASE === undefined ? [] : [lint([extension], path.join(BASE, 'sitemap-lint.js')), () => firstOpen(extensionText, path.join(BASE, 'server.js'))];
  const [extLint, extOpen, extFloor, extXmllint, baseLint, baseOpen] = await alternate([
    lint([extension]), () => firstOpen(extensionText), () => firstOpen(extensionText, floor), noout([extension]), ...base,
  ]);
  const baseRows: Row[] = BASE === undefined ? [] : [
    { what: `the same, ${BASE}: sitemap-lint, cold`, ours: baseLint, xmllint: extXmllint, against: '--noout' },
    { what: `the same, ${BASE}: a fresh server, didOpen → diagnostics`, ours: baseOpen, xmllint: extXmllint, against: '--noout' },
  ];
  const extensionRows: Row[] = [
    { what: `an image and 3 alternates per entry, 50,000 entries (${mb} MB): sitemap-lint, cold`, ours: extLint, xmllint: extXmllint, against: '--noout' },
    { what: 'the same file: a fresh server, didOpen → diagnostics', ours: extOpen, xmllint: extXmllint, against: '--noout' },
    { what: 'the same file: the wire alone (wireFloorServer.ts: no language work), didOpen → diagnostics', ours: extFloor, xmllint: extXmllint, against: '--noout', floor: true },
    ...baseRows,
  ];
  // `BENCH_COLD_EXTENSIONS_ONLY=1`: these rows alone.
  if (process.env.BENCH_COLD_EXTENSIONS_ONLY === '1') return extensionRows;
  const [batch, batchXmllint] = await alternate([lint(many), schema(many)]);
  const [plainOpen, plainXmllint] = await alternate([() => firstOpen(plainText), schema([plain])]);
  return [
    ...extensionRows,
    { what: '200 files of 2,000 plain entries: sitemap-lint over them', ours: batch, xmllint: batchXmllint, against: '--schema' },
    { what: 'plain, 50,000 entries: a fresh server, didOpen → diagnostics', ours: plainOpen, xmllint: plainXmllint, against: '--schema' },
  ];
}

export async function printCold(): Promise<void> {
  if (process.env.BENCH_COLD === '0') return;
  if (!hasXmllint()) {
    console.log('\nIssue 21 cold targets: skipped (no xmllint)');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-bench-files-'));
  try {
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    const rows = await measure(dir);
    console.log(`\nIssue 21, extensions and the cold path: medians of ${RUNS} alternating runs; ${os.availableParallelism()} cores, load average ${load} at the start, ${os.loadavg()[0].toFixed(2)} at the end\n`);
    console.log('| input | ours (ms) | xmllint (ms) | xmllint | ratio | target |');
    console.log('|---|---:|---:|---|---:|---|');
    for (const r of rows) console.log(`| ${r.what} | ${r.ours.toFixed(0)} | ${r.xmllint.toFixed(0)} | ${r.against} | ${(r.ours / r.xmllint).toFixed(2)}× | ${r.floor ? '(floor)' : '≤ 1.0×'} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  printCold().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
