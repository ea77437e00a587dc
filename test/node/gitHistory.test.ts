/**
 * readGitHistory (server/src/node/git/gitHistory.ts) on real repositories with fixed dates: the newest commit per path,
 * renames, names with spaces and non-ASCII, the work tree, pages dated by their content, merges, and every way git can fail.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readGitHistory } from '../../server/src/node/git/gitHistory';
import { GIT_TEST_ENV, gitRepository, runGit } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('git-history-');
const at = (iso: string): number => Date.parse(iso);
/** git may not look above the temporary folders: a test machine's /tmp could lie in a repository. */
const env = (dir: string): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) });

function pages(folder: string, count: number, content: string): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`${folder}/p${i}.html`, `<p>${content} ${i}</p>`]));
}

describe('readGitHistory', () => {
  it('dates each path by its newest commit (committer and author dates), whatever came after', async () => {
    const repo = gitRepository(temp());
    const first = repo.commit('first', '2024-01-01T10:00:00Z', { 'a.html': 'a1', 'b.html': 'b1' });
    const second = repo.commit('second', '2024-03-01T12:00:00+02:00', { 'a.html': 'a2' }, '2024-02-27T09:00:00Z');
    repo.commit('third', '2024-04-01T00:00:00Z', { 'notes.txt': 'n' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    assert.equal(history.status, 'ok');
    assert.deepEqual(history.lastChange('a.html'), { commit: second, time: at('2024-03-01T10:00:00Z'), authorTime: at('2024-02-27T09:00:00Z'), subject: 'second' });
    assert.equal(history.lastChange(path.join(repo.dir, 'b.html'))?.commit, first);
    assert.equal(history.lastChange('missing.html'), undefined);
    assert.equal(history.lastChange(path.join(path.dirname(repo.dir), 'outside.html')), undefined);
    assert.equal(history.topLevel, repo.dir);
    assert.equal(history.gitDir, path.join(repo.dir, '.git'));
    assert.deepEqual([...history.uncommitted], []);
  });

  it('dates a renamed file by its rename, and forgets the old name', async () => {
    const repo = gitRepository(temp());
    repo.commit('add', '2024-01-01T00:00:00Z', { 'old name.html': 'same content' });
    const renamed = repo.commit('rename', '2024-02-01T00:00:00Z', { 'old name.html': null, 'new.html': 'same content' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    assert.equal(history.lastChange('new.html')?.commit, renamed);
    assert.equal(history.lastChange('old name.html'), undefined);
    assert.equal(history.isTracked('old name.html'), false);
  });

  it('reads names with spaces, quotes, newlines and non-ASCII letters as they are', async () => {
    const repo = gitRepository(temp());
    const names = ['a b/ü é.html', '日本/ページ.html', 'q"uote\\.html', 'line\nbreak.html'];
    const commit = repo.commit('names', '2024-01-01T00:00:00Z', Object.fromEntries(names.map((n) => [n, n])));
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    for (const name of names) assert.equal(history.lastChange(name)?.commit, commit, name);
    assert.equal(history.lastChange(path.join(repo.dir, 'a b', 'ü é.html'))?.commit, commit);
  });

  it('counts modified, staged, deleted and untracked files as uncommitted', async () => {
    const repo = gitRepository(temp());
    repo.commit('add', '2024-01-01T00:00:00Z', { 'kept.html': 'k', 'edited.html': 'e', 'gone.html': 'g', 'staged.html': 's' });
    repo.write({ 'edited.html': 'e2', 'gone.html': null, 'new dir/untracked é.html': 'u', 'staged.html': 's2' });
    repo.git('add', 'staged.html');
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    assert.deepEqual([...history.uncommitted].sort(), ['edited.html', 'gone.html', 'new dir/untracked é.html', 'staged.html']);
    assert.equal(history.isUncommitted(path.join(repo.dir, 'new dir', 'untracked é.html')), true);
    assert.equal(history.isUncommitted('kept.html'), false);
    assert.equal(history.isTracked('new dir/untracked é.html'), false);
  });

  it('dates each page of a built folder by its content: title, description, structured data, main text and links count; the template and whitespace do not', async () => {
    const repo = gitRepository(temp());
    const kinds = ['same', 'title', 'description', 'data', 'text', 'link', 'spaces'] as const;
    const edited: Parts = { title: 'T2', description: 'D2', data: '{"@type": "Article"}', text: 'Text 2', link: '/other/', spaces: ' ' };
    /** Every page in the template `nav`, each with its own part as `version` has it. */
    const files = (version: Parts, nav: string): Record<string, string> =>
      Object.fromEntries(kinds.map((kind) => [`public/${kind}.html`, sample({ ...(kind === 'same' ? {} : { [kind]: version[kind] }), nav })]));
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { ...files({}, 'Home'), 'content/post.md': 'v1' });
    const edits = repo.commit('edits', '2024-02-01T00:00:00Z', files(edited, 'Home'));
    const template = repo.commit('sidebar', '2024-03-01T00:00:00Z', { ...files(edited, 'Home, Blog'), 'content/post.md': 'v2' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: [path.join(repo.dir, 'public')] });
    assert.equal(history.status, 'ok');
    for (const kind of kinds) assert.equal(history.lastChange(`public/${kind}.html`)?.commit, template, kind);
    const content = (kind: string): [string | undefined, string[] | undefined] => {
      const change = history.lastContentChange(`public/${kind}.html`);
      return [change?.commit, change?.changed];
    };
    assert.deepEqual(content('same'), [first, ['added']]);
    assert.deepEqual(content('title'), [edits, ['title']]);
    assert.deepEqual(content('description'), [edits, ['description']]);
    assert.deepEqual(content('data'), [edits, ['structuredData']]);
    assert.deepEqual(content('text'), [edits, ['text']]);
    assert.deepEqual(content('link'), [edits, ['links']]);
    assert.deepEqual(content('spaces'), [first, ['added']]);
    // Outside the built folders a file's text is its content.
    const post = history.lastContentChange('content/post.md');
    assert.deepEqual([post?.commit, post?.changed], [template, ['source']]);
    assert.deepEqual(history.facts('public/text.html').significant, history.lastContentChange('public/text.html'));
  });

  it('tells an uncommitted change to a page\'s content from one to its template, and gathers a file\'s facts', async () => {
    const repo = gitRepository(temp());
    const commit = repo.commit('pages', '2024-01-01T00:00:00Z', { 'public/a.html': sample({ nav: 'Home' }), 'public/b.html': sample({ nav: 'Home' }), 'content/x.md': 'x' });
    repo.write({ 'public/a.html': sample({ nav: 'Home, Blog' }), 'public/b.html': sample({ nav: 'Home', text: 'New text' }), 'public/new.html': 'new', 'content/x.md': 'x2' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: ['public'] });
    const a = history.facts(path.join(repo.dir, 'public', 'a.html'));
    assert.equal(a.uncommitted, 'template');
    assert.equal(a.newest?.commit, commit);
    assert.equal(a.significant?.commit, commit);
    const b = history.facts('public/b.html');
    assert.deepEqual([b.uncommitted, b.uncommittedChanged], [true, ['text']]);
    assert.equal(history.facts('public/new.html').uncommitted, true);
    assert.equal(history.facts('content/x.md').uncommitted, true);
  });

  it('dates a page changed on a merged branch by the branch commit, not the merge', async () => {
    const repo = gitRepository(temp());
    repo.commit('base', '2024-01-01T00:00:00Z', { 'a.html': 'a', 'b.html': 'b' });
    repo.git('checkout', '-q', '-b', 'feature');
    const feature = repo.commit('feature', '2024-02-01T00:00:00Z', { 'a.html': 'a2' });
    repo.git('checkout', '-q', 'main');
    const main = repo.commit('main', '2024-03-01T00:00:00Z', { 'b.html': 'b2' });
    runGit(repo.dir, ['merge', '-q', '--no-ff', '-m', 'merge', 'feature'], { ...GIT_TEST_ENV, GIT_COMMITTER_DATE: '2024-04-01T00:00:00Z', GIT_AUTHOR_DATE: '2024-04-01T00:00:00Z' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    assert.equal(history.lastChange('a.html')?.commit, feature);
    assert.equal(history.lastChange('b.html')?.commit, main);
  });

  it('keys paths by the folder read when the repository starts above it, and sees nothing outside it', async () => {
    const repo = gitRepository(temp());
    const commit = repo.commit('add', '2024-01-01T00:00:00Z', { 'site/public/a.html': 'a', 'other/b.html': 'b', 'site/content/c.md': 'c' });
    repo.write({ 'site/public/new.html': 'n', 'other/new.html': 'n' });
    const history = await readGitHistory(path.join(repo.dir, 'site'), { env: env(repo.dir) });
    assert.equal(history.topLevel, repo.dir);
    assert.equal(history.lastChange('public/a.html')?.commit, commit);
    assert.equal(history.lastChange(path.join(repo.dir, 'site', 'content', 'c.md'))?.commit, commit);
    assert.equal(history.lastChange(path.join(repo.dir, 'other', 'b.html')), undefined);
    assert.deepEqual([...history.uncommitted], ['public/new.html']);
  });

  it('reads a built folder that is a submodule from its own repository', async () => {
    const built = gitRepository(temp());
    const page = built.commit('build', '2024-02-01T00:00:00Z', { 'a.html': 'a' });
    const site = gitRepository(temp());
    site.commit('source', '2024-01-01T00:00:00Z', { 'content/a.md': 'a' });
    runGit(site.dir, ['-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', `file://${built.dir}`, 'public']);
    site.commit('add the built site', '2024-03-01T00:00:00Z', {});
    const workspace = await readGitHistory(site.dir, { env: env(site.dir) });
    assert.equal(workspace.isTracked('public/a.html'), false);
    const own = await readGitHistory(path.join(site.dir, 'public'), { env: env(site.dir) });
    assert.equal(own.topLevel, path.join(site.dir, 'public'));
    assert.equal(own.lastChange('a.html')?.commit, page);
  });

  it('reads a branch without commits as an empty history with its files uncommitted', async () => {
    const repo = gitRepository(temp());
    repo.write({ 'a.html': 'a' });
    const history = await readGitHistory(repo.dir, { env: env(repo.dir) });
    assert.equal(history.status, 'ok');
    assert.equal(history.lastChange('a.html'), undefined);
    assert.deepEqual([...history.uncommitted], ['a.html']);
  });

  it('reads no history from a shallow clone', async () => {
    const origin = gitRepository(temp());
    origin.commit('one', '2024-01-01T00:00:00Z', { 'a.html': '1' });
    origin.commit('two', '2024-02-01T00:00:00Z', { 'a.html': '2' });
    const clone = path.join(temp(), 'clone');
    runGit(path.dirname(clone), ['clone', '-q', '--depth', '1', `file://${origin.dir}`, clone]);
    const history = await readGitHistory(clone, { env: env(clone) });
    assert.equal(history.status, 'shallow');
    assert.equal(history.lastChange('a.html'), undefined);
  });

  it('ignores GIT_DIR and GIT_INDEX_FILE set around it (a hook) and a configuration that changes the output', async () => {
    const repo = gitRepository(temp());
    const commit = repo.commit('add', '2024-01-01T00:00:00Z', { 'site/a.html': 'a', 'site/ü.html': 'u' });
    for (const [key, value] of [['color.ui', 'always'], ['diff.relative', 'true'], ['log.showSignature', 'true'], ['core.quotePath', 'true'], ['status.showUntrackedFiles', 'no']]) {
      repo.git('config', key, value);
    }
    // A repository's own config may name a command for git status to run: it must not run.
    const marker = path.join(temp(), 'ran');
    const hook = path.join(temp(), 'fsmonitor.sh');
    fs.writeFileSync(hook, `#!/bin/sh\necho > '${marker}'\n`, { mode: 0o755 });
    repo.git('config', 'core.fsmonitor', hook);
    repo.write({ 'site/new.html': 'n' });
    const elsewhere = temp();
    const site = path.join(repo.dir, 'site');
    const history = await readGitHistory(site, { env: { ...env(repo.dir), GIT_DIR: elsewhere, GIT_INDEX_FILE: path.join(elsewhere, 'index') } });
    assert.equal(history.lastChange('a.html')?.commit, commit);
    assert.equal(history.lastChange('ü.html')?.commit, commit);
    assert.deepEqual([...history.uncommitted], ['new.html']);
    assert.equal(fs.existsSync(marker), false);
  });

  it('says so, without throwing, when the folder is in no repository, git is absent, or git fails', async () => {
    const plain = temp({ 'a.html': 'a' });
    assert.equal((await readGitHistory(plain, { env: env(plain) })).status, 'not-a-repository');
    const noGitOnPath = await readGitHistory(plain, { env: { ...env(plain), PATH: temp() } });
    assert.equal(noGitOnPath.status, 'no-git');
    assert.equal((await readGitHistory(plain, { git: path.join(plain, 'no-such-git') })).status, 'no-git');
    const failed = await readGitHistory(path.join(plain, 'no such folder'), { env: env(plain) });
    assert.equal(failed.status, 'failed');
    assert.ok(failed.detail);
    assert.equal(failed.lastChange('a.html'), undefined);
  });

  it('stops git when cancelled', async () => {
    const repo = gitRepository(temp());
    repo.commit('add', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    const before = new AbortController();
    before.abort();
    assert.equal((await readGitHistory(repo.dir, { signal: before.signal, env: env(repo.dir) })).status, 'cancelled');
    const during = new AbortController();
    const reading = readGitHistory(repo.dir, { signal: during.signal, env: env(repo.dir) });
    during.abort();
    const history = await reading;
    assert.equal(history.status, 'cancelled');
    assert.equal(history.lastChange('a.html'), undefined);
  });
});

interface Parts {
  title?: string;
  description?: string;
  data?: string;
  text?: string;
  link?: string;
  spaces?: string;
}

/** A built page: a template (head, a nav, a footer) around its content; each part given or a default. */
function sample(parts: Parts & { nav: string }): string {
  const space = parts.spaces ?? '';
  return `<!doctype html><html><head><title>${parts.title ?? 'T1'}</title><meta name="description" content="${parts.description ?? 'D1'}">`
    + `<script type="application/ld+json">${parts.data ?? '{"@type": "WebPage"}'}</script><link rel="stylesheet" href="/s.css"></head>`
    + `<body><nav>${parts.nav}</nav><main><h1>${space}Heading</h1>\n<p>${parts.text ?? 'Text 1'}${space} <a href="${parts.link ?? '/one/'}">a link</a></p></main>`
    + `<footer>© 2024</footer></body></html>\n`;
}
