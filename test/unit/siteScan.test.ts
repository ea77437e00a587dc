/**
 * The editor's search for a workspace folder's site files (lsp/siteScan.ts) and its summaries of closed files
 * (lsp/siteSummaries.ts): the files sitemap-lint finds in a folder, in its order; the limits; bad files skipped; the
 * summary worker (lsp/siteWorker.ts) gives what this thread gives.
 */
import { after, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { collectInputs } from '../../server/src/cli/lintInputs';
import { compareWalkOrder, scanSiteFiles } from '../../server/src/lsp/siteScan';
import { ClosedSummaries, positionIn } from '../../server/src/lsp/siteSummaries';
import { SiteWorker } from '../../server/src/lsp/siteWorker';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlset = (...locs: string[]): string => `<urlset xmlns="${NS}">\n${locs.map((l) => `<url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;

describe('the site files of a workspace folder', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-scan-')));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, bytes: string | Buffer): string => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    return file;
  };
  write('robots.txt', 'User-agent: *\n');
  write('b/sitemap.xml', urlset('https://a.example/1'));
  write('a.xml', urlset('https://a.example/2'));
  write('a/z.xml.gz', zlib.gzipSync(urlset('https://a.example/3')));
  write('urllist.txt', 'https://a.example/4\n');
  write('notes.txt', 'hello\n');
  write('page.html', '<html></html>');
  write('feed.xml', '<rss/>');
  write('node_modules/x/sitemap.xml', urlset('https://a.example/5'));
  write('broken.xml.gz', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
  fs.mkdirSync(path.join(dir, 'folder.xml'));

  it('finds what sitemap-lint finds in the folder, in the same order', async () => {
    const { files, truncated } = await scanSiteFiles(dir);
    assert.equal(truncated, false);
    assert.deepEqual(files, collectInputs([dir], dir).map((input) => input.file));
    assert.deepEqual(files.map((f) => path.relative(dir, f)), [path.join('a', 'z.xml.gz'), 'a.xml', path.join('b', 'sitemap.xml'), 'robots.txt', 'urllist.txt']);
    assert.deepEqual([...files].reverse().sort(compareWalkOrder), files);
  });

  it('stops at its limits and says so', async () => {
    const few = await scanSiteFiles(dir, { maxFiles: 2, maxVisited: 1_000 });
    assert.deepEqual({ count: few.files.length, truncated: few.truncated }, { count: 2, truncated: true });
    const shallow = await scanSiteFiles(dir, { maxFiles: 1_000, maxVisited: 3 });
    assert.equal(shallow.truncated, true);
    assert.ok(shallow.files.length < 5);
  });

  it('summarizes closed files once per stamp, gzip included; bad, huge and over-budget files have no summary', async () => {
    const summaries = new ClosedSummaries({ maxFileBytes: 1_000, maxEntries: 3 });
    const gz = await summaries.get(path.join(dir, 'a', 'z.xml.gz'));
    assert.deepEqual(gz?.summary?.entries.map((e) => e.url), ['https://a.example/3']);
    assert.equal(await summaries.get(path.join(dir, 'a', 'z.xml.gz')), gz);
    assert.deepEqual(positionIn(gz!, gz!.summary!.entries[0].start), { line: 1, character: 10 });
    assert.equal((await summaries.get(path.join(dir, 'broken.xml.gz')))?.summary, undefined);
    assert.equal(await summaries.get(path.join(dir, 'folder.xml')), undefined);
    assert.equal(await summaries.get(path.join(dir, 'missing.xml')), undefined);
    assert.equal((await summaries.get(write('huge.xml', urlset(...Array.from({ length: 40 }, (_, k) => `https://a.example/h${k}`)))))?.summary, undefined);
    assert.equal((await summaries.get(write('three.xml', urlset('https://a.example/6', 'https://a.example/7', 'https://a.example/8'))))?.summary, undefined, 'past the entry budget');
    summaries.forget(path.join(dir, 'a', 'z.xml.gz'));
    assert.equal((await summaries.get(path.join(dir, 'three.xml')))?.summary?.entries.length, 3, 'within the budget once the other is forgotten');
  });

  it('summarizes in the worker thread exactly as in this one', async () => {
    const worker = new SiteWorker(true);
    const reports: string[] = [];
    try {
      const inWorker = new ClosedSummaries({ maxFileBytes: 1_000_000, maxEntries: 1_000 }, worker, (m) => reports.push(m));
      const here = new ClosedSummaries({ maxFileBytes: 1_000_000, maxEntries: 1_000 });
      const crlf = write('crlf.xml', urlset('https://a.example/c1', 'https://a.example/c&amp;2').replace(/\n/g, '\r\n'));
      for (const file of [crlf, path.join(dir, 'a', 'z.xml.gz'), path.join(dir, 'broken.xml.gz'), path.join(dir, 'robots.txt'), path.join(dir, 'urllist.txt')]) {
        assert.deepEqual(await inWorker.get(file), await here.get(file), file);
      }
      assert.deepEqual((await inWorker.get(crlf))?.summary?.entries.map((e) => e.url), ['https://a.example/c1', 'https://a.example/c&2']);
      assert.equal(reports.filter((m) => m.endsWith(' in a worker')).length, 5, reports.join('\n'));
    } finally {
      worker.dispose();
    }
  });
});
