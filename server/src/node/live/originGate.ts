/** Politeness toward one origin (issue 34): at most `concurrency` requests at once, starts spaced to stay under
 * `requestsPerSecond`, and a pause for everyone when the origin answers 429 or 503 (its Retry-After), after which the
 * origin is asked more slowly for a while: a server that says "too many" is slowed down as a whole, not URL by URL. */
import { setTimeout as wait } from 'node:timers/promises';

export interface PolitenessOptions {
  /** Requests in flight to the origin at once. */
  concurrency: number;
  /** Request starts per second; 0 or Infinity: no limit. */
  requestsPerSecond: number;
}

/** The slowest the origin is asked after repeated 429/503: this many times the spacing. */
const MAX_SLOWDOWN = 8;

export class OriginGate {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  /** Earliest start of the next request (ms, Date.now's clock). */
  private nextStart = 0;
  private pausedUntil = 0;
  private slowdown = 1;
  /** Requests in flight at most, for the tests and the progress line. */
  maxActive = 0;

  constructor(private readonly options: PolitenessOptions) {}

  /** Runs `task` once a slot is free and its start is due; rejects with the signal's reason when aborted first. */
  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      await this.startDue(signal);
      return await task();
    } finally {
      this.release();
    }
  }

  /** A 429 or 503 asked to wait `ms`: nobody starts before then, and the spacing doubles (bounded). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
    this.slowdown = Math.min(MAX_SLOWDOWN, this.slowdown * 2);
  }

  /** An answer that was not 429/503: the spacing comes back toward the configured rate. */
  answered(): void {
    if (this.slowdown > 1) this.slowdown = Math.max(1, this.slowdown * 0.9);
  }

  private async acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.active < this.options.concurrency) {
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.queue.indexOf(granted);
        if (at >= 0) this.queue.splice(at, 1);
        reject(signal.reason);
      };
      const granted = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      this.queue.push(granted);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Hands the slot to the next in line (the count stays), or frees it. */
  private release(): void {
    const next = this.queue.shift();
    if (next !== undefined) next();
    else this.active--;
  }

  /** Waits until this request's start is due: after the pause, and one interval after the previous start. */
  private async startDue(signal: AbortSignal): Promise<void> {
    const rate = this.options.requestsPerSecond;
    const interval = rate > 0 && Number.isFinite(rate) ? (1000 / rate) * this.slowdown : 0;
    for (;;) {
      const now = Date.now();
      const start = Math.max(now, this.nextStart, this.pausedUntil);
      if (start <= now) {
        this.nextStart = now + interval;
        return;
      }
      await wait(start - now, undefined, { signal });
    }
  }
}
