/**
 * gzip read no further than the inflate limit (server/src/node/boundedGunzip.ts), whole or streamed, and through the
 * readers built on it: a head read of a bomb (inflateHead), and a side of Compare with File / Compare with Last
 * Commit (fileSide.ts → readListing.ts), which fails with one line instead of holding the bomb's text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipStreamWithin, gunzipWithin, InflatedPastLimit } from '../../server/src/node/boundedGunzip';
import { fileSource } from '../../server/src/node/diff/fileSide';
import { readListing } from '../../server/src/node/diff/readListing';
import { SideFailure } from '../../server/src/node/diff/sideFailure';
import { inflateLimit } from '../../shared/protocolLimits';
import { BOMB_HEAD, memberBomb, MB } from '../support/gzipBombs';
import { tempFolders } from '../support/tempFolders';

const folder = tempFolders('bounded-gunzip-');
const bomb = memberBomb({ megabytes: 100 });

describe('gzip within the inflate limit', () => {
  it('whole: the bytes up to the limit, InflatedPastLimit past it', () => {
    assert.ok(gunzipWithin(bomb, 200 * MB, 'bomb.xml.gz').toString('latin1').startsWith(BOMB_HEAD));
    assert.throws(() => gunzipWithin(bomb, inflateLimit(), 'bomb.xml.gz'), (e: unknown) => e instanceof InflatedPastLimit && e.limit === inflateLimit());
  });

  it('streamed: the chunks up to the limit, then InflatedPastLimit, and the source closed', async () => {
    const source = Readable.from([bomb.subarray(0, 1000), bomb.subarray(1000)]);
    let read = 0;
    await assert.rejects((async () => {
      for await (const chunk of gunzipStreamWithin(source, inflateLimit(), 'bomb.xml.gz')) read += (chunk as Buffer).length;
    })(), InflatedPastLimit);
    assert.ok(read <= inflateLimit());
    assert.equal(source.destroyed, true);
  });

  it('a side of Compare: a bomb is a SideFailure naming it, read no further than the limit', async () => {
    const dir = folder({ 'bomb.xml.gz': bomb });
    const file = path.join(dir, 'bomb.xml.gz');
    const source = fileSource((f) => path.basename(f), () => false);
    const urls: string[] = [];
    await assert.rejects(readListing(source.chunks(file, 'bomb.xml.gz'), 'bomb.xml.gz', { add: (u: string) => void urls.push(u) }),
      (e: unknown) => e instanceof SideFailure && e.message.startsWith('bomb.xml.gz:'));
    assert.ok(fs.existsSync(file));
  });
});
