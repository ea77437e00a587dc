/**
 * BlobReader (node/git/blobReader.ts) on a real repository: every answer is the blob's bytes as git stores them, in
 * the order asked, whether the blob came whole in one chunk of cat-file's output (handed over as a view of it) or
 * across several (copied), empty or over the reader's limit (skipped), or missing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { BlobReader } from '../../server/src/node/git/blobReader';
import { GIT_TEST_ENV, gitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('blob-reader-');

describe('BlobReader', () => {
  it('answers each blob with its bytes in the order asked, across and within chunks', async () => {
    const repo = gitRepository(temp());
    const files: Record<string, string> = { 'empty.html': '', 'one.html': 'x', 'large.html': `<p>${'é and more words '.repeat(12_000)}</p>\n`, 'huge.html': 'y'.repeat(600_000) };
    for (let n = 0; n < 200; n++) files[`small-${n}.html`] = `<title>Page ${n}</title>\n`;
    repo.commit('add', '2024-01-01T00:00:00Z', files);
    const names = [...Object.keys(files), 'large.html', 'one.html'];
    const ids = names.map((name) => repo.git('rev-parse', `HEAD:${name}`).trim());
    const env = { ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(repo.dir) };
    const reader = new BlobReader(repo.dir, { env }, 500_000);
    const answers: Array<string | undefined> = [];
    // Copied out during the call: a view of the output is not to be kept.
    for (const id of [...ids, 'f'.repeat(40)]) reader.read(id, (bytes) => answers.push(bytes?.toString('utf8')));
    assert.equal(await reader.close(), undefined);
    const expected = names.map((name) => (name === 'huge.html' ? undefined : files[name]));
    assert.deepEqual(answers, [...expected, undefined]);
    assert.equal(answers.length, names.length + 1);
  });
});
