/**
 * `sitemap-lint` (dist/sitemap-lint.js), run as the real binary on fixtures in a temporary folder: exit codes, the
 * JSON report exactly (rule ids, severities, 1-based ranges; never wording), stylish lines and summary, SARIF
 * against the SARIF 2.1.0 schema, the options, folder search, standard input, gzip and --follow.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
/** Line 3: an unescaped `&` (col 36) and a future lastmod (cols 53–63); line 4: a URL on another host (cols 13–35). */
const BROKEN = `${DECL}\n${URLSET}\n<url><loc>https://www.example.com/a&b</loc><lastmod>2999-01-01</lastmod></url>\n` +
  '  <url><loc>https://other.example/x</loc></url>\n</urlset>\n';
const CLEAN = `${DECL}\n${URLSET}\n<url><loc>https://www.example.com/</loc></url>\n</urlset>\n`;
const INDEX = (locs: string[]) => `${DECL}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
  `${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

const folder = tempFolders('sitemap-lint-');

function run(args: string[], cwd: string, input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonFile { file: string; problems: Array<{ rule: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number }> }

function json(args: string[], cwd: string, input?: string): { code: number | null; files: JsonFile[] } {
  const r = run(['--format', 'json', ...args], cwd, input);
  assert.equal(r.stderr, '');
  return { code: r.code, files: JSON.parse(r.stdout) as JsonFile[] };
}

/** file → "rule severity line:col-line:col" per problem. */
function summary(files: JsonFile[]): Record<string, string[]> {
  return Object.fromEntries(files.map((f) => [f.file, f.problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`)]));
}

const BROKEN_PROBLEMS = [
  'unescaped-ampersand error 3:36-3:37',
  'future-lastmod warning 3:53-3:63',
  'mixed-hosts error 4:13-4:36',
];

describe('sitemap-lint', () => {
  it('reports each file in JSON with 1-based ranges, clean files too; exit 1 on errors, 0 without', () => {
    const dir = folder({ 'sitemap.xml': BROKEN, 'clean.xml': CLEAN });
    const r = json(['sitemap.xml', 'clean.xml'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual(summary(r.files), { 'sitemap.xml': BROKEN_PROBLEMS, 'clean.xml': [] });
    assert.deepEqual(Object.keys(r.files[0].problems[0]), ['rule', 'severity', 'message', 'line', 'column', 'endLine', 'endColumn', 'url']);
    assert.equal(json(['clean.xml'], dir).code, 0);
  });

  it('counts columns in UTF-16 code units', () => {
    const dir = folder({ 'sitemap.xml': `${DECL}\n${URLSET}\n<url><loc>https://www.example.com/😀&</loc></url>\n</urlset>\n` });
    assert.deepEqual(summary(json(['sitemap.xml'], dir).files)['sitemap.xml'], ['unescaped-ampersand error 3:37-3:38']);
  });

  it('reports extension-namespace on the declaration\'s value', () => {
    const declared = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="https://www.google.com/schemas/sitemap-image/1.1">';
    const dir = folder({ 'sitemap.xml': `${DECL}\n${declared}\n<url><loc>https://www.example.com/</loc></url>\n</urlset>\n` });
    const r = json(['sitemap.xml'], dir);
    assert.equal(r.code, 1);
    const start = declared.indexOf('https://www.google') + 1;
    assert.deepEqual(summary(r.files)['sitemap.xml'], [`extension-namespace error 2:${start}-2:${start + 'https://www.google.com/schemas/sitemap-image/1.1'.length}`]);
  });

  it('stylish: one line per problem and a summary, no colour when not a terminal', () => {
    const dir = folder({ 'sitemap.xml': BROKEN, 'clean.xml': CLEAN });
    const r = run(['sitemap.xml', 'clean.xml'], dir);
    assert.equal(r.code, 1);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    assert.equal(lines.length, 4);
    assert.deepEqual(lines.slice(0, 3).map((l) => l.split(/ {2}/).slice(0, 3).join(' ')), [
      'sitemap.xml:3:36 error unescaped-ampersand', 'sitemap.xml:3:53 warning future-lastmod', 'sitemap.xml:4:13 error mixed-hosts',
    ]);
    assert.match(lines[3], /^✖ 3 problems \(2 errors, 1 warning\)/);
    assert.doesNotMatch(r.stdout, /\u001b/);
  });

  it('SARIF validates against the SARIF 2.1.0 schema, with every rule and the regions', () => {
    const dir = folder({ 'public/sitemap.xml': BROKEN });
    const r = run(['--format', 'sarif', 'public'], dir);
    assert.equal(r.code, 1);
    const log: any = JSON.parse(r.stdout);
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const valid = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));
    const ok: boolean = valid(log);
    assert.ok(ok, JSON.stringify(valid.errors));
    const mutated: any = structuredClone(log);
    mutated.runs[0].results[0].level = 'fatal';
    assert.equal(valid(mutated), false, 'the schema check can fail');
    assert.equal(log.version, '2.1.0');
    const driver = log.runs[0].tool.driver;
    assert.equal(driver.name, 'sitemap-lint');
    assert.equal(driver.version, JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')).version);
    const ids = driver.rules.map((rule: { id: string }) => rule.id);
    assert.ok(ids.includes('xml-syntax') && ids.includes('nested-index'));
    assert.match(driver.rules[ids.indexOf('mixed-hosts')].helpUri, /docs\/rules\.md#mixed-hosts$/);
    assert.deepEqual(log.runs[0].results.map((x: any) => [x.ruleId, ids[x.ruleIndex], x.level, x.locations[0].physicalLocation.artifactLocation.uri,
      x.locations[0].physicalLocation.artifactLocation.uriBaseId, Object.values(x.locations[0].physicalLocation.region).join(',')]), [
      ['unescaped-ampersand', 'unescaped-ampersand', 'error', 'public/sitemap.xml', '%SRCROOT%', '3,36,3,37'],
      ['future-lastmod', 'future-lastmod', 'warning', 'public/sitemap.xml', '%SRCROOT%', '3,53,3,63'],
      ['mixed-hosts', 'mixed-hosts', 'error', 'public/sitemap.xml', '%SRCROOT%', '4,13,4,36'],
    ]);
  });

  it('a reader closing the pipe early (| head) ends it quietly with the exit code of the findings', async () => {
    // Enough problems that the SARIF cannot fit in the pipe's buffer: the write meets the closed pipe.
    const entries = Array.from({ length: 3000 }, (_, n) => `<url><loc>https://www.example.com/${n}&x</loc></url>`).join('\n');
    const dir = folder({ 'sitemap.xml': `${DECL}\n${URLSET}\n${entries}\n</urlset>\n` });
    const child = spawn(process.execPath, [BIN, '--format', 'sarif', 'sitemap.xml'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(stderr, '');
    assert.equal(code, 1);
  });

  it('exits as soon as its report is out, with all of it: a JSON report larger than a pipe holds, and the RSS line on stderr', async () => {
    const entries = Array.from({ length: 3000 }, (_, n) => `<url><loc>https://www.example.com/${n}&x</loc></url>`).join('\n');
    const dir = folder({ 'sitemap.xml': `${DECL}\n${URLSET}\n${entries}\n</urlset>\n` });
    const child = spawn(process.execPath, [BIN, '--format', 'json', 'sitemap.xml'], { cwd: dir, env: { ...process.env, SITEMAP_LINT_REPORT_RSS: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 1);
    assert.ok(stdout.length > 1 << 16);
    assert.equal(stdout, run(['--format', 'json', 'sitemap.xml'], dir).stdout);
    assert.ok((JSON.parse(stdout) as JsonFile[])[0].problems.length > 0);
    assert.match(stderr, /^sitemap-lint: maxRSS \d+ kB\n$/);
  });

  it('exit 2 with one line on stderr (and the usage line after a usage error) and nothing on stdout for usage and I/O errors', () => {
    const dir = folder({ 'sitemap.xml': CLEAN, 'bad.xml.gz': Buffer.from([0x1f, 0x8b, 1, 2, 3]), 'bad.json': '{ rules', 'odd.json': '{"rules":{"no-such-rule":"off"}}', 'empty/readme.md': '#' });
    for (const args of [['--nope', 'sitemap.xml'], ['--format', 'xml', 'sitemap.xml'], ['--rule', 'no-such-rule=off', 'sitemap.xml'], ['--rule', 'xml-syntax=loud', 'sitemap.xml'],
      ['--max-warnings', 'many', 'sitemap.xml'], [], ['missing.xml'], ['bad.xml.gz'], ['--config', 'bad.json', 'sitemap.xml'], ['--config', 'odd.json', 'sitemap.xml'],
      ['--config', 'none.json', 'sitemap.xml'], ['empty'], ['--site-root', 'public=ftp://x/', 'sitemap.xml']]) {
      const r = run(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
      assert.match(r.stderr, /^sitemap-lint: [^\n]+\n(usage: sitemap-lint [^\n]+\n)?$/, args.join(' '));
    }
  });

  it('--rule, --quiet and --max-warnings', () => {
    const dir = folder({ 'sitemap.xml': BROKEN });
    assert.deepEqual(summary(json(['--rule', 'mixed-hosts=off', '--rule', 'unescaped-ampersand=hint', 'sitemap.xml'], dir).files)['sitemap.xml'],
      ['unescaped-ampersand hint 3:36-3:37', 'future-lastmod warning 3:53-3:63']);
    assert.equal(json(['--rule', 'mixed-hosts=off', '--rule', 'unescaped-ampersand=hint', 'sitemap.xml'], dir).code, 0);
    assert.equal(json(['--rule', 'mixed-hosts=off', '--rule', 'unescaped-ampersand=off', '--max-warnings', '0', 'sitemap.xml'], dir).code, 1);
    assert.equal(json(['--rule', 'mixed-hosts=off', '--rule', 'unescaped-ampersand=off', '--max-warnings', '1', 'sitemap.xml'], dir).code, 0);
    const quiet = json(['--quiet', 'sitemap.xml'], dir);
    assert.deepEqual(summary(quiet.files)['sitemap.xml'], ['unescaped-ampersand error 3:36-3:37', 'mixed-hosts error 4:13-4:36']);
    assert.equal(json(['--quiet', '--max-warnings', '0', '--rule', 'mixed-hosts=off', '--rule', 'unescaped-ampersand=off', 'sitemap.xml'], dir).code, 0);
  });

  it('--site-root, --allowed-host and --config (site roots relative to the config file)', () => {
    const dir = folder({
      'public/sitemap.xml': BROKEN.replace('a&b', 'a'),
      'conf/lint.json': JSON.stringify({ siteRoots: { '../public': 'https://www.example.com/' }, rules: { 'future-lastmod': 'error' } }),
    });
    const rules = (args: string[]) => summary(json([...args, 'public/sitemap.xml'], dir).files)['public/sitemap.xml'].map((p) => p.split(' ').slice(0, 2).join(' '));
    assert.deepEqual(rules([]), ['future-lastmod warning', 'mixed-hosts error']);
    assert.deepEqual(rules(['--site-root', 'public=https://www.example.com/']), ['future-lastmod warning', 'out-of-scope error']);
    assert.deepEqual(rules(['--site-root', 'public=https://www.example.com/', '--allowed-host', 'https://other.example']), ['future-lastmod warning']);
    assert.deepEqual(rules(['--config', 'conf/lint.json']), ['future-lastmod error', 'out-of-scope error']);
    assert.deepEqual(rules(['--config', 'conf/lint.json', '--rule', 'future-lastmod=off']), ['out-of-scope error']);
  });

  it('without a site root, a robots.txt in a folder above says where the sitemap lives', () => {
    const dir = folder({ 'site/maps/sitemap.xml': BROKEN.replace('a&b', 'a'), 'site/robots.txt': 'User-agent: *\nSitemap: https://www.example.com/maps/sitemap.xml\n' });
    assert.deepEqual(summary(json(['site/maps/sitemap.xml'], dir).files)['site/maps/sitemap.xml'].map((p) => p.split(' ')[0]), ['out-of-scope', 'future-lastmod', 'out-of-scope']);
    // The search stops at the current directory, as the editor's stops at the workspace folder.
    assert.deepEqual(summary(json(['sitemap.xml'], path.join(dir, 'site', 'maps')).files)['sitemap.xml'].map((p) => p.split(' ')[0]), ['future-lastmod', 'mixed-hosts']);
    // A spelling Google reads as Sitemap (robots-sitemap-spelling), after a partial byte-order mark, says it too.
    fs.writeFileSync(path.join(dir, 'site', 'robots.txt'), Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from('Site-Maps: https://www.example.com/maps/sitemap.xml\n')]));
    assert.deepEqual(summary(json(['site/maps/sitemap.xml'], dir).files)['site/maps/sitemap.xml'].map((p) => p.split(' ')[0]), ['out-of-scope', 'future-lastmod', 'out-of-scope']);
  });

  it('checks a robots.txt\'s Sitemap: lines (robots-sitemap-url, robots-sitemap-spelling) and exits 1 on them', () => {
    const dir = folder({ 'robots.txt': 'User-agent: *\nSitemap: /sitemap.xml\nSitemaps: https://www.example.com/news.xml\nSitemap: https://www.example.com/sitemap.xml\n', 'sitemap.xml': CLEAN });
    const r = json(['robots.txt'], dir);
    assert.equal(r.code, 1);
    // The spelling Google reads still names its sitemap, which does not exist.
    assert.deepEqual(summary(r.files), { 'robots.txt': ['robots-sitemap-url error 2:10-2:22', 'robots-sitemap-spelling warning 3:1-3:9', 'missing-sitemap-file warning 3:11-3:43'] });
    assert.equal(json(['--rule', 'robots-sitemap-url=warning', 'robots.txt'], dir).code, 0);
  });

  it('searches folders for sitemaps, text sitemaps, .gz and robots.txt, skipping node_modules and .git', () => {
    const dir = folder({
      'public/sitemap.xml': CLEAN, 'public/feed.xml': CLEAN.replace('.com/', '.com/feed'), 'public/page.xml': '<html/>', 'public/links.txt': 'https://a.example/1\nhttps://a.example/2\n',
      'public/notes.txt': 'hello', 'public/robots.txt': 'User-agent: *\n', 'public/deep/s.xml.gz': gzipSync(BROKEN), 'public/node_modules/sitemap.xml': BROKEN,
      'public/.git/sitemap.xml': BROKEN,
    });
    // The robots.txt lists none of them (unlisted-sitemap, sitemapLintSite.test.ts): off here, this is about the search.
    const r = json(['--rule', 'unlisted-sitemap=off', 'public'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual(summary(r.files), {
      [path.join('public', 'deep', 's.xml.gz')]: BROKEN_PROBLEMS, [path.join('public', 'feed.xml')]: [], [path.join('public', 'links.txt')]: [],
      [path.join('public', 'robots.txt')]: [], [path.join('public', 'sitemap.xml')]: [],
    });
  });

  it('reads standard input for -, gunzipped by magic bytes', () => {
    const dir = folder();
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', '-'], { cwd: dir, input: gzipSync(BROKEN), encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.deepEqual(summary(JSON.parse(r.stdout)), { '<stdin>': BROKEN_PROBLEMS });
    assert.deepEqual(summary(json(['-'], dir, 'https://www.example.com/a\nnot a url\n').files)['<stdin>'].map((p) => p.split(' ')[0]), ['text-sitemap-line']);
  });

  it('--follow lints the children an index and a robots.txt name, each once', () => {
    const dir = folder({
      'public/robots.txt': 'Sitemap: https://www.example.com/sitemap-index.xml\n',
      'public/sitemap-index.xml': INDEX(['https://www.example.com/maps/a.xml.gz', 'https://www.example.com/maps/a.xml.gz', 'https://www.example.com/gone.xml']),
      'public/maps/a.xml.gz': gzipSync(BROKEN),
    });
    assert.deepEqual(Object.keys(summary(json(['public/robots.txt'], dir).files)), ['public/robots.txt']);
    const followed = summary(json(['--follow', 'public/robots.txt'], dir).files);
    assert.deepEqual(Object.keys(followed), ['public/robots.txt', path.join('public', 'sitemap-index.xml'), path.join('public', 'maps', 'a.xml.gz')]);
    // Located by the index robots.txt names (https://www.example.com/maps/a.xml.gz): both URLs out of its scope.
    assert.deepEqual(followed[path.join('public', 'maps', 'a.xml.gz')].map((p) => p.split(' ')[0]), ['out-of-scope', 'unescaped-ampersand', 'future-lastmod', 'out-of-scope']);
    const viaRoot = summary(json(['--follow', '--site-root', 'public=https://www.example.com/', 'public/sitemap-index.xml', 'public/maps/a.xml.gz'], dir).files);
    assert.deepEqual(Object.keys(viaRoot), ['public/sitemap-index.xml', 'public/maps/a.xml.gz']);
  });
});
