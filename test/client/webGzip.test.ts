/** The web extension's gzip codec (client/src/gzip/webGzip.ts, the browser's CompressionStream/DecompressionStream,
 * global in Node 20 too): text in → gzip bytes out (zlib reads them) → the same text back; bad input a GzipFormatError. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { GzipFormatError } from '../../client/src/gzip/gzipFormat';
import { deflateGzip, inflateGzip } from '../../client/src/gzip/webGzip';
import { inflateLimit } from '../../shared/protocolLimits';
import { memberBomb } from '../support/gzipBombs';

const TEXT = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://www.example.com/küche</loc></url>\n</urlset>\n';
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the web gzip codec', () => {
  it('round-trips text: gzip bytes out that zlib inflates, the same text back', async () => {
    const bytes = await deflateGzip(encode(TEXT));
    assert.deepEqual([...bytes.subarray(0, 2)], [0x1f, 0x8b]);
    assert.equal(zlib.gunzipSync(bytes).toString('utf8'), TEXT);
    assert.equal(decode(await inflateGzip(bytes, 'sitemap.xml.gz')), TEXT);
  });

  it('inflates what zlib (sitemap-split, a server) compressed, at any level, and a large file in many chunks', async () => {
    for (const level of [1, 6, 9]) assert.equal(decode(await inflateGzip(zlib.gzipSync(TEXT, { level }), 'a.xml.gz')), TEXT);
    const large = TEXT.repeat(20_000);
    assert.equal(decode(await inflateGzip(await deflateGzip(encode(large)), 'large.xml.gz')), large);
  });

  it('reads an empty file as empty (a new file being created)', async () => {
    assert.equal((await inflateGzip(new Uint8Array(), 'new.xml.gz')).length, 0);
  });

  it('refuses a gzip bomb of many members at the default inflate limit', async () => {
    await assert.rejects(inflateGzip(memberBomb({ megabytes: inflateLimit() / (1 << 20) + 10 }), 'bomb.xml.gz'), GzipFormatError);
  });

  it('refuses a file that is not gzip, corrupt or truncated gzip, and one that inflates past the limit', async () => {
    const gzipped = zlib.gzipSync(TEXT);
    const corrupt = Uint8Array.from(gzipped);
    corrupt.fill(0xff, 10, 30);
    const cases: Array<[string, Uint8Array, number?]> = [
      ['plain text', encode(TEXT)],
      ['one byte', Uint8Array.of(0x1f)],
      ['corrupt data', corrupt],
      ['truncated', gzipped.subarray(0, gzipped.length - 12)],
      ['past the limit', gzipped, 100],
    ];
    for (const [what, bytes, limit] of cases) {
      await assert.rejects(inflateGzip(bytes, 'bad.xml.gz', limit), (error: unknown) => error instanceof GzipFormatError && /bad\.xml\.gz/.test(error.message), what);
    }
  });
});
