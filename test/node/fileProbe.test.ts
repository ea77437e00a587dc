/**
 * node/fileProbe.ts: a name no file system can hold is "no file there", never an exception (issue 35), on real paths.
 * `fs.statSync(…, { throwIfNoEntry: false })` throws for each of these but ENOENT.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isFileOnDisk, isFolderOnDisk, probeOnDisk, statOnDisk } from '../../server/src/node/fileProbe';
import { tempFolders } from '../support/tempFolders';

const folder = tempFolders('file-probe-');
const dir = folder({ 'a.xml': '<urlset/>' });
fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));

const UNSTATTABLE: Record<string, string> = {
  'a 300-byte name (ENAMETOOLONG)': path.join(dir, `${'a'.repeat(300)}.xml`),
  'a path over 4,096 bytes (ENAMETOOLONG)': path.join(dir, ...Array.from({ length: 20 }, () => 'b'.repeat(250))),
  'a file as a folder (ENOTDIR)': path.join(dir, 'a.xml', 'child.xml'),
  'a symbolic link loop (ELOOP)': path.join(dir, 'loop-a'),
  'a NUL byte': path.join(dir, 'a\u0000.xml'),
};

describe('fileProbe', () => {
  for (const [what, file] of Object.entries(UNSTATTABLE)) {
    it(`${what}: absent, not thrown`, () => {
      assert.throws(() => fs.statSync(file, { throwIfNoEntry: false }));
      assert.equal(statOnDisk(file), undefined);
      assert.equal(isFileOnDisk(file), false);
      assert.equal(isFolderOnDisk(file), false);
      assert.ok('reason' in probeOnDisk(file));
    });
  }

  it('a file and a folder are what they are; a missing name is absent', () => {
    assert.equal(isFileOnDisk(path.join(dir, 'a.xml')), true);
    assert.equal(isFolderOnDisk(dir), true);
    assert.equal(isFileOnDisk(dir), false);
    assert.equal(statOnDisk(path.join(dir, 'none.xml')), undefined);
    const probe = probeOnDisk(path.join(dir, 'a.xml'));
    assert.ok('stat' in probe && probe.stat.isFile());
  });
});
