/**
 * The page rules in `sitemap-lint` (dist/sitemap-lint.js) on a built site in a git repository with fixed dates: each
 * rule at its exact range, the exit codes, --user-agent and the config's keys, rules turned off, and git's notes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GIT_TEST_ENV, gitRepository, runGit, type GitRepository } from '../support/gitRepository';
import { loc, ROOT, urlset } from '../support/siteFixture';
import { tempFolders } from '../support/tempFolders';
import { recorded, recordingEnv } from '../support/readRecorder';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const folder = tempFolders('sitemap-lint-pages-');

const page = (head = ''): string => `<!doctype html><html><head><title>t</title>${head}</head><body>x</body></html>\n`;

/** One entry a line from line 3, `<url><loc>` before each URL (its value from column 11). */
const SITEMAP = urlset(
  loc(''), // 3
  loc('private/'), // 4: blocked-by-robots
  loc('noindex/'), // 5: noindex-page
  loc('canon/'), // 6: canonical-elsewhere
  loc('refresh/'), // 7: page-redirect (meta refresh)
  loc('old/'), // 8: page-redirect (_redirects)
  loc('missing/'), // 9: page-not-found
  `${loc('stale/')}<lastmod>2024-01-01</lastmod>`, // 10: lastmod-stale
  `${loc('inflated/')}<lastmod>2024-06-01</lastmod>`, // 11: lastmod-inflated
  `${loc('for-others/')}<lastmod>2024-01-01</lastmod>`, // 12: blocked for otherbot only
);

const SITE = {
  'public/sitemap.xml': SITEMAP,
  'public/robots.txt': 'User-agent: *\nDisallow: /private/\n\nUser-agent: otherbot\nDisallow: /for-others/\n',
  'public/_redirects': '/old/ /new/ 301\n',
  'public/index.html': page(),
  'public/private/index.html': page(),
  'public/noindex/index.html': page('<meta name="robots" content="noindex">'),
  'public/canon/index.html': page(`<link rel="canonical" href="${ROOT}other/">`),
  'public/refresh/index.html': page(`<meta http-equiv="refresh" content="0; url=${ROOT}new/">`),
  'public/new/index.html': page(),
  'public/other/index.html': page(),
  'public/stale/index.html': page(),
  'public/inflated/index.html': page(),
  'public/for-others/index.html': page(),
  'public/unlisted/index.html': page(),
  'public/404.html': page(),
};

/** Indexable pages no sitemap lists: the refresh's and the canonical's targets too (404.html is no page to list). */
const UNLISTED = ['unlisted/index.html', 'new/index.html', 'other/index.html'];

/** The site committed on 2024-01-01, the stale page's content changed on 2024-03-01. */
function site(): GitRepository {
  const repo = gitRepository(folder());
  repo.commit('site', '2024-01-01T12:00:00Z', SITE);
  repo.commit('edit stale', '2024-03-01T12:00:00Z', { 'public/stale/index.html': page('<meta name="description" content="new">') });
  return repo;
}

const PAGE_RULES = ['blocked-by-robots', 'noindex-page', 'canonical-elsewhere', 'page-redirect', 'page-not-found', 'unlisted-page', 'lastmod-stale', 'lastmod-inflated'];

interface Sarif {
  ruleId: string;
  relatedLocations?: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }>;
}

interface Run {
  code: number | null;
  problems: string[];
  notes: string[];
}

/** git may not look above the temporary folders: a test machine's /tmp could lie in a repository. */
const env = (dir: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: path.dirname(dir), ...more });

function lint(dir: string, args: string[], more: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', `--site-root=public=${ROOT}`, ...args, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', env: env(dir, more) });
  const files = JSON.parse(r.stdout) as Array<{ problems: Array<{ rule: string; severity: string; line: number; column: number; endLine: number; endColumn: number }> }>;
  return {
    code: r.status,
    problems: files[0].problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`),
    notes: r.stderr.split('\n').filter((line) => line !== ''),
  };
}

/** The `<loc>` value of line `line` for a path below ROOT. */
const at = (line: number, p: string): string => `${line}:11-${line}:${11 + ROOT.length + p.length}`;
/** The `<lastmod>` value (10 characters) after that `<loc>`. */
const lastmodAt = (line: number, p: string): string => `${line}:${26 + ROOT.length + p.length}-${line}:${36 + ROOT.length + p.length}`;

const ALL = [
  'unlisted-page information 2:2-2:8',
  `blocked-by-robots error ${at(4, 'private/')}`,
  `noindex-page error ${at(5, 'noindex/')}`,
  `canonical-elsewhere warning ${at(6, 'canon/')}`,
  `page-redirect warning ${at(7, 'refresh/')}`,
  `page-redirect warning ${at(8, 'old/')}`,
  `page-not-found error ${at(9, 'missing/')}`,
  `lastmod-stale warning ${lastmodAt(10, 'stale/')}`,
  `lastmod-inflated warning ${lastmodAt(11, 'inflated/')}`,
];

describe('sitemap-lint: the page rules', () => {
  it('reports each page rule at its range, with the severities of the catalogue, and fails on errors', () => {
    const { dir } = site();
    const run = lint(dir, []);
    assert.deepEqual(run.problems.filter((p) => !p.startsWith('unlisted-page')), ALL.slice(1));
    assert.deepEqual(run.problems.filter((p) => p.startsWith('unlisted-page')), UNLISTED.map(() => ALL[0]));
    assert.equal(run.code, 1);
    assert.deepEqual(run.notes, []);
  });

  it('names the entry\'s URL in each page rule\'s problem: its url, and its message (a one-line sitemap\'s differ by column alone)', () => {
    const { dir } = site();
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', `--site-root=public=${ROOT}`, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', env: env(dir) });
    const problems = (JSON.parse(r.stdout) as Array<{ problems: Array<{ rule: string; line: number; message: string; url: string | null }> }>)[0]!.problems;
    const paths = ['', 'private/', 'noindex/', 'canon/', 'refresh/', 'old/', 'missing/', 'stale/', 'inflated/', 'for-others/'];
    const about = problems.filter((p) => p.rule !== 'unlisted-page');
    assert.deepEqual(about.map((p) => p.rule), ALL.slice(1).map((line) => line.split(' ')[0]));
    for (const p of about) {
      const url = `${ROOT}${paths[p.line - 3]}`;
      assert.equal(p.url, url, `${p.rule} on line ${p.line}`);
      assert.ok(p.message.includes(url), `${p.rule}'s message names ${url}`);
    }
    // An unlisted page is outside every entry: its url is the page's own, which its message names too.
    const unlisted = problems.filter((p) => p.rule === 'unlisted-page');
    assert.deepEqual(unlisted.map((p) => p.url).sort(), UNLISTED.map((file) => `${ROOT}${file.replace(/index\.html$/, '')}`).sort());
    for (const p of unlisted) assert.ok(p.message.includes(p.url!), `unlisted-page's message names ${p.url}`);
  });

  it('gives SARIF the page rules with their metadata, and the evidence as related locations in the pages and robots.txt', () => {
    const { dir } = site();
    const r = spawnSync(process.execPath, [BIN, '--format', 'sarif', `--site-root=public=${ROOT}`, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', env: env(dir) });
    const sarif = JSON.parse(r.stdout) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri?: string }> } }; results: Sarif[] }> };
    const rules = sarif.runs[0].tool.driver.rules.map((rule) => rule.id);
    for (const id of PAGE_RULES) assert.ok(rules.includes(id), id);
    const related = (id: string) => sarif.runs[0].results.filter((x) => x.ruleId === id).map((x) => x.relatedLocations?.map((l) => {
      const { artifactLocation: { uri }, region } = l.physicalLocation;
      return `${uri} ${region.startLine}:${region.startColumn}-${region.endLine}:${region.endColumn}`;
    }));
    assert.deepEqual(related('blocked-by-robots'), [['public/robots.txt 2:1-2:20']]);
    const meta = '<meta name="robots" content="noindex">';
    const metaAt = page().indexOf('</head>') + 1;
    assert.deepEqual(related('noindex-page'), [[`public/noindex/index.html 1:${metaAt}-1:${metaAt + meta.length}`]]);
  });

  it('turns a rule off with --rule, and all of them back to a clean exit', () => {
    const { dir } = site();
    assert.ok(!lint(dir, ['--rule', 'unlisted-page=off']).problems.some((p) => p.startsWith('unlisted-page')));
    const quiet = lint(dir, PAGE_RULES.flatMap((id) => ['--rule', `${id}=off`]));
    assert.deepEqual(quiet, { code: 0, problems: [], notes: [] });
  });

  it('reads only what the rules that are on need: nothing with all off, robots.txt alone for blocked-by-robots (issue 32)', () => {
    const { dir } = site();
    const logs = folder();
    const off = (...on: string[]) => PAGE_RULES.filter((rule) => !on.includes(rule)).flatMap((id) => ['--rule', `${id}=off`]);
    const run = (name: string, args: string[]) => {
      const log = path.join(logs, `${name}.log`);
      const result = lint(dir, args, recordingEnv(log));
      const reads = {
        pages: recorded(log, 'open', (file) => /\.html?$/.test(file)).length,
        folders: recorded(log, 'readdir', (d) => d.startsWith(path.join(dir, 'public'))).length,
        git: recorded(log, 'spawn', (program) => path.basename(program) === 'git').length,
        robots: recorded(log, 'open', (file) => file.endsWith('robots.txt')).length,
      };
      return { result, reads };
    };
    const none = run('none', off());
    assert.deepEqual(none.result, { code: 0, problems: [], notes: [] });
    assert.deepEqual(none.reads, { pages: 0, folders: 0, git: 0, robots: 0 });
    const robots = run('robots', off('blocked-by-robots'));
    assert.deepEqual(robots.result.problems, [`blocked-by-robots error ${at(4, 'private/')}`]);
    assert.deepEqual({ ...robots.reads, robots: robots.reads.robots > 0 }, { pages: 0, folders: 0, git: 0, robots: true });
    const missing = run('missing', off('page-not-found'));
    assert.deepEqual(missing.result.problems, [`page-not-found error ${at(9, 'missing/')}`]);
    assert.deepEqual({ ...missing.reads, folders: missing.reads.folders > 0 }, { pages: 0, folders: true, git: 0, robots: missing.reads.robots });
    const all = run('all', []);
    assert.ok(all.reads.pages > 0 && all.reads.git > 0, JSON.stringify(all.reads));
  });

  it('asks robots.txt for another crawler with --user-agent, or the config file’s robots.userAgent', () => {
    const { dir } = site();
    const blocked = (run: Run) => run.problems.filter((p) => p.startsWith('blocked-by-robots'));
    assert.deepEqual(blocked(lint(dir, ['--user-agent', 'otherbot'])), [`blocked-by-robots error ${at(12, 'for-others/')}`]);
    fs.writeFileSync(path.join(dir, 'lint.json'), JSON.stringify({ robots: { userAgent: 'otherbot' } }));
    assert.deepEqual(blocked(lint(dir, ['--config', 'lint.json'])), [`blocked-by-robots error ${at(12, 'for-others/')}`]);
    assert.deepEqual(blocked(lint(dir, ['--config', 'lint.json', '--user-agent', 'Googlebot'])), [`blocked-by-robots error ${at(4, 'private/')}`]);
  });

  it('dates pages by the sources the config file’s pageSources maps them to, relative to the config file', () => {
    const repo = site();
    const dir = repo.dir;
    assert.ok(lint(dir, []).problems.some((p) => p.startsWith('lastmod-inflated')));
    const config = { pageSources: { '../public': { root: '..', patterns: { '/inflated/': 'content/inflated.md' } } } };
    fs.mkdirSync(path.join(dir, 'conf'));
    fs.writeFileSync(path.join(dir, 'conf', 'lint.json'), JSON.stringify(config));
    repo.commit('the source', '2024-06-01T00:00:00Z', { 'content/inflated.md': '# later' });
    const run = lint(dir, ['--config', 'conf/lint.json']);
    assert.ok(!run.problems.some((p) => p.startsWith('lastmod-inflated')), run.problems.join('\n'));
  });

  it('refuses a --user-agent that is no crawler name', () => {
    const { dir } = site();
    const r = spawnSync(process.execPath, [BIN, '--user-agent', 'Googlebot/2.1', 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', env: env(dir) });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
  });

  it('says once that a shallow clone has no history, judges no lastmod, and keeps the exit code', () => {
    const repo = site();
    repo.commit('docs', '2024-04-01T00:00:00Z', { 'docs/index.html': page(), 'docs/sitemap.xml': urlset(loc('docs/')) });
    const origin = repo.dir;
    const clone = path.join(folder(), 'clone');
    runGit(path.dirname(clone), ['clone', '-q', '--depth', '1', `file://${origin}`, clone]);
    const run = lint(clone, []);
    assert.equal(run.notes.length, 1);
    assert.match(run.notes[0], /^sitemap-lint: note: /);
    assert.ok(!run.problems.some((p) => p.startsWith('lastmod-')));
    assert.equal(run.code, 1);
    const clean = lint(clone, ['--rule', 'blocked-by-robots=off', '--rule', 'noindex-page=off', '--rule', 'page-not-found=off']);
    assert.equal(clean.code, 0);
    assert.equal(clean.notes.length, 1);
    // Two roots of one repository: one history read, one note.
    const both = spawnSync(process.execPath, [BIN, '--format', 'json', `--site-root=public=${ROOT}`, `--site-root=docs=${ROOT}docs/`, 'public/sitemap.xml', 'docs/sitemap.xml'], { cwd: clone, encoding: 'utf8', env: env(clone) });
    assert.equal(both.stderr.split('\n').filter((line) => line.startsWith('sitemap-lint: note: ')).length, 1, both.stderr);
  });

  it('says once that git is missing, when no git is on the PATH', () => {
    const { dir } = site();
    const run = lint(dir, [], { PATH: folder() });
    assert.equal(run.notes.length, 1);
    assert.match(run.notes[0], /^sitemap-lint: note: /);
    assert.ok(!run.problems.some((p) => p.startsWith('lastmod-')));
  });

  it('puts robots.txt first: a disallowed URL no built file serves is blocked-by-robots, not page-not-found (issue 32)', () => {
    const dir = folder({
      'public/robots.txt': 'User-agent: *\nDisallow: /x\n',
      'public/sitemap.xml': urlset(loc('x'), loc('')),
      'public/index.html': page(),
    });
    assert.deepEqual(lint(dir, ['--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off']), { code: 1, problems: [`blocked-by-robots error ${at(3, 'x')}`], notes: [] });
  });

  it('checks blocked-by-robots on a root with a robots.txt and no built pages, and no other page rule (issue 32)', () => {
    const dir = folder({
      'public/robots.txt': 'User-agent: *\nDisallow: /private/\n',
      'public/sitemap.xml': urlset(loc(''), loc('private/a'), loc('b/')),
      'public/index.md': '# home',
    });
    assert.deepEqual(lint(dir, []), { code: 1, problems: [`blocked-by-robots error ${at(4, 'private/a')}`], notes: [] });
  });

  it('says once that a FIFO or a binary file named like a page cannot be read as one, and never waits on the FIFO (issue 32)', () => {
    const dir = folder({
      'public/sitemap.xml': urlset(loc(''), loc('fifo.html'), loc('binary.html'), loc('other.html')),
      'public/index.html': page(),
      'public/binary.html': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      'public/other.html': Buffer.from([0, 0, 0, 0]),
    });
    spawnSync('mkfifo', [path.join(dir, 'public', 'fifo.html')]);
    const lastmodOff = ['--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off'];
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', `--site-root=public=${ROOT}`, ...lastmodOff, 'public/sitemap.xml'], { cwd: dir, encoding: 'utf8', env: env(dir), timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as Array<{ problems: unknown[] }>)[0].problems, []);
    const notes = r.stderr.split('\n').filter((line) => line.startsWith('sitemap-lint: note: '));
    assert.equal(notes.length, 2, r.stderr);
    assert.ok(notes.some((n) => n.includes('public/fifo.html')) && notes.some((n) => n.includes('public/binary.html')), r.stderr);
  });

  it('names a site root\'s folder in its notes relative to the current directory when under it, else absolute: from a subfolder, from above, from the root itself', () => {
    const dir = folder({ 'ws/site/public/sitemap.xml': urlset(loc('a.html')), 'ws/site/public/a.html': page(), 'ws/sub/.keep': '' });
    const pub = path.join(dir, 'ws', 'site', 'public');
    const notesFrom = (cwd: string, root: string, input: string) => {
      const r = spawnSync(process.execPath, [BIN, '--format', 'json', `--site-root=${root}=${ROOT}`, input], { cwd, encoding: 'utf8', env: env(dir) });
      assert.equal(r.status, 0, r.stderr);
      return r.stderr.split('\n').filter((line) => line.startsWith('sitemap-lint: note: '));
    };
    // Not a git repository: the note names the root's folder.
    const below = notesFrom(path.join(dir, 'ws', 'sub'), '../site/public', '../site/public/sitemap.xml');
    assert.equal(below.length, 1, below.join('\n'));
    assert.ok(below[0]!.includes(` ${pub} `), `absolute, with its leading slash: ${below[0]}`);
    const above = notesFrom(dir, 'ws/site/public', 'ws/site/public/sitemap.xml');
    assert.equal(above.length, 1, above.join('\n'));
    assert.ok(above[0]!.includes(' ws/site/public ') && !above[0]!.includes(dir), above[0]);
    const itself = notesFrom(pub, '.', 'sitemap.xml');
    assert.equal(itself.length, 1, itself.join('\n'));
    assert.ok(!itself[0]!.includes(dir.slice(1)), itself[0]);
  });

  it('applies no page rule, and says nothing, to a root that maps only sources', () => {
    const dir = folder({ 'public/sitemap.xml': SITEMAP, 'public/index.md': '# home' });
    assert.deepEqual(lint(dir, []), { code: 0, problems: [], notes: [] });
  });
});
