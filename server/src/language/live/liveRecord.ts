/** What one listed URL answered over HTTP, hop by hop: the facts the live verdict is judged from (liveVerdict.ts),
 * recorded by the Node layer (node/live/). Plain data: no I/O, nothing to close. */

/** One request and its answer. */
export interface LiveHop {
  /** The URL asked (on the live origin when one is set). */
  url: string;
  status: number;
  /** Response headers, names lower-cased (HttpAnswer's). */
  headers: Readonly<Record<string, string>>;
  /** HttpAnswer's: each repeated header's values one by one (X-Robots-Tag's are read one by one). */
  headerValues?: Readonly<Record<string, readonly string[]>>;
  /** A redirect's Location resolved against `url`; undefined for any other answer or a redirect without one. */
  location?: string;
  /** How many 429/503 answers were retried before this one. */
  retries: number;
}

/** Why the hops end where they do. */
export type LiveStop =
  /** The last hop's answer is the URL's: not a redirect, or a redirect with no Location. */
  | { kind: 'answered' }
  /** robots.txt disallows `url` (the listed URL: never requested; or a redirect's target: not followed). */
  | { kind: 'blocked'; url: string; robots: RobotsBlock }
  /** No answer from `url` after the retries (a connection failure, a timeout, a refused address). */
  | { kind: 'failed'; url: string; failure: string; message: string; retries: number }
  /** A redirect back to a URL of the chain. */
  | { kind: 'loop'; url: string }
  /** More redirects than Google follows (10). */
  | { kind: 'too-many-redirects'; max: number }
  /** A redirect to an origin the run may not ask (not the sitemap's own, nor the live origin): not followed. */
  | { kind: 'left-origins'; url: string };

/** The robots.txt that disallows a URL. */
export interface RobotsBlock {
  /** The robots.txt asked (before its own redirects). */
  robotsUrl: string;
  /** The line that disallows it; undefined when robots.txt could not be read (a 5xx, unreachable): all is disallowed. */
  line?: { number: number; text: string };
  /** Why robots.txt disallows everything, when it could not be read. */
  unreadable?: string;
}

export interface LiveRecord {
  /** The URL the sitemap lists: verdicts are reported against it. */
  listedUrl: string;
  hops: LiveHop[];
  stop: LiveStop;
  /** The start of the last answer's body (its head, for a page), Content-Encoding undone. */
  body: Uint8Array;
  /** `body` decoded as UTF-8, for the head reader. */
  bodyText: string;
  /** Whether the body went on past what was read. */
  truncated: boolean;
}
