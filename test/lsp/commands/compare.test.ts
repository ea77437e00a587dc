/**
 * `sitemap/compare` over the wire, in real git repositories: the open document (unsaved edits included) against HEAD,
 * an older revision, another file, an index with its children; a file not in HEAD, no repository, no such revision,
 * no git, an untrusted workspace (where git never runs), and a cancel that stops git.
 */
import { after, before, describe, it } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import { LspClient } from '../lspClient';
import { COMPARE_REQUEST, type CompareParams, type CompareResult } from '../../../shared/protocol';
import { GIT_TEST_ENV, gitRepository, type GitRepository } from '../../support/gitRepository';
import { listedIndex as sitemapindex, listedUrlset as urlset, SITE as U } from '../../support/listingFixture';

/** The diff's lists and counts, the URLs without the origin. */
function lists(result: CompareResult): unknown {
  assert.equal(result.refused, undefined, JSON.stringify(result.refused));
  const short = (url: string) => url.slice(U.length);
  const diff = result.diff!;
  return {
    added: diff.added.map(short), removed: diff.removed.map(short),
    lastmodChanged: diff.lastmodChanged.map((c) => `${short(c.url)} ${c.from} → ${c.to}`), counts: diff.counts,
  };
}

const counts = (old: number, added: number, removed: number, lastmodChanged: number) =>
  ({ old, new: old + added - removed, added, removed, lastmodChanged });

async function compare(client: LspClient, file: string, text: string, params: Omit<CompareParams, 'uri'> = {}): Promise<CompareResult> {
  const uri = pathToFileURL(file).href;
  client.open(uri, 'sitemap', text);
  try {
    return (await client.connection.sendRequest(COMPARE_REQUEST, { uri, ...params })) as CompareResult;
  } finally {
    client.close(uri);
  }
}

describe('sitemap/compare over stdio, in a trusted workspace', () => {
  let root: string;
  let repo: GitRepository;
  let client: LspClient;

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-compare-'));
    repo = gitRepository(path.join(root, 'repo'));
    repo.commit('first', '2024-01-01T00:00:00Z', {
      'public/sitemap.xml': urlset('a@2024-01-01', 'b@2024-01-01', 'c'),
      'public/sitemap_index.xml': sitemapindex('part-1.xml', 'part-2.xml.gz'),
      'public/part-1.xml': urlset('p1', 'p2@2024-01-01'),
    });
    fs.writeFileSync(path.join(repo.dir, 'public/part-2.xml.gz'), zlib.gzipSync(urlset('q1', 'q2')));
    repo.commit('second', '2024-02-01T00:00:00Z', { 'public/sitemap.xml': urlset('a@2024-01-01', 'b@2024-02-01T00:00:00Z', 'd') });
    client = await LspClient.start({ workspaceFolders: [{ uri: pathToFileURL(repo.dir).href, name: 'repo' }], initializationOptions: { workspaceTrusted: true } });
  });

  after(async () => {
    assert.equal(await client.stop(), 0);
    assert.deepEqual(client.protocolErrors, []);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('compares the text as edited (unsaved) with the last commit, not the file on disk', async () => {
    const file = path.join(repo.dir, 'public/sitemap.xml');
    const result = await compare(client, file, urlset('b@2024-03-01', 'd', 'e', 'f'));
    assert.equal(result.old, 'HEAD:public/sitemap.xml');
    assert.equal(result.new, file);
    assert.deepEqual(lists(result), {
      added: ['e', 'f'], removed: ['a'], lastmodChanged: ['b 2024-02-01T00:00:00Z → 2024-03-01'], counts: counts(3, 2, 1, 1),
    });
    assert.match(result.markdown!, /\| Added \| 2 \|/);
  });

  it('compares with an older revision; an instant written two ways is no change', async () => {
    const file = path.join(repo.dir, 'public/sitemap.xml');
    const result = await compare(client, file, urlset('a@2024-01-01T00:00:00Z', 'b@2024-01-01', 'c'), { revision: 'HEAD~1' });
    assert.equal(result.old, 'HEAD~1:public/sitemap.xml');
    assert.deepEqual(lists(result), { added: [], removed: [], lastmodChanged: [], counts: counts(3, 0, 0, 0) });
  });

  it('compares an index with its children at HEAD (a gzip child too) against its children on disk, an open child as edited', async () => {
    fs.writeFileSync(path.join(repo.dir, 'public/part-1.xml'), urlset('p1', 'p2@2024-05-01', 'p3'));
    const openChild = pathToFileURL(path.join(repo.dir, 'public/part-2.xml.gz')).href;
    const file = path.join(repo.dir, 'public/sitemap_index.xml');
    try {
      client.open(pathToFileURL(path.join(repo.dir, 'public/part-2.xml')).href, 'sitemap', urlset('unrelated'));
      const result = await compare(client, file, sitemapindex('part-1.xml', 'part-2.xml.gz'));
      assert.deepEqual(lists(result), { added: ['p3'], removed: [], lastmodChanged: ['p2 2024-01-01 → 2024-05-01'], counts: counts(4, 1, 0, 1) });
      client.open(openChild, 'sitemap', urlset('q2', 'q9'));
      const edited = await compare(client, file, sitemapindex('part-1.xml', 'part-2.xml.gz'));
      assert.deepEqual(lists(edited), { added: ['p3', 'q9'], removed: ['q1'], lastmodChanged: ['p2 2024-01-01 → 2024-05-01'], counts: counts(4, 2, 1, 1) });
    } finally {
      client.close(openChild);
      client.close(pathToFileURL(path.join(repo.dir, 'public/part-2.xml')).href);
      repo.git('checkout', '--', 'public/part-1.xml');
    }
  });

  it('compares with another file, gzipped or not, following its children', async () => {
    const other = path.join(root, 'old-build', 'sitemap.xml.gz');
    fs.mkdirSync(path.dirname(other), { recursive: true });
    fs.writeFileSync(other, zlib.gzipSync(urlset('a', 'z')));
    const result = await compare(client, path.join(repo.dir, 'public/sitemap.xml'), urlset('a', 'y'), { otherUri: pathToFileURL(other).href });
    assert.equal(result.old, other);
    assert.deepEqual(lists(result), { added: ['y'], removed: ['z'], lastmodChanged: [], counts: counts(2, 1, 1, 0) });
    const index = path.join(root, 'old-build', 'index.xml');
    fs.writeFileSync(index, sitemapindex('part-1.xml'));
    fs.writeFileSync(path.join(root, 'old-build', 'part-1.xml'), urlset('p1', 'p0'));
    const fromIndex = await compare(client, path.join(repo.dir, 'public/part-1.xml'), urlset('p1', 'p2@2024-01-01'), { otherUri: pathToFileURL(index).href });
    assert.deepEqual(lists(fromIndex), { added: ['p2'], removed: ['p0'], lastmodChanged: [], counts: counts(2, 1, 1, 0) });
  });

  it('refuses, as unreadable, another file that is missing, corrupt gzip or no sitemap', async () => {
    const broken = path.join(root, 'old-build', 'broken.xml.gz');
    fs.writeFileSync(broken, zlib.gzipSync(urlset('a')).subarray(0, 40));
    const robots = path.join(root, 'old-build', 'robots.txt');
    fs.writeFileSync(robots, 'User-agent: *\nDisallow:\n');
    for (const other of [path.join(root, 'old-build', 'missing.xml'), broken, robots]) {
      const result = await compare(client, path.join(repo.dir, 'public/sitemap.xml'), urlset('a'), { otherUri: pathToFileURL(other).href });
      assert.equal(result.refused?.kind, 'unreadable', other);
    }
  });

  it('a file not in HEAD: every URL added, the old side empty and said to be missing', async () => {
    const file = path.join(repo.dir, 'public/news.xml');
    fs.writeFileSync(file, urlset('n1'));
    try {
      const result = await compare(client, file, urlset('n1', 'n2'));
      assert.equal(result.oldMissing, true);
      assert.deepEqual(lists(result), { added: ['n1', 'n2'], removed: [], lastmodChanged: [], counts: counts(0, 2, 0, 0) });
    } finally {
      fs.rmSync(file);
    }
  });

  it('refuses, saying which, for a revision the repository does not have and for a file outside any repository', async () => {
    const missing = await compare(client, path.join(repo.dir, 'public/sitemap.xml'), urlset('a'), { revision: 'HEAD~5' });
    assert.equal(missing.refused?.kind, 'missing-revision');
    assert.equal(missing.diff, undefined);
    const option = await compare(client, path.join(repo.dir, 'public/sitemap.xml'), urlset('a'), { revision: '--output=/tmp/x' });
    assert.equal(option.refused?.kind, 'missing-revision');
    const outside = path.join(root, 'no-repo', 'sitemap.xml');
    fs.mkdirSync(path.dirname(outside), { recursive: true });
    const result = await compare(client, outside, urlset('a'));
    assert.equal(result.refused?.kind, 'not-in-repository');
  });
});

describe('sitemap/compare where git cannot or must not run', () => {
  let root: string;
  /** A `git` first on the PATH that leaves a mark when run. */
  let marker: string;
  let fakeBin: string;

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-compare-untrusted-'));
    gitRepository(path.join(root, 'repo')).commit('first', '2024-01-01T00:00:00Z', { 'sitemap.xml': urlset('a') });
    fakeBin = path.join(root, 'bin');
    marker = path.join(root, 'git-ran');
    fs.mkdirSync(fakeBin);
    fs.writeFileSync(path.join(fakeBin, 'git'), `#!/bin/sh\ntouch '${marker}'\nexit 1\n`, { mode: 0o755 });
  });

  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const start = (trusted: boolean, PATH: string) => LspClient.start({
    workspaceFolders: [{ uri: pathToFileURL(path.join(root, 'repo')).href, name: 'repo' }],
    initializationOptions: { workspaceTrusted: trusted }, env: { PATH, GIT_CONFIG_GLOBAL: GIT_TEST_ENV.GIT_CONFIG_GLOBAL! },
  });

  it('an untrusted workspace: refused, git never run; Compare with File still works there', async () => {
    const client = await start(false, `${fakeBin}${path.delimiter}${process.env.PATH}`);
    try {
      const file = path.join(root, 'repo', 'sitemap.xml');
      const result = await compare(client, file, urlset('a', 'b'));
      assert.equal(result.refused?.kind, 'untrusted');
      assert.equal(fs.existsSync(marker), false);
      const other = path.join(root, 'other.xml');
      fs.writeFileSync(other, urlset('b'));
      const withFile = await compare(client, file, urlset('a', 'b'), { otherUri: pathToFileURL(other).href });
      assert.deepEqual(lists(withFile), { added: ['a'], removed: [], lastmodChanged: [], counts: counts(1, 1, 0, 0) });
      assert.equal(fs.existsSync(marker), false);
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });

  it('cancelling the request stops git show and is answered RequestCancelled', { timeout: 30_000 }, async () => {
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const slowBin = path.join(root, 'slow-bin');
    const showPid = path.join(root, 'show-pid');
    fs.mkdirSync(slowBin, { recursive: true });
    // git itself, except that `show` hangs (its pid written first) until it is killed.
    fs.writeFileSync(path.join(slowBin, 'git'), `#!/bin/sh\nfor a in "$@"; do [ "$a" = show ] && { echo $$ > '${showPid}.tmp'; mv '${showPid}.tmp' '${showPid}'; exec sleep 600; }; done\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
    const client = await start(true, `${slowBin}${path.delimiter}${process.env.PATH}`);
    try {
      const uri = pathToFileURL(path.join(root, 'repo', 'sitemap.xml')).href;
      client.open(uri, 'sitemap', urlset('a', 'b'));
      const source = new CancellationTokenSource();
      const answer = client.connection.sendRequest(COMPARE_REQUEST, { uri }, source.token);
      const pid = await new Promise<number>((resolve) => {
        const look = () => (fs.existsSync(showPid) ? resolve(Number(fs.readFileSync(showPid, 'utf8'))) : setTimeout(look, 10));
        look();
      });
      source.cancel();
      await assert.rejects(answer, (error: { code?: number }) => error.code === -32800);
      assert.throws(() => process.kill(pid, 0), 'git show was stopped');
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });

  it('no git on the PATH: refused as no-git', async () => {
    const empty = path.join(root, 'empty-bin');
    fs.mkdirSync(empty, { recursive: true });
    const client = await start(true, empty);
    try {
      const result = await compare(client, path.join(root, 'repo', 'sitemap.xml'), urlset('a'));
      assert.equal(result.refused?.kind, 'no-git');
    } finally {
      assert.equal(await client.stop(), 0);
    }
  });
});
