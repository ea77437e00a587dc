/** The HTTP code as a bundle of its own (dist/http.js): the HTTP client, reading a sitemap from its URL and the live
 * check (node/live/); the tools and the server require it only when a URL is read or the live check runs, so that
 * `sitemap-lint file.xml` never loads undici (loadHttp.ts). Its classes are its own copies: whoever
 * loads it tells its errors apart through `fetchFailure`, not through `instanceof` on classes of another bundle. */
import { BadHeaderLine, headersFromEnvironment, HEADERS_VARIABLE } from './envHeaders';
import { fetchSitemap, SitemapFetchError, MAX_REDIRECTS } from './fetchSitemap';
import { createHttpGet, DEFAULT_USER_AGENT } from './httpGet';
import { HttpFailure } from './httpTypes';
import { checkLive, LIVE_DEFAULTS } from '../live/checkLive';
import { LiveCache } from '../live/liveCache';

/** What went wrong reading a URL, when it is this bundle's to say: one line, and the status of a non-2xx answer. */
export function fetchFailure(error: unknown): { message: string; status?: number } | undefined {
  if (error instanceof SitemapFetchError) return { message: error.message, status: error.status };
  if (error instanceof HttpFailure || error instanceof BadHeaderLine) return { message: error.message };
  return undefined;
}

export { checkLive, createHttpGet, LiveCache, DEFAULT_USER_AGENT, fetchSitemap, headersFromEnvironment, HEADERS_VARIABLE, LIVE_DEFAULTS, MAX_REDIRECTS };
