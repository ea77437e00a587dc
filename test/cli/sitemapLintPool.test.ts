/**
 * `sitemap-lint`'s worker threads (server/src/cli/lint/lintPool.ts), the real binary on a generated site: the same report
 * with and without workers (every cross-file rule, --follow, standard input among the files), an I/O error inside a
 * worker reported as in one thread, and an abort that leaves nothing running. SITEMAP_LINT_WORKERS forces the pool
 * (or keeps it off) whatever the size; SITEMAP_LINT_REPORT_POOL=1 makes the binary say that workers ran.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tempFolders } from '../support/tempFolders';
import { wanted } from '../../server/src/cli/lint/lintPool';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const LINT = path.resolve(__dirname, '../../server/src/cli/lint');
const ROOT = 'https://www.example.com/';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlset = (entries: string[]) => `${DECL}\n<urlset ${NS}>\n${entries.map((x) => `<url>${x}</url>\n`).join('')}</urlset>\n`;
const index = (entries: string[]) => `${DECL}\n<sitemapindex ${NS}>\n${entries.map((x) => `<sitemap>${x}</sitemap>\n`).join('')}</sitemapindex>\n`;
const loc = (p: string) => `<loc>${ROOT}${p}</loc>`;
const PARTS = 16;

/**
 * A site with every cross-file rule and per-file problems spread over many files. The first part is much larger
 * than the others, so that workers finish files out of order.
 */
function site(): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer> = {};
  const names: string[] = [];
  for (let k = 0; k < PARTS; k++) {
    const name = `part-${String(k).padStart(2, '0')}.xml`;
    names.push(name);
    const entries = Array.from({ length: k === 0 ? 3000 : 150 }, (_, i) => loc(`p${k}/${i}`));
    entries.push(`${loc(`shared/${k % 4}`)}<lastmod>2024-05-0${1 + (k % 9)}</lastmod>`); // duplicates across parts
    if (k % 3 === 0) entries.push(`${loc(`p${k}/a&b`)}<lastmod>2999-01-01</lastmod>`); // unescaped-ampersand, future-lastmod
    if (k % 5 === 0) entries.push('<loc>https://other.example/x</loc>'); // mixed-hosts
    files[`public/${name}`] = urlset(entries);
  }
  files['public/part-gz.xml.gz'] = gzipSync(urlset([loc('gz/1'), loc('p1/3')]));
  names.push('part-gz.xml.gz');
  files['public/inner-index.xml'] = index([loc('part-01.xml')]);
  files['public/sitemap-index.xml'] = index([
    ...names.map((n) => `${loc(n)}<lastmod>2024-01-01</lastmod>`), loc('inner-index.xml'), loc('missing.xml'),
  ]);
  files['public/orphan.xml'] = urlset([loc('orphan')]);
  files['public/robots.txt'] = `User-agent: *\nSitemap: ${ROOT}sitemap-index.xml\nSitemap: ${ROOT}gone.xml\n`;
  return files;
}

const CROSS_FILE = ['cross-file-duplicate-url', 'missing-sitemap-file', 'nested-index', 'stale-index-lastmod', 'unlisted-sitemap'];

const folder = tempFolders('sitemap-lint-pool-');

interface Run { code: number | null; stdout: string; stderr: string[]; pool: { workers: number; files: number } | undefined }

/** The binary with SITEMAP_LINT_WORKERS=workers; `pool` is what it says of its workers, the rest of stderr apart. */
function lint(workers: number, args: string[], cwd: string, input?: string): Run {
  const env = { ...process.env, SITEMAP_LINT_WORKERS: String(workers), SITEMAP_LINT_REPORT_POOL: '1' };
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, input, encoding: 'utf8' });
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  const reports = lines.map((l) => /^sitemap-lint: (\d+) workers linted (\d+) files$/.exec(l)).filter((m) => m !== null);
  assert.ok(reports.length <= 1);
  return {
    code: r.status, stdout: r.stdout, stderr: lines.filter((l) => !/ workers linted /.test(l)),
    pool: reports.length === 0 ? undefined : { workers: Number(reports[0]![1]), files: Number(reports[0]![2]) },
  };
}

/** Runs in one thread and with `workers` workers: the same exit code, output and stderr; the pool did the files. */
function same(workers: number, args: string[], cwd: string, input?: string): Run {
  const here = lint(0, args, cwd, input);
  const pooled = lint(workers, args, cwd, input);
  assert.equal(here.pool, undefined);
  assert.deepEqual({ ...pooled, pool: undefined }, here);
  assert.ok(pooled.pool !== undefined, 'the pool ran');
  assert.equal(pooled.pool.workers, workers);
  return pooled;
}

type JsonFile = { file: string; problems: Array<{ rule: string }> };

describe('sitemap-lint: worker threads', () => {
  it('reports the same in one thread and in workers: a folder and standard input, cross-file rules included', () => {
    const dir = folder(site());
    const stdin = 'https://www.example.com/a\nnot a url\n';
    const r = same(3, ['--format', 'json', 'public', '-'], dir, stdin);
    const files = JSON.parse(r.stdout) as JsonFile[];
    assert.equal(r.code, 1);
    assert.equal(files.length, PARTS + 6);
    assert.equal(files.at(-1)!.file, '<stdin>');
    assert.equal(r.pool!.files, PARTS + 5); // standard input is read in the main thread
    const rules = new Set(files.flatMap((f) => f.problems.map((p) => p.rule)));
    // The parts are located by the index robots.txt names (its listing): out-of-scope where mixed-hosts was.
    for (const rule of [...CROSS_FILE, 'unescaped-ampersand', 'future-lastmod', 'out-of-scope', 'text-sitemap-line']) assert.ok(rules.has(rule), rule);
    // SARIF, with its related locations, and the stylish summary too.
    same(2, ['--format', 'sarif', 'public'], dir);
    same(2, ['public'], dir);
  });

  it('--follow: the files that workers find named are linted too, in the order one thread lints them', () => {
    const dir = folder(site());
    const r = same(2, ['--format', 'json', '--follow', 'public/robots.txt'], dir);
    const files = (JSON.parse(r.stdout) as JsonFile[]).map((f) => f.file.split(path.sep).join('/'));
    const parts = Array.from({ length: PARTS }, (_, k) => `public/part-${String(k).padStart(2, '0')}.xml`);
    assert.deepEqual(files, ['public/robots.txt', 'public/sitemap-index.xml', ...parts, 'public/part-gz.xml.gz', 'public/inner-index.xml']);
    assert.equal(r.pool!.files, files.length);
  });

  it('an unreadable gzip inside a worker: exit 2, nothing on stdout, the one line one thread gives (the first bad file in order)', () => {
    const files = site();
    // Named .gz: gzip that does not decompress in a file named otherwise is a problem of the file (not text), not a failure.
    files['public/part-03.xml.gz'] = Buffer.concat([gzipSync(files['public/part-03.xml'] as string).subarray(0, 200), Buffer.alloc(64)]);
    files['public/part-09.xml.gz'] = gzipSync(urlset([loc('x')])).subarray(0, 30);
    delete files['public/part-03.xml'];
    delete files['public/part-09.xml'];
    const dir = folder(files);
    const r = same(2, ['--format', 'json', 'public'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.length, 1);
    assert.match(r.stderr[0], /part-03\.xml\.gz/);
  });

  it('an abort rejects lintFiles with its reason and leaves no worker running', async () => {
    const dir = folder(site());
    const inputs = fs.readdirSync(path.join(dir, 'public')).sort().map((n) => ({ name: n, file: path.join(dir, 'public', n) }));
    const script = `
      const { lintFiles } = require(${JSON.stringify(path.join(LINT, 'lintFiles.js'))});
      const { SiteContext } = require(${JSON.stringify(path.join(LINT, 'siteContext.js'))});
      const { DEFAULT_SETTINGS } = require(${JSON.stringify(path.resolve(LINT, '../../language/settings.js'))});
      const controller = new AbortController();
      let done = 0;
      lintFiles(${JSON.stringify(inputs)}, {
        settings: DEFAULT_SETTINGS, site: new SiteContext({}, ${JSON.stringify(dir)}), follow: false, cwd: ${JSON.stringify(dir)},
        now: Date.now(), signal: controller.signal,
        onProgress: (d) => { done = d; if (d === 1) setImmediate(() => controller.abort(new Error('stop'))); },
      }).then(() => console.log(JSON.stringify({ finished: done })), (e) => console.log(JSON.stringify({ reason: e.message, done })));`;
    const child = spawn(process.execPath, ['-e', script], {
      cwd: dir, env: { ...process.env, SITEMAP_LINT_WORKERS: '2', SITEMAP_LINT_REPORT_POOL: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // The child exits on its own only when no worker is left: a live worker keeps its event loop running.
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`still running after the abort: ${stdout} ${stderr}`));
      }, 30_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as { reason?: string; done: number };
    assert.equal(result.reason, 'stop');
    assert.ok(result.done < inputs.length);
    assert.match(stderr, /^sitemap-lint: 2 workers linted \d+ files\n$/);
  });
});

describe('how many workers', () => {
  const MB = 1 << 20;
  it('starts one per free core, none when fewer than two are free, a single file or little to read', () => {
    const saved = process.env.SITEMAP_LINT_WORKERS;
    delete process.env.SITEMAP_LINT_WORKERS;
    try {
      assert.deepEqual([0, 1, 2, 2.4, 2.6, 5].map((load) => wanted(200, 400 * MB, 2, load)), [2, 2, 2, 2, 0, 0]);
      assert.deepEqual([0, 4.4, 4.6, 8.6].map((load) => wanted(200, 400 * MB, 8, load)), [8, 6, 5, 0]);
      assert.deepEqual([wanted(3, 400 * MB, 8, 0), wanted(1, 400 * MB, 8, 0), wanted(200, MB, 8, 0), wanted(200, 400 * MB, 16, 0)], [3, 0, 0, 8]);
      process.env.SITEMAP_LINT_WORKERS = '2';
      assert.equal(wanted(1, MB, 2, 9), 2);
    } finally {
      if (saved === undefined) delete process.env.SITEMAP_LINT_WORKERS;
      else process.env.SITEMAP_LINT_WORKERS = saved;
    }
  });
});
