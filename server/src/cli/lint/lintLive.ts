/** `sitemap-lint --live`: each URL the linted sitemaps list asked over HTTP (node/live/checkLive.ts, in the HTTP bundle
 * that only a run asking something over HTTP loads: node/http/loadHttp.ts), robots.txt first and politely;
 * each verdict placed on the `<loc>` of every entry that lists the URL, as the page rules place theirs. */
import { LIVE_RULE_IDS, severityOf, type SiteDiagnostic, type SiteSummary } from '../../language/languageService';
import { loadHttp } from '../../node/http/loadHttp';
import { askedOrigins } from '../../node/http/httpOrigin';
import { environmentHeaders } from '../http/httpOptions';
import { ListedPlaces } from './listedPlaces';
import type { LintOptions, LiveLintOptions } from './lintContract';
import type { LintArgs } from './lintArgs';
import type * as V8 from 'node:v8';

/** --live's options from the command line's (sitemap-lint's, the Action's): the caller adds progress, Ctrl+C and the cache. */
export function liveLintOptions(args: LintArgs): LiveLintOptions {
  return {
    ...(args.liveOrigin !== undefined ? { origin: args.liveOrigin } : {}), concurrency: args.liveConcurrency, requestsPerSecond: args.liveRate,
    http: { insecure: args.insecure, userAgent: args.httpUserAgent, timeoutMs: args.timeoutSeconds * 1000 }, diagnostics: liveDiagnostics,
  };
}

/** The live verdicts of the pages `files` list (urlsets and text sitemaps; an index lists sitemaps, not pages). */
export async function liveDiagnostics(files: Iterable<{ path: string; summary: SiteSummary }>, options: LintOptions & { live: LiveLintOptions }): Promise<SiteDiagnostic[]> {
  const { settings } = options;
  if (!LIVE_RULE_IDS.some((rule) => severityOf(rule, settings) !== undefined)) return [];
  const listed = new ListedPlaces(files);
  const http = loadHttp();
  const { checkLive, LiveCache } = http;
  const { live } = options;
  const client = http.createHttpGet({
    connectionsPerOrigin: live.concurrency, insecure: live.http.insecure,
    // --timeout is the most one request may take, as for a URL input (urlSitemaps.ts): the headers and the body too.
    totalTimeoutMs: live.http.timeoutMs, headersTimeoutMs: live.http.timeoutMs, bodyTimeoutMs: live.http.timeoutMs,
    ...(live.http.userAgent !== undefined ? { userAgent: live.http.userAgent } : {}),
    // SITEMAP_HTTP_HEADERS (a staging host's password) go to the origins the check asks, never to another.
    secretHeaders: environmentHeaders(http), secretHeadersFor: askedOrigins(listed.urls(), live.origin),
  });
  const diagnostics: SiteDiagnostic[] = [];
  const note = options.onNote ?? (() => undefined);
  const cache = live.cacheFile === undefined ? undefined : LiveCache.open(live.cacheFile, note);
  try {
    const summary = await checkLive(listed.urls(), {
      get: client, userAgent: settings.robots.userAgent, liveOrigin: live.origin, concurrency: live.concurrency, requestsPerSecond: live.requestsPerSecond,
      signal: live.signal ?? options.signal, ...(cache !== undefined ? { cache } : {}), onNote: options.onNote, onProgress: live.onProgress,
      onResult: ({ url, verdict }) => {
        const severity = verdict === undefined ? undefined : severityOf(verdict.rule, settings);
        if (severity === undefined) return;
        for (const at of listed.placesOf(url)) diagnostics.push({ ...at, rule: verdict!.rule, severity, message: verdict!.message, url });
      },
    });
    if (summary.cancelled) options.onNote?.(`cancelled: ${summary.total - summary.checked} of ${summary.total} URLs were not checked live; the report holds the verdicts of the ${summary.checked} checked.`);
  } finally {
    await client.close();
    // Also after Ctrl+C: what was checked is kept, the rest keeps its old entry.
    saveCache(cache, listed.urls(), note);
  }
  return diagnostics;
}

/**
 * Asks V8 to favour memory over speed for the rest of the run (`--optimize-for-size`, read at each collection, as
 * lintStream.ts sets the young generation's growth), before the lint of a --live run: the live check holds every
 * listed URL while it waits on the network, and its requests' garbage, promoted while they are in flight, otherwise
 * piles up to the old generation's limit. 100,000 URLs from their sitemaps' URLs peaked at 130-140 MB with it against
 * 229-239 MB without, for about a quarter more CPU (docs/performance.md).
 */
export function favourMemory(): void {
  (require('node:v8') as typeof V8).setFlagsFromString('--optimize-for-size');
}

function saveCache(cache: { file: string; save(urls: Iterable<string>): void } | undefined, urls: Iterable<string>, note: (text: string) => void): void {
  try {
    cache?.save(urls);
  } catch (e) {
    note(`${cache!.file}: the live cache could not be written (${(e as Error).message}); the old one is left as it was.`);
  }
}
