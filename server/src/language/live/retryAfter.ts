/** The `Retry-After` header (RFC 9110 §10.2.3) of a 429 or 503: how long to wait, as delta-seconds or an HTTP-date. */

const DELTA_SECONDS = /^\s*(\d+)\s*$/;
/** IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`). */
const GMT_DATE = /^\s*[A-Za-z]{3,9}, \d{2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT\s*$/;
/** asctime (`Sun Nov  6 08:49:37 1994`), GMT though it says nothing. */
const ASCTIME = /^\s*[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}\s*$/;

/**
 * The wait in milliseconds that `value` asks for at `now` (ms since the epoch): 0 for a date in the past, undefined
 * when there is no header or it is neither form. Not bounded: the caller bounds it (retryWait).
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const delta = DELTA_SECONDS.exec(value);
  if (delta !== null) return Number(delta[1]) * 1000;
  let time = Number.NaN;
  if (GMT_DATE.test(value)) time = Date.parse(value.trim());
  else if (ASCTIME.test(value)) time = Date.parse(`${value.trim()} GMT`);
  if (Number.isNaN(time)) return undefined;
  return Math.max(0, time - now);
}

export interface RetryWaitOptions {
  /** The wait when the header is missing or unreadable (doubled for each retry: a backoff). */
  defaultMs: number;
  /** No wait is longer: a server asking for an hour is not waited for an hour. */
  maxMs: number;
}

/** How long to wait before retry number `retry` (1 for the first): Retry-After when given, else the backoff; bounded. */
export function retryWait(value: string | undefined, now: number, retry: number, options: RetryWaitOptions): number {
  const asked = parseRetryAfter(value, now);
  const wait = asked ?? options.defaultMs * 2 ** Math.max(0, retry - 1);
  return Math.min(Math.max(0, wait), options.maxMs);
}
