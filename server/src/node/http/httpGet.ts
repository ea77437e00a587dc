/** The HTTP client of issue 34, over undici 7 (Node's own HTTP client, the one `fetch` runs on): one Agent per run,
 * which pools connections per origin, with connect, headers and body timeouts of its own and abort through a signal.
 * Built on the request API, not fetch: fetch follows redirects, keeps no pool options and reads bodies whole. Redirects
 * are not followed here (undici 7 follows none unless its redirect interceptor is composed in): the layer above records
 * and checks each hop. No cookie jar. Every connection goes through the address policy (addressPolicy.ts). */
import type { Agent as UndiciAgent, Dispatcher } from 'undici';
// The package's version, inlined by esbuild as cli/io/version.ts does it (node/ does not import cli/).
import { version as VERSION } from '../../../../package.json';
import { checkedUrl, guardedLookup, type Resolver } from './addressPolicy';
import { ACCEPTED_ENCODINGS, contentCodings, decoded } from './decodedBody';
import { HttpFailure, type HttpAnswer, type HttpGet, type HttpGetOptions } from './httpTypes';
import { failureOf } from './httpFailures';

/**
 * undici's Agent and its request API alone, not its index (fetch, WebSocket, caches, mocks, which this client does not
 * use): the bundle's undici is half as large (93 KB gzipped against 167 KB) and loads in 55 ms against 130 ms on this
 * machine. The index only adds the API to Dispatcher's prototype; here it is called with the agent as `this`.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Agent = require('undici/lib/dispatcher/agent') as typeof UndiciAgent;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const undiciRequest = require('undici/lib/api/api-request') as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
type Agent = UndiciAgent;

export const DOCS_URL = 'https://github.com/sitemap-studio/sitemap-studio/blob/main/docs/live.md';
export const DEFAULT_USER_AGENT = `sitemap-studio/${VERSION} (+${DOCS_URL})`;

export interface HttpClientOptions {
  /** Sent as User-Agent; DEFAULT_USER_AGENT unless told. */
  userAgent?: string;
  /** Accept any certificate (a self-signed staging host): --insecure. */
  insecure?: boolean;
  /** Until the connection (and TLS) is up. Default 10 s. */
  connectTimeoutMs?: number;
  /** From the request sent to the end of the answer's headers. Default 15 s. */
  headersTimeoutMs?: number;
  /** Longest wait between two chunks of the body. Default 15 s. */
  bodyTimeoutMs?: number;
  /** The whole request, body included: a server trickling a byte a second is stopped here. Default 30 s. */
  totalTimeoutMs?: number;
  /** Connections kept per origin. Default 4. */
  connectionsPerOrigin?: number;
  /** Headers sent with every request to an origin `secretHeadersFor` accepts (SITEMAP_HTTP_HEADERS); never printed. */
  secretHeaders?: Readonly<Record<string, string>>;
  /** Which URLs get `secretHeaders`; every URL unless told. */
  secretHeadersFor?: (url: URL) => boolean;
  /** The resolver behind the address policy (dns.lookup); the policy's tests hand it their own answers. */
  resolver?: Resolver;
}

/** An HttpGet with the run's connections behind it: `close()` ends them (the run's end, Ctrl+C). */
export type HttpClient = HttpGet & {
  readonly userAgent: string;
  close(): Promise<void>;
};

const STATUS_WITHOUT_BODY = new Set([204, 304]);

export function createHttpGet(options: HttpClientOptions = {}): HttpClient {
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const timeouts = { connect: options.connectTimeoutMs ?? 10_000, headers: options.headersTimeoutMs ?? 15_000, body: options.bodyTimeoutMs ?? 15_000, total: options.totalTimeoutMs ?? 30_000 };
  const agent = new Agent({
    connections: options.connectionsPerOrigin ?? 4,
    connect: { timeout: timeouts.connect, lookup: guardedLookup(options.resolver), rejectUnauthorized: options.insecure !== true },
    headersTimeout: timeouts.headers,
    bodyTimeout: timeouts.body,
  });
  const get = async (url: string, request: HttpGetOptions): Promise<HttpAnswer> => {
    const target = checkedUrl(url);
    const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*', 'accept-encoding': ACCEPTED_ENCODINGS };
    if (options.secretHeaders !== undefined && (options.secretHeadersFor?.(target) ?? true)) Object.assign(headers, lowerCased(options.secretHeaders));
    Object.assign(headers, lowerCased(request.headers ?? {}));
    return withDeadline(url, timeouts.total, request.signal, (signal) => answer(agent, target, headers, request, signal));
  };
  return Object.assign(get, { userAgent, close: () => agent.destroy() });
}

/** `run` under the total timeout and the caller's signal; every failure an HttpFailure. */
async function withDeadline<T>(url: string, totalMs: number, outer: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = (failure: HttpFailure) => controller.abort(failure);
  if (outer?.aborted === true) throw new HttpFailure('aborted', `${url}: cancelled`);
  const timer = setTimeout(() => stop(new HttpFailure('timeout', `${url}: no complete answer within ${totalMs / 1000} s`)), totalMs);
  const onAbort = () => stop(new HttpFailure('aborted', `${url}: cancelled`));
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (e) {
    throw failureOf(e, url, controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

async function answer(agent: Agent, target: URL, headers: Record<string, string>, request: HttpGetOptions, signal: AbortSignal): Promise<HttpAnswer> {
  const response = await undiciRequest.call(agent, { origin: target.origin, path: `${target.pathname}${target.search}`, method: 'GET', headers, signal });
  const kept = answerHeaders(response.headers);
  const repeated = repeatedHeaders(response.headers);
  const bodyless = STATUS_WITHOUT_BODY.has(response.statusCode) || (response.statusCode >= 300 && response.statusCode < 400 && kept.location !== undefined);
  if (bodyless) {
    await discard(response.body, signal);
    return { url: target.href, status: response.statusCode, headers: kept, ...repeated, body: new Uint8Array(0), truncated: false };
  }
  try {
    const { body, truncated } = await readBody(decoded(response.body, contentCodings(kept['content-encoding']), target.href), request);
    return { url: target.href, status: response.statusCode, headers: kept, ...repeated, body, truncated };
  } finally {
    // Stopped early (the cap, `enough`, a failure): the connection is closed, not drained.
    response.body.destroy();
  }
}

/** A redirect's or a 304's body: a small one read so that the connection can be used again, a large one dropped. */
async function discard(body: Dispatcher.ResponseData['body'], signal: AbortSignal): Promise<void> {
  try {
    await body.dump({ limit: 64 * 1024, signal });
  } catch {
    body.destroy();
  }
}

/** The body's decoded bytes up to `maxBytes` or until `enough` says so, in one buffer grown by doubling. */
async function readBody(chunks: AsyncIterable<Uint8Array>, { maxBytes, enough }: HttpGetOptions): Promise<{ body: Uint8Array; truncated: boolean }> {
  // Grown as the body comes, from nothing: a page's head is a few KiB, and a 64 KiB buffer per request was most of a
  // live check's garbage (its peak RSS at 100,000 URLs, docs/performance.md).
  let buffer = new Uint8Array(0);
  let length = 0;
  for await (const chunk of chunks) {
    const room = maxBytes - length;
    // A chunk past the cap is where reading stops; one that fills it exactly waits for the next (or the end) to say.
    const taken = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (length + taken.length > buffer.length) {
      const grown = new Uint8Array(Math.min(maxBytes, Math.max(2 * buffer.length, length + taken.length)));
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(taken, length);
    length += taken.length;
    if (taken !== chunk) return { body: buffer.subarray(0, length), truncated: true };
    if (enough?.(buffer.subarray(0, length)) === true) return { body: buffer.subarray(0, length), truncated: true };
  }
  return { body: buffer.subarray(0, length), truncated: false };
}

/** The answer's headers, names lower-cased, repeated values joined; set-cookie never kept (no cookie jar). */
function answerHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie' || value === undefined) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/** `headerValues` for the headers sent more than once (set-cookie never kept); nothing when none was. */
function repeatedHeaders(raw: Record<string, string | string[] | undefined>): { headerValues?: Record<string, string[]> } {
  const values: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (lower !== 'set-cookie' && Array.isArray(value) && value.length > 1) values[lower] = [...(values[lower] ?? []), ...value];
  }
  return Object.keys(values).length > 0 ? { headerValues: values } : {};
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

export { HttpFailure };
