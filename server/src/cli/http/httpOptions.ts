/** The options of the tools that read URLs (sitemap-lint, sitemap-diff): one table, one parser, the same defaults. */
import type { OptionSpec } from '../io/commandHelp';
import { Failure, UsageError } from '../io/failure';
import type { Http } from '../../node/http/loadHttp';

export interface HttpArgs {
  insecure: boolean;
  /** --http-user-agent: the User-Agent header sent; the tool's own unless given. */
  httpUserAgent: string | undefined;
  /** --timeout: each request's total time, in seconds. */
  timeoutSeconds: number;
}

export const DEFAULT_TIMEOUT_SECONDS = 30;

export const HTTP_OPTIONS: readonly OptionSpec[] = [
  { name: '--insecure', help: 'For a URL input: accept a self-signed or otherwise unverifiable certificate (a staging host).' },
  { name: '--http-user-agent', arg: 'STRING', help: 'For a URL input: the User-Agent header sent.', default: 'sitemap-studio/VERSION (+…/docs/live.md)' },
  { name: '--timeout', arg: 'SECONDS', help: 'For a URL input: the most one request may take, body included.', default: String(DEFAULT_TIMEOUT_SECONDS) },
];

export function httpDefaults(): HttpArgs {
  return { insecure: false, httpUserAgent: undefined, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS };
}

/** Applies one of HTTP_OPTIONS; false when `option` is not one of them. */
export function applyHttpOption(args: HttpArgs, option: string, value: string | undefined): boolean {
  if (option === '--insecure') args.insecure = true;
  else if (option === '--http-user-agent') {
    // A header value: no control characters (they would end the header); the rest is the user's.
    if (value === undefined || value.trim() === '' || /[\0-\x1f\x7f]/.test(value)) throw new UsageError('--http-user-agent needs a header value (no control characters)');
    args.httpUserAgent = value.trim();
  } else if (option === '--timeout') {
    const seconds = Number(value);
    if (value === undefined || !/^[0-9]+(\.[0-9]+)?$/.test(value) || !(seconds > 0) || seconds > 3600) throw new UsageError(`--timeout needs seconds, more than 0 and at most 3600, not "${value}"`);
    args.timeoutSeconds = seconds;
  } else return false;
  return true;
}

/** The environment's headers (SITEMAP_HTTP_HEADERS); a malformed line is a one-line failure (exit 2). */
export function environmentHeaders(http: Http): Record<string, string> {
  try {
    return http.headersFromEnvironment();
  } catch (e) {
    throw new Failure(http.fetchFailure(e)?.message ?? String(e));
  }
}
