/**
 * `sitemap-lint --write-baseline FILE` and `--baseline FILE` (dist/sitemap-lint.js as child processes, real files): how a
 * site with 1,700 known problems adopts the linter without a red build, then sees exactly its new problems. Problems are
 * matched by rule, file and entry URL, or by the text of their lines (never their line numbers), and counted; what was
 * suppressed and what is gone is in JSON and SARIF; the file is written whole or not at all. Never message wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const SITE = 'https://www.example.com/';
const folder = tempFolders('sitemap-lint-baseline-');

function run(args: string[], cwd: string, input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28, input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonProblem { rule: string; severity: string; line: number; column: number; url: string | null }
interface JsonFile { file: string; problems: JsonProblem[]; counts: Record<string, number>; baseline?: { suppressed: number; gone: number } }

function json(args: string[], cwd: string): { code: number | null; files: JsonFile[] } {
  const r = run(['--format', 'json', ...args], cwd);
  assert.equal(r.stderr, '');
  return { code: r.code, files: JSON.parse(r.stdout) as JsonFile[] };
}

const problemsOf = (files: readonly JsonFile[]) => files.flatMap((f) => f.problems.map((p) => `${f.file}:${p.line}:${p.column} ${p.rule} ${p.url ?? '-'}`));
const totals = (files: readonly JsonFile[]) => ({
  suppressed: files.reduce((n, f) => n + (f.baseline?.suppressed ?? 0), 0),
  gone: files.reduce((n, f) => n + (f.baseline?.gone ?? 0), 0),
});

/** An entry per line: `bad` ones with priority 2 (invalid-priority, an error), `fragment` ones with a #top (url-fragment,
 * a warning), `noLoc` entries without <loc> (missing-loc: outside every entry's URL, matched by its line's text). */
function sitemap(entries: readonly string[], separator = '\n'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${separator}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${separator}`
    + `${entries.map((e) => `  ${e}`).join(separator)}${separator}</urlset>${separator}`;
}
const good = (p: string) => `<url><loc>${SITE}${p}</loc></url>`;
const bad = (p: string) => `<url><loc>${SITE}${p}</loc><priority>2</priority></url>`;
const fragment = (p: string) => `<url><loc>${SITE}${p}#top</loc></url>`;
const NO_LOC = '<url><lastmod>2024-01-01</lastmod></url>';

/** 1,000 errors, 700 warnings and 3 missing-loc errors of one text: 1,703 known problems. */
function knownProblems(): string[] {
  const entries: string[] = [];
  for (let k = 0; k < 1700; k++) entries.push(k % 10 < 3 ? fragment(`page-${k}`) : bad(`page-${k}`));
  entries.splice(500, 0, NO_LOC, NO_LOC);
  entries.splice(1200, 0, NO_LOC);
  return entries;
}

describe('sitemap-lint --baseline: adopting the linter on a site with many known problems', () => {
  it('records 1,703 problems, passes against them, reports exactly a new one after edits elsewhere, counts a fixed one gone', () => {
    const entries = knownProblems();
    const dir = folder({ 'public/sitemap.xml': sitemap(entries) });
    const before = json(['public'], dir);
    assert.equal(before.code, 1);
    assert.equal(before.files[0]!.problems.length, 1703);

    const write = run(['--write-baseline', 'sitemap-baseline.json', 'public'], dir);
    assert.equal(write.code, 0, write.stderr);
    const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'sitemap-baseline.json'), 'utf8'));
    assert.equal(recorded.problems, 1703);
    assert.deepEqual(Object.keys(recorded.files), ['public/sitemap.xml']);
    assert.deepEqual(recorded.files['public/sitemap.xml']['missing-loc'], { texts: { [NO_LOC]: 3 } });

    const clean = json(['--baseline', 'sitemap-baseline.json', 'public'], dir);
    assert.equal(clean.code, 0);
    assert.deepEqual(problemsOf(clean.files), []);
    assert.deepEqual(totals(clean.files), { suppressed: 1703, gone: 0 });
    assert.deepEqual(clean.files[0]!.counts, { error: 0, warning: 0, information: 0, hint: 0 });

    // Edits elsewhere: entries inserted above every known problem (each one's line moves), and one new problem.
    const edited = [good('new-1'), good('new-2'), good('new-3'), ...entries.slice(0, 900), bad('new-bad'), ...entries.slice(900)];
    fs.writeFileSync(path.join(dir, 'public/sitemap.xml'), sitemap(edited));
    const after = json(['--baseline', 'sitemap-baseline.json', 'public'], dir);
    assert.equal(after.code, 1);
    // Line 3 holds the first entry; the priority's value is the problem's start.
    const column = `  ${bad('new-bad')}`.indexOf('>2<') + 2;
    assert.deepEqual(problemsOf(after.files), [`public/sitemap.xml:${3 + 3 + 900}:${column} invalid-priority ${SITE}new-bad`]);
    assert.deepEqual(totals(after.files), { suppressed: 1703, gone: 0 });

    // One recorded problem fixed: gone 1, the new one still reported.
    const fixed = edited.map((e) => (e === bad('page-5') ? good('page-5') : e));
    assert.notDeepEqual(fixed, edited);
    fs.writeFileSync(path.join(dir, 'public/sitemap.xml'), sitemap(fixed));
    const fewer = json(['--baseline', 'sitemap-baseline.json', 'public'], dir);
    assert.equal(fewer.code, 1);
    assert.equal(fewer.files[0]!.problems.length, 1);
    assert.deepEqual(totals(fewer.files), { suppressed: 1702, gone: 1 });
  });

  it('counts problems of one key: 3 recorded, 4 now is 1 new (the last in the file); 2 now is 1 gone', () => {
    const entries = [good('a'), NO_LOC, good('b'), NO_LOC, NO_LOC, good('c')];
    const dir = folder({ 'sitemap.xml': sitemap(entries) });
    assert.equal(run(['--write-baseline', 'baseline.json', 'sitemap.xml'], dir).code, 0);
    fs.writeFileSync(path.join(dir, 'sitemap.xml'), sitemap([NO_LOC, ...entries]));
    const four = json(['--baseline', 'baseline.json', 'sitemap.xml'], dir);
    assert.equal(four.code, 1);
    assert.deepEqual(four.files[0]!.problems.map((p) => `${p.line} ${p.rule}`), ['8 missing-loc']);
    assert.deepEqual(totals(four.files), { suppressed: 3, gone: 0 });
    fs.writeFileSync(path.join(dir, 'sitemap.xml'), sitemap(entries.slice(0, 4)));
    const two = json(['--baseline', 'baseline.json', 'sitemap.xml'], dir);
    assert.equal(two.code, 0);
    assert.deepEqual(totals(two.files), { suppressed: 2, gone: 1 });
  });

  it('matches a minified one-line sitemap\'s problems outside every entry by their text, not their column', () => {
    const entries = [good('a'), NO_LOC, ...Array.from({ length: 40 }, (_, k) => good(`p${k}`)), '<url><lastmod>2023-05-05</lastmod></url>'];
    const dir = folder({ 'sitemap.xml': sitemap(entries, '') });
    assert.equal(run(['--write-baseline', 'baseline.json', 'sitemap.xml'], dir).code, 0);
    // Entries inserted at the start move every column on the one line; a third entry without <loc>, among others, is new.
    const NEW = '<url><lastmod>2022-02-02</lastmod></url>';
    const text = sitemap([good('x'), good('y'), ...entries.slice(0, 20), NEW, ...entries.slice(20)], '');
    fs.writeFileSync(path.join(dir, 'sitemap.xml'), text);
    const after = json(['--baseline', 'baseline.json', 'sitemap.xml'], dir);
    // The problem is on the element's name, after its `<`.
    assert.deepEqual(after.files[0]!.problems.map((p) => `${p.line}:${p.column} ${p.rule}`), [`1:${text.indexOf(NEW) + 2} missing-loc`]);
    assert.deepEqual(totals(after.files), { suppressed: 2, gone: 0 });
  });

  it('matches unlisted-page problems by the page\'s URL: one page listed and another added is one gone and one new', () => {
    const page = '<!doctype html><title>Page</title>';
    const dir = folder({ 'public/index.html': page, 'public/a.html': page, 'public/b.html': page, 'public/sitemap.xml': sitemap([good('')]) });
    const args = ['--site-root', `public=${SITE}`, '--rule', 'lastmod-stale=off', '--rule', 'lastmod-inflated=off', 'public/sitemap.xml'];
    const before = json(args, dir);
    assert.deepEqual(before.files[0]!.problems.map((p) => `${p.rule} ${p.url}`), [`unlisted-page ${SITE}a.html`, `unlisted-page ${SITE}b.html`]);
    assert.equal(run(['--write-baseline', 'baseline.json', ...args], dir).code, 0);
    // a.html is listed now and c.html is new: the same count of unlisted pages on the same line, but another page.
    fs.writeFileSync(path.join(dir, 'public/sitemap.xml'), sitemap([good(''), good('a.html')]));
    fs.writeFileSync(path.join(dir, 'public/c.html'), page);
    const after = json(['--baseline', 'baseline.json', ...args], dir);
    assert.deepEqual(after.files[0]!.problems.map((p) => `${p.rule} ${p.url}`), [`unlisted-page ${SITE}c.html`]);
    assert.deepEqual(totals(after.files), { suppressed: 1, gone: 1 });
  });

  it('names files relative to the baseline\'s folder: the same file from another directory, byte for byte', () => {
    const dir = folder({ 'site/public/sitemap.xml': sitemap([bad('a'), fragment('b')]), 'site/ci/.keep': '' });
    assert.equal(run(['--write-baseline', 'site/ci/baseline.json', 'site/public'], dir).code, 0);
    const fromRoot = fs.readFileSync(path.join(dir, 'site/ci/baseline.json'), 'utf8');
    assert.deepEqual(Object.keys(JSON.parse(fromRoot).files), ['../public/sitemap.xml']);
    const inside = path.join(dir, 'site/public');
    const there = json(['--baseline', '../ci/baseline.json', 'sitemap.xml'], inside);
    assert.equal(there.code, 0);
    assert.deepEqual(totals(there.files), { suppressed: 2, gone: 0 });
    assert.equal(run(['--write-baseline', '../ci/baseline.json', '--force', 'sitemap.xml'], inside).code, 0);
    assert.equal(fs.readFileSync(path.join(dir, 'site/ci/baseline.json'), 'utf8'), fromRoot);
  });

  it('records every problem whatever --quiet and --max-problems report; --quiet then counts the errors suppressed', () => {
    const dir = folder({ 'sitemap.xml': sitemap([bad('a'), bad('b'), fragment('c'), fragment('d')]) });
    assert.equal(run(['--write-baseline', 'baseline.json', '--quiet', '--max-problems', '1', 'sitemap.xml'], dir).code, 0);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8')).problems, 4);
    const all = json(['--baseline', 'baseline.json', '--max-warnings', '0', 'sitemap.xml'], dir);
    assert.equal(all.code, 0);
    assert.deepEqual(totals(all.files), { suppressed: 4, gone: 0 });
    const quiet = json(['--baseline', 'baseline.json', '--quiet', 'sitemap.xml'], dir);
    assert.deepEqual(totals(quiet.files), { suppressed: 2, gone: 0 });
  });

  it('gives SARIF baselineState new or unchanged, the recorded ones suppressed (accepted), the totals in the run', () => {
    const dir = folder({ 'sitemap.xml': sitemap([bad('a'), fragment('b')]) });
    assert.equal(run(['--write-baseline', 'baseline.json', 'sitemap.xml'], dir).code, 0);
    fs.writeFileSync(path.join(dir, 'sitemap.xml'), sitemap([bad('a'), bad('c')]));
    const r = run(['--format', 'sarif', '--baseline', 'baseline.json', 'sitemap.xml'], dir);
    assert.equal(r.code, 1);
    const log = validSarif(r.stdout);
    const results = log.runs[0].results as Array<{ ruleId: string; baselineState: string; properties: { url: string }; suppressions?: Array<{ kind: string; status: string }> }>;
    assert.deepEqual(results.map((x) => `${x.baselineState} ${x.ruleId} ${x.properties.url} ${x.suppressions?.map((s) => `${s.kind}/${s.status}`).join() ?? '-'}`), [
      `new invalid-priority ${SITE}c -`,
      `unchanged invalid-priority ${SITE}a external/accepted`,
    ]);
    assert.deepEqual(log.runs[0].properties.baseline, { file: 'baseline.json', suppressed: 1, gone: 1 });
  });
});

/** The log, checked against SARIF 2.1.0's schema. */
function validSarif(text: string): any {
  const log = JSON.parse(text);
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const valid = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));
  assert.ok(valid(log), JSON.stringify(valid.errors));
  return log;
}

describe('sitemap-lint --write-baseline: the file', () => {
  it('refuses an existing file without --force (exit 2, untouched), replaces it with --force', () => {
    const dir = folder({ 'sitemap.xml': sitemap([bad('a')]), 'baseline.json': 'keep me' });
    const refused = run(['--write-baseline', 'baseline.json', 'sitemap.xml'], dir);
    assert.equal(refused.code, 2);
    assert.equal(refused.stderr.trim().split('\n').length, 1);
    assert.equal(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8'), 'keep me');
    assert.equal(run(['--write-baseline', 'baseline.json', '--force', 'sitemap.xml'], dir).code, 0);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8')).problems, 1);
  });

  it('writes whole or not at all: a rename that fails leaves no file behind; a missing folder is refused before the lint', () => {
    const dir = folder({ 'sitemap.xml': sitemap([bad('a')]), 'taken/inside': 'x' });
    const failed = run(['--write-baseline', 'taken', '--force', 'sitemap.xml'], dir);
    assert.equal(failed.code, 2);
    assert.equal(failed.stderr.trim().split('\n').length, 1);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['sitemap.xml', 'taken']);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'taken')), ['inside']);
    const missing = run(['--write-baseline', 'nowhere/baseline.json', 'sitemap.xml'], dir);
    assert.equal(missing.code, 2);
    assert.equal(missing.stdout, '', 'refused before the lint reports anything');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['sitemap.xml', 'taken']);
  });

  it('a missing or malformed baseline is one line and exit 2; the options that do not go with one are usage errors (the error and the usage line), exit 2', () => {
    const dir = folder({
      'sitemap.xml': sitemap([bad('a')]),
      'not-json.json': '{',
      'array.json': '[]',
      'zero.json': JSON.stringify({ 'sitemap-lint-baseline': 1, files: { 'sitemap.xml': { 'invalid-priority': { urls: { [`${SITE}a`]: 0 } } } } }),
      'later.json': JSON.stringify({ 'sitemap-lint-baseline': 2, files: {} }),
    });
    for (const file of ['absent.json', 'not-json.json', 'array.json', 'zero.json', 'later.json']) {
      const r = run(['--baseline', file, 'sitemap.xml'], dir);
      assert.equal(r.code, 2, file);
      assert.equal(r.stdout, '', file);
      assert.equal(r.stderr.trim().split('\n').length, 1, file);
      assert.ok(!r.stderr.includes('    at '), `${file}: no stack`);
    }
    for (const args of [
      ['--baseline', 'zero.json', '-'], ['--write-baseline', 'new.json', '-'], ['--force', 'sitemap.xml'],
      ['--baseline', 'zero.json', '--write-baseline', 'new.json', 'sitemap.xml'], ['--baseline', 'zero.json', '--shard', '1/2', 'sitemap.xml'],
    ]) {
      const r = run(args, dir, sitemap([bad('a')]));
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 2, `${args.join(' ')}: the error, then the usage line`);
    }
    assert.ok(!fs.existsSync(path.join(dir, 'new.json')));
  });
});
