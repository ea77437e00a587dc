/**
 * `node out/test/bench/processCpuReport.js <folder> [rows]`: what processCpuLog.ts recorded, added up — the CPU of each
 * kind of process (test files, each bundle, npm, tsc) and of each test file with every process under it (its language
 * servers, command-line children, git), heaviest first. docs/performance.md, "npm test".
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProcessCpu } from './processCpuLog';

interface Total { processes: number; cpu: number; wall: number }

/** A test file's process runs the file as its script; the runner (`--test`) and test/run.mjs name files too. */
const isTestFile = (p: ProcessCpu): boolean => !p.execArgv.includes('--test') && (p.argv[0] ?? '').endsWith('.test.js');

/** The test file's process a process runs under (itself, or an ancestor), if any. */
function testFileOf(p: ProcessCpu, byPid: Map<number, ProcessCpu>): ProcessCpu | undefined {
  const seen = new Set<number>();
  for (let q: ProcessCpu | undefined = p; q !== undefined && !seen.has(q.pid); q = byPid.get(q.ppid)) {
    if (isTestFile(q)) return q;
    seen.add(q.pid);
  }
  return undefined;
}

function kindOf(p: ProcessCpu): string {
  if (isTestFile(p)) return 'test file';
  if (p.execArgv.includes('--test')) return 'test runner';
  const line = p.argv.join(' ');
  const match = /dist\/([\w./-]+)\.js|(npm|npx)-cli|bin\/(tsc|esbuild|vsce)|(build\.mjs|run\.mjs)/.exec(line);
  return match?.slice(1).find((m) => m !== undefined) ?? path.basename(p.argv[0] ?? '?');
}

function add(totals: Map<string, Total>, key: string, p: ProcessCpu, own: boolean): void {
  const total = totals.get(key) ?? { processes: 0, cpu: 0, wall: 0 };
  total.processes++;
  total.cpu += p.cpu;
  if (own) total.wall = (p.end - p.start) / 1000;
  totals.set(key, total);
}

function print(title: string, totals: Map<string, Total>, rows: number, wall: boolean): void {
  console.log(`\n${title}`);
  for (const [key, t] of [...totals].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, rows)) {
    console.log(`${t.cpu.toFixed(1).padStart(7)} CPU-s ${String(t.processes).padStart(5)} processes${wall ? `${t.wall.toFixed(1).padStart(7)} s wall` : ''}  ${key}`);
  }
}

function main(folder: string, rows: number): void {
  const records = fs.readdirSync(folder).filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as ProcessCpu);
  const byPid = new Map(records.map((p) => [p.pid, p]));
  const kinds = new Map<string, Total>();
  const files = new Map<string, Total>();
  for (const p of records) {
    add(kinds, kindOf(p), p, false);
    const file = testFileOf(p, byPid);
    if (file !== undefined) add(files, file.argv[0]!.replace(/.*out[\\/]test[\\/]/, ''), p, p === file);
  }
  const cpu = records.reduce((sum, p) => sum + p.cpu, 0);
  console.log(`${records.length} processes, ${cpu.toFixed(1)} CPU-s`);
  print('By kind:', kinds, rows, false);
  print('By test file, with the processes under it:', files, rows, true);
}

main(process.argv[2] ?? '.', Number(process.argv[3] ?? 20));
