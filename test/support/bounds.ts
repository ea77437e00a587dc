/**
 * Time and memory of one synchronous operation, for robustness bounds (test/language/syntax/badInputs.test.ts). These are
 * not benchmarks: the bounds they are checked against are many times the figures measured, so that a noisy,
 * loaded machine never fails them, while a hang, a quadratic blow-up or an entity expansion still would.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** The garbage collector, exposed at run time (node --test runs without --expose-gc). */
let collect: (() => void) | undefined;

function gc(): void {
  if (collect === undefined) {
    v8.setFlagsFromString('--expose_gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}

export interface Measured<T> {
  value: T;
  /**
   * CPU time of the process (user + system, process.cpuUsage), not wall-clock time: a hang or a quadratic blow-up
   * spends it all the same, while another process's load does not (at load 16 on 2 cores, wall-clock time was 8× it).
   */
  ms: number;
  /** Heap growth still held after a full GC, while `value` is alive (process.memoryUsage heapUsed + external). */
  retainedBytes: number;
  /** How far the process's peak resident set size rose (process.resourceUsage().maxRSS). */
  peakRssGrowthBytes: number;
}

function heap(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

export function measure<T>(operation: () => T): Measured<T> {
  gc();
  const heapBefore = heap();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const start = process.cpuUsage();
  const value = operation();
  const spent = process.cpuUsage(start);
  const ms = (spent.user + spent.system) / 1000;
  const peakRssGrowthBytes = process.resourceUsage().maxRSS * 1024 - peakBefore;
  gc();
  const retainedBytes = heap() - heapBefore;
  return { value, ms, retainedBytes, peakRssGrowthBytes };
}

export const MB = 1024 * 1024;

export function describe(m: Measured<unknown>): string {
  return `${m.ms.toFixed(1)} ms of CPU, retained ${(m.retainedBytes / MB).toFixed(1)} MB, peak RSS +${(m.peakRssGrowthBytes / MB).toFixed(1)} MB`;
}
