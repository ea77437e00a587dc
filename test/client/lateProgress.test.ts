/**
 * A command's progress notification never outlives it (client/src/commands/lateProgress.ts; issue 33: "Comparing…
 * Cancel" stayed beside Compare's error). VS Code keeps a notification up WORKBENCH_MINIMUM_MS after it opened: a
 * command that fails before the delay opens none, and one that opened one settles only once it has closed. On a
 * clock of the test's own, moved by hand: no real waiting.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LateProgress, PROGRESS_DELAY_MS, WORKBENCH_MINIMUM_MS, type ProgressStep, type Timers } from '../../client/src/commands/lateProgress';

/** Timers run when `advance` passes their time. */
class ManualClock implements Timers {
  private time = 0;
  private timers: Array<{ due: number; run: () => void; id: number }> = [];
  private ids = 0;

  set(run: () => void, ms: number): unknown {
    const id = ++this.ids;
    this.timers.push({ due: this.time + ms, run, id });
    return id;
  }

  clear(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  now(): number {
    return this.time;
  }

  /** Moves the clock, running what falls due, and lets the promises they settle run. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = this.timers.filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (next === undefined) break;
      this.clear(next.id);
      this.time = next.due;
      next.run();
    }
    this.time = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let k = 0; k < 10; k++) await Promise.resolve();
}

/** A task the test ends, and the notification's record: opened when, closed when (as the workbench closes it). */
function scenario(clock: ManualClock) {
  let fail!: (error: Error) => void;
  let succeed!: (value: string) => void;
  const task = new Promise<string>((resolve, reject) => {
    fail = reject;
    succeed = resolve;
  });
  const shown: ProgressStep[] = [];
  const notification: { openedAt?: number; workbenchClosesAt?: number } = {};
  const open = (until: Promise<void>) => {
    notification.openedAt = clock.now();
    void until.then(() => (notification.workbenchClosesAt = Math.max(clock.now(), notification.openedAt! + 800)));
    return (step: ProgressStep) => shown.push(step);
  };
  return { task, fail, succeed, open, shown, notification };
}

describe('a command\'s progress notification', () => {
  it('is never opened for a command that fails before the delay, and the failure is told at once', async () => {
    const clock = new ManualClock();
    const late = new LateProgress(clock);
    const { task, fail, open, notification } = scenario(clock);
    let toldAt: number | undefined;
    const outcome = late.run(task, open).catch(() => (toldAt = clock.now()));
    await clock.advance(PROGRESS_DELAY_MS / 2);
    fail(new Error('the language server stopped'));
    await clock.advance(0);
    assert.equal(toldAt, PROGRESS_DELAY_MS / 2);
    await clock.advance(10 * PROGRESS_DELAY_MS);
    await outcome;
    assert.equal(notification.openedAt, undefined, 'no notification');
    assert.equal(late.opened, false);
  });

  it('once opened, settles only after the workbench has closed it', async () => {
    const clock = new ManualClock();
    const late = new LateProgress(clock);
    const { task, fail, open, notification } = scenario(clock);
    let toldAt: number | undefined;
    const outcome = late.run(task, open).catch(() => (toldAt = clock.now()));
    await clock.advance(PROGRESS_DELAY_MS + 10);
    assert.equal(notification.openedAt, PROGRESS_DELAY_MS);
    fail(new Error('git failed'));
    await clock.advance(1);
    assert.equal(toldAt, undefined, 'not told while the notification shows');
    await clock.advance(WORKBENCH_MINIMUM_MS);
    await outcome;
    assert.ok(toldAt !== undefined && notification.workbenchClosesAt !== undefined && toldAt >= notification.workbenchClosesAt,
      `told at ${toldAt}, the notification closed at ${notification.workbenchClosesAt}`);
  });

  it('a long command is told when it ends, and what it reported before the notification opened is shown', async () => {
    const clock = new ManualClock();
    const late = new LateProgress(clock);
    const { task, succeed, open, shown } = scenario(clock);
    late.report({ message: '1/9 files', increment: 10 });
    late.report({ message: '2/9 files', increment: 10 });
    let told: string | undefined;
    const outcome = late.run(task, open).then((value) => (told = value));
    await clock.advance(PROGRESS_DELAY_MS);
    late.report({ message: '3/9 files', increment: 10 });
    assert.deepEqual(shown, [{ message: '2/9 files', increment: 20 }, { message: '3/9 files', increment: 10 }]);
    await clock.advance(5 * WORKBENCH_MINIMUM_MS);
    succeed('done');
    await clock.advance(0);
    await outcome;
    assert.equal(told, 'done', 'past the minimum: told at once');
  });
});
