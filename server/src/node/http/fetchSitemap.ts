/** A sitemap (or robots.txt) read from its URL: redirects followed as Google follows them (up to 10 hops, each hop a
 * request of its own through the address policy; a loop or an 11th hop said as such), the body read within the cap
 * (Content-Encoding undone as it streams: httpGet.ts). A gzip file served as such (sitemap.xml.gz) comes back as its
 * bytes: the reader that decodes local files decodes it too, within the same bound. */
import type { HttpGet } from './httpTypes';

/** Hops followed before giving up: Google's documented limit for redirects of a crawled URL. */
export const MAX_REDIRECTS = 10;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FetchedSitemap {
  /** The URL asked first. */
  url: string;
  /** Where the answer came from: the last hop's URL (the sitemap's location for scope and the cross-file rules). */
  location: string;
  /** Each redirect's target, in order (empty when none). */
  redirects: string[];
  /** The body, Content-Encoding undone; still gzip when the file itself is (magic bytes: the reader's business). */
  body: Uint8Array;
  /** The body was longer than `maxBytes`: reading stopped there. */
  truncated: boolean;
}

/** Why a sitemap could not be read: a one-line message naming the URL; `status` when the server answered otherwise than 2xx. */
export class SitemapFetchError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}

export interface FetchSitemapOptions {
  /** The body's cap, decoded (the protocol's size limit with the inflate margin, as for a local .gz). */
  maxBytes: number;
  signal?: AbortSignal;
}

/** GETs `url`, following redirects; a non-2xx answer, a loop or too many hops throws SitemapFetchError; the client's HttpFailure passes through. */
export async function fetchSitemap(get: HttpGet, url: string, options: FetchSitemapOptions): Promise<FetchedSitemap> {
  const redirects: string[] = [];
  const seen = new Set<string>();
  for (let current = url; ;) {
    seen.add(current);
    const answer = await get(current, { maxBytes: options.maxBytes, signal: options.signal });
    const location = answer.headers.location;
    if (REDIRECTS.has(answer.status) && location !== undefined) {
      const next = resolved(location, current);
      if (seen.has(next)) throw new SitemapFetchError(`${url}: redirect loop (${[url, ...redirects, next].join(' → ')})`);
      if (redirects.length === MAX_REDIRECTS) throw new SitemapFetchError(`${url}: more than ${MAX_REDIRECTS} redirects (the last to ${next})`);
      redirects.push(next);
      current = next;
      continue;
    }
    if (answer.status < 200 || answer.status > 299) {
      const where = redirects.length === 0 ? '' : ` (redirected to ${current})`;
      throw new SitemapFetchError(`${url}: the server answered ${answer.status}${reason(answer.status)}${where}`, answer.status);
    }
    return { url, location: current, redirects, body: answer.body, truncated: answer.truncated };
  }
}

/** A Location header against the URL it came from (RFC 9110 10.2.2: it may be relative); a fragment is not asked for. */
function resolved(location: string, base: string): string {
  try {
    const url = new URL(location, base);
    url.hash = '';
    return url.href;
  } catch {
    throw new SitemapFetchError(`${base}: a redirect to "${location.slice(0, 200)}", which is not a URL`);
  }
}

function reason(status: number): string {
  const phrase = ({ 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' } as Record<number, string>)[status];
  return phrase === undefined ? '' : ` ${phrase}`;
}
