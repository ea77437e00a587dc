/**
 * The cross-file rules in `sitemap-lint` (dist/sitemap-lint.js), the real binary on a fixture site in a temporary
 * folder: every rule with its exact range, --follow widening the files linted together, SARIF related locations,
 * and the cases where the rules stay silent.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { index, loc, ROOT, urlset } from '../support/siteFixture';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');

/** One site exercising every cross-file rule (ranges: see the expectations below). */
const SITE = {
  'public/robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\nSitemap: ${ROOT}gone.xml\n`,
  'public/sitemap-index.xml': index(`${loc('a.xml')}<lastmod>2024-01-01</lastmod>`, loc('b.xml'), loc('inner-index.xml'), loc('missing.xml')),
  'public/a.xml': urlset(`${loc('p1')}<lastmod>2024-03-01</lastmod>`, loc('p2')),
  'public/b.xml': urlset(loc('p2'), loc('p3')),
  'public/inner-index.xml': index(loc('b.xml')),
  'public/orphan.xml': urlset(loc('p4')),
};

const folder = tempFolders('sitemap-lint-site-');

interface JsonFile { file: string; problems: Array<{ rule: string; severity: string; line: number; column: number; endLine: number; endColumn: number }> }

function lint(args: string[], cwd: string): { code: number | null; files: Record<string, string[]> } {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  const files = JSON.parse(r.stdout) as JsonFile[];
  return {
    code: r.status,
    files: Object.fromEntries(files.map((f) => [f.file.split(path.sep).join('/'), f.problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`)])),
  };
}

const ROBOTS = ['missing-sitemap-file warning 3:10-3:42'];
const INDEX = ['stale-index-lastmod warning 3:59-3:69', 'nested-index error 5:15-5:54', 'missing-sitemap-file warning 6:15-6:50'];
const B = ['cross-file-duplicate-url warning 3:11-3:37'];

describe('sitemap-lint: the site across files', () => {
  it('reports every cross-file rule on a folder, each in its file at its range', () => {
    const dir = folder(SITE);
    assert.deepEqual(lint(['public'], dir), {
      code: 1,
      files: {
        'public/a.xml': [], 'public/b.xml': B, 'public/inner-index.xml': [], 'public/orphan.xml': ['unlisted-sitemap information 2:2-2:8'],
        'public/robots.txt': ROBOTS, 'public/sitemap-index.xml': INDEX,
      },
    });
    // The same with a site root instead of the robots.txt's folder.
    assert.deepEqual(lint(['--site-root', `public=${ROOT}`, 'public'], dir).files['public/orphan.xml'], ['unlisted-sitemap information 2:2-2:8']);
  });

  it('--follow makes the files a robots.txt and an index name linted together', () => {
    const dir = folder(SITE);
    assert.deepEqual(lint(['public/robots.txt'], dir).files, { 'public/robots.txt': ROBOTS });
    assert.deepEqual(lint(['--follow', 'public/robots.txt'], dir).files, {
      'public/robots.txt': ROBOTS, 'public/sitemap-index.xml': INDEX, 'public/a.xml': [], 'public/b.xml': B, 'public/inner-index.xml': [],
    });
  });

  it('silent: no index or robots.txt among the files, URLs outside any site, files not linted together', () => {
    const dir = folder({
      'plain/a.xml': urlset(loc('p1')),
      'plain/b.xml': urlset(loc('p2')),
      'other/robots.txt': 'Sitemap: https://cdn.example.net/sitemap.xml\n',
      'other/sitemap.xml': urlset(loc('p1'), loc('p2')),
      'lone/index.xml': index(`${loc('child.xml')}<lastmod>2000-01-01</lastmod>`),
      'lone/child.xml': urlset(`${loc('c')}<lastmod>2024-01-01</lastmod>`),
    });
    assert.deepEqual(lint(['plain'], dir), { code: 0, files: { 'plain/a.xml': [], 'plain/b.xml': [] } });
    // The robots.txt names a sitemap on another host: nothing maps locally; other/sitemap.xml is in a folder
    // holding a robots.txt and listed by nothing.
    assert.deepEqual(lint(['other/robots.txt'], dir).files, { 'other/robots.txt': [] });
    // An index whose location is unknown (no site root, no robots.txt) finds its children by file name beside it.
    assert.deepEqual(lint(['lone'], dir).files, { 'lone/child.xml': [], 'lone/index.xml': ['stale-index-lastmod warning 3:63-3:73'] });
    // With a site root, the same index is stale against its child, linted together.
    assert.deepEqual(lint(['--site-root', `lone=${ROOT}`, 'lone'], dir).files, {
      'lone/child.xml': [], 'lone/index.xml': ['unlisted-sitemap information 2:2-2:14', 'stale-index-lastmod warning 3:63-3:73'],
    });
    assert.deepEqual(lint(['--rule', 'cross-file-duplicate-url=off', '--rule', 'unlisted-sitemap=off', 'public'], folder(SITE)).files['public/b.xml'], []);
  });

  it('an index whose location is unknown: a child not beside it by file name is missing, linted alone or together', () => {
    const dir = folder({
      'lone/index.xml': index(loc('child.xml'), loc('lost.xml'), loc('news/lost-too.xml.gz'), loc('folder/')),
      'lone/child.xml': urlset(loc('c')),
    });
    const missing = ['missing-sitemap-file warning 4:15-4:47', 'missing-sitemap-file warning 5:15-5:59'];
    assert.deepEqual(lint(['lone/index.xml'], dir), { code: 0, files: { 'lone/index.xml': missing } });
    assert.deepEqual(lint(['lone'], dir).files, { 'lone/child.xml': [], 'lone/index.xml': missing });
    // A site root says where the index lives: its URLs are mapped through it (the same files here), not by name.
    assert.deepEqual(lint(['--site-root', `lone=${ROOT}`, 'lone/index.xml'], dir).files, { 'lone/index.xml': ['unlisted-sitemap information 2:2-2:14', ...missing] });
  });

  it('SARIF: a cross-file duplicate points at the first listing', () => {
    const dir = folder(SITE);
    const r = spawnSync(process.execPath, [BIN, '--format', 'sarif', 'public'], { cwd: dir, encoding: 'utf8' });
    const results = (JSON.parse(r.stdout) as { runs: Array<{ results: Array<{ ruleId: string; relatedLocations?: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: object } }> }> }> }).runs[0].results;
    const duplicate = results.find((x) => x.ruleId === 'cross-file-duplicate-url');
    assert.deepEqual(duplicate?.relatedLocations?.map((l) => [l.physicalLocation.artifactLocation.uri, l.physicalLocation.region]), [
      ['public/a.xml', { startLine: 4, startColumn: 11, endLine: 4, endColumn: 37 }],
    ]);
  });
});
