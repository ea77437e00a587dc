/** blobHeads (server/src/node/diff/gitObjects.ts): the first bytes of many blobs from one `git cat-file --batch`, read
 * as its output streams, in the order asked; what is no blob there (a folder, a missing path, a name git cannot be
 * asked on a line) has none. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { blobHeads } from '../../server/src/node/diff/gitObjects';
import { gitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('blob-heads-');

describe('blobHeads', () => {
  it('cuts each blob to its head across the pipe\'s chunks, empty and large ones too, in the order asked', async () => {
    const repo = gitRepository(temp());
    // Larger than a pipe's chunk, so a head, the rest of its blob and the next header arrive split.
    const large = Array.from({ length: 30_000 }, (_, k) => `line ${k}\n`).join('');
    repo.commit('files', '2024-01-01T00:00:00Z', {
      'a/large.xml': large,
      'a/empty.xml': '',
      'a/with space.txt': 'Sitemap: x\n',
      'b/small.xml': '<urlset/>',
    });
    fs.writeFileSync(path.join(repo.dir, 'a/binary.gz'), Buffer.from([0x1f, 0x8b, 0x0a, 0x00, 0xff]));
    repo.commit('binary', '2024-01-02T00:00:00Z', {});
    const asked = ['HEAD:a/large.xml', 'HEAD:a/empty.xml', 'HEAD:a', 'HEAD:a/missing.xml', 'HEAD:a/with space.txt',
      'HEAD:a/new\nline.xml', 'HEAD:a/binary.gz', 'HEAD:b/small.xml', 'HEAD:a/large.xml', 'HEAD~1:a/binary.gz'];
    const heads = await blobHeads(repo.dir, asked, 100);
    assert.deepEqual(heads.map((h) => h?.toString('latin1')), [
      large.slice(0, 100), '', undefined, undefined, 'Sitemap: x\n', undefined, '\x1f\x8b\x0a\x00\xff', '<urlset/>', large.slice(0, 100), undefined,
    ]);
  });

  it('gives no heads outside a repository, and none for no objects', async () => {
    assert.deepEqual(await blobHeads(temp(), ['HEAD:x.xml'], 10), [undefined]);
    assert.deepEqual(await blobHeads(temp(), [], 10), []);
  });
});
