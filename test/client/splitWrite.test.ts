/**
 * Split into Index's writing in the editor (client/src/commands/split/splitWrite.ts), with the failure injected through its file
 * seam: a workspace edit that fails on the nth file as a full disk does (earlier files truncated or empty, as VS Code
 * writes them side by side) leaves the folder as it was — the files it created removed, the ones it overwrote put
 * back; too little free space refuses before writing anything.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeSplitFiles, type SplitFiles } from '../../client/src/commands/split/splitWrite';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A folder in memory with `free` bytes left; `failOn` makes writing that file (and any later one) fail. */
function memoryFolder(initial: Record<string, string>, free = 1 << 30): { files: Map<string, Uint8Array>; io: SplitFiles<string> } {
  const files = new Map(Object.entries(initial).map(([name, text]) => [name, encode(text)]));
  const io: SplitFiles<string> = {
    exists: async (name) => files.has(name),
    read: async (name) => files.get(name)!,
    write: async (name, bytes) => void files.set(name, bytes),
    remove: async (name) => void files.delete(name),
    freeBytes: async () => free,
  };
  return { files, io };
}

/** The edit as VS Code applies it on a full disk: files before the nth truncated, the nth and later empty; false. */
function failingEdit(files: Map<string, Uint8Array>, planned: ReadonlyArray<{ file: string; text: string }>, failAt: number): () => Promise<boolean> {
  return async () => {
    planned.forEach(({ file, text }, k) => files.set(file, encode(k + 1 < failAt ? text.slice(0, text.length >> 1) : '')));
    return false;
  };
}

const snapshot = (files: Map<string, Uint8Array>): Record<string, string> =>
  Object.fromEntries([...files].sort(([a], [b]) => a.localeCompare(b)).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));

describe('Split into Index: writing its files', () => {
  const planned = [1, 2, 3].map((n) => ({ file: `sitemap-${n}.xml`, text: `<urlset>${'<url/>'.repeat(500)}</urlset>` }));
  const sized = planned.map((p) => ({ file: p.file, bytes: p.text.length }));

  for (let failAt = 1; failAt <= 3; failAt++) {
    it(`leaves the folder as it was when the edit fails on file ${failAt}: created files removed, overwritten ones put back`, async () => {
      const { files, io } = memoryFolder({ 'sitemap.xml': 'original', 'sitemap-2.xml': 'mine' });
      const before = snapshot(files);
      const outcome = await writeSplitFiles(sized, io, failingEdit(files, planned, failAt));
      assert.deepEqual(snapshot(files), before);
      assert.equal(outcome.written, false);
      if (outcome.written || outcome.reason !== 'failed') return;
      assert.deepEqual([outcome.removed, outcome.restored, outcome.left], [2, 1, []]);
    });
  }

  it('also when the edit throws, and names a file it cannot remove', async () => {
    const { files, io } = memoryFolder({});
    const stuck: SplitFiles<string> = { ...io, remove: async (name) => { if (name === 'sitemap-3.xml') throw new Error('EBUSY'); files.delete(name); } };
    const outcome = await writeSplitFiles(sized, stuck, async () => {
      for (const p of planned) files.set(p.file, encode(''));
      throw new Error('ENOSPC');
    });
    assert.deepEqual(snapshot(files), { 'sitemap-3.xml': '' });
    assert.ok(!outcome.written && outcome.reason === 'failed' && outcome.left.length === 1 && outcome.left[0] === 'sitemap-3.xml');
  });

  it('refuses before writing anything when the disk has too little room', async () => {
    const { files, io } = memoryFolder({ 'sitemap.xml': 'original' }, 1000);
    let applied = false;
    const outcome = await writeSplitFiles(sized, io, async () => (applied = true));
    assert.equal(applied, false);
    assert.deepEqual(snapshot(files), { 'sitemap.xml': 'original' });
    assert.ok(!outcome.written && outcome.reason === 'no-space' && outcome.needed === sized.reduce((s, f) => s + f.bytes, 0) && outcome.free === 1000);
    // Overwriting counts the room the old files give back.
    const { io: fuller } = memoryFolder({ 'sitemap-1.xml': 'x'.repeat(2_000_000) }, 1_200_000);
    assert.deepEqual(await writeSplitFiles(sized, fuller, async () => true), { written: true });
  });

  it('keeps what a successful edit wrote', async () => {
    const { files, io } = memoryFolder({ 'sitemap-2.xml': 'mine' });
    const outcome = await writeSplitFiles(sized, io, async () => {
      for (const p of planned) files.set(p.file, encode(p.text));
      return true;
    });
    assert.deepEqual(outcome, { written: true });
    assert.deepEqual(Object.keys(snapshot(files)), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    assert.equal(snapshot(files)['sitemap-2.xml'], planned[1].text);
  });
});
