/**
 * Names no file system can hold, through the command-line tools as child processes (issue 35): an index's child
 * `<loc>` or a robots.txt `Sitemap:` line with a 300-byte file name (ENAMETOOLONG), a child below a path whose folder
 * is a file (ENOTDIR), and arguments so named. Each was an uncaught exception with node:fs frames; each is now "no
 * file there" (a note, a missing-sitemap-file) or, for an argument, one line on stderr and exit 2.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { tempFolders } from '../support/tempFolders';

const DIST = path.resolve(__dirname, '../../../dist');
const folder = tempFolders('unstattable-');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LONG = `${'a'.repeat(300)}.xml`;

const index = (...children: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
  + children.map((child) => `  <sitemap><loc>https://www.example.com/${child}</loc></sitemap>\n`).join('') + '</sitemapindex>\n';
const URLSET = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"><url><loc>https://www.example.com/</loc></url></urlset>\n`;

const site = folder({
  'sitemap.xml': index(LONG),
  // The child's folder is the file a.xml: stat says ENOTDIR.
  'through-file.xml': index('a.xml/child.xml'),
  'a.xml': URLSET,
  'robots.txt': `User-agent: *\nSitemap: https://www.example.com/${LONG}\n`,
});

function run(tool: string, args: string[]) {
  const r = spawnSync(process.execPath, [path.join(DIST, `${tool}.js`), ...args], { cwd: site, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** No uncaught exception: no stack frame, no node:fs source line. */
function assertNoCrash(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at /m);
  assert.doesNotMatch(stderr, /node:internal|node:fs|ENAMETOOLONG|ENOTDIR/);
}

interface JsonFile {
  file: string;
  problems: Array<{ rule: string }>;
}

const rules = (stdout: string) => Object.fromEntries((JSON.parse(stdout) as JsonFile[]).map((f) => [f.file, f.problems.map((p) => p.rule).sort()]));

describe('names longer than the file system allows', () => {
  it('sitemap-lint: an index whose child has a 300-byte name is linted, the child not found', () => {
    const r = run('sitemap-lint', ['--format', 'json', 'sitemap.xml']);
    assertNoCrash(r.stderr);
    assert.equal(r.code, 0);
    assert.deepEqual(rules(r.stdout), { 'sitemap.xml': ['unlisted-sitemap'] });
  });

  it('sitemap-lint --site-root: the 300-byte child is a missing-sitemap-file', () => {
    const r = run('sitemap-lint', ['--format', 'json', '--site-root', '.=https://www.example.com/', 'sitemap.xml']);
    assertNoCrash(r.stderr);
    assert.equal(r.code, 0);
    assert.deepEqual(rules(r.stdout), { 'sitemap.xml': ['missing-sitemap-file', 'unlisted-sitemap'] });
  });

  it('sitemap-lint: a robots.txt naming such a file, alone, with --follow and in a folder', () => {
    for (const args of [['robots.txt'], ['--follow', 'robots.txt'], ['--follow', 'sitemap.xml'], ['.']]) {
      const r = run('sitemap-lint', ['--format', 'json', ...args]);
      assertNoCrash(r.stderr);
      assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: exit ${r.code}`);
    }
  });

  it('sitemap-lint: a child below a file (ENOTDIR) is not found', () => {
    const r = run('sitemap-lint', ['--format', 'json', '--site-root', '.=https://www.example.com/', 'through-file.xml']);
    assertNoCrash(r.stderr);
    assert.equal(r.code, 0);
    assert.deepEqual(rules(r.stdout), { 'through-file.xml': ['missing-sitemap-file', 'unlisted-sitemap'] });
  });

  it('sitemap-diff: the sides still compare', () => {
    const r = run('sitemap-diff', ['--site-root', '.=https://www.example.com/', 'sitemap.xml', 'a.xml']);
    assertNoCrash(r.stderr);
    assert.ok(r.code === 0 || r.code === 1 || r.code === 2, `exit ${r.code}`);
    if (r.code === 2) assert.equal(r.stderr.trimEnd().split('\n').length, 1);
  });

  for (const tool of ['sitemap-lint', 'sitemap-diff']) {
    it(`${tool}: an argument so named is one line on stderr naming it, exit 2`, () => {
      const args = tool === 'sitemap-diff' ? [`b${LONG}`, 'a.xml'] : [`b${LONG}`];
      const r = run(tool, args);
      assertNoCrash(r.stderr);
      assert.equal(r.code, 2);
      const lines = r.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1);
      assert.ok(lines[0].includes(`b${LONG}`));
    });
  }
});
