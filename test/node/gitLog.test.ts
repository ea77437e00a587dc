/** The readers of git's output (server/src/node/git/gitLog.ts, gitOutput.ts) on hand-written output: fields, merges and
 * empty commits, paths outside the folder or no longer tracked, pages' changes with their blobs, any chunking. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BlobIds, GitLogReader, MAX_PAGE_CHANGES, parseGitLog, type HistoryIndex, type TrackedFiles } from '../../server/src/node/git/gitLog';
import { NulTokens, parseRevParse, trackedPathsReader, uncommittedPathsReader } from '../../server/src/node/git/gitOutput';

const H1 = '1'.repeat(40);
const H2 = '2'.repeat(40);
const H3 = '3'.repeat(40);
const H4 = 'a'.repeat(64); // a SHA-256 repository
const ZERO = '0'.repeat(40);
const blob = (n: number): string => n.toString(16).padStart(40, 'b');

/** A path's change as `--raw` lists it: the blobs before and after (ZERO: none). */
interface Raw {
  path: string;
  before?: string;
  after?: string;
}

/** One commit as `git log -z --raw --no-abbrev LOG_FORMAT` writes it; a bare path is modified from blob 1 to blob 2. */
function commit(hash: string, committed: number, authored: number, subject: string, changes: Array<string | Raw>): string {
  const entries = changes.map((c) => (typeof c === 'string' ? { path: c } : c)).map(({ path, before = blob(1), after = blob(2) }) => {
    const status = before === ZERO ? 'A' : after === ZERO ? 'D' : 'M';
    return `:100644 100644 ${before} ${after} ${status}\0${path}\0`;
  });
  return `\0${hash}\0${committed}\0${authored}\0${subject}\0` + (entries.length === 0 ? '' : `\n${entries.join('')}`);
}

function tracked(paths: string[], pages: string[] = []): TrackedFiles {
  return { ids: new Map(paths.map((p, i) => [p, i])), pages: Uint8Array.from(paths, (p) => (pages.includes(p) ? 1 : 0)) };
}

/** A page's kept changes as [commit hash, blob before, blob after] (undefined: none). */
function changesOf(index: HistoryIndex, id: number): Array<[string, string | undefined, string | undefined]> {
  const hex = (b: number): string | undefined => (b < 0 ? undefined : index.blobs.hex(b));
  return index.changesOf(id).changes.map((c) => [index.commits[c.commit].hash, hex(c.before), hex(c.after)]);
}

describe('the git log reader', () => {
  const files = tracked(['a.html', 'dir with space/ü.html', 'b.html'], ['a.html', 'b.html']);
  const output =
    commit(H1, 300, 290, 'newest: a', [{ path: 'a.html', before: blob(3), after: blob(4) }, 'deleted.html']) +
    commit(H2, 200, 200, '', []) + // a merge or an empty commit: no paths
    commit(H3, 100, 50, 'first', ['dir with space/ü.html', { path: 'a.html', before: ZERO, after: blob(3) }, 'b.html']);

  it('keeps for each tracked path its newest commit, with both dates in ms and the subject', () => {
    const index = parseGitLog(output, files);
    assert.equal(index.malformed, false);
    assert.deepEqual(index.commits.map((c) => c.hash), [H1, H3]);
    assert.deepEqual(index.commits[0], { hash: H1, time: 300_000, authorTime: 290_000, subject: 'newest: a' });
    assert.deepEqual([...index.newest], [0, 1, 1]);
  });

  it('keeps each page\'s changes newest first with the blobs before and after, and none of other paths', () => {
    const index = parseGitLog(output, files);
    assert.deepEqual(changesOf(index, 0), [[H1, blob(3), blob(4)], [H3, undefined, blob(3)]]);
    assert.deepEqual(changesOf(index, 1), []);
    assert.deepEqual(changesOf(index, 2), [[H3, blob(1), blob(2)]]);
  });

  it('keeps a page\'s newest MAX_PAGE_CHANGES changes and says older ones were dropped', () => {
    const many = Array.from({ length: MAX_PAGE_CHANGES + 3 }, (_, k) => commit(k.toString(16).padStart(40, 'c'), 1000 - k, 1000 - k, `c${k}`, ['a.html'])).join('');
    const index = parseGitLog(many, files);
    assert.equal(index.changesOf(0).changes.length, MAX_PAGE_CHANGES);
    assert.equal(index.changesOf(0).truncated, true);
    assert.equal(index.commits[index.changesOf(0).changes[0].commit].subject, 'c0');
  });

  it('gives the same index for any chunking of the output', () => {
    const whole = parseGitLog(output, files);
    for (let size = 1; size < 12; size++) {
      const reader = new GitLogReader(files, '');
      for (let k = 0; k < output.length; k += size) reader.push(output.slice(k, k + size));
      const index = reader.end();
      assert.deepEqual([index.commits, index.newest, changesOf(index, 0), changesOf(index, 2)], [whole.commits, whole.newest, changesOf(whole, 0), changesOf(whole, 2)], `chunks of ${size}`);
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
    assert.equal(parseGitLog(`\0${H1}\x00100\x00100\x00s\0\nnot a raw line\0a.html\0`, files).malformed, true);
    assert.equal(parseGitLog('', files).malformed, false);
  });

  it('packs blob ids, SHA-1 and SHA-256, and reads them back', () => {
    const ids = new BlobIds();
    const sha1 = '0123456789abcdef0123456789abcdef01234567';
    assert.equal(ids.add(ZERO), -1);
    const k = ids.add(sha1);
    for (let n = 0; n < 3000; n++) ids.add(blob(n));
    assert.equal(ids.hex(k), sha1);
    assert.equal(ids.hex(k + 2001), blob(2000));
    const sha256 = new BlobIds();
    assert.equal(sha256.hex(sha256.add('f'.repeat(64))), 'f'.repeat(64));
    assert.equal(sha256.add('0'.repeat(64)), -1);
  });

  it('tells two indexes of one id from two ids, words with the top bit set included', () => {
    const ids = new BlobIds();
    const high = `ffffffff80000000${'0'.repeat(23)}1`;
    const [a, b, c, d] = [high, blob(7), high, `${high.slice(0, 39)}2`].map((hex) => ids.add(hex));
    assert.equal(ids.hex(a), high);
    assert.equal(ids.same(a, c), true);
    assert.equal(ids.same(a, b), false);
    assert.equal(ids.same(a, d), false);
    assert.equal(ids.same(b, b), true);
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
