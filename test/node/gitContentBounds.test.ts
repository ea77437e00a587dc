/**
 * readGitHistory with contentBounds (sitemap-lint's `<lastmod>`s per page file) on a real repository with fixed dates:
 * a page's content history is read only as far as its lastmod needs, and every lastmod gets the verdict, and the facts
 * its problem names, that the whole history gives: a walk stops once the changes left are all at or before the bound
 * (a template commit after the lastmod, then the content change it names), never before a content change after it
 * (stale, naming that commit), not even one behind a commit dated earlier than its parent; an inflated lastmod reads
 * all (its problem names the last content change); a page without a lastmod is not read.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { readGitHistory, type GitHistory } from '../../server/src/node/git/gitHistory';
import { judgeLastmodValue, lastmodSpan, type LastmodSpan } from '../../server/src/language/site/lastmodJudgement';
import { readBuiltSite } from '../../server/src/node/builtSite/builtSiteReader';
import { LastmodNeeds } from '../../server/src/node/builtSite/lastmodNeeds';
import { GIT_TEST_ENV, gitRepository, type GitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('git-content-bounds-');
const env = (dir: string): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) });
const NOW = Date.parse('2024-08-01T00:00:00Z');

/** A built page: `text` its main content, `build` its template (a stylesheet's version, a footer). */
function page(text: string, build: number): string {
  return `<!doctype html><html><head><title>Page</title><link rel="stylesheet" href="/site.css?build=${build}"></head>`
    + `<body><header><a href="/">Home</a></header><main><p>${text}</p></main><footer>Build ${build}</footer></body></html>\n`;
}

const PAGES = ['early', 'stale', 'skew', 'inflated', 'rebased', 'unlisted', 'nolastmod'];

/** Each page's `<lastmod>` (none for the last two). */
const LASTMODS: Record<string, string> = {
  early: '2024-03-02', // its content changed on 03-01, a template commit after: stops there
  stale: '2024-01-02', // its content changed on 04-01: stale, naming that commit
  skew: '2024-01-02', // its content changed on 04-01, behind a template commit dated 01-01: stale all the same
  inflated: '2024-07-01', // after every change: inflated, naming the content change of 03-01
  rebased: '2024-03-02', // its content change authored 03-01, committed 03-20: not stale
};

/**
 * One line of history: the pages added (01-01), content changes (03-01, 03-20 authored 03-01, 04-01), a template
 * commit dated 01-01 after them (a clock behind), and a template commit for all (05-01).
 */
function history(): { repo: GitRepository; commits: Record<string, string> } {
  const repo = gitRepository(temp());
  const text: Record<string, string> = Object.fromEntries(PAGES.map((p) => [p, `The ${p} page.`]));
  const build: Record<string, number> = Object.fromEntries(PAGES.map((p) => [p, 1]));
  const write = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.map((p) => [`public/${p}.html`, page(text[p], build[p])]));
  const commits: Record<string, string> = {};
  commits.added = repo.commit('add the pages', '2024-01-01T12:00:00Z', write(PAGES));
  text.early = text.inflated = 'Edited in March.';
  commits.march = repo.commit('edit early and inflated', '2024-03-01T12:00:00Z', write(['early', 'inflated']));
  text.rebased = 'Edited in March, merged later.';
  commits.rebased = repo.commit('edit rebased', '2024-03-20T12:00:00Z', write(['rebased']), '2024-03-01T12:00:00Z');
  text.stale = text.skew = 'Edited in April.';
  commits.april = repo.commit('edit stale and skew', '2024-04-01T12:00:00Z', write(['stale', 'skew']));
  build.skew = 2;
  commits.skewed = repo.commit('template of skew, a clock behind', '2024-01-01T13:00:00Z', write(['skew']));
  for (const p of PAGES) build[p] = 3;
  commits.template = repo.commit('template for all', '2024-05-01T12:00:00Z', write(PAGES));
  return { repo, commits };
}

function bounds(dir: string): Map<string, LastmodSpan> {
  return new Map(Object.entries(LASTMODS).map(([p, lastmod]) => [path.join(dir, 'public', `${p}.html`), lastmodSpan(lastmod)!]));
}

describe('readGitHistory with contentBounds', () => {
  it('reads each page as far as its lastmod needs, and every lastmod is judged as the whole history judges it', async () => {
    const { repo, commits } = history();
    const full = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: ['public'] });
    const bounded = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: ['public'], contentBounds: Promise.resolve(bounds(repo.dir)) });
    assert.equal(bounded.status, 'ok');
    const key = (p: string): string => `public/${p}.html`;
    // Read partially or not at all: the pages whose lastmod no content change can make stale, and those without one.
    assert.deepEqual(PAGES.filter((p) => bounded.contentNotNeeded(key(p))), ['early', 'rebased', 'unlisted', 'nolastmod']);
    assert.deepEqual(PAGES.filter((p) => full.contentNotNeeded(key(p))), []);
    const verdict = (h: GitHistory, p: string): string | undefined => judgeLastmodValue(LASTMODS[p]!, h.facts(key(p)), NOW);
    assert.deepEqual(Object.keys(LASTMODS).map((p) => [p, verdict(bounded, p)]), Object.keys(LASTMODS).map((p) => [p, verdict(full, p)]));
    assert.deepEqual(Object.keys(LASTMODS).map((p) => verdict(full, p)), ['ok', 'stale', 'stale', 'inflated', 'ok']);
    // What the problems name: the last content change and the last change, as the whole history has them.
    for (const p of ['stale', 'skew', 'inflated']) assert.deepEqual(bounded.facts(key(p)), full.facts(key(p)), p);
    assert.equal(bounded.lastContentChange(key('stale'))?.commit, commits.april);
    assert.equal(bounded.lastContentChange(key('skew'))?.commit, commits.april);
    assert.deepEqual(bounded.lastContentChange(key('inflated'))?.changed, ['text']);
    assert.equal(bounded.lastContentChange(key('inflated'))?.commit, commits.march);
    assert.equal(full.lastContentChange(key('early'))?.commit, commits.march);
    assert.equal(bounded.lastContentChange(key('early')), undefined);
    assert.equal(bounded.lastChange(key('early'))?.commit, commits.template);
  });

  it('resolves the sitemap\'s URLs to the pages they judge, and says no page is undated for want of what it did not read', async () => {
    const { repo, commits } = history();
    const root = { folder: 'public', url: 'https://x.com/' };
    const byUrl = new Map(Object.entries(LASTMODS).map(([p, lastmod]) => [`https://x.com/${p}`, lastmodSpan(lastmod)!]));
    const lastmods = new LastmodNeeds(Promise.resolve(byUrl), 1);
    const site = await readBuiltSite({ workspace: repo.dir, root }, { siteRoots: [root], pageSources: {}, git: true, lastmods, gitProcess: { env: env(repo.dir) } });
    assert.deepEqual(site.historyNotes, []);
    assert.equal(site.source('https://x.com/stale', 'stale.html')?.contentCommit?.hash, commits.april.slice(0, 7));
    assert.equal(site.source('https://x.com/inflated', 'inflated.html')?.contentCommit?.hash, commits.march.slice(0, 7));
    assert.equal(site.source('https://x.com/early', 'early.html')?.contentCommit, undefined);
    assert.equal(site.source('https://x.com/early', 'early.html')?.commit?.hash, commits.template.slice(0, 7));
  });

  it('takes an uncommitted page whole, and lists no untracked file', async () => {
    const { repo } = history();
    repo.write({ 'public/early.html': page('Edited in March.', 4), 'public/new.html': page('New.', 1) });
    const bounded = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: ['public'], contentBounds: Promise.resolve(bounds(repo.dir)) });
    const full = await readGitHistory(repo.dir, { env: env(repo.dir), builtFolders: ['public'] });
    assert.deepEqual(bounded.facts('public/early.html'), full.facts('public/early.html'));
    assert.equal(bounded.facts('public/early.html').uncommitted, 'template');
    assert.equal(bounded.contentNotNeeded('public/early.html'), false);
    assert.deepEqual([...bounded.uncommitted], ['public/early.html']);
    assert.deepEqual([...full.uncommitted].sort(), ['public/early.html', 'public/new.html']);
  });
});
