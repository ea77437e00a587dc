/** The CLIs' one gzip-aware opening of an input (server/src/cli/io/inputStream.ts): sitemap-lint's streaming and sitemap-split. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Failure } from '../../server/src/cli/io/failure';
import { chunksOf, openMaybeGzip } from '../../server/src/cli/io/inputStream';
import { tempFolders } from '../support/tempFolders';

const folder = tempFolders('input-stream-');
const TEXT = 'https://example.com/a\nhttps://example.com/b\n'.repeat(200);

async function readAll(file: string, window?: number): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const chunk of chunksOf(openMaybeGzip(file, (e) => `cannot open ${e.code}`, window), file)) pieces.push(chunk);
  return Buffer.concat(pieces).toString('utf8');
}

describe('openMaybeGzip', () => {
  it('reads a plain file and a gzipped one (told by its magic bytes, whatever its name) to the same bytes', async () => {
    const dir = folder({ 'plain.txt': TEXT, 'packed.txt': gzipSync(TEXT) });
    assert.equal(await readAll(path.join(dir, 'plain.txt')), TEXT);
    assert.equal(await readAll(path.join(dir, 'packed.txt')), TEXT);
    assert.equal(await readAll(path.join(dir, 'packed.txt'), 64), TEXT);
  });

  it('throws a Failure with the caller\'s line when the file cannot be opened', () => {
    const missing = path.join(folder(), 'missing.xml');
    assert.throws(() => openMaybeGzip(missing, (e) => `gone: ${e.code}`), (e: unknown) => e instanceof Failure && e.message === 'gone: ENOENT');
  });
});
