/**
 * A sitemap with thousands of entries after its root element's end (a generator that appended to a finished file, a
 * file grown while it was read: found by the fuzzer, seed 101, issue 35). Each is an `xml-syntax` error, and the whole
 * tail is one segment of the document: placing each problem counted the line breaks and looked for a carriage return
 * from that segment's start again, so 1 MB took about a minute and 2 MB four (quadratic); the count now resumes from
 * the previous problem's offset, and 2 MB takes about 1.5 s here. The test's timeout is that bound, generously.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { runLint } from '../support/lintChild';
import { tempFolders } from '../support/tempFolders';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const folder = tempFolders('content-after-root-');

/** Entries after the root, one a line from line 3; the last ends with a CRLF, and an unclosed `<url>` follows. */
const STRAY = 20_000;
const TEXT = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"></urlset>\n`
  + Array.from({ length: STRAY - 1 }, (_, k) => `<url><loc>https://www.example.com/grown/${k}</loc></url>\n`).join('')
  + '<url><loc>https://www.example.com/last</loc></url>\r\n  <url>\n';

it(`places each of ${STRAY.toLocaleString('en')} problems after the root in one pass, 1 MB in seconds, not a minute`, { timeout: 30_000 }, async () => {
  const site = folder({ 'sitemap.xml': TEXT });
  assert.ok(TEXT.length > 1_000_000);
  const run = await runLint(['--format', 'json', 'sitemap.xml'], { cwd: site });
  assert.equal(run.status, 1, run.stderr);
  const [report] = JSON.parse(run.stdout) as Array<{ file: string; problems: Array<{ rule: string; line: number; column: number }> }>;
  assert.equal(report!.file, path.join('sitemap.xml'));
  const syntax = report!.problems.filter((p) => p.rule === 'xml-syntax');
  // One a stray entry, and two for the last `<url>` (after the root, never closed), at its name.
  assert.equal(syntax.length, STRAY + 2);
  assert.deepEqual(syntax.slice(0, 2).map((p) => [p.line, p.column]), [[3, 2], [4, 2]]);
  // The last: after a CRLF, indented by two spaces.
  assert.deepEqual(syntax.slice(-3).map((p) => [p.line, p.column]), [[STRAY + 2, 2], [STRAY + 3, 4], [STRAY + 3, 4]]);
});
