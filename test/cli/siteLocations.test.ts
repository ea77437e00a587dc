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

describe('site roots inferred where the files say them', () => {
  const page = '<!doctype html><html><head><title>t</title></head><body>x</body></html>\n';
  /** A built folder: one page, one URL served by nothing (page-not-found), one out of the folder's scope. */
  const built = (dir: string, root: string) => ({
    [`${dir}/sitemap.xml`]: urlset(`${root}`, `${root}gone/`, 'https://elsewhere.example.org/x'),
    [`${dir}/index.html`]: page,
  });
  const pageRules = (run: Run, file: string) => (run.files[file] ?? []).filter((p) => /^(page-not-found|out-of-scope|unlisted-page)/.test(p));
  const EXPECTED = ['page-not-found 4:11', 'out-of-scope 5:11'];
  /** The notes on the inferred roots (git's own say the folder is in no repository). */
  const rootNotes = (run: Run) => run.notes.filter((n) => !/git/.test(n));

  for (const [name, files, dir, source] of [
    ['Hugo (hugo.toml)', { 'hugo.toml': 'title = "x"\nbaseURL = "https://example.com/"\n[params]\nbaseURL = "https://wrong.example.com/"\n' }, 'public', /hugo\.toml/],
    ['Hugo (config.yaml, publishDir)', { 'config.yaml': 'baseURL: https://example.com/ # the site\npublishDir: out\n' }, 'out', /config\.yaml/],
    ['MkDocs (mkdocs.yml)', { 'mkdocs.yml': "site_name: Docs\nsite_url: 'https://example.com/'\nnav:\n  - site_url: x\n" }, 'site', /mkdocs\.yml/],
    ['Jekyll (_config.yml, url and baseurl)', { '_config.yml': 'url: "https://example.com"\nbaseurl: "/blog"\n' }, '_site', /_config\.yml/],
    ['GitHub Pages (CNAME)', { 'docs/CNAME': 'example.com\n' }, 'docs', /CNAME/],
    // The CNAME at the project's top names the host; the built public/ is what is served there.
    ['Hugo with a CNAME at the top (hugo.yaml)', { 'hugo.yaml': 'baseURL: https://example.com/\n', CNAME: 'example.com\n' }, 'public', /hugo\.yaml.*CNAME/],
  ] as const) {
    it(`${name}: scope and the page rules with no setting, said once in a note`, () => {
      const root = name.startsWith('Jekyll') ? 'https://example.com/blog/' : 'https://example.com/';
      const cwd = folder({ ...files, ...built(dir, root) });
      const run = lint([`${dir}/`], cwd);
      assert.deepEqual(pageRules(run, `${dir}/sitemap.xml`), EXPECTED, JSON.stringify(run));
      const notes = rootNotes(run);
      assert.equal(notes.length, 1, run.notes.join('\n'));
      assert.match(notes[0], source);
      assert.ok(notes[0].includes(root));
      // The whole checkout too.
      assert.deepEqual(pageRules(lint(['.'], cwd), `${dir}/sitemap.xml`), EXPECTED);
    });
  }

  it('an explicit site root wins; sources that disagree give none, and say so', () => {
    const cwd = folder({ 'hugo.toml': 'baseURL = "https://example.com/"\n', 'public/CNAME': 'www.example.net\n', ...built('public', 'https://example.com/') });
    const run = lint(['public'], cwd);
    assert.deepEqual(pageRules(run, 'public/sitemap.xml'), [], 'no root: no page rule, no scope');
    assert.equal(rootNotes(run).length, 1);
    assert.match(rootNotes(run)[0], /hugo\.toml.*CNAME|CNAME.*hugo\.toml/);
    const explicit = lint(['--site-root', 'public=https://example.com/', 'public'], cwd);
    assert.deepEqual(pageRules(explicit, 'public/sitemap.xml'), EXPECTED);
    assert.deepEqual(rootNotes(explicit), []);
  });

  it('sitemap-diff follows an index\'s children through the inferred root', () => {
    const cwd = folder({ 'hugo.toml': 'baseURL = "https://example.com/"\n', 'public/sitemap.xml': index('https://example.com/maps/a.xml'), 'public/maps/a.xml': urlset('https://example.com/p') });
    const r = diff(['--format', 'json', 'public/sitemap.xml', 'public/maps/a.xml'], cwd);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).counts, { old: 1, new: 1, added: 0, removed: 0, lastmodChanged: 0 });
    assert.match(r.stderr, /^sitemap-diff: note: public\/ = https:\/\/example\.com\//);
  });
});
