/** What one listed URL answers, hop by hop (issue 34): each hop's URL robots-checked first (a disallowed one is never
 * asked), one GET reading the status, the headers and the HTML head only, redirects followed while they stay on the
 * origins the run may ask, a loop or more than 10 redirects stopped. The record is judged by the pure layer. */
import type { LiveHop, LiveRecord, LiveStop, RobotsBlock } from '../../language/languageService';
import type { HttpAnswer, HttpGet } from '../http/httpTypes';
import type { OriginGate } from './originGate';
import { politeGet, type RetryOptions } from './politeGet';

export interface RecordOptions {
  get: HttpGet;
  gateOf: (origin: string) => OriginGate;
  /** Why robots.txt forbids a URL (its origin's robots.txt fetched first), or undefined. */
  blockOf: (url: string) => Promise<RobotsBlock | undefined>;
  mayAsk: (url: string) => boolean;
  retry: RetryOptions;
  signal: AbortSignal;
  /** Google follows 10 redirects. */
  maxRedirects: number;
  /** Bytes of a page read at most when no `</head>` comes first. */
  headBytes: number;
}

/** Records `askedUrl` (the listed URL, or its path on the live origin); rejects only when the signal aborts.
 * `conditional`: headers of a conditional request (liveCache.ts), sent to `askedUrl` only, not to a redirect's hops. */
export async function recordUrl(listedUrl: string, askedUrl: string, options: RecordOptions, conditional?: Readonly<Record<string, string>>): Promise<LiveRecord> {
  const hops: LiveHop[] = [];
  const seen = new Set<string>([askedUrl]);
  let url = askedUrl;
  for (;;) {
    const robots = await options.blockOf(url);
    if (robots !== undefined) return ended(listedUrl, hops, { kind: 'blocked', url, robots });
    const headers = hops.length === 0 ? conditional : undefined;
    const request = { signal: options.signal, maxBytes: options.headBytes, enough: headEnd(), ...(headers !== undefined ? { headers } : {}) };
    const result = await politeGet(options.get, options.gateOf(new URL(url).origin), url, request, options.retry);
    if ('failure' in result) return ended(listedUrl, hops, { kind: 'failed', url, failure: result.failure.kind, message: result.failure.message, retries: result.retries });
    const { answer } = result;
    const location = redirectTarget(answer);
    const repeated = answer.headerValues !== undefined ? { headerValues: answer.headerValues } : {};
    hops.push({ url, status: answer.status, headers: answer.headers, ...repeated, retries: result.retries, ...(location !== undefined ? { location } : {}) });
    if (location === undefined) return answered(listedUrl, hops, answer);
    const stop = redirectStop(location, hops.length, seen, options);
    if (stop !== undefined) return ended(listedUrl, hops, stop);
    seen.add(location);
    url = location;
  }
}

/** Why a redirect to `location` is not followed, or undefined when it is. */
function redirectStop(location: string, redirects: number, seen: Set<string>, options: RecordOptions): LiveStop | undefined {
  if (seen.has(location)) return { kind: 'loop', url: location };
  if (redirects > options.maxRedirects) return { kind: 'too-many-redirects', max: options.maxRedirects };
  if (!options.mayAsk(location)) return { kind: 'left-origins', url: location };
  return undefined;
}

/** A 3xx's Location resolved, fragment dropped (crawlers drop it); undefined for another answer or a bad Location. */
function redirectTarget(answer: HttpAnswer): string | undefined {
  const location = answer.headers.location;
  if (answer.status < 300 || answer.status >= 400 || location === undefined) return undefined;
  try {
    const target = new URL(location, answer.url);
    target.hash = '';
    return target.href;
  } catch {
    return undefined;
  }
}

function ended(listedUrl: string, hops: LiveHop[], stop: LiveStop): LiveRecord {
  return { listedUrl, hops, stop, body: new Uint8Array(0), bodyText: '', truncated: false };
}

function answered(listedUrl: string, hops: LiveHop[], answer: HttpAnswer): LiveRecord {
  // A copy: the client's buffer may be larger than what was read, and a record may be kept.
  const body = answer.body.slice();
  return { listedUrl, hops, stop: { kind: 'answered' }, body, bodyText: new TextDecoder().decode(body), truncated: answer.truncated };
}

const HEAD_END = [0x3c, 0x2f, 0x68, 0x65, 0x61, 0x64]; // </head
const BODY_START = [0x3c, 0x62, 0x6f, 0x64, 0x79]; // <body

/** `enough` for one request: true once `</head` or `<body` (any case) is read; scans each byte once. */
export function headEnd(): (body: Uint8Array) => boolean {
  let scanned = 0;
  return (body) => {
    const from = Math.max(0, scanned - HEAD_END.length);
    scanned = body.length;
    for (let at = body.indexOf(0x3c, from); at >= 0; at = body.indexOf(0x3c, at + 1)) {
      if (startsWithLower(body, at, HEAD_END) || startsWithLower(body, at, BODY_START)) return true;
    }
    return false;
  };
}

function startsWithLower(body: Uint8Array, at: number, bytes: readonly number[]): boolean {
  if (at + bytes.length > body.length) return false;
  for (let k = 0; k < bytes.length; k++) {
    if ((body[at + k]! | 0x20) !== (bytes[k]! | 0x20)) return false;
  }
  return true;
}
