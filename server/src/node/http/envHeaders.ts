/** Request headers from the environment (SITEMAP_HTTP_HEADERS): one `Name: value` a line, for a staging host's password
 * or token. Only from the environment, never from an argument (a command line shows in `ps` and in CI logs), and never
 * printed: a bad line is named by its number, never by its text. */

export const HEADERS_VARIABLE = 'SITEMAP_HTTP_HEADERS';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What a request's framing or the client's own reading depends on: not settable. */
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'accept-encoding', 'upgrade', 'te', 'keep-alive', 'expect']);

/** A line of SITEMAP_HTTP_HEADERS that cannot be sent: the message names the line's number only. */
export class BadHeaderLine extends Error {}

/** The headers SITEMAP_HTTP_HEADERS sets (none when unset); a malformed line throws BadHeaderLine. */
export function headersFromEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const text = env[HEADERS_VARIABLE];
  const headers: Record<string, string> = {};
  if (text === undefined) return headers;
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    const bad = (why: string) => new BadHeaderLine(`${HEADERS_VARIABLE} line ${index + 1}: ${why}`);
    if (!TOKEN.test(name)) throw bad('not a "Name: value" line');
    if (RESERVED.has(name.toLowerCase())) throw bad(`the ${name.toLowerCase()} header cannot be set`);
    if (/[\0\r\n]/.test(value)) throw bad('the value holds a control character');
    headers[name.toLowerCase()] = value;
  });
  return headers;
}
