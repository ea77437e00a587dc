/**
 * readGitHistory with startAtOnce (sitemap-lint: git's listings start before the folder walk, which holds the thread,
 * their output spooled to files): git runs to its end while the thread is held, even past what a pipe holds, and the
 * history read is the one read without it, whatever git answers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readGitHistory, type GitHistory } from '../../server/src/node/git/gitHistory';
import { GIT_TEST_ENV, gitRepository, runGit } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const temp = tempFolders('git-start-at-once-');
/** git may not look above the temporary folders: a test machine's /tmp could lie in a repository. */
const env = (dir: string): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir) });

const PAGES = 250;
const COMMITS = 60;

/** A built page: a nav (the template) around its main text. */
function page(n: number, text: number, nav: number): string {
  return `<!doctype html><html><head><title>Page ${n}</title></head><body><nav>Build ${nav}</nav><main><p>Text ${text}</p></main></body></html>\n`;
}

function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/**
 * COMMITS builds of PAGES pages each, a day apart (every other one changes the template only), imported with fast-import:
 * over 1.5 MB of `git log --raw`, far more than a pipe (or the socket node's child processes write to) holds.
 */
function builtRepository(): string {
  const dir = temp();
  runGit(dir, ['init', '-q', '-b', 'main']);
  const stream: string[] = [];
  for (let k = 0; k < COMMITS; k++) {
    const seconds = Date.UTC(2024, 0, 1 + k) / 1000;
    stream.push(`commit refs/heads/main\ncommitter Test <test@example.com> ${seconds} +0000\n${data(`build ${k}`)}`);
    for (let n = 0; n < PAGES; n++) stream.push(`M 100644 inline public/p${n}.html\n${data(page(n, k % 2 === 0 ? k : k - 1, k))}`);
    stream.push('\n');
  }
  // glibc's heap padded: fast-import otherwise grows and trims it 60,000 times (12 s on a VM where brk is slow, 0.2 s so).
  runGit(dir, ['fast-import', '--quiet'], { ...GIT_TEST_ENV, MALLOC_TOP_PAD_: String(64 << 20) }, stream.join(''));
  runGit(dir, ['reset', '-q', '--hard', 'main']);
  fs.writeFileSync(path.join(dir, 'public', 'p0.html'), page(0, 999, COMMITS)); // an uncommitted content change
  return dir;
}

/** A `git` that runs the real one, then logs its arguments once it has ended. */
function loggingGit(dir: string): { git: string; ended: () => string } {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const log = path.join(dir, 'ended.log');
  const git = path.join(dir, 'git');
  fs.writeFileSync(git, `#!/bin/sh\n'${real}' "$@"\ncode=$?\necho "$*" >> '${log}'\nexit $code\n`, { mode: 0o755 });
  return { git, ended: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '') };
}

/** Holds this thread (no turn of the event loop) until `done()` or the timeout; whether it came. */
function holdThreadUntil(done: () => boolean, timeoutMs: number): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    Atomics.wait(pause, 0, 0, 10);
  }
  return true;
}

/** What a history says of the pages, in one value to compare. */
function answers(history: GitHistory): unknown {
  const files = Array.from({ length: PAGES }, (_, n) => `public/p${n}.html`);
  return { status: history.status, uncommitted: [...history.uncommitted], facts: files.map((file) => history.facts(file)) };
}

describe('readGitHistory with startAtOnce', () => {
  it('runs git log to its end while the thread is held, its output past what a pipe holds, and reads the history read without it', async () => {
    const dir = builtRepository();
    const logged = execFileSync('git', ['-C', dir, 'log', '-z', '--raw', '--no-abbrev', '--no-renames', '--', '.'], { env: GIT_TEST_ENV, maxBuffer: 1 << 26 });
    assert.ok(logged.length > 1024 * 1024, `${logged.length} bytes of log`);
    const { git, ended } = loggingGit(temp());
    const spools = temp();
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = spools;
    let reading: Promise<GitHistory>;
    try {
      reading = readGitHistory(dir, { git, env: env(dir), builtFolders: ['public'], startAtOnce: true });
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    // The thread is held as the folder walk holds it: git log must start and end meanwhile, its output going nowhere it can fill.
    assert.ok(holdThreadUntil(() => / log -z /.test(ended()), 60_000), `git ended: ${ended()}`);
    const held = await reading;
    assert.equal(held.status, 'ok');
    assert.deepEqual(answers(held), answers(await readGitHistory(dir, { env: env(dir), builtFolders: ['public'] })));
    assert.equal(held.lastContentChange('public/p1.html')?.subject, `build ${COMMITS - 2}`);
    assert.deepEqual(fs.readdirSync(spools), []); // no spooled output left behind
  });

  it('says what it says without it: not a repository, no git, failed, shallow, an unborn branch, cancelled', async () => {
    const plain = temp({ 'a.html': 'a' });
    const read = (folder: string, options: Parameters<typeof readGitHistory>[1] = {}) => readGitHistory(folder, { env: env(folder), ...options, startAtOnce: true });
    assert.equal((await read(plain)).status, 'not-a-repository');
    assert.equal((await read(plain, { git: path.join(plain, 'no-such-git') })).status, 'no-git');
    assert.equal((await read(path.join(plain, 'no such folder'), { env: env(plain) })).status, 'failed');
    const origin = gitRepository(temp());
    origin.commit('one', '2024-01-01T00:00:00Z', { 'a.html': '1' });
    origin.commit('two', '2024-02-01T00:00:00Z', { 'a.html': '2' });
    const clone = path.join(temp(), 'clone');
    runGit(path.dirname(clone), ['clone', '-q', '--depth', '1', `file://${origin.dir}`, clone]);
    assert.equal((await read(clone)).status, 'shallow');
    const unborn = gitRepository(temp());
    unborn.write({ 'a.html': 'a' });
    const empty = await read(unborn.dir);
    assert.deepEqual([empty.status, [...empty.uncommitted]], ['ok', ['a.html']]);
    const during = new AbortController();
    const reading = read(origin.dir, { signal: during.signal });
    during.abort();
    assert.equal((await reading).status, 'cancelled');
  });
});
