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
