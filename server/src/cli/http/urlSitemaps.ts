/** The sitemaps of a run read from URLs (issue 34): the inputs given as URLs, and the children their indexes and
 * robots.txt `Sitemap:` lines list, on the listing's origin or an --allowed-host (another origin is said once in a note
 * and not asked). Each is read when the lint comes to it (a few ahead: lintFiles.ts), through one HTTP client for the
 * run, so that no more than a few bodies are held at once. */
import { Failure } from '../io/failure';
import { loadHttp, type Http } from '../../node/http/loadHttp';
import { environmentHeaders } from './httpOptions';
import { MissingUrl, type FetchedBody, type UrlHandle, type UrlSites } from './urlInput';

export interface UrlRunOptions {
  /** Accept a self-signed certificate (--insecure). */
  insecure: boolean;
  /** The User-Agent sent (--http-user-agent); the tool's own unless given. */
  userAgent: string | undefined;
  /** Each request's total time (--timeout). */
  timeoutMs: number;
  /** Origins besides the inputs' whose children are read (--allowed-host, the config's allowedHosts). */
  allowedHosts: readonly string[];
  /** Decoded bytes read at most per file: the size limit with its margin (shared/protocolLimits.ts's inflateLimit). */
  maxBytes: number;
  onNote: (text: string) => void;
  signal?: AbortSignal;
}

/** 404 and 410 say a listed child is not there (missing-sitemap-file); any other failure fails the run. */
const MISSING = new Set([404, 410]);

export class UrlSitemaps implements UrlSites {
  private readonly http: Http;
  private readonly get: ReturnType<Http['createHttpGet']>;
  /** The inputs' origins and the allowed hosts': what the environment's headers go to, and where listed URLs are read. */
  private readonly origins = new Set<string>();
  /** Where each file read came from (the end of its redirects), by key: its own origin's listed URLs are read too. */
  private readonly locations = new Map<string, string>();
  /** Per URL asked: not read yet (undefined), being read or read and not yet handed over, or handed over ('read'). */
  private readonly asked = new Map<string, Promise<FetchedBody> | 'read' | undefined>();
  private readonly missing = new Set<string>();
  private readonly saidOrigins = new Set<string>();

  constructor(private readonly options: UrlRunOptions) {
    this.http = loadHttp();
    for (const host of options.allowedHosts) {
      const origin = originOf(host);
      if (origin !== undefined) this.origins.add(origin);
    }
    const secretHeaders = environmentHeaders(this.http);
    // The environment's headers (a staging password) go only to the origins the run reads, never to a redirect's elsewhere.
    // --timeout bounds the whole request: a sitemap a CMS builds on request may take its time before the first byte, so
    // the headers and each body chunk get as long (only the connection keeps the client's 10 s).
    const timeouts = { totalTimeoutMs: options.timeoutMs, headersTimeoutMs: options.timeoutMs, bodyTimeoutMs: options.timeoutMs };
    this.get = this.http.createHttpGet({
      insecure: options.insecure, userAgent: options.userAgent, ...timeouts, secretHeaders, secretHeadersFor: (url) => this.origins.has(url.origin),
    });
  }

  /** A command-line input: its name as given, its key the URL normalized; a URL that cannot be read is a Failure. */
  input(name: string): { name: string; file: undefined; url: UrlHandle } {
    let key: string;
    try {
      key = new URL(name).href;
    } catch {
      throw new Failure(`${name}: not a valid URL`);
    }
    this.origins.add(new URL(key).origin);
    return { name, file: undefined, url: this.handle(name, key, false) };
  }

  child(url: string, parent: { name: string; url?: UrlHandle }): { name: string; file: undefined; url: UrlHandle } | undefined {
    let key: string;
    try {
      key = new URL(url).href;
    } catch {
      return undefined;
    }
    if (this.asked.has(key)) return undefined;
    const origin = new URL(key).origin;
    const parentLocation = parent.url === undefined ? undefined : this.locations.get(parent.url.key);
    if (!this.origins.has(origin) && (parentLocation === undefined || new URL(parentLocation).origin !== origin)) {
      if (!this.saidOrigins.has(origin)) this.options.onNote(`${parent.name} lists ${key} on another origin (${origin}), which is not read (--allowed-host ${origin} reads it)`);
      this.saidOrigins.add(origin);
      return undefined;
    }
    return { name: key, file: undefined, url: this.handle(key, key, true) };
  }

  keyOf(url: string): string | undefined {
    try {
      const key = new URL(url).href;
      return this.asked.has(key) ? key : undefined;
    } catch {
      return undefined;
    }
  }

  exists(key: string): boolean {
    return this.asked.has(key) && !this.missing.has(key);
  }

  close(): Promise<void> {
    return this.get.close();
  }

  private handle(name: string, key: string, listed: boolean): UrlHandle {
    this.asked.set(key, undefined);
    const reading = (): Promise<FetchedBody> => {
      const state = this.asked.get(key);
      if (state === 'read') throw new Error(`${key} was read already`);
      if (state !== undefined) return state;
      const started = this.read(name, key, listed);
      this.asked.set(key, started);
      return started;
    };
    return {
      key,
      prefetch: () => void reading().catch(() => undefined),
      read: () => {
        const body = reading();
        this.asked.set(key, 'read');
        return body;
      },
    };
  }

  private async read(name: string, key: string, listed: boolean): Promise<FetchedBody> {
    try {
      const fetched = await this.http.fetchSitemap(this.get, key, { maxBytes: this.options.maxBytes, signal: this.options.signal });
      this.locations.set(key, fetched.location);
      if (fetched.redirects.length > 0) this.options.onNote(`${name}: redirected to ${fetched.location}${fetched.redirects.length > 1 ? ` (${fetched.redirects.length} redirects)` : ''}`);
      return { bytes: fetched.body, location: fetched.location, tooLarge: fetched.truncated };
    } catch (e) {
      const failure = this.http.fetchFailure(e);
      if (failure === undefined) throw e;
      if (listed && failure.status !== undefined && MISSING.has(failure.status)) {
        this.missing.add(key);
        throw new MissingUrl(failure.message);
      }
      throw new Failure(failure.message);
    }
  }
}

/** An --allowed-host value's origin: an origin or URL as given, or a bare host name read as https. */
function originOf(host: string): string | undefined {
  try {
    return new URL(/^https?:\/\//i.test(host) ? host : `https://${host}`).origin;
  } catch {
    return undefined;
  }
}
