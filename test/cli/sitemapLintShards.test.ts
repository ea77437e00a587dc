/** Sharded lint through the real binary: the shards' reports plus the merge's equal one whole run, problem for problem
 * (n = 1, 2, 3, 7, some shards empty); the merge split by URL-hash partitions, each reading its share; bad summary files. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { index, loc, ROOT, urlset } from '../support/siteFixture';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');

/** Cross-file duplicates in several files, a missing child, a stale index lastmod, a nested index, an unlisted sitemap. */
const SITE = {
  'public/robots.txt': `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\nSitemap: ${ROOT}gone.xml\n`,
  'public/sitemap-index.xml': index(`${loc('a.xml')}<lastmod>2024-01-01</lastmod>`, loc('b.xml'), loc('c.xml'), loc('inner-index.xml'), loc('missing.xml')),
  'public/a.xml': urlset(`${loc('p1')}<lastmod>2024-03-01</lastmod>`, loc('p2'), loc('p5')),
  'public/b.xml': urlset(loc('p2'), loc('p3'), loc('p6')),
  'public/c.xml': urlset(loc('p5'), loc('p6'), loc('p7'), loc('p2')),
  'public/inner-index.xml': index(loc('b.xml')),
  'public/orphan.xml': urlset(loc('p4'), loc('p7'), loc('p1')),
  'public/more/d.xml': urlset(loc('p8'), `${loc('p3')}<lastmod>2025-01-01</lastmod>`),
};

const folder = tempFolders('sitemap-lint-shards-');

interface Run { code: number | null; stdout: string; stderr: string }

function run(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Every problem of a JSON report as one line (file, rule, severity, range, related places, URL), sorted. A merge knows
 * the shards' URLs by their keys only: its cross-file duplicates name no URL (docs/command-line.md), so theirs is left out.
 */
function problems(r: Run): string[] {
  assert.equal(r.stderr, '');
  const files = JSON.parse(r.stdout) as Array<{ file: string; problems: Array<Record<string, unknown>> }>;
  const url = (p: Record<string, unknown>) => (p.rule === 'cross-file-duplicate-url' ? undefined : p.url);
  return files.flatMap((f) => f.problems.map((p) => `${f.file.split(path.sep).join('/')} ${JSON.stringify({ ...p, message: undefined, url: url(p) })}`)).sort();
}

/** The files a shard's report names. */
function filesOf(r: Run): string[] {
  return (JSON.parse(r.stdout) as Array<{ file: string }>).map((f) => f.file.split(path.sep).join('/'));
}

function sharded(dir: string, n: number): { problems: string[]; shardFiles: string[][]; summaries: string[]; codes: Array<number | null> } {
  const all: string[] = [];
  const shardFiles: string[][] = [];
  const summaries: string[] = [];
  const codes: Array<number | null> = [];
  for (let i = 1; i <= n; i++) {
    const summary = `summary-${i}-of-${n}.jsonl`;
    const r = run(['--shard', `${i}/${n}`, '--summary-out', summary, 'public'], dir);
    all.push(...problems(r));
    shardFiles.push(filesOf(r));
    summaries.push(summary);
    codes.push(r.code);
  }
  return { problems: all, shardFiles, summaries, codes };
}

describe('sitemap-lint --shard / --merge-summaries', () => {
  it('the shards plus the merge equal one whole run, for 1, 2, 3 and 7 shards', () => {
    const dir = folder(SITE);
    const whole = run(['public'], dir);
    const expected = problems(whole);
    const rules = new Set(expected.map((p) => (JSON.parse(p.slice(p.indexOf(' ') + 1)) as { rule: string }).rule));
    for (const rule of ['cross-file-duplicate-url', 'missing-sitemap-file', 'stale-index-lastmod', 'unlisted-sitemap']) assert.ok(rules.has(rule), rule);
    for (const n of [1, 2, 3, 7]) {
      const shards = sharded(dir, n);
      // Each file in exactly one shard; with 7 shards for 8 files some are empty.
      assert.deepEqual(shards.shardFiles.flat().sort(), filesOf(whole).sort(), `n=${n}`);
      if (n === 7) assert.ok(shards.shardFiles.some((f) => f.length === 0));
      const merge = run(['--merge-summaries', ...shards.summaries], dir);
      assert.deepEqual([...shards.problems, ...problems(merge)].sort(), expected, `n=${n}`);
      // The worst exit code of the shards and the merge is one run's (nested-index is an error: the merge's 1).
      assert.equal(merge.code, 1);
      assert.equal(Math.max(...shards.codes.map(Number), Number(merge.code)), whole.code);
    }
  });

  it('the page rules run in the merge: shards plus merge equal one whole run over a built site', () => {
    const page = (head = ''): string => `<!doctype html><html><head><title>t</title>${head}</head><body>x</body></html>\n`;
    const dir = folder({
      'public/a.xml': urlset(loc(''), loc('noindex/'), loc('missing/')),
      'public/b.xml': urlset(loc('private/'), loc('canon/')),
      'public/c.xml': urlset(loc('gone/'), loc('')),
      'public/robots.txt': `User-agent: *\nDisallow: /private/\nSitemap: ${ROOT}a.xml\n`,
      'public/index.html': page(), 'public/private/index.html': page(), 'public/unlisted/index.html': page(),
      'public/noindex/index.html': page('<meta name="robots" content="noindex">'),
      'public/canon/index.html': page(`<link rel="canonical" href="${ROOT}other/">`), 'public/other/index.html': page(),
    });
    // No git here: the lastmod rules off, so that no note is said.
    const options = ['--site-root', `public=${ROOT}`, '--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off'];
    const expected = problems(run([...options, 'public'], dir));
    for (const rule of ['page-not-found', 'noindex-page', 'blocked-by-robots', 'canonical-elsewhere', 'unlisted-page', 'cross-file-duplicate-url']) {
      assert.ok(expected.some((p) => p.includes(`"rule":"${rule}"`)), rule);
    }
    for (const n of [2, 3]) {
      const shards: string[] = [];
      const summaries: string[] = [];
      for (let i = 1; i <= n; i++) {
        summaries.push(`pages-${i}.jsonl`);
        shards.push(...problems(run([...options, '--shard', `${i}/${n}`, '--summary-out', summaries[i - 1], 'public'], dir)));
      }
      assert.deepEqual([...shards, ...problems(run([...options, '--merge-summaries', ...summaries], dir))].sort(), expected, `n=${n}`);
    }
  });

  it('a file keeps its shard when another file is added', () => {
    const dir = folder(SITE);
    const before = sharded(dir, 3).shardFiles;
    fs.writeFileSync(path.join(dir, 'public/new.xml'), urlset(loc('p9')));
    const after = sharded(dir, 3).shardFiles.map((files) => files.filter((f) => f !== 'public/new.xml'));
    assert.deepEqual(after, before);
  });

  it('the merge split in URL-hash partitions: every partition together equals one merge', () => {
    const dir = folder(SITE);
    const { summaries } = sharded(dir, 2);
    const merge = problems(run(['--merge-summaries', ...summaries], dir));
    for (const count of [2, 5]) {
      const parts: string[] = [];
      for (let k = 1; k <= count; k++) parts.push(...problems(run(['--merge-summaries', '--partition', `${k}/${count}`, ...summaries], dir)));
      assert.deepEqual(parts.sort(), merge, `K=${count}`);
    }
  });

  it('a bad, foreign or mismatched summary file, or options that do not go together: exit 2 with one line (and the usage line after a usage error)', () => {
    const dir = folder({ ...SITE, 'not-json.jsonl': 'hello\n', 'foreign.jsonl': '{"format":"other","version":1}\n',
      'future.jsonl': '{"format":"sitemap-lint-summary","version":99,"shard":"1/1"}\n',
      'broken.jsonl': '{"format":"sitemap-lint-summary","version":1,"shard":"1/1"}\n{"order":0}\n' });
    for (const args of [['--merge-summaries', 'not-json.jsonl'], ['--merge-summaries', 'foreign.jsonl'], ['--merge-summaries', 'future.jsonl'],
      ['--merge-summaries', 'broken.jsonl'], ['--merge-summaries', 'absent.jsonl'], ['--shard', '0/2', 'public'], ['--shard', '3/2', 'public'],
      ['--summary-out', 'x.jsonl', 'public'], ['--partition', '1/2', 'public'], ['--shard', '1/2', '--follow', 'public']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^sitemap-lint: [^\n]+\n(usage: sitemap-lint [^\n]+\n)?$/, args.join(' '));
    }
  });

  it('shards plus a merge in K partitions equal one whole run, for 1, 2 and 3 shards and K = 1, 2, 3, 7 (CRLF, a <loc> over lines, non-ASCII URLs)', () => {
    // Every shard count and every K, each K once (the most partitions over the most summaries): every pair ran 45
    // processes, this 19, for the same shards and the same partitions.
    const partitionsFor = new Map([[1, [2]], [2, [1, 3]], [3, [7]]]);
    const dir = folder({
      ...SITE,
      'public/crlf.xml': urlset(`<loc>\r\n  ${ROOT}p5\r\n</loc>`, loc('p1'), `${loc('caf\u00e9/\u{1F600}')}<lastmod>2025-02-01</lastmod>`, loc('p1'), loc('p10')).replace(/\n/g, '\r\n'),
      'public/more/e.xml': urlset(loc('p1'), loc('caf\u00e9/\u{1F600}'), loc('p10'), loc('p10')),
    });
    const whole = run(['public'], dir);
    const expected = problems(whole);
    assert.ok(expected.filter((p) => p.includes('"rule":"cross-file-duplicate-url"')).length >= 10);
    for (const [n, counts] of partitionsFor) {
      const shards = sharded(dir, n);
      for (const count of counts) {
        const parts: string[] = [];
        for (let k = 1; k <= count; k++) parts.push(...problems(run(['--merge-summaries', '--partition', `${k}/${count}`, ...shards.summaries], dir)));
        assert.deepEqual([...shards.problems, ...parts].sort(), expected, `n=${n} K=${count}`);
      }
    }
  });

  it('with page facts (a --site-root, no built pages): shards plus merge equal one whole run, index and robots.txt rules included', () => {
    const dir = folder(SITE);
    const options = ['--site-root', `public=${ROOT}`, '--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off'];
    const expected = problems(run([...options, 'public'], dir));
    for (const rule of ['cross-file-duplicate-url', 'missing-sitemap-file', 'stale-index-lastmod', 'nested-index']) {
      assert.ok(expected.some((p) => p.includes(`"rule":"${rule}"`)), rule);
    }
    for (const n of [1, 3]) {
      const shards: string[] = [];
      const summaries: string[] = [];
      for (let i = 1; i <= n; i++) {
        summaries.push(`facts-${i}.bin`);
        shards.push(...problems(run([...options, '--shard', `${i}/${n}`, '--summary-out', summaries[i - 1], 'public'], dir)));
      }
      assert.deepEqual([...shards, ...problems(run([...options, '--merge-summaries', ...summaries], dir))].sort(), expected, `n=${n}`);
    }
  });

  it('a summary is compact (at most 40 bytes per URL without page facts) and partition k of K reads about 1/K of it', () => {
    const urls = (f: number): string[] => Array.from({ length: 3000 }, (_, k) => loc(`section-${f}/page-${k}.html`));
    const dir = folder({ 'public/a.xml': urlset(...urls(0)), 'public/b.xml': urlset(...urls(1).slice(0, 2990), ...urls(0).slice(0, 10)) });
    assert.equal(run(['--shard', '1/1', '--summary-out', 'summary.bin', 'public'], dir).code, 0);
    const size = fs.statSync(path.join(dir, 'summary.bin')).size;
    assert.ok(size <= 40 * 6000, `${size} bytes`);
    const bytesRead = (args: string[]): number => {
      const r = spawnSync(process.execPath, [BIN, '--format', 'json', '--merge-summaries', ...args, 'summary.bin'],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, SITEMAP_LINT_REPORT_READ: '1' } });
      assert.equal(r.status, 0);
      assert.ok(r.stdout.includes('cross-file-duplicate-url') || args.length > 0);
      return Number(/summary bytes read ([0-9]+)/.exec(r.stderr)![1]);
    };
    assert.ok(bytesRead([]) <= size);
    for (const count of [4, 7]) {
      for (let k = 1; k <= count; k++) {
        const read = bytesRead(['--partition', `${k}/${count}`]);
        assert.ok(read < size / count * 1.3 + 4096, `K=${count} k=${k}: ${read} of ${size} bytes`);
      }
    }
  });

  it('a version 1 summary, a damaged one, one without the page facts a merge needs, or more partitions than hash buckets: exit 2 with one line (and the usage line after a usage error)', () => {
    const v1 = '{"format":"sitemap-lint-summary","version":1,"shard":"1/1"}\n{"order":0,"name":"public/a.xml","path":"public/a.xml","location":null,'
      + '"kind":"urlset","anchor":[0,0],"text":"","ends":[],"ranges":[],"lastmods":[],"hashes":[],"lines":[0],"length":0}\n';
    const dir = folder({ ...SITE, 'v1.jsonl': v1 });
    assert.equal(run(['--shard', '1/1', '--summary-out', 'whole.bin', 'public'], dir).code, 0);
    const whole = fs.readFileSync(path.join(dir, 'whole.bin'));
    fs.writeFileSync(path.join(dir, 'cut.bin'), whole.subarray(0, whole.length >> 1));
    fs.writeFileSync(path.join(dir, 'no-end.bin'), whole.subarray(0, whole.length - 1));
    for (const args of [['--merge-summaries', 'v1.jsonl'], ['--merge-summaries', 'cut.bin'], ['--merge-summaries', 'no-end.bin'],
      ['--merge-summaries', '--partition', '1/1025', 'whole.bin'],
      // Shards without the page rules' facts, a merge that runs them.
      ['--site-root', `public=${ROOT}`, '--merge-summaries', 'whole.bin']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^sitemap-lint: [^\n]+\n(usage: sitemap-lint [^\n]+\n)?$/, args.join(' '));
    }
    assert.equal(run(['--merge-summaries', '--partition', '1024/1024', 'whole.bin'], dir).code, 0);
  });
});
