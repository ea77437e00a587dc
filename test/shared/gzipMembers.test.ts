/** gzip of several members inflated whole (shared/gzipMembers.ts) through a decompression that stops at the end of the
 * first member as Chromium's `DecompressionStream` does — a stand-in built on zlib — and through Node's own stream. */
import { describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { inflateMembers, type Gunzip } from '../../shared/gzipMembers';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
const gzip = (...members: string[]): Uint8Array => Buffer.concat(members.map((m) => zlib.gzipSync(m)));

/** One member, as Chromium reads it: what inflates of a cut or corrupt one, then an error; an error for bytes after it. */
const chromiumLike: Gunzip = (bytes) => {
  const { data, error } = oneMember(Buffer.from(bytes));
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent && data !== undefined && data.length > 0) {
        sent = true;
        controller.enqueue(data);
      } else if (error !== undefined) controller.error(error);
      else controller.close();
    },
  });
};

function oneMember(bytes: Buffer): { data?: Buffer; error?: Error } {
  const body = bytes.subarray(10); // the members here have no optional header fields
  let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    inflated = zlib.inflateRawSync(body, { info: true }) as unknown as typeof inflated;
  } catch (error) {
    let data: Buffer | undefined;
    try {
      data = zlib.inflateRawSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      // nothing came out
    }
    return { data, error: error as Error };
  }
  const end = inflated.engine.bytesWritten + 8;
  if (end > body.length || zlib.crc32(inflated.buffer) !== body.readUInt32LE(end - 8)) return { error: new Error('incorrect trailer') };
  return { data: inflated.buffer, error: end < body.length ? new Error('Junk found after end of compressed data.') : undefined };
}

const nodeStream: Gunzip = (bytes) => new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));

describe('gzip of several members', () => {
  it('the stand-in stops at the first member, as Chromium does (else these tests would prove nothing)', async () => {
    assert.equal((await inflateMembers(gzip('a', 'b'), 100, (bytes) => chromiumLike(bytes))).end, 'done');
    const reader = chromiumLike(gzip('first ', 'second')).getReader();
    assert.equal(text((await reader.read()).value!), 'first ');
    await assert.rejects(reader.read());
  });

  for (const [name, gunzip] of [['a Chromium-like stream', chromiumLike], ["Node's DecompressionStream", nodeStream]] as const) {
    describe(`through ${name}`, () => {
      it('inflates one member, two, and three with an empty one, whole', async () => {
        for (const members of [['<urlset>…</urlset>\n'], ['<urlset>\n', '</urlset>\n'], ['<urlset>\n', '', '<url/>\n</urlset>\n']]) {
          const inflated = await inflateMembers(gzip(...members), 1_000, gunzip);
          assert.deepEqual({ text: text(inflated.bytes), end: inflated.end }, { text: members.join(''), end: 'done' }, JSON.stringify(members));
        }
      });

      it('inflates large members (many chunks each) whole', async () => {
        const first = 'a'.repeat(300_000) + Math.random();
        const second = 'b'.repeat(300_000) + Math.random();
        const inflated = await inflateMembers(gzip(first, second), 1_000_000, gunzip);
        assert.equal(inflated.end, 'done');
        assert.equal(text(inflated.bytes), first + second);
      });

      it('keeps what came before a cut in the second member, and says it broke', async () => {
        const whole = gzip('first member\n', 'second member, cut off somewhere in its compressed data\n');
        const inflated = await inflateMembers(whole.subarray(0, whole.length - 10), 1_000, gunzip);
        assert.equal(inflated.end, 'broken');
        assert.ok(text(inflated.bytes).startsWith('first member\n'), text(inflated.bytes));
      });

      it('says a corrupt stream broke', async () => {
        const corrupt = Uint8Array.from(gzip('x'.repeat(2_000)));
        corrupt.fill(0xff, 12, 30);
        assert.equal((await inflateMembers(corrupt, 10_000, gunzip)).end, 'broken');
      });

      it('stops past the limit, counting every member', async () => {
        const inflated = await inflateMembers(gzip('x'.repeat(600), 'y'.repeat(600)), 1_000, gunzip);
        assert.equal(inflated.end, 'limit');
        assert.ok(inflated.bytes.length > 1_000);
      });
    });
  }
});
