/**
 * sitemap-lint reads each file into one buffer kept from file to file (lintInputs.ts readIntoPool): whatever the order
 * of sizes, each read gives exactly the file's bytes (nothing of a longer file read before), and readInput decodes
 * them as a fresh buffer would, gzip and UTF-16 included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { readInput, readIntoPool } from '../../server/src/cli/lint/lintInputs';

test('each file read into the kept buffer is exactly its bytes, in any order of sizes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
  try {
    const sizes = [0, 1, 300_000, 10, 4096, 1_200_000, 4095, 4097, 0, 700_000, 3];
    const files = sizes.map((size, k) => {
      const file = path.join(dir, `f${k}.xml`);
      fs.writeFileSync(file, Buffer.alloc(size, 0x61 + (k % 26)));
      return file;
    });
    for (const order of [files, [...files].reverse()]) {
      for (const file of order) assert.deepEqual(readIntoPool(file), fs.readFileSync(file), file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('readInput decodes a file read after a longer one as it decodes it alone', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
  try {
    const long = path.join(dir, 'long.xml');
    fs.writeFileSync(long, `<urlset>${'<url><loc>https://example.com/é</loc></url>\n'.repeat(20_000)}</urlset>`);
    const short = path.join(dir, 'short.xml');
    const shortText = '<urlset><url><loc>https://example.com/</loc></url></urlset>';
    fs.writeFileSync(short, shortText);
    const gz = path.join(dir, 'short.xml.gz');
    fs.writeFileSync(gz, zlib.gzipSync(shortText));
    const utf16 = path.join(dir, 'utf16.xml');
    fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(shortText, 'utf16le')]));
    for (const file of [long, short, long, gz, long, utf16]) {
      const read = readInput({ name: path.basename(file), file });
      const alone = fs.readFileSync(file);
      const bytes = file.endsWith('.gz') ? zlib.gunzipSync(alone) : alone;
      assert.equal(read.text, file === utf16 ? shortText : bytes.toString('utf8'), file);
      assert.equal(read.byteLength, file === utf16 ? undefined : bytes.length, file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
