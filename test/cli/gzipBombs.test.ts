/**
 * gzip bombs through the command-line tools, as child processes: 600 MB of spaces after a valid sitemap's one entry,
 * and 600 MB of zeros, each under a megabyte of gzip (many members: zlib reads them all, and they are written in
 * milliseconds). Reading stops at the inflate limit (shared/protocolLimits.ts): sitemap-lint reports one
 * file-too-large on the bomb and lints the other files, sitemap-diff and sitemap-split say one line and exit 2 —
 * each in bounded memory, as the child reports it. The 2 GB single-member bombs are in test/robustness/gzipBombs.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memberBomb, reportedRss, withoutRss } from '../support/gzipBombs';
import { tempFolders } from '../support/tempFolders';

const DIST = path.resolve(__dirname, '../../../dist');
const folder = tempFolders('gzip-bombs-');
/** The bound on memory while a bomb is read. */
const MAX_RSS_KB = 300 * 1024;
/** Far more than the seconds a bomb now takes; before the limit, sitemap-split took minutes. */
const TIMEOUT_MS = 90_000;

const GOOD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/a</loc><lastmod>bad</lastmod></url></urlset>\n';
const INDEX = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  + '<sitemap><loc>https://www.example.com/a.xml</loc></sitemap>\n<sitemap><loc>https://www.example.com/bomb.xml.gz</loc></sitemap>\n</sitemapindex>\n';

const site = folder({ 'a.xml': GOOD, 'bomb.xml.gz': memberBomb({ megabytes: 600 }), 'zeros.xml.gz': memberBomb({ megabytes: 600, byte: 0 }), 'index.xml': INDEX });

function run(tool: string, args: string[], env: Record<string, string> = {}) {
  const variable = `${tool.replace('-', '_').toUpperCase()}_REPORT_RSS`;
  const r = spawnSync(process.execPath, [path.join(DIST, `${tool}.js`), ...args], {
    cwd: site, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 1 << 24, env: { ...process.env, [variable]: '1', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, rss: reportedRss(r.stderr) };
}

interface JsonFile {
  file: string;
  problems: Array<{ rule: string; line: number; column: number; endLine: number; endColumn: number }>;
}

/** Each file's problems as `rule@line:column-endLine:endColumn`. */
function rendered(stdout: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of JSON.parse(stdout) as JsonFile[]) out[f.file] = f.problems.map((p) => `${p.rule}@${p.line}:${p.column}-${p.endLine}:${p.endColumn}`);
  return out;
}

function assertBounded(rss: number | undefined): void {
  assert.ok(rss !== undefined && rss <= MAX_RSS_KB, `maxRSS ${rss} kB`);
}

const LINTED = {
  'a.xml': ['invalid-lastmod@2:111-2:114'],
  // On the root's name, as file-too-large always is; the zeros have no root.
  'bomb.xml.gz': ['file-too-large@2:2-2:8'],
  'zeros.xml.gz': ['file-too-large@1:1-1:1'],
};

describe('gzip bombs', () => {
  it('sitemap-lint: one file-too-large on each bomb, the other file linted, in bounded memory', () => {
    const r = run('sitemap-lint', ['--format', 'json', 'a.xml', 'bomb.xml.gz', 'zeros.xml.gz']);
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(rendered(r.stdout), LINTED);
    assertBounded(r.rss);
  });

  it('sitemap-lint: the same as the files stream (lintStream.ts), and with the trailer saying it is small', () => {
    const r = run('sitemap-lint', ['--format', 'json', 'a.xml', 'bomb.xml.gz', 'zeros.xml.gz'], { SITEMAP_LINT_STREAM_WINDOW: '65536' });
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(rendered(r.stdout), LINTED);
    assertBounded(r.rss);
  });

  it('sitemap-lint --follow: a bomb an index lists is its one problem too; with the rule off, the bomb is unreadable (exit 2)', () => {
    const followed = run('sitemap-lint', ['--format', 'json', '--follow', '--site-root', '.=https://www.example.com/', 'index.xml']);
    assert.equal(followed.code, 1, followed.stderr);
    assert.deepEqual(rendered(followed.stdout)['bomb.xml.gz'], LINTED['bomb.xml.gz']);
    assertBounded(followed.rss);
    const off = run('sitemap-lint', ['--rule', 'file-too-large=off', 'bomb.xml.gz']);
    assert.equal(off.code, 2);
    assert.equal(withoutRss(off.stderr).split('\n').filter(Boolean).length, 1);
  });

  it('sitemap-diff: one line naming the bomb, exit 2, in bounded memory', () => {
    const r = run('sitemap-diff', ['a.xml', 'bomb.xml.gz']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    const lines = withoutRss(r.stderr).split('\n').filter(Boolean);
    assert.equal(lines.length, 1, r.stderr);
    assert.ok(lines[0].includes('bomb.xml.gz'));
    assertBounded(r.rss);
  });

  for (const bomb of ['bomb.xml.gz', 'zeros.xml.gz']) {
    it(`sitemap-split on ${bomb}: one line, exit 2, within seconds, nothing written`, () => {
      const out = path.join(site, `out-${bomb}`);
      const r = run('sitemap-split', [bomb, '--out', out, '--base-url', 'https://www.example.com/']);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(withoutRss(r.stderr).split('\n').filter(Boolean).length, 1, r.stderr);
      assert.equal(fs.existsSync(out), false);
      assert.deepEqual(fs.readdirSync(site).sort(), ['a.xml', 'bomb.xml.gz', 'index.xml', 'zeros.xml.gz']);
      assertBounded(r.rss);
    });
  }
});
