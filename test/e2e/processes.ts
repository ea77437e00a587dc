/**
 * The processes a process started, read from Linux's /proc: to stop code-server with everything it started (some of it
 * may leave its process group, e.g. a terminal's shell), and to check that nothing is left afterwards.
 * Elsewhere (no /proc) every function sees no processes.
 */
import * as fs from 'node:fs';

/** A process, told apart from a later one with a reused pid by its start time. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Clock ticks after boot (field 22 of /proc/<pid>/stat). */
  started: string;
  command: string;
}

function readStat(pid: number): ProcessInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(fields[1]), started: fields[19], command };
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

export function allProcesses(): ProcessInfo[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name))).filter((p): p is ProcessInfo => p !== undefined);
}

/** Every living descendant of `pid` (children, their children, …), not `pid` itself. */
export function descendantsOf(pid: number): ProcessInfo[] {
  const all = allProcesses();
  const found: ProcessInfo[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        grew = true;
      }
    }
  }
  return found;
}

/** Those of `processes` still running (the same pid with the same start time; a zombie counts as gone). */
export function stillRunning(processes: ProcessInfo[]): ProcessInfo[] {
  return processes.filter((p) => {
    const now = readStat(p.pid);
    if (now === undefined || now.started !== p.started) return false;
    try {
      return !/^\S+ \(.*\) Z /s.test(fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  });
}
