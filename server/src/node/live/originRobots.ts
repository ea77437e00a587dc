/** An origin's robots.txt as RFC 9309 and Google read it: fetched once, before any of the origin's URLs; a 2xx parsed
 * (its first 500 KiB) with the Google-compatible matcher; a 4xx means no restriction; a 5xx (or 429 after the
 * retries) or no answer means everything is disallowed; up to 5 redirects followed, within the origins the run may
 * ask (a robots.txt elsewhere is not read, and everything is taken as disallowed: never ask what may be forbidden). */
import { isAllowed, parseRobotsRules, type RobotsBlock, type RobotsRules } from '../../language/languageService';
import type { HttpGet } from '../http/httpTypes';
import type { OriginGate } from './originGate';
import { politeGet, type RetryOptions } from './politeGet';

/** RFC 9309 §2.5: at least 500 KiB are parsed. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** RFC 9309 §2.3.1.2: at least five consecutive redirects are followed. */
export const ROBOTS_MAX_REDIRECTS = 5;

export type OriginRobots =
  | { kind: 'rules'; robotsUrl: string; rules: RobotsRules; text: string }
  | { kind: 'unrestricted'; robotsUrl: string; why: string }
  | { kind: 'all-disallowed'; robotsUrl: string; why: string };

export interface RobotsFetch {
  get: HttpGet;
  gateOf: (origin: string) => OriginGate;
  mayAsk: (url: string) => boolean;
  retry: RetryOptions;
  signal: AbortSignal;
}

/** Fetches and reads `origin`'s robots.txt; rejects only when the signal aborts. */
export async function fetchOriginRobots(origin: string, fetch: RobotsFetch): Promise<OriginRobots> {
  const robotsUrl = `${origin}/robots.txt`;
  let url = robotsUrl;
  for (let redirects = 0; ; redirects++) {
    const result = await politeGet(fetch.get, fetch.gateOf(new URL(url).origin), url, { signal: fetch.signal, maxBytes: ROBOTS_MAX_BYTES }, fetch.retry);
    if ('failure' in result) return { kind: 'all-disallowed', robotsUrl, why: `${result.failure.kind}: ${result.failure.message}` };
    const { status, headers, body } = result.answer;
    if (status >= 200 && status < 300) {
      const text = new TextDecoder().decode(body);
      return { kind: 'rules', robotsUrl, rules: parseRobotsRules(text), text };
    }
    const location = status >= 300 && status < 400 ? headers.location : undefined;
    if (location !== undefined) {
      if (redirects >= ROBOTS_MAX_REDIRECTS) return { kind: 'unrestricted', robotsUrl, why: `more than ${ROBOTS_MAX_REDIRECTS} redirects` };
      const next = resolved(location, url);
      if (next === undefined || !fetch.mayAsk(next)) return { kind: 'all-disallowed', robotsUrl, why: `it redirects to ${location}, outside the origins this check asks` };
      url = next;
      continue;
    }
    if (status === 429 || status >= 500) return { kind: 'all-disallowed', robotsUrl, why: `it answers ${status}` };
    return { kind: 'unrestricted', robotsUrl, why: `it answers ${status}` };
  }
}

function resolved(location: string, base: string): string | undefined {
  try {
    return new URL(location, base).href;
  } catch {
    return undefined;
  }
}

/** Why `url` may not be asked, or undefined when it may. */
export function robotsBlock(robots: OriginRobots, userAgent: string, url: string): RobotsBlock | undefined {
  if (robots.kind === 'unrestricted') return undefined;
  if (robots.kind === 'all-disallowed') return { robotsUrl: robots.robotsUrl, unreadable: robots.why };
  const verdict = isAllowed(robots.rules, userAgent, url);
  if (verdict.allowed) return undefined;
  const rule = verdict.rule;
  return { robotsUrl: robots.robotsUrl, ...(rule === undefined ? {} : { line: { number: rule.lineNumber, text: robots.text.slice(rule.start, rule.end) } }) };
}
