/** The HTTP client (node/http/httpGet.ts) against real servers on 127.0.0.1: answers as the contract says, Content-Encoding
 * undone within the cap, the timeouts and the abort as failure kinds, TLS with a certificate made now, the environment's
 * headers sent and never printed, and the address policy in the connection's lookup. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import type * as http from 'node:http';
import { createHttpGet, DEFAULT_USER_AGENT, type HttpClient } from '../../../server/src/node/http/httpGet';
import { HttpFailure, type HttpFailureKind } from '../../../server/src/node/http/httpTypes';
import type { Resolver } from '../../../server/src/node/http/addressPolicy';
import { endless, startServer, testCertificate, type TestServer } from '../../support/httpServer';

const SITEMAP = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>';
const MiB = 1 << 20;

/** An endless compressed stream of zeros: a bomb with no end at all, made as the client reads. */
function bomb(make: () => zlib.Gzip | zlib.BrotliCompress, coding: string): (q: http.IncomingMessage, r: http.ServerResponse) => void {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': coding });
    const compressor = make();
    compressor.pipe(response);
    const zeros = Buffer.alloc(MiB);
    const pump = () => {
      while (!response.destroyed && compressor.write(zeros));
      if (!response.destroyed) compressor.once('drain', pump);
    };
    response.on('close', () => compressor.destroy());
    pump();
  };
}

async function failureKind(promise: Promise<unknown>): Promise<HttpFailureKind> {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof HttpFailure, String(e));
    assert.ok(!e.message.includes('\n'), 'one line');
    return e.kind;
  }
  assert.fail('no failure');
}

describe('httpGet', () => {
  let server: TestServer;
  let client: HttpClient;
  const written = { bytes: 0 };
  const trickled: { bytes: number } = { bytes: 0 };
  before(async () => {
    server = await startServer({
      '/sitemap.xml': (_q, r) => r.writeHead(200, { 'content-type': 'application/xml', 'set-cookie': 'a=b', 'x-robots-tag': ['noindex', 'nofollow'] }).end(SITEMAP),
      '/gzip': (_q, r) => r.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(SITEMAP)),
      '/deflate': (_q, r) => r.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync(SITEMAP)),
      '/raw-deflate': (_q, r) => r.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateRawSync(SITEMAP)),
      '/br': (_q, r) => r.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync(SITEMAP)),
      '/twice': (_q, r) => r.writeHead(200, { 'content-encoding': 'gzip, br' }).end(zlib.brotliCompressSync(zlib.gzipSync(SITEMAP))),
      '/bad-gzip': (_q, r) => r.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all'),
      '/gzip-bomb': bomb(() => zlib.createGzip(), 'gzip'),
      '/br-bomb': bomb(() => zlib.createBrotliCompress(), 'br'),
      '/ten-gigabytes': (_q, r) => {
        r.writeHead(200, { 'content-length': String(10 * 1024 * MiB) });
        endless(r, Buffer.alloc(64 * 1024, 0x20), written);
      },
      '/endless': (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        endless(r, Buffer.from('<p>more</p>\n'.repeat(1000)));
      },
      '/head-then-endless': (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.write('<html><head><title>t</title></head>');
        endless(r, Buffer.alloc(64 * 1024, 0x20));
      },
      '/exact': (_q, r) => r.writeHead(200).end(Buffer.alloc(1000, 0x61)),
      '/trickle': (_q, r) => {
        r.writeHead(200, { 'content-type': 'application/xml' });
        const timer = setInterval(() => {
          trickled.bytes++;
          r.write('<');
        }, 20);
        r.on('close', () => clearInterval(timer));
      },
      '/silent': () => undefined,
      '/redirect': (_q, r) => r.writeHead(301, { location: '/sitemap.xml' }).end('moved'),
      '/headers': (q, r) => r.writeHead(200).end(JSON.stringify(q.headers)),
    });
    client = createHttpGet({ totalTimeoutMs: 20_000 });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('answers with the status, the headers lower-cased and joined, no set-cookie, and the body; sends its User-Agent', async () => {
    const answer = await client(`${server.origin}/sitemap.xml`, { maxBytes: MiB });
    assert.equal(answer.status, 200);
    assert.equal(Buffer.from(answer.body).toString(), SITEMAP);
    assert.equal(answer.truncated, false);
    assert.equal(answer.headers['content-type'], 'application/xml');
    assert.equal(answer.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(answer.headers['set-cookie'], undefined);
    const asked = server.log.find((entry) => entry.path === '/sitemap.xml')!;
    assert.equal(asked.headers['user-agent'], DEFAULT_USER_AGENT);
    assert.match(DEFAULT_USER_AGENT, /^sitemap-studio\/\d+\.\d+\.\d+ \(\+https:\/\/\S+\/docs\/live\.md\)$/);
    assert.equal(asked.headers['accept-encoding'], 'gzip, deflate, br');
    assert.equal(asked.headers.cookie, undefined);
  });

  it('undoes gzip, deflate (zlib and raw), br and two codings in turn', async () => {
    for (const path of ['/gzip', '/deflate', '/raw-deflate', '/br', '/twice']) {
      const answer = await client(`${server.origin}${path}`, { maxBytes: MiB });
      assert.equal(Buffer.from(answer.body).toString(), SITEMAP, path);
    }
  });

  it('says a body that is not what its Content-Encoding says is a protocol failure', async () => {
    assert.equal(await failureKind(client(`${server.origin}/bad-gzip`, { maxBytes: MiB })), 'protocol');
  });

  it('reads an endless gzip or brotli bomb up to the cap, then closes the connection', async () => {
    for (const path of ['/gzip-bomb', '/br-bomb']) {
      const answer = await client(`${server.origin}${path}`, { maxBytes: 2 * MiB });
      assert.equal(answer.body.length, 2 * MiB, path);
      assert.ok(answer.truncated);
      assert.ok(answer.body.every((byte) => byte === 0));
    }
    await server.ended(server.log.length);
    assert.ok(server.cutShort.includes('/gzip-bomb') && server.cutShort.includes('/br-bomb'), String(server.cutShort));
  });

  it('reads 10 GB or an endless chunked body up to the cap, then closes the connection', async () => {
    const big = await client(`${server.origin}/ten-gigabytes`, { maxBytes: 100_000 });
    assert.equal(big.body.length, 100_000);
    assert.ok(big.truncated);
    const chunked = await client(`${server.origin}/endless`, { maxBytes: 100_000 });
    assert.equal(chunked.body.length, 100_000);
    await server.ended(server.log.length);
    assert.ok(server.cutShort.includes('/ten-gigabytes') && server.cutShort.includes('/endless'));
    // What the server got out before the close: socket buffers, not gigabytes.
    assert.ok(written.bytes < 64 * MiB, `${written.bytes} bytes written`);
  });

  it('stops when `enough` says so and closes the connection', async () => {
    const answer = await client(`${server.origin}/head-then-endless`, { maxBytes: 10 * MiB, enough: (body) => Buffer.from(body).includes('</head>') });
    assert.ok(answer.truncated);
    assert.ok(answer.body.length < 10 * MiB);
    await server.ended(server.log.length);
    assert.ok(server.cutShort.includes('/head-then-endless'));
  });

  it('reads a body exactly as long as the cap as whole', async () => {
    const answer = await client(`${server.origin}/exact`, { maxBytes: 1000 });
    assert.equal(answer.body.length, 1000);
    assert.equal(answer.truncated, false);
    const shorter = await client(`${server.origin}/exact`, { maxBytes: 999 });
    assert.equal(shorter.body.length, 999);
    assert.equal(shorter.truncated, true);
  });

  it('does not follow a redirect: the 301 is the answer, its body empty', async () => {
    const answer = await client(`${server.origin}/redirect`, { maxBytes: MiB });
    assert.equal(answer.status, 301);
    assert.equal(answer.headers.location, '/sitemap.xml');
    assert.equal(answer.body.length, 0);
    assert.ok(!server.log.some((entry, k) => entry.path === '/sitemap.xml' && server.log[k - 1]?.path === '/redirect'));
  });

  it('stops a server that trickles a byte at a time at the total timeout', async () => {
    const slow = createHttpGet({ totalTimeoutMs: 300, bodyTimeoutMs: 60_000 });
    try {
      assert.equal(await failureKind(slow(`${server.origin}/trickle`, { maxBytes: MiB })), 'timeout');
    } finally {
      await slow.close();
    }
    await server.ended(server.log.length);
    assert.ok(server.cutShort.includes('/trickle'));
  });

  it('stops a server that never answers at the headers timeout', async () => {
    const impatient = createHttpGet({ headersTimeoutMs: 200 });
    try {
      assert.equal(await failureKind(impatient(`${server.origin}/silent`, { maxBytes: MiB })), 'timeout');
    } finally {
      await impatient.close();
    }
  });

  it('stops a connection that never comes up at the connect timeout', async () => {
    // A resolver that never answers: the connect timeout covers the lookup, and no packet is sent.
    const never: Resolver = () => undefined;
    const stuck = createHttpGet({ connectTimeoutMs: 200, resolver: never });
    try {
      assert.equal(await failureKind(stuck(`${server.origin.replace('127.0.0.1', 'localhost')}/sitemap.xml`, { maxBytes: MiB })), 'timeout');
    } finally {
      await stuck.close();
    }
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = client(`${server.origin}/silent`, { maxBytes: MiB, signal: controller.signal });
    controller.abort();
    assert.equal(await failureKind(pending), 'aborted');
    assert.equal(await failureKind(client(`${server.origin}/sitemap.xml`, { maxBytes: MiB, signal: controller.signal })), 'aborted');
  });

  it('connects through the address policy\'s lookup: a name that resolves to a refused address is refused', async () => {
    // The resolver answers "localhost" itself; were it bypassed, the system would resolve localhost to the loopback.
    const asked: string[] = [];
    const resolveTo = (address: string): Resolver => (hostname, _options, callback) => {
      asked.push(hostname);
      callback(null, [{ address, family: 4 }]);
    };
    const local = server.origin.replace('127.0.0.1', 'localhost');
    const allowed = createHttpGet({ resolver: resolveTo('127.0.0.1') });
    const refused = createHttpGet({ resolver: resolveTo('169.254.169.254') });
    try {
      assert.equal((await allowed(`${local}/sitemap.xml`, { maxBytes: MiB })).status, 200);
      assert.deepEqual(asked, ['localhost']);
      const before = server.log.length;
      assert.equal(await failureKind(refused(`${local}/sitemap.xml`, { maxBytes: MiB })), 'refused-address');
      assert.equal(server.log.length, before);
    } finally {
      await allowed.close();
      await refused.close();
    }
  });

  it('refuses URLs that are not http(s) or carry credentials, before any connection', async () => {
    assert.equal(await failureKind(client('ftp://127.0.0.1/sitemap.xml', { maxBytes: MiB })), 'refused-url');
    assert.equal(await failureKind(client(`${server.origin.replace('//', '//user:secret@')}/sitemap.xml`, { maxBytes: MiB })), 'refused-url');
  });

  it('sends the environment\'s headers where told, and no message names them', async () => {
    const secret = 'Basic c3RhZ2luZzpodW50ZXIy';
    const withSecret = createHttpGet({ secretHeaders: { Authorization: secret }, secretHeadersFor: (url) => url.pathname !== '/sitemap.xml' });
    try {
      const echoed = JSON.parse(Buffer.from((await withSecret(`${server.origin}/headers`, { maxBytes: MiB })).body).toString()) as Record<string, string>;
      assert.equal(echoed.authorization, secret);
      await withSecret(`${server.origin}/sitemap.xml`, { maxBytes: MiB });
      assert.equal(server.log.at(-1)!.headers.authorization, undefined);
      for (const path of ['/bad-gzip', '/silent']) {
        const failed = await withSecret(`${server.origin}${path}`, { maxBytes: MiB, signal: AbortSignal.timeout(200) }).catch((e: Error) => e);
        assert.ok(failed instanceof HttpFailure);
        assert.ok(!failed.message.includes(secret) && !failed.message.includes('c3RhZ2luZz'), failed.message);
      }
    } finally {
      await withSecret.close();
    }
  });
});

describe('httpGet over TLS', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ '/sitemap.xml': (_q, r) => r.writeHead(200).end(SITEMAP) }, { tls: await testCertificate() });
  });
  after(() => server.close());

  it('refuses a self-signed certificate, and accepts it with insecure', async () => {
    const strict = createHttpGet();
    const insecure = createHttpGet({ insecure: true });
    try {
      assert.equal(await failureKind(strict(`${server.origin}/sitemap.xml`, { maxBytes: MiB })), 'tls');
      const answer = await insecure(`${server.origin}/sitemap.xml`, { maxBytes: MiB });
      assert.equal(Buffer.from(answer.body).toString(), SITEMAP);
    } finally {
      await strict.close();
      await insecure.close();
    }
  });
});
