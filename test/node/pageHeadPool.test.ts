/**
 * sitemap-lint's pages read on worker threads while the folder is walked (pageHeadPool.ts, through their own
 * bundle, dist/pageHeadWorker.js): the workers answer every batch, and the site read with them equals the site read in
 * one thread — the files in walk order, every page's facts, the notes (a FIFO, binary pages, an unfinished head).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { readBuiltSite, type BuiltSiteOptions } from '../../server/src/node/builtSite/builtSiteReader';
import { PageHeadPool } from '../../server/src/node/builtSite/pageHeadPool';
import { readPages } from '../../server/src/node/builtSite/builtPages';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('page-head-pool-');
const WORKER = path.resolve(__dirname, '../../../dist/pageHeadWorker.js');

function site(count: number): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer> = { 'p/robots.txt': 'User-agent: *\nDisallow: /s-1/\n', 'p/style.css': 'p {}' };
  for (let n = 0; n < count; n++) {
    const robots = n % 97 === 3 ? '<meta name="robots" content="noindex">' : '';
    files[`p/s-${n % 13}/page-${n}/index.html`] = `<html><head><title>Page ${n}</title>${robots}<link rel="canonical" href="/c/${n % 7}/"></head><body>${'x'.repeat(n % 5000)}</body></html>`;
  }
  files['p/s-2/binary.html'] = Buffer.from([0x3c, 0x68, 0, 0, 1, 2, 3]);
  files['p/s-11/zz.htm'] = Buffer.from([0, 0, 0]);
  files['p/s-5/long-head.html'] = `<html><head>${'<meta name="x" content="y">'.repeat(11000)}</head></html>`;
  return files;
}

describe('page heads read on worker threads', () => {
  it('answers every batch from the workers', async () => {
    const dir = temp(site(700));
    const root = { folder: 'p', url: 'https://x.com/' };
    const pool = new PageHeadPool(path.join(dir, 'p'), root, { file: WORKER, count: 2 });
    for (let n = 0; n < 700; n++) pool.add(`s-${n % 13}/page-${n}/index.html`);
    const batches = await pool.finish();
    assert.ok(batches.length >= 2);
    assert.ok(batches.every((batch) => batch !== undefined && batch.facts.every((facts) => facts?.title !== undefined)));
  });

  it('sends each page\'s content digest when asked (the lastmod rules\' read-ahead), as one thread reads it', async () => {
    const dir = temp(site(600));
    const root = { folder: 'p', url: 'https://x.com/' };
    const files = Array.from({ length: 600 }, (_, n) => `s-${n % 13}/page-${n}/index.html`);
    const pool = new PageHeadPool(path.join(dir, 'p'), root, { file: WORKER, count: 2, digests: true });
    for (const file of files) pool.add(file);
    const batches = await pool.finish();
    const digests = batches.flatMap((batch) => batch?.digests ?? []);
    assert.equal(digests.length, files.length);
    assert.deepEqual(digests, readPages(path.join(dir, 'p'), root, files, true).digests);
    assert.ok(digests.every((digest) => typeof digest === 'string'));
  });

  it('reads the same site as one thread does: files in walk order, facts, notes', async (t) => {
    const dir = temp(site(1500));
    if (process.platform !== 'win32') execFileSync('mkfifo', [path.join(dir, 'p/s-4/fifo.html')]);
    const root = { folder: 'p', url: 'https://x.com/' };
    const options: BuiltSiteOptions = { siteRoots: [root], pageSources: {}, git: false, synchronousWalk: true, readAhead: true };
    const alone = await readBuiltSite({ workspace: dir, root }, options);
    const pooled = await readBuiltSite({ workspace: dir, root }, { ...options, pageWorkers: { file: WORKER, count: 2 } });
    assert.deepEqual([...pooled.files], [...alone.files]);
    for (const file of alone.files) assert.deepEqual(pooled.page(file), alone.page(file), file);
    assert.deepEqual(pooled.readNotes?.(), alone.readNotes?.());
    assert.equal(alone.readNotes?.().length, process.platform === 'win32' ? 2 : 3, t.name);
  });
});
