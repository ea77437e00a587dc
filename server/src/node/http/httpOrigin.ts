/** A URL's origin when it is an http(s) URL: what the live check groups, limits and allows requests by. No undici
 * here, so that the language server may import it statically (the HTTP bundle is loaded only when asked: loadHttp.ts). */
export function httpOriginOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request goes to an origin a live check asks, where the environment's headers (a staging password) may go:
 * the live origin when there is one (a preview), else the listed URLs' own; never a redirect's elsewhere.
 */
export function askedOrigins(urls: Iterable<string>, liveOrigin: string | undefined): (url: URL) => boolean {
  const origins = new Set<string>();
  if (liveOrigin !== undefined) origins.add(httpOriginOf(liveOrigin) ?? liveOrigin);
  else for (const url of urls) origins.add(httpOriginOf(url) ?? '');
  return (url) => origins.has(url.origin);
}
