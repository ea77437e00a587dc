/**
 * The language server's timing stamps (`SITEMAP_TIMING_LOG`, server/src/lsp/timingLog.ts), read by bench:editor to
 * split what the page measures at the server's edges: key or Quick Open → the server → the squiggle.
 */
import * as fs from 'node:fs';

interface Stamp {
  t: number;
  event: string;
  uri?: string;
  version?: number | null;
}

export class ServerTiming {
  constructor(readonly file: string) {}

  /**
   * Milliseconds from `from` (epoch ms) to the first stamp of each of `events` after it, for a document whose URI
   * ends with `/name` (events without a document match any); NaN for an event not stamped.
   */
  split(from: number, name: string, events: readonly string[]): number[] {
    const stamps = this.read().filter((s) => s.t >= from && (s.uri === undefined || s.uri.endsWith(`/${encodeURIComponent(name)}`)));
    return events.map((event) => {
      const first = stamps.find((s) => s.event === event);
      return first === undefined ? NaN : first.t - from;
    });
  }

  /** Milliseconds from `from` to every stamp of `event` after it for the document `/name`, in order. */
  every(from: number, name: string, event: string): number[] {
    return this.read().filter((s) => s.t >= from && s.event === event && s.uri?.endsWith(`/${encodeURIComponent(name)}`)).map((s) => s.t - from);
  }

  private read(): Stamp[] {
    if (!fs.existsSync(this.file)) return [];
    return fs.readFileSync(this.file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Stamp);
  }
}
