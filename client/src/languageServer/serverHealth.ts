/** Whether the language server is checking the files, and its crash policy: restart up to `maxRestarts` times within
 * `windowMs`, then give up and say so. Pure (no `vscode`), for node:test. */
import type { StatusLevel } from '../status/statusFormat';

/** `restarting`: after a crash, until the new server runs; `stopped`: it will not come back without Restart. */
export type ServerHealth = 'starting' | 'running' | 'restarting' | 'stopped';

export const RESTART_ACTION = 'Restart Language Server';
export const SHOW_OUTPUT_ACTION = 'Show Output';

/** vscode-languageclient's own policy: 4 restarts, the 5th crash within 3 minutes stops it. */
export class CrashHistory {
  private crashes: number[] = [];

  constructor(readonly maxRestarts = 4, readonly windowMs = 3 * 60_000, private readonly now: () => number = Date.now) {}

  /** Records a crash; whether the server should be started again. */
  crashed(): 'restart' | 'give-up' {
    this.crashes.push(this.now());
    if (this.crashes.length > this.maxRestarts + 1) this.crashes.shift();
    const recent = this.crashes.length > this.maxRestarts && this.crashes[this.crashes.length - 1] - this.crashes[0] <= this.windowMs;
    return recent ? 'give-up' : 'restart';
  }

  /** How many crashes the history holds (for the log line). */
  get count(): number {
    return this.crashes.length;
  }

  /** A restart the user asked for starts a fresh count. */
  reset(): void {
    this.crashes = [];
  }
}

/**
 * The notification when the server will not be restarted (after `crashes` within `windowMs`, or stopped otherwise);
 * its buttons are the two actions.
 */
export function stoppedNotice(crashes?: { count: number; windowMs: number }): { message: string; actions: string[] } {
  const why = crashes === undefined ? 'stopped'
    : `crashed ${crashes.count} times in ${Math.round(crashes.windowMs / 60_000)} minutes and was not restarted`;
  return {
    message: `The Sitemap Studio language server ${why}: sitemaps are not being checked.`,
    actions: [RESTART_ACTION, SHOW_OUTPUT_ACTION],
  };
}

export interface HealthView {
  text: string;
  tooltip: string;
  level: StatusLevel;
  /** What a click runs. */
  command: string | undefined;
}

/**
 * What the status bar item shows instead of the counts while the server is not running: never nothing, which would
 * look like a file without problems. `undefined` while it runs (or starts the first time: nothing was shown yet).
 */
export function describeHealth(health: ServerHealth, restartCommand: string): HealthView | undefined {
  switch (health) {
    case 'stopped':
      return {
        text: '$(error) Sitemap checker stopped',
        tooltip: 'The Sitemap Studio language server has stopped: problems are no longer checked or shown.\n'
          + 'Click to restart it (Sitemap: Restart Language Server); Sitemap: Show Output says why it stopped.',
        level: 'error',
        command: restartCommand,
      };
    case 'restarting':
      return {
        text: '$(sync~spin) Sitemap checker restarting',
        tooltip: 'The Sitemap Studio language server stopped and is being restarted: problems show again once it runs.',
        level: 'warning',
        command: undefined,
      };
    default:
      return undefined;
  }
}
