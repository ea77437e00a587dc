/**
 * Where a sitemap lives when nobody said (issue 32): sitemap-lint and sitemap-diff as child processes on real folders
 * and a real git repository — an index's children placed below its folder (Hugo's multilingual layout), never the index
 * itself; a diff that could not read a side's children failing; --follow beside the file; robots.txt → index → child.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { gitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const LINT = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const DIFF = path.resolve(__dirname, '../../../dist/sitemap-diff.js');
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const folder = tempFolders('site-locations-');

const urlset = (...locs: string[]): string => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n${locs.map((l) => `<url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;
const index = (...locs: string[]): string => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ${NS}>\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

/** Hugo's multilingual output: public/sitemap.xml an index of each language's sitemap.xml. */
const HUGO = {
  'public/sitemap.xml': index('https://example.com/en/sitemap.xml', 'https://example.com/zh/sitemap.xml'),
  'public/en/sitemap.xml': urlset('https://example.com/en/', 'https://example.com/en/about/'),
  'public/zh/sitemap.xml': urlset('https://example.com/zh/', 'https://example.com/zh/about/'),
};

interface Run { code: number | null; files: Record<string, string[]>; notes: string[] }

function lint(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, [LINT, '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  const files = JSON.parse(r.stdout) as Array<{ file: string; problems: Array<{ rule: string; line: number; column: number }> }>;
  return {
    code: r.status,
    files: Object.fromEntries(files.map((f) => [f.file.split(path.sep).join('/'), f.problems.map((p) => `${p.rule} ${p.line}:${p.column}`)])),
    notes: r.stderr.split('\n').filter((line) => line.startsWith('sitemap-lint: note: ')),
  };
}

function diff(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [DIFF, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('an index\'s children, its location unknown', () => {
  it('Hugo\'s multilingual layout: each child below the index\'s folder by its URL path, never the index itself', () => {
    const dir = folder(HUGO);
    assert.deepEqual(lint(['.'], dir), {
      code: 0, files: { 'public/en/sitemap.xml': [], 'public/sitemap.xml': [], 'public/zh/sitemap.xml': [] }, notes: [],
    });
    // The index alone: its children are still found (nested-index judged on them, no note).
    assert.deepEqual(lint(['public/sitemap.xml'], dir), { code: 0, files: { 'public/sitemap.xml': [] }, notes: [] });
  });

  it('a child that is an index is nested-index; one missing where its siblings place the folder is missing-sitemap-file', () => {
    const dir = folder({ 'public/sitemap.xml': HUGO['public/sitemap.xml'], 'public/en/sitemap.xml': index('https://example.com/en/posts.xml') });
    const run = lint(['.'], dir);
    assert.equal(run.code, 1);
    assert.deepEqual(run.files['public/sitemap.xml'], ['nested-index 3:15', 'missing-sitemap-file 4:15']);
  });

  it('a child no file below the index ends as: one note, no missing-sitemap-file', () => {
    const dir = folder({ 'public/sitemap.xml': index('https://example.com/en/sitemap.xml', 'https://example.com/zh/sitemap.xml') });
    const run = lint(['public'], dir);
    assert.deepEqual(run.files, { 'public/sitemap.xml': [] });
    assert.equal(run.code, 0);
    assert.equal(run.notes.length, 1);
    assert.match(run.notes[0], /public\/sitemap\.xml/);
  });

  it('--follow lints the children below the file, its location unknown', () => {
    const dir = folder({ ...HUGO, 'public/en/sitemap.xml': urlset('https://example.com/en/', 'https://example.com/en/') });
    assert.deepEqual(lint(['--follow', 'public/sitemap.xml'], dir).files, {
      'public/sitemap.xml': [], 'public/en/sitemap.xml': ['duplicate-url 4:11'], 'public/zh/sitemap.xml': [],
    });
  });

  it('a sitemap listed by an index that robots.txt names gets out-of-scope, the index\'s location known', () => {
    const dir = folder({
      'robots.txt': 'Sitemap: https://example.com/sitemap.xml\n',
      'sitemap.xml': index('https://example.com/en/sitemap.xml'),
      'en/sitemap.xml': urlset('https://example.com/en/a/', 'https://example.com/zh/b/'),
    });
    assert.deepEqual(lint(['.'], dir).files['en/sitemap.xml'], ['out-of-scope 4:11']);
    assert.deepEqual(lint(['en/sitemap.xml'], dir).files['en/sitemap.xml'], ['out-of-scope 4:11']);
  });
});

describe('sitemap-diff: a side\'s children', () => {
  it('on two revisions of Hugo\'s multilingual layout: the children below the index, at each revision', () => {
    const repo = gitRepository(folder());
    const old = repo.commit('first build', '2024-01-01T00:00:00Z', HUGO);
    repo.commit('second build', '2024-02-01T00:00:00Z', {
      'public/en/sitemap.xml': urlset('https://example.com/en/', 'https://example.com/en/contact/'),
      'public/zh/sitemap.xml': urlset('https://example.com/zh/', 'https://example.com/zh/about/', 'https://example.com/zh/new/'),
    });
    const r = diff(['--format', 'json', `${old}:public/sitemap.xml`, 'HEAD:public/sitemap.xml'], repo.dir);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).counts, { old: 4, new: 5, added: 2, removed: 1, lastmodChanged: 0 });
    // A child only the working tree has is not the revision's: the revision's own files place its children.
    repo.write({ 'public/fr/sitemap.xml': urlset('https://example.com/fr/'), 'public/sitemap.xml': index('https://example.com/fr/sitemap.xml') });
    const working = diff(['--format', 'json', `${old}:public/sitemap.xml`, 'public/sitemap.xml'], repo.dir);
    assert.deepEqual(JSON.parse(working.stdout).counts, { old: 4, new: 1, added: 1, removed: 4, lastmodChanged: 0 });
  });

  it('a side whose children cannot be read: exit 2, the child named, never counts from what was not read', () => {
    const repo = gitRepository(folder());
    repo.commit('only the index', '2024-01-01T00:00:00Z', { 'public/sitemap.xml': HUGO['public/sitemap.xml'] });
    repo.commit('the build', '2024-02-01T00:00:00Z', HUGO);
    for (const args of [['HEAD~1:public/sitemap.xml', 'HEAD:public/sitemap.xml'], ['--fail-on-removed', '0', 'HEAD:public/sitemap.xml', 'HEAD~1:public/sitemap.xml']]) {
      const r = diff(args, repo.dir);
      assert.equal(r.code, 2, r.stdout);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /https:\/\/example\.com\/en\/sitemap\.xml/);
    }
  });
});
