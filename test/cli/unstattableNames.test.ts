/**
 * Names no file system can hold, through the command-line tools as child processes (issue 35): an index's child
 * `<loc>` or a robots.txt `Sitemap:` line with a 300-byte file name (ENAMETOOLONG), a child below a path whose folder
 * is a file (ENOTDIR), and arguments so named. Each was an uncaught exception with node:fs frames; each is now "no
 * file there" (a note, a missing-sitemap-file) or, for an argument, one line on stderr and exit 2. sitemap-split's
 * children: a 250-byte name is written, one over 255 bytes is one line and exit 2, nothing left behind.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempFolders } from '../support/tempFolders';

const DIST = path.resolve(__dirname, '../../../dist');
const folder = tempFolders('unstattable-');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LONG = `${'a'.repeat(300)}.xml`;

const index = (...children: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
  + children.map((child) => `  <sitemap><loc>https://www.example.com/${child}</loc></sitemap>\n`).join('') + '</sitemapindex>\n';
const urlsetOf = (...paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">`
  + paths.map((p) => `<url><loc>https://www.example.com/${p}</loc></url>`).join('') + '</urlset>\n';
const URLSET = urlsetOf('');

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

/** sitemap-lint's JSON report of `args`: no crash, exit 0, and each file's rules. */
function lintRules(args: string[]): Record<string, string[]> {
  const r = run('sitemap-lint', ['--format', 'json', ...args]);
  assertNoCrash(r.stderr);
  assert.equal(r.code, 0);
  return rules(r.stdout);
}

describe('names longer than the file system allows', () => {
  it('sitemap-lint: an index whose child has a 300-byte name is linted, the child not found', () => {
    assert.deepEqual(lintRules(['sitemap.xml']), { 'sitemap.xml': ['unlisted-sitemap'] });
  });

  it('sitemap-lint --site-root: the 300-byte child is a missing-sitemap-file', () => {
    assert.deepEqual(lintRules(['--site-root', '.=https://www.example.com/', 'sitemap.xml']), { 'sitemap.xml': ['missing-sitemap-file', 'unlisted-sitemap'] });
  });

  it('sitemap-lint: a robots.txt naming such a file, alone, with --follow and in a folder', () => {
    for (const args of [['robots.txt'], ['--follow', 'robots.txt'], ['--follow', 'sitemap.xml'], ['.']]) {
      const r = run('sitemap-lint', ['--format', 'json', ...args]);
      assertNoCrash(r.stderr);
      assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: exit ${r.code}`);
    }
  });

  it('sitemap-lint: a child below a file (ENOTDIR) is not found', () => {
    assert.deepEqual(lintRules(['--site-root', '.=https://www.example.com/', 'through-file.xml']), { 'through-file.xml': ['missing-sitemap-file', 'unlisted-sitemap'] });
  });

  it('sitemap-diff: the sides still compare', () => {
    const r = run('sitemap-diff', ['--site-root', '.=https://www.example.com/', 'sitemap.xml', 'a.xml']);
    assertNoCrash(r.stderr);
    assert.ok(r.code === 0 || r.code === 1 || r.code === 2, `exit ${r.code}`);
    if (r.code === 2) assert.equal(r.stderr.trimEnd().split('\n').length, 1);
  });

  it('sitemap-split: a 250-byte child name is written (its temporary name fits too)', () => {
    const dir = folder({ [`${'s'.repeat(245)}.xml`]: urlsetOf('a', 'b') });
    const r = spawnSync(process.execPath, [path.join(DIST, 'sitemap-split.js'), '--max-entries', '1', '--out', 'out', `${'s'.repeat(245)}.xml`], { cwd: dir, encoding: 'utf8' });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'out')).sort(), [`${'s'.repeat(245)}-1.xml`, `${'s'.repeat(245)}-2.xml`, `${'s'.repeat(245)}-index.xml`]);
  });

  it('sitemap-split: a child name over 255 bytes is one line on stderr, exit 2, nothing written (the fuzzer\'s shrunk case)', () => {
    const dir = folder({ [`${'s'.repeat(250)}.xml`]: urlsetOf('a') });
    const r = spawnSync(process.execPath, [path.join(DIST, 'sitemap-split.js'), '--max-entries', '1', '--out', 'out', '--force', `${'s'.repeat(250)}.xml`], { cwd: dir, encoding: 'utf8' });
    assertNoCrash(r.stderr);
    assert.equal(r.status, 2);
    assert.equal(r.stderr.split('\n').filter((line) => line !== '' && !line.includes('base URL')).length, 1);
    assert.equal(fs.existsSync(path.join(dir, 'out')), false);
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
