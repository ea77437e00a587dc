/** Servers for the live check's tests on 127.0.0.1 (test/support/httpServer.ts), each request's arrival time and the
 * requests in flight counted on the server's side: what the check asked, when, and how many at once. */
import type * as http from 'node:http';
import { startServer, type Route, type TestServer } from '../../support/httpServer';

export interface CountingServer extends TestServer {
  /** Arrival times (Date.now) by path, in order. */
  arrivals: Array<{ path: string; at: number }>;
  /** The most requests in flight at once. */
  maxInFlight: () => number;
  /** Resolves once `count` requests have arrived. */
  arrived(count: number): Promise<void>;
}

export async function countingServer(routes: Record<string, Route>): Promise<CountingServer> {
  const arrivals: Array<{ path: string; at: number }> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let inFlight = 0;
  let max = 0;
  const counted = (route: Route): Route => (request, response) => {
    arrivals.push({ path: request.url ?? '/', at: Date.now() });
    for (const waiter of waiters.filter((w) => w.count <= arrivals.length)) waiter.resolve();
    max = Math.max(max, ++inFlight);
    response.on('close', () => inFlight--);
    route(request, response);
  };
  const server = await startServer(Object.fromEntries(Object.entries(routes).map(([path, route]) => [path, counted(route)])));
  return {
    ...server, arrivals, maxInFlight: () => max,
    arrived: (count) => new Promise<void>((resolve) => (arrivals.length >= count ? resolve() : waiters.push({ count, resolve }))),
  };
}

export function html(head: string, headers: http.OutgoingHttpHeaders = {}): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(`<!doctype html><html><head>${head}</head><body>…</body></html>`);
  };
}

export function answer(status: number, headers: http.OutgoingHttpHeaders = {}, body = ''): Route {
  return (_request, response) => {
    response.writeHead(status, headers).end(body);
  };
}

export function redirect(location: string, status = 301): Route {
  return answer(status, { location });
}

export function text(body: string, type = 'text/plain'): Route {
  return answer(200, { 'content-type': type }, body);
}
