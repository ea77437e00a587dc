/** HTTP servers for the tests of issue 34, on 127.0.0.1 only (no test sends a packet anywhere else), plain or TLS with a
 * certificate made when the test runs (never a committed key). Each keeps a log of what it was asked, so that a test can
 * prove what was requested, and of each answer's end (finished, or closed by the client before its end). */
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface Logged {
  method: string;
  /** The path and query asked. */
  path: string;
  headers: http.IncomingHttpHeaders;
}

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface TestServer {
  /** `http://127.0.0.1:<port>` or `https://…`. */
  origin: string;
  /** Every request, in the order they came. */
  log: Logged[];
  /** Answers that ended with the client gone before their end, by path. */
  cutShort: string[];
  /** Resolves once `count` answers have ended one way or the other (finished or cut short). */
  ended(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface Certificate {
  key: string;
  cert: string;
}

let certificate: Promise<Certificate> | undefined;

/** A self-signed certificate for 127.0.0.1 and localhost, made once per test process. */
export function testCertificate(): Promise<Certificate> {
  certificate ??= (async () => {
    const selfsigned = await import('selfsigned');
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    });
    return { key: pems.private, cert: pems.cert };
  })();
  return certificate;
}

/** A server answering `routes` by path (the query left out); any other path is a 404. */
export async function startServer(routes: Record<string, Route>, options: { tls?: Certificate } = {}): Promise<TestServer> {
  const log: Logged[] = [];
  const cutShort: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let endedCount = 0;
  const onEnded = () => {
    endedCount++;
    for (const waiter of waiters.filter((w) => w.count <= endedCount)) waiter.resolve();
  };
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const path = request.url ?? '/';
    log.push({ method: request.method ?? '', path, headers: request.headers });
    response.on('close', () => {
      if (!response.writableFinished) cutShort.push(path);
      onEnded();
    });
    const route = routes[path.replace(/\?.*$/, '')];
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    route(request, response);
  };
  const server = options.tls === undefined ? http.createServer(handler) : https.createServer(options.tls, handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    log,
    cutShort,
    ended: (count) => new Promise<void>((resolve) => (endedCount >= count ? resolve() : waiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes `chunk` again and again, as fast as the client reads, until the client goes away; counts what was written. */
export function endless(response: http.ServerResponse, chunk: Buffer, written: { bytes: number } = { bytes: 0 }): void {
  const pump = () => {
    while (!response.destroyed) {
      written.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
  };
  pump();
}
