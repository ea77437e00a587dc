/**
 * When a command's progress notification opens and when the command may say how it ended. VS Code keeps an extension's
 * notification progress up at least 800 ms after it opened, whenever its task ends (its ProgressService awaits
 * `Promise.all([timeout(800), task])`; the `delay` that avoids this is not offered to extensions): a command that failed
 * at once showed "Comparing… Cancel" beside its error (issue 33). So the notification opens only once the command has
 * run `delayMs`, and a command that opened one settles only once the workbench has closed it. Pure of `vscode`:
 * commandProgress.ts binds it to `window.withProgress`.
 */

/** VS Code's least time up for a notification progress (ProgressService.withNotificationProgress), and a margin for
 * the start to reach the workbench (it counts from there). */
export const WORKBENCH_MINIMUM_MS = 800 + 100;
/** A command answered sooner shows no progress at all (VS Code's own long operations wait as long before theirs). */
export const PROGRESS_DELAY_MS = 800;

export interface ProgressStep {
  message?: string;
  increment?: number;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

export const systemTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** Opens the notification, shown until `until` settles; returns how to report to it. */
export type OpenProgress = (until: Promise<void>) => (step: ProgressStep) => void;

export class LateProgress {
  private show: ((step: ProgressStep) => void) | undefined;
  /** What was reported before the notification opened: the last message, the increments summed. */
  private early: ProgressStep = {};
  private openedAt: number | undefined;

  constructor(private readonly timers: Timers = systemTimers, private readonly delayMs = PROGRESS_DELAY_MS, private readonly minimumMs = WORKBENCH_MINIMUM_MS) {}

  /** Whether the notification was opened. */
  get opened(): boolean {
    return this.openedAt !== undefined;
  }

  report(step: ProgressStep): void {
    if (this.show !== undefined) return this.show(step);
    if (step.message !== undefined) this.early.message = step.message;
    if (step.increment !== undefined) this.early.increment = (this.early.increment ?? 0) + step.increment;
  }

  /** `task`'s outcome, once the notification it opened (if it ran `delayMs`) has closed. */
  async run<T>(task: Promise<T>, open: OpenProgress): Promise<T> {
    const settled = task.then(() => undefined, () => undefined);
    const handle = this.timers.set(() => {
      this.openedAt = this.timers.now();
      this.show = open(settled);
      if (this.early.message !== undefined || this.early.increment !== undefined) this.show(this.early);
    }, this.delayMs);
    try {
      return await task;
    } finally {
      this.timers.clear(handle);
      await this.closed();
    }
  }

  /** Resolves once the workbench has closed the notification (at once when none opened). */
  private closed(): Promise<void> {
    if (this.openedAt === undefined) return Promise.resolve();
    const left = this.openedAt + this.minimumMs - this.timers.now();
    return left <= 0 ? Promise.resolve() : new Promise((resolve) => this.timers.set(resolve, left));
  }
}
