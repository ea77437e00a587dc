import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { gunzipWhole } from '../../server/src/cli/io/gunzip';
import { benchSitemap } from '../support/generate';

/** A copy of a gzip file whose trailer states `size` as the uncompressed length. */
function withTrailerSize(gz: Buffer, size: number): Buffer {
  const copy = Buffer.from(gz);
  copy.writeUInt32LE(size, copy.length - 4);
  return copy;
}

describe('gunzipWhole', () => {
  const text = `${benchSitemap(300)}<!-- ü € 😀 -->\n`;
  const gz = zlib.gzipSync(text);

  it('gunzips to the same bytes as zlib, in one buffer sized from the trailer', () => {
    const out = gunzipWhole(gz, 'a.xml.gz');
    assert.equal(out.toString('utf8'), text);
    assert.equal(out.length, Buffer.byteLength(text));
  });

  it('takes concatenated members whole, though the trailer tells only the last one\'s size', () => {
    const second = 'second member\n';
    assert.equal(gunzipWhole(Buffer.concat([gz, zlib.gzipSync(second)]), 'a.xml.gz').toString('utf8'), text + second);
  });

  it('fails on a trailer that states a wrong size as zlib does, without allocating what it states', () => {
    const zlibError = (e: unknown): boolean => (e as NodeJS.ErrnoException).code === 'Z_DATA_ERROR';
    assert.throws(() => gunzipWhole(withTrailerSize(gz, 1), 'a.xml.gz'), zlibError);
    // 4 GiB for a few bytes: more than deflate can expand to, so not a size to allocate.
    assert.throws(() => gunzipWhole(withTrailerSize(zlib.gzipSync('<urlset/>'), 0xffffffff), 'a.xml.gz'), zlibError);
  });

  it('throws on corrupt and truncated input, as zlib does', () => {
    assert.throws(() => gunzipWhole(gz.subarray(0, gz.length - 12), 'a.xml.gz'));
    assert.throws(() => gunzipWhole(Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6]), 'a.xml.gz'));
  });
});
