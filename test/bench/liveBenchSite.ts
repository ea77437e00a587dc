/** The live bench's site (liveBench.ts): `count` small pages on 127.0.0.1, their sitemap (an index past 50,000), an
 * allow-all robots.txt, a page linking every page (linkinator's way in); it counts the requests and the most connections open at once. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LiveSite {
  origin: string;
  pageUrls: string[];
  requests(): number;
  /** The most connections open at once since the last reset. */
  mostConnections(): number;
  resetCounts(): void;
  close(): Promise<void>;
}

const PER_SITEMAP = 50_000;
/** About a real page's head and a short body; no link, so that a link checker asks for the listed pages only. */
const BODY = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(30)}</p>`;

export async function startLiveSite(count: number): Promise<LiveSite> {
  let requests = 0;
  let open = 0;
  let most = 0;
  let origin = '';
  const server = http.createServer((request, response) => {
    requests++;
    answer(request.url ?? '/', origin, count, response);
  });
  // Connections open at once: the server answers at once, so this, not requests in flight, shows a tool's concurrency.
  server.on('connection', (socket) => {
    most = Math.max(most, ++open);
    socket.on('close', () => open--);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrls: Array.from({ length: count }, (_, k) => `${origin}/p/${k}`),
    requests: () => requests,
    mostConnections: () => most,
    resetCounts: () => { requests = 0; most = open; },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function answer(url: string, origin: string, count: number, response: http.ServerResponse): void {
  // linkchecker asks at most 10 requests a second of a host unless the host answers this header.
  response.setHeader('LinkChecker', 'yes');
  const page = /^\/p\/(\d+)$/.exec(url);
  if (page !== null && Number(page[1]) < count) return send(response, 'text/html; charset=utf-8', pageHtml(origin, url));
  if (url === '/links.html') return send(response, 'text/html; charset=utf-8', linksHtml(origin, count));
  if (url === '/robots.txt') return send(response, 'text/plain', 'User-agent: *\nAllow: /\n');
  if (url === '/sitemap.xml') return send(response, 'application/xml', count <= PER_SITEMAP ? urlset(origin, 0, count) : index(origin, count));
  const part = /^\/sitemap-(\d+)\.xml$/.exec(url);
  if (part !== null && Number(part[1]) * PER_SITEMAP < count) {
    const from = Number(part[1]) * PER_SITEMAP;
    return send(response, 'application/xml', urlset(origin, from, Math.min(count, from + PER_SITEMAP)));
  }
  response.statusCode = 404;
  response.end();
}

function send(response: http.ServerResponse, type: string, body: string): void {
  response.setHeader('Content-Type', type);
  response.end(body);
}

function pageHtml(origin: string, path: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${path}</title><meta name="description" content="A page of the live bench."><link rel="canonical" href="${origin}${path}"></head><body>${BODY}</body></html>`;
}

/** One page linking every page: how linkinator checks a list of URLs within its concurrency (given the URLs as roots, it starts them all at once). */
function linksHtml(origin: string, count: number): string {
  const links: string[] = [];
  for (let k = 0; k < count; k++) links.push(`<a href="${origin}/p/${k}">${k}</a>`);
  return `<!doctype html><html><head><title>Every page</title></head><body>${links.join('\n')}</body></html>`;
}

function urlset(origin: string, from: number, to: number): string {
  const entries: string[] = [];
  for (let k = from; k < to; k++) entries.push(`<url><loc>${origin}/p/${k}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function index(origin: string, count: number): string {
  const children = Array.from({ length: Math.ceil(count / PER_SITEMAP) }, (_, k) => `<sitemap><loc>${origin}/sitemap-${k}.xml</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children.join('\n')}\n</sitemapindex>\n`;
}
