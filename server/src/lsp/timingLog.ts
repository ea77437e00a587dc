/** Opt-in timing stamps for `npm run bench:editor`: with `SITEMAP_TIMING_LOG=<file>` the server appends one JSON line per
 * event, in wall-clock time because the page stamping the other ends runs in another process; without it, nothing. */
import { appendFileSync } from 'node:fs';

const file = process.env.SITEMAP_TIMING_LOG;

export type TimingEvent =
  /** The process started (stamped with `performance.timeOrigin`) / the bundle is loaded. */
  | 'process' | 'loaded'
  | 'initialize' | 'initialized'
  /**
   * A document's text arrived / was parsed / the client answered for its settings / its settings and context are
   * ready / its diagnostics go to the client.
   */
  | 'didOpen' | 'didChange' | 'parsed' | 'settings' | 'prepared' | 'published'
  /** The page rules' check of a folder's open sitemaps answered / a site's git history was asked for (pageSites.ts). */
  | 'pagesChecked' | 'historyAsked';

export function stampTiming(event: TimingEvent, detail?: { uri?: string; version?: number | null }, at = performance.timeOrigin + performance.now()): void {
  if (file === undefined || file === '') return;
  try {
    appendFileSync(file, `${JSON.stringify({ t: at, event, ...detail })}\n`);
  } catch {
    // a benchmark's aid: never a reason to fail
  }
}
