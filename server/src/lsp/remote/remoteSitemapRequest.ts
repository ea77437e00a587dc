/** `sitemap/readUrl` (REMOTE_SITEMAP_REQUEST): a sitemap read from its URL for the client's `sitemap-url:` documents
 * (Sitemap: Open from URL…), through the HTTP bundle loaded on first use (node/http/loadHttp.ts): redirects followed as
 * Google follows them, the address policy on every hop, gzip undone; never more than the protocol's limit with its
 * margin, so that a file a little past 50 MB opens and gets its file-too-large problem. Any failure is one line. */
import { ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';
import { REMOTE_SITEMAP_REQUEST, type RemoteSitemapParams, type RemoteSitemapResult } from '../../../../shared/protocol';
import { inflateLimit } from '../../../../shared/protocolLimits';
import { isGzip } from '../../../../shared/fileEncoding';
import { describeLimit } from '../../../../shared/byteSize';
import { gunzipWithin, InflatedPastLimit } from '../../node/boundedGunzip';
import { loadHttp } from '../../node/http/loadHttp';
import { askedOrigins } from '../../node/http/httpOrigin';
import { reasonOf } from '../../../../shared/causes';
import type { RemoteSitemaps } from './remoteSitemaps';

/** ResponseError's code for a URL that could not be read (the JSON-RPC range for a server's own errors). */
const UNREADABLE = -32001;

export function registerRemoteSitemapRequest(connection: Connection, remote: RemoteSitemaps): void {
  connection.onRequest(REMOTE_SITEMAP_REQUEST, (params: RemoteSitemapParams, token: CancellationToken) => readRemoteSitemap(params, remote, token));
}

async function readRemoteSitemap(params: RemoteSitemapParams, remote: RemoteSitemaps, token: CancellationToken): Promise<RemoteSitemapResult | ResponseError<void>> {
  const url = typeof params?.url === 'string' ? params.url : '';
  if (!/^https?:\/\//i.test(url)) return new ResponseError(UNREADABLE, `${url || 'no URL'}: not an http:// or https:// URL`);
  const limit = inflateLimit();
  const http = loadHttp();
  const controller = new AbortController();
  const cancelled = token.onCancellationRequested(() => controller.abort());
  let get: ReturnType<typeof http.createHttpGet> | undefined;
  try {
    get = http.createHttpGet({ secretHeaders: http.headersFromEnvironment(), secretHeadersFor: askedOrigins([url], undefined) });
    const fetched = await http.fetchSitemap(get, url, { maxBytes: limit + 1, signal: controller.signal });
    const bytes = isGzip(fetched.body) ? gunzipWithin(fetched.body, limit, url) : fetched.body;
    if (fetched.truncated || bytes.length > limit) throw new InflatedPastLimit(url, limit);
    remote.read(url, fetched.location);
    return { data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'), finalUrl: fetched.location, redirects: fetched.redirects };
  } catch (error) {
    if (error instanceof InflatedPastLimit) return new ResponseError(UNREADABLE, `${url}: larger than ${describeLimit(limit)}, where reading stopped: sitemap-lint ${url} reports it`);
    return new ResponseError(UNREADABLE, http.fetchFailure(error)?.message ?? `${url}: ${reasonOf(error)}`);
  } finally {
    cancelled.dispose();
    await get?.close();
  }
}
