/** The readers of git's output (server/src/node/git/gitLog.ts, gitOutput.ts) on hand-written output: fields, merges and
 * empty commits, paths outside the folder or no longer tracked, the mass-commit threshold, any chunking. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GitLogReader, MASS_MIN_PAGES, MASS_SHARE, parseGitLog, type TrackedFiles } from '../../server/src/node/git/gitLog';
import { NulTokens, parseRevParse, trackedPathsReader, uncommittedPathsReader } from '../../server/src/node/git/gitOutput';

const H1 = '1'.repeat(40);
const H2 = '2'.repeat(40);
const H3 = '3'.repeat(40);
const H4 = 'a'.repeat(64); // a SHA-256 repository

/** One commit as `git log -z --name-only LOG_FORMAT` writes it. */
function commit(hash: string, committed: number, authored: number, subject: string, paths: string[]): string {
  return `\0${hash}\0${committed}\0${authored}\0${subject}\0` + (paths.length === 0 ? '' : `\n${paths.join('\0')}\0`);
}

function tracked(paths: string[], builtFolders: string[] = ['']): TrackedFiles {
  return { ids: new Map(paths.map((p, i) => [p, i])), builtFolders };
}

describe('the git log reader', () => {
  const files = tracked(['a.html', 'dir with space/ü.html', 'b.html']);
  const output =
    commit(H1, 300, 290, 'newest: a', ['a.html', 'deleted.html']) +
    commit(H2, 200, 200, '', []) + // a merge or an empty commit: no paths
    commit(H3, 100, 50, 'first', ['dir with space/ü.html', 'a.html', 'b.html']);

  it('keeps for each tracked path its newest commit, with both dates in ms and the subject', () => {
    const index = parseGitLog(output, files);
    assert.equal(index.malformed, false);
    assert.deepEqual(index.commits.map((c) => c.hash), [H1, H3]);
    assert.deepEqual(index.commits[0], { hash: H1, time: 300_000, authorTime: 290_000, subject: 'newest: a' });
    assert.deepEqual([...index.newest], [0, 1, 1]);
    assert.deepEqual([...index.newestContent], [0, 1, 1]);
  });

  it('gives the same index for any chunking of the output', () => {
    const whole = parseGitLog(output, files);
    for (let size = 1; size < 12; size++) {
      const reader = new GitLogReader(files, '');
      for (let k = 0; k < output.length; k += size) reader.push(output.slice(k, k + size));
      assert.deepEqual(reader.end(), whole, `chunks of ${size}`);
    }
  });

  it('keeps the newest by committer date when the log lists an older one first (skewed clocks)', () => {
    const index = parseGitLog(commit(H1, 100, 100, 'older', ['a.html']) + commit(H2, 500, 100, 'newer', ['a.html']), files);
    assert.equal(index.commits[index.newest[0]].hash, H2);
  });

  it('reads top-level paths under the folder\'s prefix only, and SHA-256 hashes', () => {
    const index = parseGitLog(commit(H4, 100, 100, 's', ['site/a.html', 'a.html', 'other/site/b.html']), files, 'site/');
    assert.equal(index.malformed, false);
    assert.deepEqual([...index.newest], [0, -1, -1]);
  });

  it('says when the output is not what was asked for', () => {
    assert.equal(parseGitLog('commit 1234\nAuthor: x\n', files).malformed, true);
    assert.equal(parseGitLog(`\0${H1}\x00100`, files).malformed, true);
    assert.equal(parseGitLog('', files).malformed, false);
  });

  it('calls a commit mass when it touches 80 % of its built folder\'s pages and 20 at least', () => {
    assert.equal(MASS_SHARE, 0.8);
    assert.equal(MASS_MIN_PAGES, 20);
    const site = tracked([...Array.from({ length: 25 }, (_, i) => `public/p${i}.html`), 'public/style.css', 'content/x.md'], ['public']);
    const first = (n: number): string[] => Array.from({ length: n }, (_, i) => `public/p${i}.html`);
    const index = parseGitLog(
      commit(H1, 400, 400, '20 of 25 pages, with the stylesheet and a source', [...first(20), 'public/style.css', 'content/x.md']) +
      commit(H2, 300, 300, '19 of 25 pages', first(19)) +
      commit(H3, 200, 200, 'all', first(25)),
      site,
    );
    assert.deepEqual(index.massCommits.map((m) => [m.commit, m.touched, m.pages, m.folder]), [[H1, 20, 25, 'public'], [H3, 25, 25, 'public']]);
    const hashOf = (c: number): string | undefined => index.commits[c]?.hash;
    assert.equal(hashOf(index.newest[0]), H1);
    assert.equal(hashOf(index.newestContent[0]), H2);
    assert.equal(hashOf(index.newestContent[24]), undefined);
    assert.equal(hashOf(index.newestContent[25]), undefined); // the stylesheet lies in the built folder too
    assert.equal(hashOf(index.newestContent[26]), H1); // a source beside it does not
  });
});

describe('the other outputs', () => {
  it('rev-parse: top level, prefix, shallow, git directory', () => {
    assert.deepEqual(parseRevParse('/repo\nsite/\nfalse\n/repo/.git\n'), { topLevel: '/repo', prefix: 'site/', shallow: false, gitDir: '/repo/.git' });
    assert.equal(parseRevParse('/repo\n\ntrue\n/repo/.git\n')?.shallow, true);
    assert.equal(parseRevParse('--is-shallow-repository\n'), undefined);
  });

  it('ls-files: the tracked paths under the prefix, each once, numbered in order', () => {
    const ids = new Map<string, number>();
    const reader = trackedPathsReader('site/', ids);
    reader.push('site/a.html\0site/a.html\0other.html\0site/ü b');
    reader.push('.html\0');
    reader.end();
    assert.deepEqual([...ids], [['a.html', 0], ['ü b.html', 1]]);
  });

  it('status: modified, added, deleted, untracked; a rename\'s source skipped', () => {
    const found = new Set<string>();
    const reader = uncommittedPathsReader('', found);
    reader.push(' M edited.html\0A  added.html\0 D gone.html\0?? new file.html\0R  to.html\0from.html\0UU conflict.html\0');
    reader.end();
    assert.deepEqual([...found], ['edited.html', 'added.html', 'gone.html', 'new file.html', 'to.html', 'conflict.html']);
  });

  it('NUL tokens: a token cut between chunks is joined, a last one without its NUL is kept', () => {
    const tokens: string[] = [];
    const reader = new NulTokens((t) => tokens.push(t));
    reader.push('ab');
    reader.push('c\0\0d');
    reader.push('e');
    reader.end();
    assert.deepEqual(tokens, ['abc', '', 'de']);
  });
});
