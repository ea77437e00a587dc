/**
 * The `sitemap/status` notification over the wire: sent after each validation to a client that asked for it in
 * `initializationOptions`, with the entries and UTF-8 bytes of the server's model; never sent to other clients.
 * Waits on notifications, never sleeps; absence is shown by a later request's answer (messages keep their order).
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import { LspClient, rangeOf, WAIT_TIMEOUT_MS } from './lspClient';
import { STATUS_NOTIFICATION, type StatusParams } from '../../shared/protocol';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.map((loc) => `  <url><loc>${loc}</loc></url>\n`).join('')}</urlset>\n`;

class StatusListener {
  readonly received: StatusParams[] = [];
  private waiters: Array<{ uri: string; predicate: (s: StatusParams) => boolean; resolve: (s: StatusParams) => void }> = [];

  constructor(client: LspClient) {
    client.connection.onNotification(STATUS_NOTIFICATION, (params: StatusParams) => {
      this.received.push(params);
      this.waiters = this.waiters.filter((w) => {
        if (w.uri !== params.uri || !w.predicate(params)) return true;
        w.resolve(params);
        return false;
      });
    });
  }

  /** The next status of `uri` satisfying `predicate`; call before the action that causes it. */
  next(uri: string, predicate: (s: StatusParams) => boolean = () => true): Promise<StatusParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching ${STATUS_NOTIFICATION} for ${uri}; got ${JSON.stringify(this.received)}`)), WAIT_TIMEOUT_MS);
      this.waiters.push({ uri, predicate, resolve: (s) => { clearTimeout(timer); resolve(s); } });
    });
  }
}

describe('sitemap/status over stdio', () => {
  let client: LspClient;
  let statuses: StatusListener;

  before(async () => {
    client = await LspClient.start({ initializationOptions: { statusNotifications: true } });
    statuses = new StatusListener(client);
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
  });

  it('reports kind, entries and UTF-8 bytes on open and after each edit', async () => {
    const uri = 'file:///status/sitemap.xml';
    const text = urlset('https://www.example.com/küche', 'https://www.example.com/b');
    let status = statuses.next(uri);
    client.open(uri, 'sitemap', text);
    assert.deepEqual(await status, { uri, kind: 'urlset', entries: 2, bytes: Buffer.byteLength(text) });

    const end = rangeOf(text, '</urlset>').start;
    const added = '  <url><loc>https://www.example.com/ä</loc></url>\n';
    status = statuses.next(uri, (s) => s.entries === 3);
    client.change(uri, { range: { start: end, end }, text: added });
    assert.deepEqual(await status, { uri, kind: 'urlset', entries: 3, bytes: Buffer.byteLength(text + added) });
    client.close(uri);
  });

  it('counts sitemaps in an index and URL lines in a text sitemap', async () => {
    const index = 'file:///status/sitemap_index.xml';
    const indexText = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://www.example.com/a.xml</loc></sitemap></sitemapindex>`;
    let status = statuses.next(index);
    client.open(index, 'sitemap', indexText);
    assert.deepEqual(await status, { uri: index, kind: 'sitemapindex', entries: 1, bytes: indexText.length });

    const text = 'file:///status/sitemap.txt';
    const lines = 'https://www.example.com/a\n\nhttps://www.example.com/b\n';
    status = statuses.next(text);
    client.open(text, 'sitemap-txt', lines);
    assert.deepEqual(await status, { uri: text, kind: 'text', entries: 2, bytes: lines.length });
    client.close(index);
    client.close(text);
  });

  it('is not sent for a robots.txt: it has no entries to count', async () => {
    const uri = 'file:///status/robots.txt';
    const published = client.nextDiagnostics(uri);
    client.open(uri, 'robots-txt', 'User-agent: *\nSitemap: https://www.example.com/sitemap.xml\n');
    await published;
    // Anything sent with or right after the diagnostics arrives before the answer to a later request.
    await client.connection.sendRequest('workspace/symbol', { query: '' });
    assert.deepEqual(statuses.received.filter((s) => s.uri === uri), []);
    client.close(uri);
  });

  it('is not sent to clients that did not ask for it', async () => {
    const plain = await LspClient.start({});
    try {
      const heard: unknown[] = [];
      plain.connection.onNotification(STATUS_NOTIFICATION, (params: unknown) => heard.push(params));
      const uri = 'file:///status/other.xml';
      const published = plain.nextDiagnostics(uri);
      plain.open(uri, 'sitemap', urlset('https://www.example.com/'));
      await published;
      // Anything sent with or right after the diagnostics arrives before the answer to a later request.
      await plain.connection.sendRequest('workspace/symbol', { query: '' });
      assert.deepEqual(heard, []);
    } finally {
      assert.equal(await plain.stop(), 0);
    }
  });
});
