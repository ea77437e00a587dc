/** The WHATWG URL parser, a global in Node and in browsers alike, typed here: the language layer's lib (ES2022) has
 * no URL type, and resolving URLs must agree with how browsers and crawlers resolve them. */

/** The parts of a parsed URL this project reads, and the three it sets. */
export interface WebUrl {
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly origin: string;
  readonly username: string;
  readonly password: string;
  pathname: string;
  search: string;
  hash: string;
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
