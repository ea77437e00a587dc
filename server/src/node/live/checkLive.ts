/** The live check of issue 34: what each listed URL answers over HTTP, judged one verdict per URL. Origins are asked
 * in parallel, each through its own gate (concurrency, rate, Retry-After) after its robots.txt; verdicts are reported
 * as soon as they are known; the signal stops every request and every wait at once. */
import { setMaxListeners } from 'node:events';
import { judgeLive, type LiveRecord, type LiveVerdict, type RobotsBlock } from '../../language/languageService';
import type { HttpGet } from '../http/httpTypes';
import { OriginGate } from './originGate';
import { fetchOriginRobots, robotsBlock, type OriginRobots } from './originRobots';
import type { RetryOptions } from './politeGet';
import { recordUrl, type RecordOptions } from './recordUrl';
import { httpOriginOf as originOf } from '../http/httpOrigin';
import type { LiveCache } from './liveCache';

export interface LiveCheckOptions {
  get: HttpGet;
  /** The crawler judged for: its robots.txt group (else `*`), its X-Robots-Tag and metas. Default `Googlebot`. */
  userAgent?: string;
  /** Asks each listed URL's path and query on this origin instead (a preview deployment); verdicts stay the listed URL's. */
  liveOrigin?: string;
  /** Requests in flight per origin. Default 4. */
  concurrency?: number;
  /** Request starts per second per origin. Default 8; 0: no limit. */
  requestsPerSecond?: number;
  retry?: Partial<RetryOptions>;
  /** Default 10, as Google. */
  maxRedirects?: number;
  /** Bytes of a page read at most before `</head>`. Default 256 KiB. */
  headBytes?: number;
  /** Whether the sitemap may list a URL (canonical-elsewhere's advice); default, the listed URL's origin. */
  isListable?: (url: string) => boolean;
  signal?: AbortSignal;
  /** Each URL's verdict (undefined: fine) as soon as it is known, with what it answered. */
  onResult?: (result: LiveResult) => void;
  onProgress?: (progress: LiveProgress) => void;
  /** Verdicts kept from a previous run (--live-cache): asked conditionally, a 304 reuses the kept verdict. */
  cache?: LiveCache;
  /** Said once per origin: a robots.txt that could not be read, so everything is taken as disallowed. */
  onNote?: (note: string) => void;
}

export interface LiveResult {
  url: string;
  verdict: LiveVerdict | undefined;
  record: LiveRecord;
}

export interface LiveProgress {
  checked: number;
  total: number;
  /** URLs with a verdict. */
  problems: number;
  /** URLs that gave no answer (page-unreachable). */
  errors: number;
}

export interface LiveSummary extends LiveProgress {
  cancelled: boolean;
  /** The most requests in flight at once, per origin asked. */
  maxInFlight: Record<string, number>;
}

export const LIVE_DEFAULTS = { concurrency: 4, requestsPerSecond: 8, maxRedirects: 10, headBytes: 256 * 1024, retry: { maxRetries: 3, backoffMs: 1_000, maxWaitMs: 60_000 } };

/** Checks `urls` (the sitemap's; not http(s) URLs are skipped); resolves when all are judged or the signal aborts. */
export async function checkLive(urls: Iterable<string>, options: LiveCheckOptions): Promise<LiveSummary> {
  const run = new LiveRun(options);
  const byOrigin = run.plan(urls);
  options.onProgress?.(run.counts());
  await Promise.all([...byOrigin].map(([origin, queue]) => run.drain(origin, queue)));
  return run.summary();
}

class LiveRun {
  private readonly controller = new AbortController();
  private readonly gates = new Map<string, OriginGate>();
  private readonly robots = new Map<string, Promise<OriginRobots>>();
  private readonly origins = new Set<string>();
  private readonly progress: LiveProgress = { checked: 0, total: 0, problems: 0, errors: 0 };
  private readonly record: RecordOptions;
  private readonly userAgent: string;

  constructor(private readonly options: LiveCheckOptions) {
    // Every request, queued request and wait listens to this one signal (each removes its listener when done): more
    // than Node's default of 10 at once is the design, not a leak.
    setMaxListeners(0, this.controller.signal);
    const outer = options.signal;
    if (outer !== undefined) {
      if (outer.aborted) this.controller.abort();
      else outer.addEventListener('abort', () => this.controller.abort(), { once: true });
    }
    this.userAgent = options.userAgent ?? 'Googlebot';
    const retry = { ...LIVE_DEFAULTS.retry, ...options.retry };
    this.record = {
      get: options.get, gateOf: (origin) => this.gateOf(origin), blockOf: (url) => this.blockOf(url),
      mayAsk: (url) => this.origins.has(originOf(url) ?? ''), retry, signal: this.controller.signal,
      maxRedirects: options.maxRedirects ?? LIVE_DEFAULTS.maxRedirects, headBytes: options.headBytes ?? LIVE_DEFAULTS.headBytes,
    };
  }

  /**
   * The listed URLs to ask, per origin asked; the origins the run may ask (the sitemap's own, and the live origin).
   * Only the listed URLs are held: what is asked is made as its turn comes (a string each, 100,000 at a time else).
   */
  plan(urls: Iterable<string>): Map<string, string[]> {
    const live = this.options.liveOrigin === undefined ? undefined : originOf(this.options.liveOrigin);
    if (this.options.liveOrigin !== undefined && live === undefined) throw new Error(`--live-origin: ${this.options.liveOrigin} is not an http or https origin`);
    if (live !== undefined) this.origins.add(live);
    const byOrigin = new Map<string, string[]>();
    for (const listed of urls) {
      const origin = originOf(listed);
      if (origin === undefined) continue;
      this.origins.add(origin);
      const queue = byOrigin.get(live ?? origin) ?? [];
      if (queue.length === 0) byOrigin.set(live ?? origin, queue);
      queue.push(listed);
    }
    this.progress.total = [...byOrigin.values()].reduce((sum, queue) => sum + queue.length, 0);
    return byOrigin;
  }

  /** The URLs asked on `origin`, `concurrency` at a time (its gate bounds the requests, these the URLs being recorded). */
  async drain(origin: string, queue: readonly string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < queue.length && !this.controller.signal.aborted) {
        const listed = queue[next++]!;
        await this.checkOne(listed, onOrigin(listed, origin));
      }
    };
    const workers = Math.max(1, this.options.concurrency ?? LIVE_DEFAULTS.concurrency);
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, worker));
  }

  private async checkOne(listed: string, asked: string): Promise<void> {
    const conditional = this.options.cache?.conditional(listed, asked);
    let record: LiveRecord;
    try {
      record = await recordUrl(listed, asked, this.record, conditional);
    } catch (e) {
      if (this.controller.signal.aborted) return;
      throw e;
    }
    const verdict = this.verdictOf(record, asked, conditional !== undefined);
    this.progress.checked++;
    if (verdict !== undefined) this.progress.problems++;
    if (verdict?.rule === 'page-unreachable') this.progress.errors++;
    this.options.onResult?.({ url: listed, verdict, record });
    this.options.onProgress?.({ ...this.progress });
  }

  /** The kept verdict of a URL that answered 304 to a conditional request; else the record judged (and kept). */
  private verdictOf(record: LiveRecord, asked: string, conditional: boolean): LiveVerdict | undefined {
    const { listedUrl: listed, hops } = record;
    const cache = this.options.cache;
    const notModified = conditional && hops.length === 1 && hops[0]!.status === 304 ? cache?.revalidated(listed, new Date()) : undefined;
    if (notModified !== undefined) return notModified.verdict;
    const live = asked !== listed ? originOf(asked)! : undefined;
    const listedOrigin = originOf(listed)!;
    const verdict = judgeLive(record, {
      userAgent: this.userAgent, isListable: this.options.isListable ?? ((url) => originOf(url) === listedOrigin),
      toListed: live === undefined ? undefined : (url) => (originOf(url) === live ? onOrigin(url, listedOrigin) : url),
    });
    cache?.judged(record, asked, verdict, new Date());
    return verdict;
  }

  private gateOf(origin: string): OriginGate {
    let gate = this.gates.get(origin);
    if (gate === undefined) {
      gate = new OriginGate({ concurrency: this.options.concurrency ?? LIVE_DEFAULTS.concurrency, requestsPerSecond: this.options.requestsPerSecond ?? LIVE_DEFAULTS.requestsPerSecond });
      this.gates.set(origin, gate);
    }
    return gate;
  }

  /** The origin's robots.txt, fetched once (the first URL of the origin waits for it, the others share it). */
  private async blockOf(url: string): Promise<RobotsBlock | undefined> {
    const origin = originOf(url)!;
    let robots = this.robots.get(origin);
    if (robots === undefined) {
      robots = fetchOriginRobots(origin, { ...this.record, mayAsk: this.record.mayAsk }).then((read) => {
        if (read.kind === 'all-disallowed') this.options.onNote?.(`${read.robotsUrl} could not be read (${read.why}): every URL of ${origin} is taken as disallowed, and none was requested.`);
        return read;
      });
      this.robots.set(origin, robots);
    }
    return robotsBlock(await robots, this.userAgent, url);
  }

  counts(): LiveProgress {
    return { ...this.progress };
  }

  summary(): LiveSummary {
    const maxInFlight = Object.fromEntries([...this.gates].map(([origin, gate]) => [origin, gate.maxActive]));
    return { ...this.progress, cancelled: this.controller.signal.aborted, maxInFlight };
  }
}

/** `url`'s path and query on `origin`, as URL writes them (percent-encoded, as robots.txt matching expects; the
 * fragment left out, as crawlers leave it). */
function onOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

