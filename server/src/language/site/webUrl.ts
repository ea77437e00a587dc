/** The WHATWG URL parser, a global in Node and in browsers alike, typed here: the language layer's lib (ES2022) has
 * no URL type, and resolving a page's hrefs must agree with how browsers and crawlers resolve them. */

/** The parts of a parsed URL the site modules read. */
export interface WebUrl {
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

const UrlConstructor = (globalThis as unknown as { URL: new (input: string, base?: string) => WebUrl }).URL;

/** `input` parsed (against `base` when relative); undefined when it is not a URL. */
export function parseWebUrl(input: string, base?: string): WebUrl | undefined {
  try {
    return new UrlConstructor(input, base);
  } catch {
    return undefined;
  }
}

/** Percent-decodes one path segment; undefined for a malformed escape. */
export function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
