import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { DEFAULT_LEVEL, GzipFormatError, levelOfHeader, readGzipFile, writeGzipFile } from '../../client/src/gzip/gzipFile';
import { compressedLanguageOf } from '../../client/src/gzip/language';
import { inflateLimit } from '../../shared/protocolLimits';
import { memberBomb, writeBomb } from '../support/gzipBombs';

const TEXT = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://www.example.com/küche</loc></url>\n</urlset>\n';

describe('gzip files (the sitemap-gz: provider)', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-gz-')));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes?: Buffer): string => {
    const p = path.join(dir, name);
    if (bytes !== undefined) fs.writeFileSync(p, bytes);
    return p;
  };
  const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

  it('round-trips: reads gunzipped, writes gzip that gunzips to the new text', async () => {
    const p = file('sitemap.xml.gz', zlib.gzipSync(TEXT));
    assert.equal(decode(await readGzipFile(p)), TEXT);
    const edited = TEXT.replace('küche', 'bad');
    const inode = fs.statSync(p).ino;
    await writeGzipFile(p, Buffer.from(edited));
    assert.notEqual(fs.statSync(p).ino, inode, 'a new file renamed into place, not the old one rewritten');
    const onDisk = fs.readFileSync(p);
    assert.deepEqual([...onDisk.subarray(0, 2)], [0x1f, 0x8b]);
    assert.equal(zlib.gunzipSync(onDisk).toString('utf8'), edited);
    assert.equal(decode(await readGzipFile(p)), edited);
  });

  it('creates a new file, and reads an empty one as empty', async () => {
    const p = file('new.txt.gz');
    await writeGzipFile(p, Buffer.from('https://www.example.com/\n'));
    assert.equal(zlib.gunzipSync(fs.readFileSync(p)).toString('utf8'), 'https://www.example.com/\n');
    assert.equal((await readGzipFile(file('empty.xml.gz', Buffer.alloc(0)))).length, 0);
  });

  it('rejects corrupt or uncompressed input with a GzipFormatError, leaving the file as it was', async () => {
    const gz = zlib.gzipSync(TEXT);
    for (const [name, bytes] of [
      ['truncated.xml.gz', gz.subarray(0, gz.length - 10)],
      ['bad-crc.xml.gz', Buffer.concat([gz.subarray(0, gz.length - 8), Buffer.alloc(8, 0xff)])],
      ['plain.xml.gz', Buffer.from(TEXT)],
      ['one-byte.xml.gz', Buffer.from([0x1f])],
    ] as const) {
      const p = file(name, bytes);
      await assert.rejects(readGzipFile(p), GzipFormatError, name);
      assert.deepEqual(fs.readFileSync(p), bytes);
    }
    await assert.rejects(readGzipFile(file('missing.xml.gz')), { code: 'ENOENT' });
  });

  it('refuses a gzip bomb at the inflate limit, in one member or many, and reads a file a raised limit allows', async () => {
    const single = file('bomb.xml.gz');
    await writeBomb(single, { megabytes: 200 });
    for (const p of [single, file('members.xml.gz', memberBomb({ megabytes: 200, byte: 0 }))]) await assert.rejects(readGzipFile(p), GzipFormatError, p);
    const within = await readGzipFile(file('within.xml.gz', memberBomb({ megabytes: 70 })), inflateLimit(100 << 20));
    assert.ok(within.length > 70 << 20);
  });

  it('writes atomically: a failed save leaves the old file whole and no temporary file behind', async () => {
    const sub = path.join(dir, 'readonly');
    fs.mkdirSync(sub);
    const p = path.join(sub, 'sitemap.xml.gz');
    const before = zlib.gzipSync(TEXT);
    fs.writeFileSync(p, before);
    fs.chmodSync(sub, 0o555); // the temporary file cannot be created beside it
    try {
      if (process.getuid?.() === 0) {
        // root ignores directory permissions: make the rename fail instead (a directory in the file's place).
        fs.chmodSync(sub, 0o755);
        const blocked = path.join(sub, 'dir.xml.gz');
        fs.mkdirSync(path.join(blocked, 'child'), { recursive: true });
        await assert.rejects(writeGzipFile(blocked, Buffer.from('new')));
        assert.deepEqual(fs.readdirSync(path.join(blocked)), ['child']);
      } else {
        await assert.rejects(writeGzipFile(p, Buffer.from('new')), { code: 'EACCES' });
      }
      assert.deepEqual(fs.readFileSync(p), before);
      assert.deepEqual(fs.readdirSync(sub).filter((n) => n.endsWith('.tmp')), []);
    } finally {
      fs.chmodSync(sub, 0o755);
    }
  });

  it('keeps the mode, follows a symbolic link, and keeps the compression level', async () => {
    const target = file('real.xml.gz', zlib.gzipSync(TEXT, { level: 9 }));
    fs.chmodSync(target, 0o640);
    const link = path.join(dir, 'link.xml.gz');
    fs.symlinkSync(target, link);
    await writeGzipFile(link, Buffer.from(TEXT + '<!-- more -->\n'));
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.equal(fs.statSync(target).mode & 0o777, 0o640);
    const written = fs.readFileSync(target);
    assert.equal(zlib.gunzipSync(written).toString('utf8'), TEXT + '<!-- more -->\n');
    assert.equal(levelOfHeader(written), 9);
    assert.equal(levelOfHeader(zlib.gzipSync(TEXT, { level: 1 })), 1);
    assert.equal(levelOfHeader(zlib.gzipSync(TEXT)), DEFAULT_LEVEL);
    assert.equal(levelOfHeader(Buffer.from('<?xml')), DEFAULT_LEVEL);
  });
});

describe('compressedLanguageOf', () => {
  it('takes the language from the name without .gz, refined by content', () => {
    assert.equal(compressedLanguageOf('/a/sitemap.xml.gz', TEXT), 'sitemap');
    assert.equal(compressedLanguageOf('/a/feed.XML.GZ', TEXT), 'sitemap');
    assert.equal(compressedLanguageOf('/a/new.xml.gz', ''), 'sitemap');
    assert.equal(compressedLanguageOf('/a/data.xml.gz', '<?xml version="1.0"?>\n<rss/>'), 'xml');
    assert.equal(compressedLanguageOf('/a/odd.xml.gz', 'https://a.example/1\nhttps://a.example/2\n'), 'sitemap-txt');
    assert.equal(compressedLanguageOf('/a/urls.txt.gz', 'https://a.example/1\nhttps://a.example/2\n'), 'sitemap-txt');
    assert.equal(compressedLanguageOf('/a/urls.txt.gz', ''), 'sitemap-txt');
    assert.equal(compressedLanguageOf('/a/robots.txt.gz', 'User-agent: *\nDisallow: /\n'), 'plaintext');
    assert.equal(compressedLanguageOf('/a/archive.tar.gz', ''), undefined);
  });
});
