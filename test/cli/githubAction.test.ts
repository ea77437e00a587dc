/** The GitHub Action as the runner runs it: `node dist/action.js` in the workspace, inputs as `INPUT_<NAME>` (upper-cased,
 * hyphens kept), $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY files; annotations, caps, outputs, summary, SARIF, exit codes,
 * `base` against a real repository (and a shallow clone), and action.yml against what the code reads and writes. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { countingServer, html } from '../node/live/liveServers';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_NAMES, OUTPUT_NAMES } from '../../server/src/cli/action/actionInputs';
import { gitRepository, runGit } from '../support/gitRepository';
import { tempFolders } from '../support/tempFolders';

const ROOT = path.resolve(__dirname, '../../..');
const ACTION = path.join(ROOT, 'dist/action.js');
const LINT = path.join(ROOT, 'dist/sitemap-lint.js');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITE = 'https://www.example.com/';
const folder = tempFolders('github-action-');

function urlset(entries: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries.map((e) => `  <url>${e}</url>`).join('\n')}\n</urlset>\n`;
}

const loc = (p: string) => `<loc>${SITE}${p}</loc>`;

/** public/: a sitemap with an error (line 3, `invalid-url`) and a warning (line 4, `url-fragment`), a clean one, their index. */
const FIXTURE = {
  'public/sitemap.xml': urlset(['<loc>/relative</loc>', `${loc('a#top')}`, loc('b')]),
  'public/clean.xml': urlset([loc('c'), loc('d')]),
  'public/sitemap-index.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
    + `  <sitemap><loc>${SITE}sitemap.xml</loc></sitemap>\n  <sitemap><loc>${SITE}clean.xml</loc></sitemap>\n</sitemapindex>\n`,
};
const SITE_ROOT = `public=${SITE}`;

interface Annotation {
  level: string;
  properties: Record<string, string>;
  message: string;
}

interface ActionRun {
  code: number | null;
  stdout: string;
  annotations: Annotation[];
  outputs: Record<string, string>;
  summary: string | undefined;
}

/** Runs the action in `workspace` with `inputs` (by their action.yml names), as the runner does; `extra`: more environment. */
function runAction(workspace: string, inputs: Record<string, string>, extra: NodeJS.ProcessEnv = {}): ActionRun {
  const files = folder();
  const env: NodeJS.ProcessEnv = {};
  // The test may itself run in GitHub Actions: none of its runner's variables leak in.
  for (const [k, v] of Object.entries(process.env)) if (!/^(INPUT_|GITHUB_|RUNNER_)/.test(k)) env[k] = v;
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  Object.assign(env, extra, { GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: path.join(files, 'output'), GITHUB_STEP_SUMMARY: path.join(files, 'summary'), GITHUB_ACTIONS: 'true' });
  fs.writeFileSync(env.GITHUB_OUTPUT!, '');
  fs.writeFileSync(env.GITHUB_STEP_SUMMARY!, '');
  const r = spawnSync(process.execPath, [ACTION], { cwd: workspace, env, encoding: 'utf8' });
  assert.equal(r.stderr, '', 'nothing on stderr');
  const summary = fs.readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8');
  return { code: r.status, stdout: r.stdout, annotations: annotationsOf(r.stdout), outputs: outputsOf(fs.readFileSync(env.GITHUB_OUTPUT!, 'utf8')), summary: summary || undefined };
}

const unescape = (text: string) => text.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');

/** The annotation commands of the log, parsed as the runner parses them (none between `::stop-commands::T` and `::T::`). */
function annotationsOf(log: string): Annotation[] {
  const found: Annotation[] = [];
  const live = log.replace(/^::stop-commands::(.+)\n[\s\S]*?^::\1::$/gm, '');
  for (const [, level, props, message] of live.matchAll(/^::(error|warning|notice)(?: ([^:]*))?::(.*)$/gm)) {
    const properties: Record<string, string> = {};
    for (const pair of props?.split(',') ?? []) properties[pair.slice(0, pair.indexOf('='))] = unescape(pair.slice(pair.indexOf('=') + 1));
    found.push({ level: level!, properties, message: unescape(message!) });
  }
  return found;
}

/** $GITHUB_OUTPUT's `name<<DELIMITER` blocks (and `name=value` lines), as the runner reads them. */
function outputsOf(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[k]!);
    if (heredoc === null) {
      if (lines[k]!.includes('=')) outputs[lines[k]!.slice(0, lines[k]!.indexOf('='))] = lines[k]!.slice(lines[k]!.indexOf('=') + 1);
      continue;
    }
    const end = lines.indexOf(heredoc[2]!, k + 1);
    assert.ok(end > k, `output ${heredoc[1]} has its closing delimiter`);
    outputs[heredoc[1]!] = lines.slice(k + 1, end).join('\n');
    k = end;
  }
  return outputs;
}

/** sitemap-lint's own JSON report of the same inputs: the oracle for the annotations, counts and SARIF. */
function lintJson(workspace: string, args: readonly string[]): Array<{ file: string; problems: Array<{ rule: string; severity: string; line: number; column: number; url: string | null }> }> {
  const r = spawnSync(process.execPath, [LINT, '--format', 'json', ...args], { cwd: workspace, encoding: 'utf8' });
  return JSON.parse(r.stdout);
}

const placeOf = (a: Annotation) => `${a.level} ${a.properties.title} ${a.properties.file}:${a.properties.line}:${a.properties.col}`;
const LEVEL: Record<string, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

describe('GitHub Action: a fixture site', () => {
  it('annotates each problem with its rule as title, the file from the workspace, line and column, errors first', () => {
    const workspace = folder(FIXTURE);
    const run = runAction(workspace, { path: 'public', 'site-root': SITE_ROOT, 'fail-on': 'never' });
    assert.equal(run.code, 0);
    const expected = lintJson(workspace, ['--site-root', SITE_ROOT, 'public']).flatMap((r) => r.problems.map((p) => `${LEVEL[p.severity]} ${p.rule} ${r.file}:${p.line}:${p.column}`));
    const order = (s: string) => ['error', 'warning', 'notice'].indexOf(s.split(' ')[0]!);
    assert.deepEqual(run.annotations.map(placeOf), [...expected].sort((a, b) => order(a) - order(b)));
    assert.ok(run.annotations.some((a) => placeOf(a) === 'error invalid-url public/sitemap.xml:3:13'), run.stdout);
    assert.ok(run.annotations.some((a) => placeOf(a) === 'warning url-fragment public/sitemap.xml:4:38'), run.stdout);
    for (const a of run.annotations) assert.ok(Number(a.properties.endLine) >= Number(a.properties.line) && a.message !== '');
  });

  it('writes the outputs, a summary with a table naming each file, and the SARIF file with every problem', () => {
    const workspace = folder(FIXTURE);
    const run = runAction(workspace, { path: 'public', 'site-root': SITE_ROOT });
    const report = lintJson(workspace, ['--site-root', SITE_ROOT, 'public']);
    const count = (severity: string) => report.reduce((n, r) => n + r.problems.filter((p) => p.severity === severity).length, 0);
    assert.deepEqual(run.outputs, { errors: String(count('error')), warnings: String(count('warning')) });
    assert.ok(count('error') >= 1 && count('warning') >= 1);
    for (const file of Object.keys(FIXTURE)) assert.match(run.summary ?? '', new RegExp(`^\\| \`${file}\` \\|`, 'm'), `${file} in the summary's table`);
    const sarif = JSON.parse(fs.readFileSync(path.join(workspace, 'sitemap-lint.sarif'), 'utf8'));
    const results = sarif.runs[0].results as Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
    assert.equal(results.length, report.reduce((n, r) => n + r.problems.length, 0));
    assert.ok(results.every((r) => Object.keys(FIXTURE).includes(r.locations[0]!.physicalLocation.artifactLocation.uri)));
  });

  it('exits by fail-on: error, warning, never; and on warnings only', () => {
    const workspace = folder(FIXTURE);
    const inputs = { path: 'public', 'site-root': SITE_ROOT };
    assert.equal(runAction(workspace, { ...inputs }).code, 1, 'fail-on defaults to error');
    assert.equal(runAction(workspace, { ...inputs, 'fail-on': 'error' }).code, 1);
    assert.equal(runAction(workspace, { ...inputs, 'fail-on': 'never' }).code, 0);
    const warningsOnly = folder({ 'sitemap.xml': urlset([loc('a#top')]) });
    assert.equal(runAction(warningsOnly, { path: 'sitemap.xml', 'fail-on': 'error' }).code, 0);
    assert.equal(runAction(warningsOnly, { path: 'sitemap.xml', 'fail-on': 'warning' }).code, 1);
    assert.equal(runAction(folder({ 'sitemap.xml': urlset([loc('a')]) }), { path: '.', 'fail-on': 'warning' }).code, 0);
  });

  it('keeps to GitHub\'s 10 annotations of each kind per step, errors first by file and position, and writes every problem elsewhere', () => {
    const many = (from: number, n: number) => Array.from({ length: n }, (_, k) => [`<loc>/e${from + k}</loc>`, loc(`w${from + k}#x`)]).flat();
    const workspace = folder({ 'a.xml': urlset(many(0, 30)), 'b.xml': urlset(many(100, 15)) });
    const run = runAction(workspace, { path: 'a.xml b.xml', 'fail-on': 'never', sarif: 'out/lint.sarif' });
    const of = (level: string) => run.annotations.filter((a) => a.level === level);
    assert.equal(of('error').length, 10);
    assert.equal(of('warning').length, 10);
    assert.deepEqual(run.annotations.slice(0, 10).map((a) => a.level), Array(10).fill('error'), 'errors first');
    assert.deepEqual(of('error').map((a) => `${a.properties.file}:${a.properties.line}`), Array.from({ length: 10 }, (_, k) => `a.xml:${3 + 2 * k}`));
    assert.deepEqual(run.outputs, { errors: '45', warnings: '45' });
    const logLines = run.stdout.split('\n').filter((line) => !line.startsWith('::'));
    assert.ok(logLines.some((line) => /\b70\b/.test(line) && /\b35\b/.test(line)), 'the log says how many were left out (70: 35 errors, 35 warnings)');
    const sarif = JSON.parse(fs.readFileSync(path.join(workspace, 'out/lint.sarif'), 'utf8'));
    assert.equal(sarif.runs[0].results.length, 90);
    assert.match(run.summary!, /^\| `a\.xml` \| 30 \| 30 \| 0 \|$/m);
    assert.match(run.summary!, /^\| `b\.xml` \| 15 \| 15 \| 0 \|$/m);
    const rows = run.summary!.split('\n').filter((line) => /^\| \d+:\d+ \| /.test(line));
    assert.equal(rows.length, 50 + 30, 'at most 50 problems of a file in the summary');
    assert.ok(run.summary!.split('\n').some((line) => !line.startsWith('|') && /\b10\b/.test(line)), 'the summary says how many it left out (10)');
  });

  it('counts every problem past the editor\'s 1,000 a file: the outputs, the verdict, the SARIF file', () => {
    const many = Array.from({ length: 700 }, (_, k) => [`<loc>/e${k}</loc>`, loc(`w${k}#x`)]).flat();
    const workspace = folder({ 'sitemap.xml': urlset(many) });
    const run = runAction(workspace, { path: 'sitemap.xml', 'fail-on': 'never' });
    assert.equal(run.code, 0);
    assert.deepEqual(run.outputs, { errors: '700', warnings: '700' });
    const results = JSON.parse(fs.readFileSync(path.join(workspace, 'sitemap-lint.sarif'), 'utf8')).runs[0].results as Array<{ ruleId: string }>;
    assert.equal(results.length, 1400);
    assert.ok(!results.some((r) => r.ruleId === 'too-many-problems'));
    assert.match(run.summary!, /^\| `sitemap\.xml` \| 700 \| 700 \| 0 \|$/m);
  });

  it('names the entry\'s URL in each annotation about one: a one-line sitemap\'s differ by more than their column', () => {
    const urls = ['/a', '/b,c', 'x y'];
    const workspace = folder({ 'sitemap.xml': urlset(urls.map((u) => `<loc>${u}</loc>`)).replace(/\n\s*/g, '') });
    const run = runAction(workspace, { path: 'sitemap.xml', 'fail-on': 'never' });
    const report = lintJson(workspace, ['sitemap.xml'])[0]!.problems;
    const about = report.filter((p) => p.url !== null);
    assert.ok(about.length >= urls.length);
    assert.deepEqual([...new Set(about.map((p) => p.url))], urls);
    for (const p of about) {
      const annotation = run.annotations.find((a) => a.properties.line === String(p.line) && a.properties.col === String(p.column) && a.properties.title === p.rule);
      assert.ok(annotation !== undefined && annotation.message.includes(p.url!), `${p.rule} at ${p.column} names ${p.url}`);
    }
  });

  it('takes paths one per line, space-separated, and with spaces in their name', () => {
    const workspace = folder({ 'my site/sitemap.xml': urlset(['<loc>/x</loc>']), 'other.xml': urlset([loc('a')]), 'third.xml': urlset(['<loc>/y</loc>']) });
    const run = runAction(workspace, { path: 'my site\nother.xml third.xml', 'fail-on': 'never', sarif: '' });
    assert.deepEqual(run.annotations.map((a) => a.properties.file), ['my site/sitemap.xml', 'third.xml']);
    assert.ok(!fs.existsSync(path.join(workspace, 'sitemap-lint.sarif')), 'an empty sarif input writes none');
  });
});

describe('GitHub Action: baseline', () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, k) => [`<loc>/${prefix}${k}</loc>`, loc(`${prefix}w${k}#x`)]).flat();

  it('passes on a site whose problems the baseline records, then annotates and counts exactly the new one', () => {
    const workspace = folder({ 'public/sitemap.xml': urlset(many('e', 40)) });
    const write = spawnSync(process.execPath, [LINT, '--write-baseline', 'sitemap-baseline.json', 'public'], { cwd: workspace, encoding: 'utf8' });
    assert.equal(write.status, 0, write.stderr);
    const clean = runAction(workspace, { path: 'public', baseline: 'sitemap-baseline.json', 'fail-on': 'warning' });
    assert.equal(clean.code, 0, clean.stdout);
    assert.deepEqual(clean.annotations, []);
    assert.deepEqual(clean.outputs, { errors: '0', warnings: '0', suppressed: '80', gone: '0' });
    const sarif = JSON.parse(fs.readFileSync(path.join(workspace, 'sitemap-lint.sarif'), 'utf8'));
    const results = sarif.runs[0].results as Array<{ baselineState: string; suppressions?: Array<{ status: string }> }>;
    assert.equal(results.length, 80);
    assert.ok(results.every((r) => r.baselineState === 'unchanged' && r.suppressions?.[0]?.status === 'accepted'));

    // Entries inserted above, one new error, one recorded warning fixed.
    const edited = [loc('top'), '<loc>/new-error</loc>', ...many('e', 40).filter((e) => e !== loc('ew3#x'))];
    fs.writeFileSync(path.join(workspace, 'public/sitemap.xml'), urlset(edited));
    const after = runAction(workspace, { path: 'public', baseline: 'sitemap-baseline.json' });
    assert.equal(after.code, 1);
    assert.deepEqual(after.annotations.map(placeOf), ['error invalid-url public/sitemap.xml:4:13']);
    assert.deepEqual(after.outputs, { errors: '1', warnings: '0', suppressed: '79', gone: '1' });
    assert.match(after.summary!, /^\| `public\/sitemap\.xml` \| 1 \| 0 \| 0 \|$/m);
  });

  it('a missing baseline file is one ::error:: and exit 1, before any lint', () => {
    const workspace = folder({ 'sitemap.xml': urlset([loc('a')]) });
    const run = runAction(workspace, { path: 'sitemap.xml', baseline: 'nope.json' });
    assert.equal(run.code, 1);
    assert.deepEqual(run.annotations.map((a) => a.level), ['error']);
    assert.ok(!fs.existsSync(path.join(workspace, 'sitemap-lint.sarif')));
  });
});

describe('GitHub Action: untrusted text', () => {
  it('a file name or message holding a newline and a command stays data: escaped in annotations, commands stopped in the report', () => {
    const name = 'odd\n::error::injected%,:.xml';
    const workspace = folder({ [name]: urlset(['<loc>/relative</loc>']) });
    const run = runAction(workspace, { path: '.', 'fail-on': 'never' });
    assert.ok(run.stdout.includes('\n::error::injected'), 'the report prints the name as it is');
    assert.deepEqual(run.annotations.map((a) => [a.level, a.properties.title, a.properties.file]), [['error', 'invalid-url', name]]);
    assert.match(run.summary!, /^\| `odd ::error::injected%,:\.xml` \| 1 \| 0 \| 0 \|$/m);
  });
});

describe('GitHub Action: bad inputs', () => {
  for (const [what, inputs] of [
    ['an unknown fail-on', { path: '.', 'fail-on': 'sometimes' }],
    ['a missing path', { path: 'public missing.xml' }],
    ['a site-root that is not DIR=URL', { path: '.', 'site-root': 'public' }],
    ['a site-root URL that is not http(s)', { path: '.', 'site-root': 'public=ftp://example.com/' }],
    ['a missing config', { path: '.', config: 'nothere.json' }],
    ['a live that is not true or false', { path: '.', live: 'yes' }],
    ['a live-origin that is not an origin', { path: '.', 'live-origin': 'https://preview.example.com/path' }],
    ['a live-rate without live', { path: '.', 'live-rate': '2' }],
    ['a live-concurrency out of range', { path: '.', live: 'true', 'live-concurrency': '0' }],
  ] as const) {
    it(`${what}: one ::error:: line and exit 1`, () => {
      const run = runAction(folder(FIXTURE), inputs);
      assert.equal(run.code, 1);
      assert.equal(run.annotations.length, 1);
      assert.equal(run.annotations[0]!.level, 'error');
      assert.deepEqual(run.annotations[0]!.properties, {});
      assert.equal(run.stdout.trim().split('\n').length, 1, run.stdout);
    });
  }
});

describe('GitHub Action: base', () => {
  /** A repository of two commits: the first lists a, b, c; the second a, b, d, e and adds news.xml with n. */
  function twoCommits(): { dir: string; first: string } {
    const repo = gitRepository(folder());
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { 'public/sitemap.xml': urlset([loc('a'), loc('b'), loc('c')]) });
    repo.commit('second', '2024-02-01T00:00:00Z', {
      'public/sitemap.xml': urlset([loc('a'), loc('b'), loc('d'), loc('e')]),
      'public/news.xml': urlset([loc('n')]),
    });
    return { dir: repo.dir, first };
  }

  it('diffs the path\'s sitemaps against the revision: added and removed outputs, the counts in the summary', () => {
    const { dir, first } = twoCommits();
    for (const base of [first, 'HEAD~1', 'main~1']) {
      const run = runAction(dir, { path: 'public', base, 'fail-on': 'never' });
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(run.outputs, { errors: '0', warnings: '0', added: '3', removed: '1' });
      assert.match(run.summary!, /^\| Added \| 3 \|$/m);
      assert.match(run.summary!, /^\| Removed \| 1 \|$/m);
      assert.ok(run.stdout.includes(`\n  + ${SITE}d\n`) && run.stdout.includes(`\n  - ${SITE}c\n`), 'the diff\'s lists in the log');
      assert.deepEqual(run.annotations, []);
    }
    const file = runAction(dir, { path: 'public/sitemap.xml', base: first, 'fail-on': 'never' });
    assert.deepEqual(file.outputs, { errors: '0', warnings: '0', added: '2', removed: '1' });
    const absent = runAction(dir, { path: 'public/news.xml', base: first, 'fail-on': 'never' });
    assert.deepEqual(absent.outputs, { errors: '0', warnings: '0', added: '1', removed: '0' }, 'a sitemap not there at base: every URL added');
  });

  it('Hugo\'s multilingual layout, no site root: the children below the index at each revision; a base without them is a warning, no outputs', () => {
    const hugoIndex = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
      + `  <sitemap><loc>${SITE}en/sitemap.xml</loc></sitemap>\n  <sitemap><loc>${SITE}zh/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`;
    const repo = gitRepository(folder());
    const bare = repo.commit('the index alone', '2024-01-01T00:00:00Z', { 'public/sitemap.xml': hugoIndex });
    const built = repo.commit('first build', '2024-02-01T00:00:00Z', { 'public/en/sitemap.xml': urlset([loc('en/a'), loc('en/b')]), 'public/zh/sitemap.xml': urlset([loc('zh/a')]) });
    repo.commit('second build', '2024-03-01T00:00:00Z', { 'public/en/sitemap.xml': urlset([loc('en/a'), loc('en/c'), loc('en/d')]) });
    const run = runAction(repo.dir, { path: 'public/sitemap.xml', base: built, 'fail-on': 'error' });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.outputs, { errors: '0', warnings: '0', added: '2', removed: '1' });
    const unread = runAction(repo.dir, { path: 'public/sitemap.xml', base: bare, 'fail-on': 'error' });
    assert.equal(unread.code, 0, unread.stdout);
    assert.deepEqual(unread.outputs, { errors: '0', warnings: '0' }, 'no counts from children that were not read');
    const warnings = unread.annotations.filter((a) => a.level === 'warning');
    assert.equal(warnings.length, 1, unread.stdout);
    assert.match(warnings[0]!.message, /en\/sitemap\.xml/);
  });

  it('reads at base only the sitemaps the lint read: no folder listed, no feed\'s bytes read (git\'s own trace of what it ran)', () => {
    const repo = gitRepository(folder());
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n  <sitemap><loc>${SITE}en/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`;
    const feeds = (version: number) => Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`public/s${k}/index.xml`, `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>${k} ${version}</title></channel></rss>\n`]));
    const first = repo.commit('first', '2024-01-01T00:00:00Z', { ...feeds(1), 'public/sitemap.xml': index, 'public/en/sitemap.xml': urlset([loc('a'), loc('b')]) });
    repo.commit('second', '2024-02-01T00:00:00Z', { ...feeds(2), 'public/en/sitemap.xml': urlset([loc('a'), loc('c'), loc('d')]) });
    const trace = path.join(folder(), 'git-trace');
    const run = runAction(repo.dir, { path: 'public', base: first, 'fail-on': 'never' }, { GIT_TRACE: trace });
    assert.deepEqual(run.outputs, { errors: '0', warnings: '0', added: '2', removed: '1' });
    const commands = fs.readFileSync(trace, 'utf8').split('\n').filter((line) => / trace: built-in: git /.test(line));
    assert.ok(commands.length > 0, 'git\'s trace is read');
    assert.deepEqual(commands.filter((line) => / git (ls-tree|ls-files) /.test(line)), [], 'no folder listed at base');
    const shown = commands.filter((line) => / git show /.test(line));
    assert.deepEqual(shown.filter((line) => /index\.xml/.test(line)), [], 'no feed read at base');
    assert.equal(shown.length, 2, 'each sitemap read once at base (the index, its child)');
  });

  it('a sitemap deleted or renamed since base: its URLs removed; a deleted feed counts for nothing', () => {
    const repo = gitRepository(folder());
    const feed = `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title></channel></rss>\n`;
    const first = repo.commit('first', '2024-01-01T00:00:00Z', {
      'public/sitemap.xml': urlset([loc('a')]), 'public/news/sitemap.xml': urlset([loc('n1'), loc('n2')]), 'public/old-sitemap.xml': urlset([loc('o')]),
      'public/feed/index.xml': feed, 'other/sitemap.xml': urlset([loc('x')]),
    });
    repo.commit('second', '2024-02-01T00:00:00Z', { 'public/news/sitemap.xml': null, 'public/old-sitemap.xml': null, 'public/new-sitemap.xml': urlset([loc('o')]), 'public/feed/index.xml': null });
    repo.write({ 'other/sitemap.xml': null });
    const run = runAction(repo.dir, { path: 'public', base: first, 'fail-on': 'never' });
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.outputs, { errors: '0', warnings: '0', added: '0', removed: '2' }, 'n1 and n2 removed; o moved; other/ is not under path');
    assert.ok(run.stdout.includes(`\n  - ${SITE}n1\n`), run.stdout);
  });

  it('a revision the checkout lacks (a shallow clone, an unknown name): one ::warning:: naming fetch-depth, no diff outputs, the lint as usual', () => {
    const { dir } = twoCommits();
    const shallow = path.join(folder(), 'shallow');
    runGit(path.dirname(shallow), ['clone', '-q', '--depth', '1', `file://${dir}`, shallow]);
    for (const [workspace, base] of [[shallow, 'HEAD~1'], [dir, 'no-such-branch']] as const) {
      const run = runAction(workspace, { path: 'public', base, 'fail-on': 'error' });
      assert.equal(run.code, 0, run.stdout);
      const warnings = run.annotations.filter((a) => a.level === 'warning');
      assert.equal(warnings.length, 1, run.stdout);
      assert.equal(warnings[0]!.properties.file, undefined);
      assert.match(warnings[0]!.message, /fetch-depth: 0/);
      assert.deepEqual(run.outputs, { errors: '0', warnings: '0' });
    }
  });
});

describe('GitHub Action: live', () => {
  /** runAction's runner, asynchronous: the servers the live check asks live in this process. */
  function runActionAsync(workspace: string, inputs: Record<string, string>): Promise<{ code: number | null; annotations: Annotation[]; stderr: string }> {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^(INPUT_|GITHUB_|RUNNER_)/.test(k)) env[k] = v;
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    const files = folder();
    Object.assign(env, { GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: path.join(files, 'output'), GITHUB_STEP_SUMMARY: path.join(files, 'summary'), GITHUB_ACTIONS: 'true' });
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [ACTION], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, annotations: annotationsOf(stdout), stderr }));
    });
  }

  it('live-origin: each listed path asked on the preview (robots.txt first), the verdicts annotated on the listed URLs, live-rate and live-concurrency passed', async () => {
    const production = await countingServer({});
    const preview = await countingServer({
      '/robots.txt': (_q, r) => r.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'),
      '/ok': html('<title>OK</title>'),
      '/gone': (_q, r) => r.writeHead(404).end(),
    });
    const entries = ['/ok', '/gone', '/private/x'].map((p) => `<loc>${production.origin}${p}</loc>`);
    const workspace = folder({ 'public/sitemap.xml': urlset(entries), 'config.json': JSON.stringify({ rules: { 'local-url': 'off' } }) });
    const run = await runActionAsync(workspace, { path: 'public', config: 'config.json', 'live-origin': preview.origin, 'live-concurrency': '1', 'live-rate': '0', sarif: '' });
    await Promise.all([production.close(), preview.close()]);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 1);
    assert.deepEqual(run.annotations.map((a) => `${a.level} ${a.properties.title} ${a.properties.file}:${a.properties.line}`).sort(),
      ['error blocked-by-robots public/sitemap.xml:5', 'error page-not-found public/sitemap.xml:4'].sort());
    assert.deepEqual(production.arrivals, [], 'the listed origin is not asked');
    assert.deepEqual(preview.arrivals.map((a) => a.path), ['/robots.txt', '/ok', '/gone']);
    assert.equal(preview.maxInFlight(), 1);
  });

  it('asks nothing without live', async () => {
    const server = await countingServer({});
    const workspace = folder({ 'public/sitemap.xml': urlset([`<loc>${server.origin}/gone</loc>`]), 'config.json': JSON.stringify({ rules: { 'local-url': 'off' } }) });
    const run = await runActionAsync(workspace, { path: 'public', config: 'config.json', live: 'false', sarif: '' });
    await server.close();
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(server.arrivals, []);
  });
});

describe('GitHub Action: action.yml', () => {
  /** The keys under a top-level section of action.yml (two-space indented mappings): enough YAML for this file. */
  function sectionKeys(yaml: string, section: string): string[] {
    const body = new RegExp(`^${section}:\\n((?:  .*\\n|\\n)*)`, 'm').exec(yaml)?.[1] ?? '';
    return [...body.matchAll(/^ {2}([A-Za-z][\w-]*):/gm)].map((m) => m[1]!);
  }
  const yaml = fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8');

  it('declares the inputs the code reads and the outputs it writes, and runs dist/action.js on node20', () => {
    assert.deepEqual(sectionKeys(yaml, 'inputs'), [...INPUT_NAMES]);
    assert.deepEqual(sectionKeys(yaml, 'outputs'), [...OUTPUT_NAMES]);
    assert.deepEqual(sectionKeys(yaml, 'runs'), ['using', 'main']);
    assert.match(yaml, /^ {2}using: node20$/m);
    assert.match(yaml, /^ {2}main: dist\/action\.js$/m);
    const { dir, first } = (() => {
      const repo = gitRepository(folder());
      const sha = repo.commit('one', '2024-01-01T00:00:00Z', { 'sitemap.xml': urlset([loc('a')]) });
      repo.commit('two', '2024-01-02T00:00:00Z', { 'sitemap.xml': urlset([loc('b')]) });
      return { dir: repo.dir, first: sha };
    })();
    const recorded = spawnSync(process.execPath, [LINT, '--write-baseline', 'baseline.json', '.'], { cwd: dir, encoding: 'utf8' });
    assert.equal(recorded.status, 0, recorded.stderr);
    const run = runAction(dir, { path: 'sitemap.xml', base: first, baseline: 'baseline.json' });
    assert.deepEqual(Object.keys(run.outputs).sort(), [...OUTPUT_NAMES].sort(), 'with base and baseline, every declared output is written');
  });

  it('ships in neither the npm package nor the .vsix', () => {
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    const packed = (JSON.parse(pack.stdout)[0].files as Array<{ path: string }>).map((f) => f.path);
    assert.ok(packed.includes('dist/sitemap-lint.js'), 'the listing is read');
    const vsce = path.join(path.dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
    const listed = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n');
    assert.ok(listed.includes('dist/server.js'), 'the .vsix listing is read');
    for (const shipped of [packed, listed]) assert.ok(!shipped.includes('dist/action.js') && !shipped.includes('action.yml'));
  });
});

describe('GitHub Action: the README\'s workflow', () => {
  it('runs as written: the action\'s step with its inputs (base as a pull request gives it), then the SARIF file the upload step names', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const workflow = /^### GitHub Actions\n[\s\S]*?^```yaml\n([\s\S]*?)^```/m.exec(readme)?.[1];
    assert.ok(workflow !== undefined, 'the README has the workflow');
    assert.match(workflow, /^ {2}security-events: write\b/m);
    assert.match(workflow, /^ {10}fetch-depth: 0\b/m);
    const withOf = (uses: RegExp): Record<string, string> => {
      const step = new RegExp(`^( +)- uses: ${uses.source}\\n(?:\\1  (?!with:).*\\n)*\\1  with:\\n((?:\\1    .*\\n)*)`, 'm').exec(workflow);
      assert.ok(step !== null, `a step uses ${uses.source}`);
      return Object.fromEntries(step[2]!.split('\n').filter((l) => l.trim() !== '').map((l) => {
        const [, key, value] = /^\s*([\w-]+): (.*?)(?:\s+#.*)?$/.exec(l)!;
        return [key!, value!];
      }));
    };
    const inputs = withOf(/[\w-]+\/sitemap-studio@v1/);
    const upload = withOf(/github\/codeql-action\/upload-sarif@v3/);
    const repo = gitRepository(folder());
    const baseSha = repo.commit('base', '2024-01-01T00:00:00Z', { 'public/sitemap.xml': urlset([loc('a'), loc('b')]) });
    repo.commit('head', '2024-01-02T00:00:00Z', { 'public/sitemap.xml': urlset([loc('a'), loc('c'), loc('d')]) });
    const expression = (value: string) => value.replace(/\$\{\{ github\.event\.pull_request\.base\.sha \}\}/, baseSha);
    const run = runAction(repo.dir, Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, expression(v)])));
    assert.equal(run.code, 0, run.stdout);
    assert.deepEqual(run.outputs, { errors: '0', warnings: '0', added: '2', removed: '1' });
    assert.equal(JSON.parse(fs.readFileSync(path.join(repo.dir, upload.sarif_file!), 'utf8')).version, '2.1.0');
  });
});
