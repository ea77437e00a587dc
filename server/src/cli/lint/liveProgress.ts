/** `sitemap-lint --live`'s progress on stderr (never stdout, where the report may be JSON or SARIF): on a terminal one
 * line redrawn in place (checked/total, URLs a second, problems and errors so far), cleared before anything else is
 * written; elsewhere (a CI log) one line every few seconds, so that a long run shows it is alive without flooding the
 * log. */

/** What a progress line says: checkLive's LiveProgress (the CLI does not load the HTTP bundle to name its type). */
export interface ProgressCounts {
  checked: number;
  total: number;
  problems: number;
  errors: number;
}

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

/** A terminal's line is redrawn this often at most (and each time, so the rate stays current while an origin waits). */
export const TERMINAL_REDRAW_MS = 200;
/** Not on a terminal: one line this often. */
export const LOG_LINE_MS = 5_000;

const CLEAR = '\r\x1b[2K';

export class LiveProgressLine {
  private counts: ProgressCounts | undefined;
  /** When the first counts came: the live check's start, not the run's. */
  private started = 0;
  private readonly timer: NodeJS.Timeout;
  private drawn = false;

  /** `intervalMs`: the log line's interval (tests shorten it); a terminal's redraw is TERMINAL_REDRAW_MS. */
  constructor(private readonly out: ProgressStream, intervalMs = LOG_LINE_MS, private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.tick(), out.isTTY === true ? TERMINAL_REDRAW_MS : intervalMs);
    // The progress line never keeps the process alive.
    this.timer.unref();
  }

  update(counts: ProgressCounts): void {
    const first = this.counts === undefined;
    if (first) this.started = this.now();
    this.counts = counts;
    // A terminal shows the bar at once; a log waits for its interval (a short run writes no line at all).
    if (first && this.out.isTTY === true) this.tick();
  }

  /** Clears the terminal's line so that `text` (a note) starts at the line's start; redrawn at the next tick. */
  interrupt(): void {
    if (this.drawn) this.out.write(CLEAR);
    this.drawn = false;
  }

  /** The run's end (or Ctrl+C): no more lines, the terminal's cleared. */
  stop(): void {
    clearInterval(this.timer);
    this.interrupt();
  }

  private tick(): void {
    if (this.counts === undefined) return;
    const text = progressText(this.counts, this.now() - this.started);
    if (this.out.isTTY === true) {
      const width = Math.max(20, (this.out.columns ?? 80) - 1);
      this.out.write(`${CLEAR}${text.slice(0, width)}`);
      this.drawn = true;
    } else {
      this.out.write(`${text}\n`);
    }
  }
}

/** `sitemap-lint: live: 1,204/5,000 URLs, 37.2/s, 12 problems, 3 errors` (the numbers in the locale-free en-US form). */
export function progressText(counts: ProgressCounts, elapsedMs: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const rate = elapsedMs > 0 ? (counts.checked * 1000) / elapsedMs : 0;
  const perSecond = rate.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return `sitemap-lint: live: ${n(counts.checked)}/${n(counts.total)} URLs, ${perSecond}/s, ${n(counts.problems)} problems, ${n(counts.errors)} errors`;
}
