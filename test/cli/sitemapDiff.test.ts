/** `sitemap-diff` (dist/sitemap-diff.js) as a child process on files in temporary folders: every kind of side (file,
 * gzip, text, index with children, folder, standard input, REV:path in git), the formats, thresholds and exit codes. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { gitRepository, GIT_TEST_ENV } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-diff.js');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const folder = tempFolders('sitemap-diff-');

function run(args: string[], cwd: string, input?: string | Buffer, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input, env });
  return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

/** The JSON report of a run that exits 0. */
function json(args: string[], cwd: string, input?: string | Buffer, env?: NodeJS.ProcessEnv) {
  const r = run(['--format', 'json', ...args], cwd, input, env);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function urlset(entries: ReadonlyArray<[string, string?]>): string {
  const body = entries.map(([loc, lastmod]) => `  <url><loc>${loc}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body.join('\n')}\n</urlset>\n`;
}

function index(locs: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

const OLD = urlset([['https://example.com/a', '2024-01-01'], ['https://example.com/b?x=1&amp;y=2', '2024-01-01'], ['https://example.com/c']]);
const NEW = urlset([['https://Example.com/a', '2024-01-01T00:00:00Z'], ['https://example.com/d'], ['https://example.com/b?x=1&#38;y=2', '2024-02-01']]);
const EXPECTED = {
  added: ['https://example.com/d'],
  removed: ['https://example.com/c'],
  lastmodChanged: [{ url: 'https://example.com/b?x=1&y=2', from: '2024-01-01', to: '2024-02-01' }],
  counts: { old: 3, new: 3, added: 1, removed: 1, lastmodChanged: 1 },
};

describe('sitemap-diff: sides', () => {
  it('compares two files (JSON exactly: keys as duplicate-url\'s urlKey, lastmods as instants, document order)', () => {
    const dir = folder({ 'old.xml': OLD, 'new.xml': NEW });
    assert.deepEqual(json(['old.xml', 'new.xml'], dir), EXPECTED);
  });

  it('reads gzip by its magic bytes, whatever the name, UTF-16 by its BOM, and text sitemaps', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(NEW.replace('UTF-8', 'UTF-16'), 'utf16le')]);
    const dir = folder({ 'old.xml.gz': gzipSync(OLD), 'packed': gzipSync(NEW), 'utf16.xml': utf16 });
    assert.deepEqual(json(['old.xml.gz', 'packed'], dir), EXPECTED);
    assert.deepEqual(json(['old.xml.gz', 'utf16.xml'], dir), EXPECTED);
    assert.deepEqual(json(['old.xml', 'sitemap.txt'], folder({ 'old.xml': OLD, 'sitemap.txt': 'https://example.com/a\nhttps://example.com/z\n' })), {
      added: ['https://example.com/z'],
      removed: ['https://example.com/b?x=1&y=2', 'https://example.com/c'],
      lastmodChanged: [{ url: 'https://example.com/a', from: '2024-01-01', to: null }],
      counts: { old: 3, new: 2, added: 1, removed: 2, lastmodChanged: 1 },
    });
  });

  it('follows an index to its local children, through the site roots or beside it, gzip children too', () => {
    const dir = folder({
      'old/sitemap.xml': index(['https://example.com/one.xml', 'https://example.com/two.xml.gz']),
      'old/one.xml': urlset([['https://example.com/1'], ['https://example.com/2']]),
      'old/two.xml.gz': gzipSync(urlset([['https://example.com/3']])),
      'new/sitemap.xml': index(['https://example.com/maps/one.xml']),
      'new/maps/one.xml': urlset([['https://example.com/1'], ['https://example.com/4']]),
    });
    const expected = {
      added: ['https://example.com/4'], removed: ['https://example.com/2', 'https://example.com/3'], lastmodChanged: [],
      counts: { old: 3, new: 2, added: 1, removed: 2, lastmodChanged: 0 },
    };
    // Two builds of one site: each index's children in its own folder.
    assert.deepEqual(json(['--site-root', 'old=https://example.com/', '--site-root', 'new=https://example.com/', 'old/sitemap.xml', 'new/sitemap.xml'], dir), expected);
    // Without a site root, a child is looked for beside the index by its name.
    const beside = json(['old/sitemap.xml', 'new/maps/one.xml'], dir);
    assert.deepEqual(beside.counts, { old: 3, new: 2, added: 1, removed: 2, lastmodChanged: 0 });
  });

  it('fails with 2 when an index\'s child is not there', () => {
    const dir = folder({ 'sitemap.xml': index(['https://example.com/gone.xml']), 'new.xml': NEW });
    const r = run(['sitemap.xml', 'new.xml'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });

  it('reads a folder: all its sitemaps as sitemap-lint finds them, robots.txt and other files left out', () => {
    const dir = folder({
      'old/sitemap-a.xml': urlset([['https://example.com/1']]),
      'old/deep/sitemap-b.xml': urlset([['https://example.com/2']]),
      'old/robots.txt': 'Sitemap: https://example.com/sitemap-a.xml\n',
      'old/notes.md': '# not a sitemap\n',
      'new/sitemap.xml': urlset([['https://example.com/2'], ['https://example.com/3']]),
    });
    assert.deepEqual(json(['old', 'new'], dir), {
      added: ['https://example.com/3'], removed: ['https://example.com/1'], lastmodChanged: [],
      counts: { old: 2, new: 2, added: 1, removed: 1, lastmodChanged: 0 },
    });
  });

  it('reads standard input for -, on either side, gzip too', () => {
    const dir = folder({ 'old.xml': OLD, 'new.xml': NEW });
    assert.deepEqual(json(['old.xml', '-'], dir, NEW), EXPECTED);
    assert.deepEqual(json(['-', 'new.xml'], dir, gzipSync(OLD)), EXPECTED);
  });

  it('reads REV:path with git show (a file or a folder), an index\'s children at the same revision, gzip blobs gunzipped', () => {
    const repo = gitRepository(folder());
    repo.commit('first', '2024-01-01T00:00:00Z', {
      'public/sitemap.xml': index(['https://example.com/pages.xml', 'https://example.com/posts.xml']),
      'public/pages.xml': urlset([['https://example.com/', '2024-01-01'], ['https://example.com/about']]),
      'public/posts.xml': urlset([['https://example.com/posts/1']]),
    });
    fs.writeFileSync(path.join(repo.dir, 'public/posts.xml'), urlset([['https://example.com/posts/1'], ['https://example.com/posts/2']]));
    repo.commit('second', '2024-02-01T00:00:00Z', { 'public/pages.xml': urlset([['https://example.com/', '2024-02-01']]) });
    fs.writeFileSync(path.join(repo.dir, 'public/pages.xml'), gzipSync(urlset([['https://example.com/contact']])));
    const roots = ['--site-root', 'public=https://example.com/'];
    assert.deepEqual(json([...roots, 'HEAD~1:public/sitemap.xml', 'HEAD:public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV), {
      added: ['https://example.com/posts/2'],
      removed: ['https://example.com/about'],
      lastmodChanged: [{ url: 'https://example.com/', from: '2024-01-01', to: '2024-02-01' }],
      counts: { old: 3, new: 3, added: 1, removed: 1, lastmodChanged: 0 + 1 },
    });
    // The working tree's files, against a revision: its pages.xml is gzip now; and a gzip blob, once committed.
    const tree = json([...roots, 'HEAD:public/sitemap.xml', 'public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV);
    assert.deepEqual(tree.added, ['https://example.com/contact']);
    repo.commit('third', '2024-03-01T00:00:00Z', {});
    assert.deepEqual(json([...roots, 'HEAD~1:public/sitemap.xml', 'HEAD:public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV), tree);
    assert.equal(run(['HEAD~5:public/sitemap.xml', 'public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV).code, 2);
    // A folder at a revision: its sitemaps found as in the working tree, each read once (the index's children too).
    repo.commit('notes', '2024-02-02T00:00:00Z', { 'public/notes.txt': 'not a sitemap\n', 'public/robots.txt': 'Sitemap: https://example.com/sitemap.xml\n', 'public/node_modules/sitemap.xml': urlset([['https://example.com/dep']]) });
    assert.deepEqual(json([...roots, 'HEAD~3:public', 'HEAD:./public'], repo.dir, undefined, GIT_TEST_ENV), json([...roots, 'HEAD~3:public/sitemap.xml', 'HEAD:public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV));
    assert.equal(run(['HEAD:public/node_modules/nothing', 'public/sitemap.xml'], repo.dir, undefined, GIT_TEST_ENV).code, 2);
  });

  it('finds a folder\'s sitemaps at a revision by their first bytes as in the working tree: feeds and corrupt gzip left out, gzip inflated', () => {
    const repo = gitRepository(folder());
    const feed = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title></channel></rss>\n';
    repo.write({
      'public/index.xml': feed,
      'public/posts/index.xml': urlset([['https://example.com/posts/1']]),
      'public/links.txt': 'https://example.com/t1\nhttps://example.com/t2\n',
      'public/notes.txt': 'User-agent: *\nDisallow: /x\n',
      'public/empty.xml': '',
    });
    fs.writeFileSync(path.join(repo.dir, 'public/archive.xml.gz'), gzipSync(urlset([['https://example.com/old']])));
    fs.writeFileSync(path.join(repo.dir, 'public/data.gz'), gzipSync(feed));
    fs.writeFileSync(path.join(repo.dir, 'public/broken.gz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xff]));
    repo.commit('build', '2024-01-01T00:00:00Z', {});
    const urls = ['https://example.com/old', 'https://example.com/posts/1', 'https://example.com/t1', 'https://example.com/t2'];
    const atHead = json(['HEAD:public', 'public'], repo.dir, undefined, GIT_TEST_ENV);
    assert.deepEqual([atHead.counts, atHead.added, atHead.removed], [{ old: 4, new: 4, added: 0, removed: 0, lastmodChanged: 0 }, [], []]);
    fs.writeFileSync(path.join(repo.dir, 'none.xml'), urlset([]));
    const fromEmpty = json(['none.xml', 'HEAD:public'], repo.dir, undefined, GIT_TEST_ENV);
    assert.deepEqual([...fromEmpty.added].sort(), urls);
  });
});

describe('sitemap-diff: formats', () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, k): [string] => [`https://example.com/${prefix}${k}`]);

  it('stylish: the counts, then + added, - removed, ~ changed, lists capped unless --all', () => {
    const dir = folder({ 'old.xml': urlset([...many('old', 25), ['https://example.com/m', '2024-01-01']]), 'new.xml': urlset([...many('new', 3), ['https://example.com/m', '2024-01-02']]) });
    const lines = (args: string[]) => run(args, dir).stdout.split('\n');
    const capped = lines(['old.xml', 'new.xml']);
    assert.match(capped[0], /26\D+4\D+3\D+25\D+1\D/);
    assert.equal(capped.filter((l) => l.startsWith('  + ')).length, 3);
    assert.equal(capped.filter((l) => l.startsWith('  - ')).length, 20);
    assert.equal(capped.filter((l) => l.startsWith('  ~ ')).length, 1);
    assert.ok(capped.some((l) => /^  … 5 /.test(l)));
    const all = lines(['--all', 'old.xml', 'new.xml']);
    assert.equal(all.filter((l) => l.startsWith('  - ')).length, 25);
    assert.ok(!all.some((l) => l.startsWith('  … ')));
  });

  it('markdown: a counts table and a <details> list per kind of change', () => {
    const dir = folder({ 'old.xml': OLD, 'new.xml': NEW });
    const out = run(['--format', 'markdown', 'old.xml', 'new.xml'], dir).stdout;
    const rows = out.split('\n').filter((l) => l.startsWith('| ') && /\d \|$/.test(l)).map((l) => Number(/(\d+) \|$/.exec(l)![1]));
    assert.deepEqual(rows, [3, 3, 1, 1, 1]);
    assert.equal((out.match(/<details><summary>/g) ?? []).length, 3);
    assert.equal((out.match(/<\/details>/g) ?? []).length, 3);
    assert.ok(out.includes('- `https://example.com/d`'));
    assert.ok(out.includes('- `https://example.com/c`'));
  });

  it('--version prints the package\'s version, --help the usage', () => {
    const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'));
    const dir = folder();
    assert.deepEqual(run(['--version'], dir), { code: 0, stdout: `${version}\n`, stderr: '' });
    // Answers alone, whatever else the line says, as sitemap-lint and sitemap-split do.
    assert.deepEqual(run(['--version', '--bogus'], dir), { code: 0, stdout: `${version}\n`, stderr: '' });
    const help = run(['--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: sitemap-diff /m);
  });
});

describe('sitemap-diff: thresholds and exit codes', () => {
  // 4 old URLs; 2 removed (50 %), 3 added (75 %).
  const dir = () => folder({ 'old.xml': urlset(many4()), 'new.xml': urlset([...many4().slice(2), ['https://e.com/x'], ['https://e.com/y'], ['https://e.com/z']]) });
  function many4(): Array<[string]> {
    return [['https://e.com/1'], ['https://e.com/2'], ['https://e.com/3'], ['https://e.com/4']];
  }
  const cases: Array<[string[], number]> = [
    [[], 0],
    [['--fail-on-removed', '2'], 0], [['--fail-on-removed', '1'], 1], [['--fail-on-removed=0'], 1],
    [['--fail-on-removed', '50%'], 0], [['--fail-on-removed', '49%'], 1], [['--fail-on-removed', '49.9%'], 1],
    [['--fail-on-added', '3'], 0], [['--fail-on-added', '2'], 1], [['--fail-on-added', '75%'], 0], [['--fail-on-added', '74%'], 1],
    [['--fail-on-added', '10', '--fail-on-removed', '1'], 1],
  ];
  it('exits 1 past a threshold (more than N, or more than N % of the old count), 0 within, the report printed either way', () => {
    const d = dir();
    for (const [options, code] of cases) {
      const r = run([...options, '--format', 'json', 'old.xml', 'new.xml'], d);
      assert.equal(r.code, code, options.join(' '));
      assert.deepEqual(JSON.parse(r.stdout).counts, { old: 4, new: 5, added: 3, removed: 2, lastmodChanged: 0 });
    }
  });

  it('exits 2 with one line on stderr and nothing on stdout on bad usage or bad input', () => {
    const d = folder({
      'old.xml': OLD, 'page.html': '<!doctype html><html><body>hi</body></html>', 'robots.txt': 'User-agent: *\nDisallow:\n',
      'notes.txt': 'hello world\n', 'broken.xml.gz': Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]), 'binary.xml': Buffer.from([0, 1, 2, 3, 0, 0, 255]),
      'empty/readme.md': 'no sitemap here\n',
    });
    const bad = [
      [], ['old.xml'], ['old.xml', 'old.xml', 'old.xml'], ['-', '-'], ['--format', 'yaml', 'old.xml', 'old.xml'], ['--bogus', 'old.xml', 'old.xml'],
      ['--fail-on-removed', 'ten', 'old.xml', 'old.xml'], ['--fail-on-added', '1.5', 'old.xml', 'old.xml'], ['--fail-on-added'],
      ['--site-root', 'x', 'old.xml', 'old.xml'], ['--site-root', '.=not-a-url', 'old.xml', 'old.xml'],
      ['old.xml', 'missing.xml'], ['old.xml', 'page.html'], ['old.xml', 'robots.txt'], ['old.xml', 'notes.txt'], ['old.xml', 'broken.xml.gz'],
      ['old.xml', 'binary.xml'], ['old.xml', 'empty'], ['old.xml', 'HEAD:old.xml'],
    ];
    for (const args of bad) {
      const r = run(args, d, '');
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
      assert.match(r.stderr, /^sitemap-diff: [^\n]+\n(usage: sitemap-diff [^\n]+\n)?$/, `${args.join(' ')}: ${r.stderr}`);
    }
  });
});
