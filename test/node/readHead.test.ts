import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readHead } from '../../server/src/node/files';

describe('readHead', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-read-head-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));

  it('reads a file whole below the limit, and exactly the limit above it', () => {
    const file = write('page.html', bytes);
    assert.deepEqual(readHead(file, 1024 * 1024), bytes);
    assert.deepEqual(readHead(file, bytes.length), bytes);
    assert.deepEqual(readHead(file, 4096), bytes.subarray(0, 4096));
    assert.equal(readHead(write('empty.html', Buffer.alloc(0)), 100)?.length, 0);
  });

  it('reads what a file holds past the size it states (a file in /proc states 0 bytes)', { skip: !fs.existsSync('/proc/self/status') }, () => {
    assert.equal(fs.statSync('/proc/self/status').size, 0);
    const head = readHead('/proc/self/status', 1024 * 1024);
    assert.match(head?.toString('latin1') ?? '', /^Name:/);
    assert.ok((head?.length ?? 0) > 200);
  });

  it('answers undefined for a folder or a missing file', () => {
    assert.equal(readHead(dir, 100), undefined);
    assert.equal(readHead(path.join(dir, 'missing.html'), 100), undefined);
  });
});
