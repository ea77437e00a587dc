/** One URL asked through its origin's gate, with the retries a polite crawler makes: a 429 or 503 is asked again
 * after its Retry-After (bounded, else a backoff) and pauses the whole origin; a timeout or a failed connection is
 * asked again after the backoff. The last answer or failure is returned as it is: the verdict judges it. */
import { setTimeout as wait } from 'node:timers/promises';
import { retryWait } from '../../language/languageService';
import { HttpFailure, type HttpAnswer, type HttpGet, type HttpGetOptions } from '../http/httpTypes';
import type { OriginGate } from './originGate';

export interface RetryOptions {
  /** Retries after the first request (3: four requests at most). */
  maxRetries: number;
  /** The first backoff without a Retry-After; doubled for each retry. */
  backoffMs: number;
  /** No wait is longer, whatever Retry-After asks. */
  maxWaitMs: number;
}

export type PoliteResult =
  | { answer: HttpAnswer; retries: number }
  | { failure: HttpFailure; retries: number };

const RETRIED_FAILURES = new Set(['timeout', 'connect']);

/** Asks `url`; rejects only when `signal` aborts (with an HttpFailure 'aborted'). */
export async function politeGet(get: HttpGet, gate: OriginGate, url: string, request: HttpGetOptions & { signal: AbortSignal }, retry: RetryOptions): Promise<PoliteResult> {
  for (let retries = 0; ; retries++) {
    let answer: HttpAnswer;
    try {
      answer = await gate.run(() => get(url, request), request.signal);
    } catch (e) {
      const failure = asFailure(e, url, request.signal);
      if (failure.kind === 'aborted') throw failure;
      if (retries >= retry.maxRetries || !RETRIED_FAILURES.has(failure.kind)) return { failure, retries };
      await pauseOrAbort(retryWait(undefined, Date.now(), retries + 1, { defaultMs: retry.backoffMs, maxMs: retry.maxWaitMs }), url, request.signal);
      continue;
    }
    const busy = answer.status === 429 || answer.status === 503;
    if (!busy) gate.answered();
    if (!busy || retries >= retry.maxRetries) return { answer, retries };
    // The origin said "too many": everyone waits, not only this URL.
    gate.pause(retryWait(answer.headers['retry-after'], Date.now(), retries + 1, { defaultMs: retry.backoffMs, maxMs: retry.maxWaitMs }));
  }
}

function asFailure(error: unknown, url: string, signal: AbortSignal): HttpFailure {
  if (signal.aborted) return new HttpFailure('aborted', `${url}: cancelled`);
  return error instanceof HttpFailure ? error : new HttpFailure('protocol', `${url}: ${error instanceof Error ? error.message : String(error)}`);
}

async function pauseOrAbort(ms: number, url: string, signal: AbortSignal): Promise<void> {
  try {
    await wait(ms, undefined, { signal });
  } catch {
    throw new HttpFailure('aborted', `${url}: cancelled`);
  }
}
