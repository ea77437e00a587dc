import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { inflateHead, isGzip, readMaybeGzip } from '../../server/src/node/files';

describe('readMaybeGzip', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-maybe-gz-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: string | Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const text = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/ü</loc></url></urlset>\n';

  it('gunzips by the magic bytes, not the name', () => {
    assert.equal(readMaybeGzip(write('a.xml.gz', zlib.gzipSync(text)))?.toString('utf8'), text);
    assert.equal(readMaybeGzip(write('misnamed.xml', zlib.gzipSync(text)))?.toString('utf8'), text);
    assert.equal(readMaybeGzip(write('plain.xml.gz', text))?.toString('utf8'), text);
    assert.equal(readMaybeGzip(write('empty.xml.gz', ''))?.length, 0);
  });

  it('answers undefined for corrupt gzip, a directory, a missing file, and past maxBytes', () => {
    const gz = zlib.gzipSync(text);
    assert.equal(readMaybeGzip(write('truncated.xml.gz', gz.subarray(0, gz.length - 12))), undefined);
    assert.equal(readMaybeGzip(write('garbage.xml.gz', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6]))), undefined);
    assert.equal(readMaybeGzip(dir), undefined);
    assert.equal(readMaybeGzip(path.join(dir, 'missing.xml.gz')), undefined);
    const bomb = write('bomb.xml.gz', zlib.gzipSync(Buffer.alloc(1 << 20, 0x20)));
    assert.equal(readMaybeGzip(bomb, 1000), undefined);
    assert.equal(readMaybeGzip(bomb)?.length, 1 << 20);
  });

  it('isGzip looks at the first two bytes only', () => {
    assert.equal(isGzip(Buffer.from([0x1f, 0x8b])), true);
    assert.equal(isGzip(Buffer.from([0x1f])), false);
    assert.equal(isGzip(Buffer.from('<?xml')), false);
  });
});

describe('inflateHead', () => {
  const text = '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' + '<sitemap><loc>https://example.com/a.xml</loc></sitemap>'.repeat(500);
  const gz = zlib.gzipSync(text);

  it('gunzips a cut-off gzip head as far as it goes, and gives plain bytes back as they are', () => {
    const inflated = inflateHead(gz.subarray(0, 200), 1 << 20);
    assert.ok(inflated !== undefined && inflated.length > 0);
    assert.ok(text.startsWith(inflated.toString('utf8')));
    const plain = Buffer.from(text.slice(0, 100));
    assert.equal(inflateHead(plain, 10), plain);
  });

  it('answers undefined for corrupt gzip', () => {
    // A whole gzip header, then a deflate block of the reserved type 3: an error, not a cut-off stream.
    assert.equal(inflateHead(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff]), 1 << 20), undefined);
  });

  it('cuts a head that inflates past maxBytes shorter, so a gzip bomb\'s start is still read', () => {
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('<?xml version="1.0"?>\n<urlset>'), Buffer.alloc(64 << 20, 0x20)]), { level: 9 });
    const head = inflateHead(bomb.subarray(0, 16 * 1024), 1 << 20);
    assert.ok(head !== undefined && head.length > 0 && head.length <= 1 << 20);
    assert.ok(head.toString('utf8').startsWith('<?xml version="1.0"?>\n<urlset>'));
    const short = inflateHead(gz, 100);
    assert.ok(short !== undefined && short.length <= 100 && text.startsWith(short.toString('utf8')));
  });
});
