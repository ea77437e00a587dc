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
import { collectInputs } from '../../../server/src/cli/lint/lintInputs';
import { compareWalkOrder, scanSiteFiles } from '../../../server/src/lsp/site/siteScan';
import { ClosedSummaries } from '../../../server/src/lsp/site/siteSummaries';
import { positionIn } from '../../../shared/lineTable';
import { SiteWorker } from '../../../server/src/lsp/site/siteWorker';
import { checkSiteProblems, type CheckRequest } from '../../../server/src/node/siteProblems';
import { packSummary } from '../../../server/src/node/packedSummary';
import { DEFAULT_SETTINGS, parseDocument, summarizeForSite } from '../../../server/src/language/languageService';

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
    assert.deepEqual(positionIn(gz!.lineStarts, gz!.length, gz!.summary!.entries[0].start), { line: 1, character: 10 });
    assert.equal((await summaries.get(path.join(dir, 'broken.xml.gz')))?.summary, undefined);
    assert.equal(await summaries.get(path.join(dir, 'folder.xml')), undefined);
    assert.equal(await summaries.get(path.join(dir, 'missing.xml')), undefined);
    assert.equal((await summaries.get(write('huge.xml', urlset(...Array.from({ length: 40 }, (_, k) => `https://a.example/h${k}`)))))?.summary, undefined);
    assert.equal((await summaries.get(write('three.xml', urlset('https://a.example/6', 'https://a.example/7', 'https://a.example/8'))))?.summary, undefined, 'past the entry budget');
    summaries.forget(path.join(dir, 'a', 'z.xml.gz'));
    assert.equal((await summaries.get(path.join(dir, 'three.xml')))?.summary?.entries.length, 3, 'within the budget once the other is forgotten');
  });

  it('keeps what the Sitemaps view shows of a file past the entry budget, and peeks without reading', async () => {
    const summaries = new ClosedSummaries({ maxFileBytes: 10_000, maxEntries: 1 });
    const first = write('budget/one.xml', urlset('https://a.example/9'));
    const over = write('budget/two.xml', `<urlset xmlns="${NS}">\n<url><loc>https://a.example/10</loc><lastmod>2024-02-03</lastmod></url>\n<url><loc>https://a.example/11</loc><lastmod>2024-01-01</lastmod></url>\n</urlset>\n`);
    assert.equal(summaries.peek(first), undefined, 'not read yet');
    const read = await summaries.get(first);
    assert.equal(summaries.peek(first), read);
    const two = await summaries.get(over);
    assert.deepEqual({ summary: two?.summary, kind: two?.kind, overBudget: two?.overBudget }, {
      summary: undefined, kind: undefined, overBudget: { kind: 'urlset', entries: 2, newestLastmod: '2024-02-03' },
    });
    fs.writeFileSync(first, urlset('https://a.example/9', 'https://a.example/12'));
    assert.equal(summaries.peek(first), undefined, 'changed since it was read');
  });

  it('reads, keeps and compares in the worker thread as in this one', async () => {
    const worker = new SiteWorker(true);
    const reports: string[] = [];
    try {
      const inWorker = new ClosedSummaries({ maxFileBytes: 1_000_000, maxEntries: 1_000 }, worker, (m) => reports.push(m));
      const here = new ClosedSummaries({ maxFileBytes: 1_000_000, maxEntries: 1_000 });
      const crlf = write('crlf.xml', urlset('https://a.example/c1', 'https://a.example/c&amp;2').replace(/\n/g, '\r\n'));
      const files = [crlf, path.join(dir, 'a', 'z.xml.gz'), path.join(dir, 'broken.xml.gz'), path.join(dir, 'robots.txt'), path.join(dir, 'urllist.txt')];
      for (const file of files) {
        const [there, mine] = [await inWorker.get(file), await here.get(file)];
        assert.deepEqual([there?.kind, there?.entries, there?.length], [mine?.kind, mine?.entries, mine?.length], file);
        assert.equal(there?.workerRead !== undefined, mine?.kind !== undefined, file);
        // Only a robots.txt's or an index's summary comes back: the server maps their URLs to files.
        assert.deepEqual(there?.summary, mine?.kind === 'robots' ? mine.summary : undefined, file);
      }
      assert.equal(reports.filter((m) => m.endsWith(' in a worker')).length, files.length, reports.join('\n'));
      // An open document listing crlf.xml's second URL: the same problem and related position from either thread.
      const open = parseDocument(urlset('https://a.example/c&amp;2'), 'sitemap');
      const request = (withSummaries: boolean): CheckRequest => ({
        files: [{ path: crlf, inSite: true, summary: withSummaries ? here.known(crlf)?.summary : undefined }, { path: path.join(dir, 'open.xml'), inSite: true, summary: summarizeForSite(open) }],
        targets: {}, beside: {}, existing: [], settings: DEFAULT_SETTINGS, want: path.join(dir, 'open.xml'), maxProblems: 100,
      });
      const { files: all, ...rest } = request(false);
      const there = await worker.check({ request: rest, files: all.map(({ summary, ...f }) => (summary === undefined ? f : { ...f, packed: [packSummary(summary)] })) });
      const mine = checkSiteProblems(request(true), () => undefined);
      assert.deepEqual(there.map((p) => [p.rule, p.start, p.end, p.related[0].range]), [['cross-file-duplicate-url', mine[0].start, mine[0].end, { start: { line: 2, character: 10 }, end: { line: 2, character: 35 } }]]);
      inWorker.forget(crlf);
      assert.deepEqual(await worker.check({ request: rest, files: all.map(({ summary, ...f }) => (summary === undefined ? f : { ...f, packed: [packSummary(summary)] })) }), [], 'forgotten in the worker');
    } finally {
      worker.dispose();
    }
  });
});
