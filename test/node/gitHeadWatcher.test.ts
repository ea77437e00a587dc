/** GitHeadWatcher (server/src/node/git/gitHeadWatcher.ts): HEAD read from the files as git would, and a move seen after a
 * commit, a checkout, a pack of the refs, in a worktree; nothing said when HEAD did not move. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitHeadWatcher, readHead, type HeadState } from '../../server/src/node/git/gitHeadWatcher';
import { gitRepository } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('git-head-');

/** The watcher's next report. */
function nextMove(gitDir: string): { moved: Promise<HeadState>; watcher: GitHeadWatcher } {
  let resolve!: (state: HeadState) => void;
  const moved = new Promise<HeadState>((r) => (resolve = r));
  const watcher = new GitHeadWatcher(gitDir, resolve, 20);
  return { moved: keptAlive(moved), watcher };
}

/** The watcher holds no reference on the event loop (the server's connection does): a test must, while it waits. */
function keptAlive<T>(promise: Promise<T>): Promise<T> {
  const alive = setInterval(() => {}, 1_000);
  return promise.finally(() => clearInterval(alive));
}

describe('readHead', () => {
  it('reads HEAD through a loose ref, packed-refs and a detached HEAD as git rev-parse does', () => {
    const repo = gitRepository(temp());
    const gitDir = path.join(repo.dir, '.git');
    assert.deepEqual(readHead(gitDir), { commit: undefined, ref: 'refs/heads/main' }, 'an unborn branch');
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    assert.deepEqual(readHead(gitDir), { commit: first, ref: 'refs/heads/main' });
    repo.git('pack-refs', '--all');
    assert.equal(fs.existsSync(path.join(gitDir, 'refs', 'heads', 'main')), false);
    assert.equal(readHead(gitDir).commit, first);
    repo.git('checkout', '-q', '--detach');
    assert.deepEqual(readHead(gitDir), { commit: first, ref: undefined });
  });

  it('reads a worktree\'s HEAD in its own git dir and its refs from the common dir', () => {
    const repo = gitRepository(temp());
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    const other = path.join(temp(), 'wt');
    repo.git('worktree', 'add', '-q', '-b', 'side', other);
    const gitDir = repo.git('-C', other, 'rev-parse', '--absolute-git-dir').trim();
    assert.notEqual(gitDir, path.join(repo.dir, '.git'));
    assert.deepEqual(readHead(gitDir), { commit: first, ref: 'refs/heads/side' });
  });
});

describe('GitHeadWatcher', () => {
  it('reports a commit on the current branch with the new id', async () => {
    const repo = gitRepository(temp());
    repo.commit('first', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    const { moved, watcher } = nextMove(path.join(repo.dir, '.git'));
    try {
      const second = repo.commit('second', '2024-02-01T00:00:00Z', { 'a.html': 'b' });
      assert.deepEqual(await moved, { commit: second, ref: 'refs/heads/main' });
      assert.equal(watcher.commit, second);
    } finally {
      watcher.dispose();
    }
  });

  it('reports a checkout of another branch, then follows that branch\'s commits', async () => {
    const repo = gitRepository(temp());
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    repo.git('branch', 'side');
    repo.commit('second', '2024-02-01T00:00:00Z', { 'a.html': 'b' });
    const moves: HeadState[] = [];
    let wake: () => void = () => {};
    const watcher = new GitHeadWatcher(path.join(repo.dir, '.git'), (state) => { moves.push(state); wake(); }, 20);
    const nextReport = (): Promise<void> => keptAlive(new Promise((r) => (wake = r)));
    try {
      let report = nextReport();
      repo.git('checkout', '-q', 'side');
      await report;
      assert.deepEqual(moves.at(-1), { commit: first, ref: 'refs/heads/side' });
      report = nextReport();
      const third = repo.commit('third', '2024-03-01T00:00:00Z', { 'c.html': 'c' });
      await report;
      assert.deepEqual(moves.at(-1), { commit: third, ref: 'refs/heads/side' });
    } finally {
      watcher.dispose();
    }
  });

  it('says nothing when the git dir changes but HEAD stays (staging a file)', async () => {
    const repo = gitRepository(temp());
    repo.commit('first', '2024-01-01T00:00:00Z', { 'a.html': 'a' });
    const { moved, watcher } = nextMove(path.join(repo.dir, '.git'));
    try {
      repo.write({ 'b.html': 'b' });
      repo.git('add', '-A');
      // Had staging been reported, its report would come first.
      const id = repo.commit('second', '2024-02-01T00:00:00Z', {});
      assert.deepEqual(await moved, { commit: id, ref: 'refs/heads/main' });
    } finally {
      watcher.dispose();
    }
  });
});
