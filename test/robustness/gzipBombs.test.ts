/**
 * The gzip bombs at full size, through the command-line tools as child processes: 2 GB of spaces after a
 * valid sitemap's one entry, and 2 GB of zeros, each one gzip member of about 2 MB, deflated as it streams. Reading
 * stops at the inflate limit (shared/protocolLimits.ts) in bounded memory: one file-too-large from sitemap-lint (as the
 * files stream: the trailer says 2 GB), one line and exit 2 from sitemap-diff and sitemap-split, nothing written.
 * The 600 MB bombs of many members run in `npm test` (test/cli/gzipBombs.test.ts).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reportedRss, withoutRss, writeBomb } from '../support/gzipBombs';
import { tempFolders } from '../support/tempFolders';

const DIST = path.resolve(__dirname, '../../../dist');
const folder = tempFolders('gzip-bombs-2g-');
const MAX_RSS_KB = 300 * 1024;
const TIMEOUT_MS = 120_000;
const GOOD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/a</loc></url></urlset>\n';

function run(cwd: string, tool: string, args: string[]) {
  const variable = `${tool.replace('-', '_').toUpperCase()}_REPORT_RSS`;
  const r = spawnSync(process.execPath, [path.join(DIST, `${tool}.js`), ...args], { cwd, encoding: 'utf8', timeout: TIMEOUT_MS, env: { ...process.env, [variable]: '1' } });
  const rss = reportedRss(r.stderr);
  assert.ok(rss !== undefined && rss <= MAX_RSS_KB, `${tool}: maxRSS ${rss} kB`);
  return { code: r.status, stdout: r.stdout, lines: withoutRss(r.stderr).split('\n').filter(Boolean) };
}

describe('2 GB gzip bombs', () => {
  let dir = '';
  before(async () => {
    dir = folder({ 'a.xml': GOOD, 'raised.json': JSON.stringify({ limits: { maxBytes: 100 << 20 } }) });
    await writeBomb(path.join(dir, 'spaces.xml.gz'), { megabytes: 2048 });
    await writeBomb(path.join(dir, 'zeros.xml.gz'), { megabytes: 2048, byte: 0 });
  });

  it('sitemap-lint: one file-too-large on each, the other file linted; a raised limit reads further, as bounded', () => {
    for (const config of [[], ['--config', 'raised.json']]) {
      const r = run(dir, 'sitemap-lint', ['--format', 'json', ...config, 'a.xml', 'spaces.xml.gz', 'zeros.xml.gz']);
      assert.equal(r.code, 1, r.lines.join('\n'));
      const found = (JSON.parse(r.stdout) as Array<{ file: string; problems: Array<{ rule: string; line: number; column: number; endLine: number; endColumn: number }> }>)
        .map((f) => [f.file, f.problems.map((p) => `${p.rule}@${p.line}:${p.column}-${p.endLine}:${p.endColumn}`)]);
      assert.deepEqual(found, [['a.xml', []], ['spaces.xml.gz', ['file-too-large@2:2-2:8']], ['zeros.xml.gz', ['file-too-large@1:1-1:1']]]);
    }
  });

  it('sitemap-diff: one line and exit 2, on either side', () => {
    for (const args of [['a.xml', 'spaces.xml.gz'], ['spaces.xml.gz', 'a.xml']]) {
      const r = run(dir, 'sitemap-diff', args);
      assert.equal(r.code, 2);
      assert.equal(r.lines.length, 1);
      assert.equal(r.stdout, '');
    }
  });

  it('sitemap-split: one line and exit 2, nothing written', () => {
    for (const bomb of ['spaces.xml.gz', 'zeros.xml.gz']) {
      const r = run(dir, 'sitemap-split', [bomb, '--out', 'out', '--base-url', 'https://www.example.com/']);
      assert.equal(r.code, 2);
      assert.equal(r.lines.length, 1, r.lines.join('\n'));
      assert.deepEqual(fs.readdirSync(dir).sort(), ['a.xml', 'raised.json', 'spaces.xml.gz', 'zeros.xml.gz']);
    }
  });
});
