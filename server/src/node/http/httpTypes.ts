/** One HTTP request as the live checks see it (issue 34): the contract between the client that makes the request
 * (httpGet.ts, over undici) and what reads sitemaps from URLs and asks each listed URL what it answers. One call is one
 * request: redirects are answers like any other, so that every hop can be recorded, checked against the address
 * policy and counted. */

export interface HttpGetOptions {
  /** Aborts the request at once (Cancel, Ctrl+C, the total timeout of the layer above). */
  signal?: AbortSignal;
  /** The body is read up to this many bytes, after any Content-Encoding is undone, then the connection is closed. */
  maxBytes: number;
  /** Stops reading once this says the bytes so far are enough (a page's head read through `</head>`). */
  enough?: (body: Uint8Array) => boolean;
  /** Extra request headers (conditional requests, the environment's headers for a staging host). */
  headers?: Readonly<Record<string, string>>;
}

export interface HttpAnswer {
  /** The URL asked. */
  url: string;
  status: number;
  /** Response headers, names lower-cased; a repeated header's values joined by ", " (set-cookie is never kept). */
  headers: Readonly<Record<string, string>>;
  /** The values of each header sent more than once, one by one as sent: a header whose values are not a plain comma
   * list (X-Robots-Tag: `otherbot: noindex` then `noindex`, where joining would put `noindex` under otherbot). */
  headerValues?: Readonly<Record<string, readonly string[]>>;
  /** The body read, Content-Encoding undone; empty for HEAD, 204, 304 and redirects. */
  body: Uint8Array;
  /** Whether reading stopped before the body's end (maxBytes or `enough`). */
  truncated: boolean;
}

/** Why a request got no answer: each is a verdict's reason (page-unreachable), never a crash. */
export type HttpFailureKind =
  | 'refused-address' // the address policy refused where the name resolved (link-local, cloud metadata)
  | 'refused-url' // not http(s), credentials in the URL, or outside the origins the run may ask
  | 'dns' // the name does not resolve
  | 'connect' // refused, reset or unreachable before an answer
  | 'tls' // the certificate or handshake failed (--insecure accepts a self-signed one)
  | 'timeout' // connect, headers or the total time ran out
  | 'aborted' // the caller's signal
  | 'protocol'; // a malformed answer

export class HttpFailure extends Error {
  constructor(readonly kind: HttpFailureKind, message: string) {
    super(message);
  }
}

/** Makes one request; rejects only with an HttpFailure. */
export type HttpGet = (url: string, options: HttpGetOptions) => Promise<HttpAnswer>;
