/**
 * Preloaded into every Node process of a run (`NODE_OPTIONS=--require <abs>/out/test/bench/processCpuLog.js` with
 * `SITEMAP_PROCESS_CPU_DIR=<folder>`): at exit, each process writes its pid, parent pid, first arguments, wall time and
 * CPU (user + system, its worker threads included) to `<folder>/<pid>.json`, for processCpuReport.ts to add up by test
 * file. A process killed by a signal writes nothing. docs/performance.md, "npm test": where the CPU goes.
 */
import * as fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

export interface ProcessCpu {
  pid: number;
  ppid: number;
  argv: string[];
  /** Node's own options: the test runner's process has `--test`. */
  execArgv: string[];
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
  /** Seconds of user + system CPU. */
  cpu: number;
}

const folder = process.env.SITEMAP_PROCESS_CPU_DIR;
if (isMainThread && folder) {
  process.on('exit', () => {
    const usage = process.cpuUsage();
    const record: ProcessCpu = {
      pid: process.pid, ppid: process.ppid, argv: process.argv.slice(1, 4), execArgv: process.execArgv, start: performance.timeOrigin, end: Date.now(),
      cpu: (usage.user + usage.system) / 1e6,
    };
    try {
      fs.writeFileSync(`${folder}/${process.pid}.json`, JSON.stringify(record));
    } catch {
      // A folder gone: the measurement loses one process, the process its exit code never.
    }
  });
}
