/** What went wrong with a request, as one of the contract's failure kinds with a one-line message naming the URL (never a
 * header: the environment's headers may hold a staging password). undici's and Node's errors are told apart by code. */
import { HttpFailure, type HttpFailureKind } from './httpTypes';

const BY_CODE: Readonly<Record<string, [HttpFailureKind, string]>> = {
  UND_ERR_CONNECT_TIMEOUT: ['timeout', 'no connection within the connect timeout'],
  UND_ERR_HEADERS_TIMEOUT: ['timeout', 'no answer within the headers timeout'],
  UND_ERR_BODY_TIMEOUT: ['timeout', 'the body stalled past the body timeout'],
  ETIMEDOUT: ['timeout', 'the connection timed out'],
  ENOTFOUND: ['dns', 'the host name does not resolve'],
  EAI_AGAIN: ['dns', 'the host name could not be resolved now'],
  EAI_FAIL: ['dns', 'the host name does not resolve'],
  ENODATA: ['dns', 'the host name has no address'],
  ECONNREFUSED: ['connect', 'connection refused'],
  ECONNRESET: ['connect', 'connection reset'],
  EHOSTUNREACH: ['connect', 'host unreachable'],
  ENETUNREACH: ['connect', 'network unreachable'],
  EPIPE: ['connect', 'connection closed'],
  UND_ERR_SOCKET: ['connect', 'the server closed the connection'],
  UND_ERR_CLOSED: ['connect', 'the connection was closed'],
  UND_ERR_DESTROYED: ['aborted', 'the client was closed'],
  UND_ERR_HEADERS_OVERFLOW: ['protocol', 'the answer\'s headers are too large'],
  UND_ERR_RESPONSE_EXCEEDED_MAX_SIZE: ['protocol', 'the answer is too large'],
  HPE_INVALID_CONSTANT: ['protocol', 'not an HTTP answer'],
};

/** `error` (anything a request threw) as an HttpFailure; `signal` is the request's, aborted with the failure to report. */
export function failureOf(error: unknown, url: string, signal: AbortSignal): HttpFailure {
  const own = ownFailure(error);
  // The address policy's lookup knows the host, not the URL: the message names the URL first, as every other does.
  if (own !== undefined) return own.message.startsWith(url) ? own : new HttpFailure(own.kind, `${url}: ${own.message}`);
  if (signal.aborted && signal.reason instanceof HttpFailure) return signal.reason;
  const code = codeOf(error);
  const known = code === undefined ? undefined : BY_CODE[code];
  if (known !== undefined) return new HttpFailure(known[0], `${url}: ${known[1]}${code!.startsWith('UND_') ? '' : ` (${code})`}`);
  if (code !== undefined && isTlsCode(code)) return new HttpFailure('tls', `${url}: TLS failed (${code}; --insecure accepts a self-signed certificate)`);
  if (code?.startsWith('HPE_') === true || code === 'UND_ERR_INFO') return new HttpFailure('protocol', `${url}: malformed HTTP answer (${code})`);
  return new HttpFailure('connect', `${url}: ${firstLine((error as Error)?.message ?? String(error))}`);
}

/** Our own failure, thrown as is or wrapped by undici or Node as an error's cause (the address policy's lookup). */
function ownFailure(error: unknown): HttpFailure | undefined {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof HttpFailure) return e;
  }
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return /CERT|SELF_SIGNED|UNABLE_TO_|^ERR_TLS|^ERR_SSL|^EPROTO$|HOSTNAME_MISMATCH|ALTNAME/.test(code);
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 200);
}
