/**
 * The command-line fuzzer's web (issue 35): per case, an HTTP server on 127.0.0.1 serving the case's site folder, with
 * hostile answers on some paths, drawn by fast-check — redirects (loops, to a second loopback port, to a name the net
 * guard maps, to an unknown name, to cloud metadata addresses), 404/410/500/503/429 with and without Retry-After, wrong
 * content types, gzip bodies (a bomb past the inflate limit, truncated, not gzip at all), bodies cut short or reset,
 * headers that never come (the tools run with `--timeout 2`), huge headers, a robots.txt that disallows everything or
 * is garbage. Nothing here leaves the loopback: the server listens on 127.0.0.1, and the tools run under netGuard.ts.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import fc from 'fast-check';
import { ORIGIN } from './documents';
import { memberBomb } from '../support/gzipBombs';

/** Where a redirect points. `mapped`: a name netGuard.ts resolves to 127.0.0.1; `unmapped`: one it refuses to resolve. */
export type RedirectTarget = 'self' | 'loop' | 'other-port' | 'mapped' | 'unmapped' | 'metadata' | 'metadata-name' | 'metadata-v6' | 'not-a-url' | 'file' | 'relative';

export type Answer =
  | { kind: 'file' }
  | { kind: 'status'; status: 404 | 410 | 429 | 500 | 503; retryAfter?: string }
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; to: RedirectTarget }
  | { kind: 'content-type'; type: string }
  | { kind: 'gzip'; body: 'bomb' | 'truncated' | 'plain' | 'twice' }
  | { kind: 'cut'; how: 'short' | 'reset' }
  | { kind: 'silent' }
  | { kind: 'huge-headers' }
  | { kind: 'body'; text: string };

/** The hostile answers of a case by path (`/robots.txt`, `/sitemap.xml`…); other paths are served from the site. */
export interface WebPlan {
  answers: Array<{ path: string; answer: Answer }>;
  /** Served texts have `https://www.example.com` turned into the server's origin, so that children and pages are asked. */
  rewriteOrigin: boolean;
}

const ROBOTS_BODIES = ['User-agent: *\nDisallow: /\n', 'User-agent: *\nDisallow: /\nSitemap: /sitemap.xml\n', '\u0000\u00ff<html>garbage', 'Sitemap: http://169.254.169.254/latest/meta-data/\n', ''];

export const answer: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(404 as const, 410 as const, 429 as const, 500 as const, 503 as const), retryAfter: fc.option(fc.constantFrom('0', '1', 'soon', '-5', 'Wed, 21 Oct 2015 07:28:00 GMT'), { nil: undefined }) }, { requiredKeys: ['kind', 'status'] }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('redirect' as const), status: fc.constantFrom(301 as const, 302 as const, 303 as const, 307 as const, 308 as const), to: fc.constantFrom<RedirectTarget>('self', 'loop', 'other-port', 'mapped', 'unmapped', 'metadata', 'metadata-name', 'metadata-v6', 'not-a-url', 'file', 'relative') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('content-type' as const), type: fc.constantFrom('text/html', 'application/octet-stream', '', 'application/xml; charset=utf-16', 'image/png', 'text/plain; charset=bogus') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('gzip' as const), body: fc.constantFrom('bomb' as const, 'truncated' as const, 'plain' as const, 'twice' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cut' as const), how: fc.constantFrom('short' as const, 'reset' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'silent' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'huge-headers' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(...ROBOTS_BODIES).map((text) => ({ kind: 'body' as const, text })) },
);

/** The paths hostile answers go on: the tree's sitemaps, robots.txt, pages, and paths no file has. */
const ANSWERED_PATHS = ['/robots.txt', '/sitemap.xml', '/sitemap-1.xml', '/sitemap-2.xml.gz', '/news/sitemap.xml', '/sitemap.txt', '/sitemap-index.xml', '/', '/a/', '/b.html', '/redirected.xml'];

export const webPlan: fc.Arbitrary<WebPlan> = fc.record({
  answers: fc.uniqueArray(fc.record({ path: fc.constantFrom(...ANSWERED_PATHS), answer }), { maxLength: 4, selector: (a) => a.path }),
  rewriteOrigin: fc.boolean(),
});

/** The names netGuard.ts resolves (FUZZ_NET_HOSTS): one to the loopback, one to a metadata address the tools must refuse. */
export const MAPPED_HOST = 'mapped.fuzz.test';
export const METADATA_HOST = 'metadata.fuzz.test';
export const GUARD_HOSTS: Record<string, string> = { [MAPPED_HOST]: '127.0.0.1', [METADATA_HOST]: '169.254.169.254', localhost: '127.0.0.1' };

export interface HostileServer {
  origin: string;
  /** Requests answered, both ports. */
  requests: () => number;
  close(): Promise<void>;
}

/** Starts the case's server (and its second port, a redirect's other loopback origin) over the site folder. */
export async function startHostileServer(plan: WebPlan, site: string): Promise<HostileServer> {
  let count = 0;
  const ports: number[] = [];
  const handler = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    count++;
    const target = (request.url ?? '/').replace(/[?#].*$/, '');
    const hostile = plan.answers.find((a) => a.path === target);
    const host = `127.0.0.1:${ports[0]}`;
    if (hostile === undefined || ((request.headers.host ?? '') !== host && hostile.answer.kind === 'redirect')) serveFile(target, site, plan, host, response);
    else answerWith(hostile.answer, target, site, plan, { host, otherPort: ports[1]! }, response);
  };
  const servers = [http.createServer(handler), http.createServer(handler)];
  const sockets = new Set<Socket>();
  for (const server of servers) {
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as AddressInfo).port);
  }
  return {
    origin: `http://127.0.0.1:${ports[0]}`,
    requests: () => count,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(() => undefined);
    },
  };
}

interface Where {
  host: string;
  otherPort: number;
}

function answerWith(a: Answer, target: string, site: string, plan: WebPlan, where: Where, response: http.ServerResponse): void {
  switch (a.kind) {
    case 'file': return serveFile(target, site, plan, where.host, response);
    case 'status': return void response.writeHead(a.status, { 'content-type': 'text/plain', ...(a.retryAfter === undefined ? {} : { 'retry-after': a.retryAfter }) }).end('no');
    case 'redirect': return void response.writeHead(a.status, { location: redirectTarget(a.to, target, where) }).end();
    case 'content-type': return serveFile(target, site, plan, where.host, response, a.type);
    case 'gzip': return void response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' }).end(gzipBody(a.body, fileBytes(target, site, plan, where.host)));
    case 'cut': return cutShort(a.how, fileBytes(target, site, plan, where.host), response);
    case 'silent': return undefined; // No headers, ever: the client's --timeout ends it (the server's close the socket).
    case 'huge-headers': return void response.writeHead(200, { 'content-type': 'application/xml', 'x-huge': 'h'.repeat(40_000), ...Object.fromEntries(Array.from({ length: 200 }, (_, k) => [`x-h${k}`, 'v'])) }).end(fileBytes(target, site, plan, where.host));
    case 'body': return void response.writeHead(200, { 'content-type': 'text/plain' }).end(a.text);
  }
}

function redirectTarget(to: RedirectTarget, target: string, where: Where): string {
  switch (to) {
    case 'self': return `http://${where.host}${target}`;
    case 'loop': return `http://${where.host}/redirected.xml`; // /redirected.xml may itself be answered with a redirect.
    case 'other-port': return `http://127.0.0.1:${where.otherPort}${target}`;
    case 'mapped': return `http://${MAPPED_HOST}:${where.host.split(':')[1]}${target}`;
    case 'unmapped': return `https://www.example.org${target}`;
    case 'metadata': return 'http://169.254.169.254/latest/meta-data/';
    case 'metadata-name': return `http://${METADATA_HOST}/latest/meta-data/`;
    case 'metadata-v6': return 'http://[::ffff:169.254.169.254]/latest/meta-data/';
    case 'not-a-url': return 'http://[::1';
    case 'file': return 'file:///etc/passwd';
    case 'relative': return `..${target}/../../x.xml`;
  }
}

/** The site's file at `target` (a folder's index.html), or undefined: never outside the site, never a FIFO or socket. */
function fileBytes(target: string, site: string, plan: WebPlan, host: string): Buffer | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return undefined;
  }
  let file = path.resolve(site, `.${decoded}`);
  if (!file.startsWith(site + path.sep) && file !== site) return undefined;
  try {
    if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.statSync(file).isFile()) return undefined;
    const bytes = fs.readFileSync(file);
    return plan.rewriteOrigin && bytes[0] !== 0x1f ? Buffer.from(bytes.toString('latin1').split(ORIGIN).join(`http://${host}`), 'latin1') : bytes;
  } catch {
    return undefined;
  }
}

const CONTENT_TYPES: Record<string, string> = { '.xml': 'application/xml', '.txt': 'text/plain', '.html': 'text/html', '.gz': 'application/gzip', '.json': 'application/json' };

function serveFile(target: string, site: string, plan: WebPlan, host: string, response: http.ServerResponse, type?: string): void {
  const bytes = fileBytes(target, site, plan, host);
  if (bytes === undefined) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  const contentType = type ?? CONTENT_TYPES[path.extname(target)] ?? (target.endsWith('/') ? 'text/html' : 'application/octet-stream');
  response.writeHead(200, contentType === '' ? {} : { 'content-type': contentType }).end(bytes);
}

/** A `Content-Encoding: gzip` body: a bomb past the inflate limit (72 MB in 70 KB), cut short, not gzip, or gzip twice. */
function gzipBody(body: 'bomb' | 'truncated' | 'plain' | 'twice', bytes: Buffer | undefined): Buffer {
  const text = bytes ?? Buffer.from(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${ORIGIN}/</loc></url></urlset>\n`);
  switch (body) {
    case 'bomb': return memberBomb({ megabytes: 72 });
    case 'truncated': return zlib.gzipSync(text).subarray(0, Math.max(3, zlib.gzipSync(text).length >> 1));
    case 'plain': return text;
    case 'twice': return zlib.gzipSync(zlib.gzipSync(text));
  }
}

/** Headers promising the whole body, then half of it, then the connection ended (`short`) or reset (`reset`). */
function cutShort(how: 'short' | 'reset', bytes: Buffer | undefined, response: http.ServerResponse): void {
  const body = bytes ?? Buffer.alloc(4096, 0x20);
  response.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(body.length + 1000) });
  response.write(body.subarray(0, body.length >> 1), () => {
    if (how === 'reset') response.socket?.resetAndDestroy();
    else response.socket?.destroy();
  });
}
