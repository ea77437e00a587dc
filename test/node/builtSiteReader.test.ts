/**
 * readBuiltSite (server/src/node/builtSite/builtSiteReader.ts) on sites built on disk: the files walked, the origin's robots.txt,
 * redirects files, pages read lazily whatever they hold, and git's history of the pages' sources with its notes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readBuiltSite, type BuiltSiteOptions, type SiteRootLocation } from '../../server/src/node/builtSite/builtSiteReader';
import type { SiteRoot } from '../../server/src/language/languageService';
import { GIT_TEST_ENV, gitRepository, runGit } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('built-site-');
const at = (iso: string): number => Date.parse(iso);
/** git may not look above the temporary folders: a test machine's /tmp could lie in a repository. */
const gitProcess = (dir: string): BuiltSiteOptions['gitProcess'] => ({ env: { ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) } });

function options(dir: string, siteRoots: SiteRoot[], more: Partial<BuiltSiteOptions> = {}): BuiltSiteOptions {
  return { siteRoots, pageSources: {}, git: true, now: at('2025-01-01T00:00:00Z'), gitProcess: gitProcess(dir), ...more };
}

const page = (head: string): string => `<!doctype html><html><head><title>t</title>${head}</head><body>x</body></html>`;
const NOINDEX = '<meta name="robots" content="noindex">';

describe('readBuiltSite: the folder', () => {
  it('lists every file under the folder, relative with /, without following links; hasPages when one is .html or .htm', async () => {
    const dir = temp({ 'public/index.html': page(''), 'public/b/c.htm': page(''), 'public/a.css': '', 'outside/secret.html': page('') });
    fs.symlinkSync(path.join(dir, 'outside'), path.join(dir, 'public', 'linked'));
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false }));
    assert.deepEqual([...site.files], ['a.css', 'b/c.htm', 'index.html']);
    assert.equal(site.hasPages, true);
    assert.equal(site.root, root);
    const synchronous = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false, synchronousWalk: true }));
    assert.deepEqual([...synchronous.files], [...site.files]);
    assert.equal(site.now, at('2025-01-01T00:00:00Z'));
  });

  it('has no pages when the folder holds sources only, and no files when it does not exist', async () => {
    const dir = temp({ 'src/post.md': '# post' });
    const sources = await readBuiltSite({ workspace: dir, root: { folder: 'src', url: 'https://x.com/' } }, options(dir, [], { git: false }));
    assert.equal(sources.hasPages, false);
    assert.deepEqual(sources.historyNotes, []); // git: false says nothing where no page rule applies
    const missing = await readBuiltSite({ workspace: dir, root: { folder: 'gone', url: 'https://x.com/' } }, options(dir, [], { git: false }));
    assert.deepEqual([...missing.files], []);
    assert.equal(missing.hasPages, false);
  });

  it('reads the robots.txt the roots map https://host/robots.txt to: the origin root owns it, a sub-path root does not', async () => {
    const dir = temp({ 'site/robots.txt': 'User-agent: *\nDisallow: /private/\n', 'site/docs/robots.txt': 'User-agent: *\nDisallow: /\n', 'site/docs/index.html': page('') });
    const origin = { folder: 'site', url: 'https://x.com/' };
    const docs = { folder: 'site/docs', url: 'https://x.com/docs/' };
    const site = await readBuiltSite({ workspace: dir, root: docs }, options(dir, [origin, docs], { git: false }));
    assert.equal(site.robots?.file, 'site/robots.txt');
    assert.equal(site.robots?.rules.groups.length, 1);
    const alone = await readBuiltSite({ workspace: dir, root: docs }, options(dir, [docs], { git: false }));
    assert.equal(alone.robots, undefined);
  });

  it('reads _redirects and vercel.json at the folder top, and survives broken ones', async () => {
    const dir = temp({
      'good/_redirects': '/old /new 301\n/gone\n',
      'good/vercel.json': JSON.stringify({ redirects: [{ source: '/a', destination: '/b', permanent: true }], trailingSlash: true }),
      'bad/_redirects': Buffer.from([0, 1, 2, 0xff, 0xfe]),
      'bad/vercel.json': '{ "redirects": [',
    });
    const good = await readBuiltSite({ workspace: dir, root: { folder: 'good', url: 'https://x.com/' } }, options(dir, [], { git: false }));
    assert.deepEqual(good.redirects.map((r) => [r.file, r.host, r.rules.length]), [['_redirects', 'netlify', 1], ['vercel.json', 'vercel', 1]]);
    assert.equal(good.redirects[1].implicit?.('https://x.com/about'), 'https://x.com/about/');
    const bad = await readBuiltSite({ workspace: dir, root: { folder: 'bad', url: 'https://x.com/' } }, options(dir, [], { git: false }));
    assert.deepEqual(bad.redirects.map((r) => [r.file, r.rules.length]), [['_redirects', 0], ['vercel.json', 0]]);
  });
});

describe('readBuiltSite: pages', () => {
  it('reads a page when first asked, once, and nothing for other files', async () => {
    const dir = temp({ 'public/a/index.html': page(NOINDEX), 'public/style.css': 'x' });
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false }));
    fs.rmSync(path.join(dir, 'public', 'style.css'));
    const facts = site.page('a/index.html');
    assert.deepEqual(facts?.robots.map((r) => r.directives), [['noindex']]);
    fs.writeFileSync(path.join(dir, 'public', 'a', 'index.html'), page(''));
    assert.equal(site.page('a/index.html'), facts);
    assert.equal(site.page('style.css'), undefined);
    assert.equal(site.page('missing.html'), undefined);
  });

  it('gives facts with problems, never a throw, for binary, huge, non-UTF-8 and BOM pages; undefined for unreadable ones', async () => {
    const huge = page(NOINDEX).replace('<body>x', `<body>${'x'.repeat(5 * 1024 * 1024)}`);
    const latin1 = Buffer.from(page(`<title>caf\xe9</title>${NOINDEX}`), 'latin1');
    const dir = temp({
      'p/binary.html': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0xff, 0xd8]),
      'p/huge.html': huge,
      'p/latin1.html': latin1,
      'p/bom.html': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page(NOINDEX))]),
      'p/locked.html': page(NOINDEX),
      'p/empty.html': '',
    });
    const root = { folder: 'p', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false }));
    assert.deepEqual(site.page('binary.html')?.problems.map((p) => p.kind), ['not-text']);
    assert.deepEqual(site.page('huge.html')?.robots.map((r) => r.directives), [['noindex']]);
    assert.deepEqual(site.page('latin1.html')?.robots.map((r) => r.directives), [['noindex']]);
    assert.ok(site.page('latin1.html')?.problems.some((p) => p.kind === 'not-utf8'));
    assert.deepEqual(site.page('bom.html')?.robots.map((r) => r.directives), [['noindex']]);
    assert.deepEqual(site.page('empty.html')?.robots, []);
    fs.rmSync(path.join(dir, 'p', 'locked.html'));
    fs.mkdirSync(path.join(dir, 'p', 'locked.html'));
    assert.equal(site.page('locked.html'), undefined);
  });

  it('reads only the first 256 KiB of a page: a head that goes on past it is unfinished', async () => {
    const dir = temp({ 'p/long-head.html': `<html><head>${'<meta name="x" content="y">'.repeat(20000)}${NOINDEX}</head></html>` });
    const root = { folder: 'p', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false }));
    const facts = site.page('long-head.html');
    assert.deepEqual(facts?.robots, []);
    assert.ok(facts?.problems.some((p) => p.kind === 'head-unfinished'));
  });

  it('reads a head past the first chunk when it goes on, and stops at the body of a page of any size (issue 32)', async () => {
    const style = `<style>${'p { margin: 0 } '.repeat(2000)}</style>`; // 32 KB of head before the noindex
    const dir = temp({ 'p/long.html': page(`${style}${NOINDEX}`), 'p/big.html': page(NOINDEX).replace('<body>x', `<body>${'x'.repeat(8 * 1024 * 1024)}`) });
    const root = { folder: 'p', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false }));
    assert.deepEqual(site.page('long.html')?.robots.map((r) => r.directives), [['noindex']]);
    assert.deepEqual(site.page('long.html')?.problems, []);
    assert.deepEqual(site.page('big.html')?.robots.map((r) => r.directives), [['noindex']]);
    assert.deepEqual(site.readNotes?.(), []);
  });

  it('never opens a FIFO named like a page: it exists, is noted once, and has no facts; binary and over-15-MB pages noted once each (issue 32)', async () => {
    const dir = temp({
      'p/index.html': page(''),
      'p/a.html': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0xff, 0xd8]),
      'p/b.html': Buffer.from([0, 1, 2, 3]),
      'p/huge.html': page(NOINDEX).replace('<body>x', `<body>${'x'.repeat(16 * 1024 * 1024)}`),
    });
    execFileSync('mkfifo', [path.join(dir, 'p', 'page.html')]);
    const root = { folder: 'p', url: 'https://x.com/' };
    for (const synchronousWalk of [true, false]) {
      const site = await readBuiltSite({ workspace: dir, root }, options(dir, [root], { git: false, synchronousWalk }));
      assert.ok(site.files.has('page.html'), 'the FIFO exists: a URL it would serve is no missing page');
      assert.equal(site.page('page.html'), undefined);
      assert.equal(site.page('page.html'), undefined);
      assert.deepEqual(site.page('huge.html')?.robots.map((r) => r.directives), [['noindex']]);
      for (const file of site.files) site.page(file);
      assert.deepEqual(site.readNotes?.().map((n) => [n.reason, n.file, n.count]).sort(), [['not-a-file', 'page.html', 1], ['not-text', 'a.html', 2], ['too-large', 'huge.html', 1]]);
    }
  });
});

function pages(folder: string, count: number, content: string): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`${folder}/p${i}.html`, page(`<meta name="v" content="${content} ${i}">`)]));
}

describe('readBuiltSite: git', () => {
  it('dates a tracked built page by its own history when no pageSources maps the folder', async () => {
    const repo = gitRepository(temp());
    repo.commit('add pages', '2024-01-01T00:00:00Z', { 'public/a.html': page(''), 'public/b.html': page('') });
    const edit = repo.commit('edit a', '2024-02-01T00:00:00Z', { 'public/a.html': page(NOINDEX) });
    repo.write({ 'public/new.html': page('') });
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, [root]));
    const a = site.source('https://x.com/a.html', 'a.html');
    assert.equal(a?.path, 'public/a.html');
    assert.equal(a?.history.newest?.time, at('2024-02-01T00:00:00Z'));
    assert.deepEqual(a?.commit, { hash: edit.slice(0, 7), subject: 'edit a', time: at('2024-02-01T00:00:00Z') });
    // A noindex added is no change to the content: the page is dated by its addition.
    assert.equal(a?.history.significant?.time, at('2024-01-01T00:00:00Z'));
    assert.equal(site.source('https://x.com/new.html', 'new.html'), undefined);
    assert.deepEqual(site.historyNotes, []);
  });

  it('takes the first tracked source pageSources maps the page to, else the built file', async () => {
    const repo = gitRepository(temp());
    repo.commit('build', '2024-01-01T00:00:00Z', { 'public/post/index.html': page(''), 'public/about/index.html': page('') });
    const written = repo.commit('write', '2024-03-01T00:00:00Z', { 'content/post/_index.md': '# post' });
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, [root], { pageSources: { './public/': 'hugo' } }));
    const post = site.source('https://x.com/post/', 'post/index.html');
    assert.equal(post?.path, 'content/post/_index.md');
    assert.equal(post?.commit?.hash, written.slice(0, 7));
    assert.equal(site.source('https://x.com/about/', 'about/index.html')?.path, 'public/about/index.html');
  });

  it('takes a mapping\'s root "." as the workspace folder, and warns once about a mapping that maps no page', async () => {
    const repo = gitRepository(temp());
    repo.commit('build', '2024-01-01T00:00:00Z', { 'public/post/index.html': page(''), 'content/post/_index.md': '# post' });
    const root = { folder: 'public', url: 'https://x.com/' };
    const read = (setting: unknown) => readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, [root], { pageSources: { public: setting } }));
    const dotted = await read({ preset: 'hugo', root: '.' });
    assert.equal(dotted.source('https://x.com/post/', 'post/index.html')?.path, 'content/post/_index.md');
    assert.deepEqual(dotted.historyNotes, []);
    const wrong = await read({ preset: 'hugo', root: 'site' });
    assert.equal(wrong.source('https://x.com/post/', 'post/index.html')?.path, 'public/post/index.html');
    assert.deepEqual(wrong.historyNotes.filter((n) => n.kind === 'unmapped-sources'), [{ kind: 'unmapped-sources', page: 'post/index.html', example: 'site/content/post.md' }]);
  });

  it('dates a page by its content: a rebuild that changed every page\'s template dates none, and needs no note', async () => {
    const repo = gitRepository(temp());
    const body = (text: string): string => `<!doctype html><html><head><title>t</title></head><body>${text}</body></html>`;
    const first = repo.commit('first build', '2024-01-01T00:00:00Z', { ...pages('public', 30, 'v1'), 'public/p0.html': body('one') });
    const edit = repo.commit('edit one', '2024-02-01T00:00:00Z', { 'public/p0.html': body('one, edited') });
    const build = repo.commit('rebuild everything', '2024-03-01T00:00:00Z', { ...pages('public', 30, 'v2'), 'public/p0.html': body('one, <!-- v2 --> edited') });
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, [root]));
    assert.deepEqual(site.historyNotes, []);
    const p1 = site.source('https://x.com/p1.html', 'p1.html');
    assert.deepEqual([p1?.commit?.hash, p1?.contentCommit?.hash, p1?.contentCommit?.changed], [build.slice(0, 7), first.slice(0, 7), ['added']]);
    assert.equal(p1?.history.significant?.time, at('2024-01-01T00:00:00Z'));
    assert.equal(p1?.history.newest?.time, at('2024-03-01T00:00:00Z'));
    const p0 = site.source('https://x.com/p0.html', 'p0.html');
    assert.deepEqual([p0?.contentCommit?.hash, p0?.contentCommit?.changed], [edit.slice(0, 7), ['text']]);
  });

  it('notes once the pages none of whose kept commits changed their content, and judges their lastmod by their last change only', async () => {
    const repo = gitRepository(temp());
    const body = (footer: number): string => `<!doctype html><html><head><title>t</title></head><body><main>Same text</main><footer>${footer}</footer></body></html>`;
    // MAX_PAGE_CHANGES (64) template commits and more after the page's addition, imported at once (fast-import: no process per commit).
    const commits = Array.from({ length: 66 }, (_, k) => {
      const seconds = 1_700_000_000 + k * 3600;
      const text = body(k);
      return `commit refs/heads/main\ncommitter T <t@e> ${seconds} +0000\ndata ${String(k).length}\n${k}\nM 100644 inline public/p.html\ndata ${Buffer.byteLength(text)}\n${text}\n`;
    });
    runGit(repo.dir, ['fast-import', '--quiet'], { ...GIT_TEST_ENV }, commits.join('\n'));
    runGit(repo.dir, ['reset', '-q', '--hard', 'main']);
    const root = { folder: 'public', url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, [root]));
    assert.deepEqual(site.historyNotes, [{ kind: 'undated-content', pages: 1, example: 'p.html' }]);
    const source = site.source('https://x.com/p.html', 'p.html');
    assert.equal(source?.history.significant, undefined);
    assert.equal(source?.history.newest?.time, (1_700_000_000 + 65 * 3600) * 1000);
  });

  it('reads one history per repository for all its roots', async () => {
    const repo = gitRepository(temp());
    repo.commit('pages', '2024-01-01T00:00:00Z', { 'a/x.html': page(''), 'b/y.html': page('') });
    const roots = [{ folder: 'a', url: 'https://a.com/' }, { folder: 'b', url: 'https://b.com/' }];
    const histories = new Map();
    for (const root of roots) await readBuiltSite({ workspace: repo.dir, root }, options(repo.dir, roots, { histories }));
    assert.deepEqual([...histories.keys()], [repo.dir]);
  });

  it('reads no history in an untrusted workspace, outside a repository, in a shallow clone or without git: one note each', async () => {
    const repo = gitRepository(temp());
    repo.commit('one', '2024-01-01T00:00:00Z', { 'public/a.html': page('') });
    repo.commit('two', '2024-02-01T00:00:00Z', { 'public/a.html': page(NOINDEX) });
    const clone = path.join(temp(), 'clone');
    runGit(path.dirname(clone), ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone]);
    const plain = temp({ 'public/a.html': page('') });
    const root = { folder: 'public', url: 'https://x.com/' };
    const read = async (location: SiteRootLocation, more: Partial<BuiltSiteOptions> = {}) => {
      const site = await readBuiltSite(location, options(location.workspace, [root], more));
      assert.equal(site.source('https://x.com/a.html', 'a.html'), undefined);
      return site.historyNotes.map((n) => n.kind);
    };
    assert.deepEqual(await read({ workspace: repo.dir, root }, { git: false }), ['untrusted']);
    assert.deepEqual(await read({ workspace: plain, root }), ['not-a-repository']);
    assert.deepEqual(await read({ workspace: clone, root }), ['shallow']);
    assert.deepEqual(await read({ workspace: repo.dir, root }, { gitProcess: { git: path.join(plain, 'no-such-git') } }), ['no-git']);
  });

  it('works for the command line, whose roots are relative to the file system root', async () => {
    const repo = gitRepository(temp());
    repo.commit('pages', '2024-01-01T00:00:00Z', { 'public/a.html': page(''), 'public/robots.txt': 'User-agent: *\nDisallow: /a\n' });
    const fsRoot = path.parse(repo.dir).root;
    const root = { folder: path.relative(fsRoot, path.join(repo.dir, 'public')).split(path.sep).join('/'), url: 'https://x.com/' };
    const site = await readBuiltSite({ workspace: fsRoot, root }, options(repo.dir, [root]));
    assert.equal(site.robots?.file, `${root.folder}/robots.txt`);
    assert.equal(site.source('https://x.com/a.html', 'a.html')?.path, `${root.folder}/a.html`);
  });
});
