/**
 * `sitemap-lint` (dist/sitemap-lint.js) as CI reads it: every problem and exact counts (the editor's 1,000-a-file cap
 * stays in the editor; `--max-problems N` caps the report, never the counts), and each problem about an entry with
 * its URL — JSON's `url`, SARIF's `properties.url` and logical location, the CSV's `url` column (parsed here as
 * RFC 4180 reads it). Real files, the real binary; never message wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import * as path from 'node:path';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const SITE = 'https://www.example.com/';
const folder = tempFolders('sitemap-lint-results-');

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface JsonProblem { rule: string; severity: string; line: number; column: number; endLine: number; endColumn: number; url: string | null }
interface JsonFile { file: string; problems: JsonProblem[]; counts: Record<string, number> }

function json(args: string[], cwd: string): { code: number | null; files: JsonFile[] } {
  const r = run(['--format', 'json', ...args], cwd);
  assert.equal(r.stderr, '');
  return { code: r.code, files: JSON.parse(r.stdout) as JsonFile[] };
}

function sarif(args: string[], cwd: string): any {
  const r = run(['--format', 'sarif', ...args], cwd);
  assert.equal(r.stderr, '');
  const log = JSON.parse(r.stdout);
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const valid = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));
  assert.ok(valid(log), JSON.stringify(valid.errors));
  return log;
}

/** RFC 4180, strictly: every record ends in CRLF; a quoted field may hold commas, CR, LF and doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let at = 0;
  while (at < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        for (at++; ; at++) {
          assert.ok(at < text.length, 'a quoted field is closed');
          if (text[at] === '"' && text[at + 1] === '"') field += text[at++];
          else if (text[at] === '"') break;
          else field += text[at];
        }
        at++;
      } else {
        for (; at < text.length && !/[,\r\n"]/.test(text[at]!); at++) field += text[at];
        assert.notEqual(text[at], '"', 'no quote inside an unquoted field');
      }
      record.push(field);
      if (text[at] === ',') {
        at++;
        continue;
      }
      assert.equal(text.slice(at, at + 2), '\r\n', `record ${records.length + 1} ends in CRLF`);
      at += 2;
      break;
    }
    records.push(record);
  }
  return records;
}

/** robots.txt disallows /private; the sitemap is one line (as Hugo writes it): three blocked entries — one URL with a
 * comma, one with a comma and quotes (`&quot;`) — a clean one, and an error on the root's declaration (no entry's). */
const BLOCKED = [`${SITE}private/a`, `${SITE}private/b,c`, `${SITE}private/"q",x`];
const MINIFIED = {
  'public/robots.txt': 'User-agent: *\nDisallow: /private\n',
  'public/sitemap.xml': `${DECL}<urlset ${NS} xmlns:image="https://www.google.com/schemas/sitemap-image/1.1">`
    + `${BLOCKED.map((u) => `<url><loc>${u.replace(/"/g, '&quot;')}</loc></url>`).join('')}<url><loc>${SITE}open</loc></url></urlset>`,
};
const ROOT_ARGS = ['--site-root', `public=${SITE}`, 'public/sitemap.xml'];

describe('sitemap-lint: per-URL results', () => {
  it('JSON: each problem about an entry carries its URL, decoded; one outside every entry has null', () => {
    const dir = folder(MINIFIED);
    const { code, files } = json(ROOT_ARGS, dir);
    assert.equal(code, 1);
    const problems = files[0]!.problems;
    const blocked = problems.filter((p) => p.rule === 'blocked-by-robots');
    assert.deepEqual(blocked.map((p) => p.url), BLOCKED);
    assert.ok(blocked.every((p) => p.line === 1 && p.endLine === 1));
    assert.equal(new Set(blocked.map((p) => p.column)).size, 3);
    const declaration = problems.filter((p) => p.rule === 'extension-namespace');
    assert.equal(declaration.length, 1);
    assert.equal(declaration[0]!.url, null);
    // Every other problem lies in an entry: the URL-syntax errors of the quoted one too.
    for (const p of problems) if (p.rule !== 'extension-namespace') assert.ok(p.url !== null && BLOCKED.includes(p.url), `${p.rule} ${p.column}`);
  });

  it('SARIF: properties.url and a logical location of kind resource on each problem about an entry', () => {
    const dir = folder(MINIFIED);
    const log = sarif(ROOT_ARGS, dir);
    const results = log.runs[0].results as any[];
    const blocked = results.filter((r) => r.ruleId === 'blocked-by-robots');
    assert.deepEqual(blocked.map((r) => r.properties?.url), BLOCKED);
    assert.deepEqual(blocked.map((r) => r.locations[0].logicalLocations), BLOCKED.map((u) => [{ name: u, fullyQualifiedName: u, kind: 'resource' }]));
    const declaration = results.find((r) => r.ruleId === 'extension-namespace');
    assert.equal(declaration.properties?.url, undefined);
    assert.equal(declaration.locations[0].logicalLocations, undefined);
  });

  it('CSV: a header, one RFC 4180 record per problem (the JSON report\'s, in its order), the URL column empty outside entries', () => {
    const dir = folder(MINIFIED);
    const r = run(['--format', 'csv', ...ROOT_ARGS], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, '');
    const [header, ...rows] = parseCsv(r.stdout);
    assert.deepEqual(header, ['file', 'line', 'column', 'severity', 'rule', 'url', 'message']);
    const expected = json(ROOT_ARGS, dir).files.flatMap((f) => f.problems.map((p) => [f.file, String(p.line), String(p.column), p.severity, p.rule, p.url ?? '']));
    assert.deepEqual(rows.map((row) => row.slice(0, 6)), expected);
    assert.deepEqual(rows.filter((row) => row[4] === 'blocked-by-robots').map((row) => row[5]), BLOCKED);
    assert.ok(rows.every((row) => row.length === 7 && row[6] !== ''));
    // The quoted URL's field and the messages naming it hold commas and quotes, doubled on the wire.
    assert.ok(r.stdout.includes('"https://www.example.com/private/""q"",x"'));
  });

  it('CSV of a clean file: the header alone; a bad --format is exit 2', () => {
    const dir = folder({ 'sitemap.xml': `${DECL}\n<urlset ${NS}>\n<url><loc>${SITE}</loc></url>\n</urlset>\n` });
    const r = run(['--format', 'csv', 'sitemap.xml'], dir);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, 'file,line,column,severity,rule,url,message\r\n');
    assert.equal(run(['--format', 'xlsx', 'sitemap.xml'], dir).code, 2);
  });
});

/** 1,100 entries with an invalid priority (errors), 300 with a fragment (warnings): 1,400 problems in one file. */
const MANY = `${DECL}\n<urlset ${NS}>\n${Array.from({ length: 1100 }, (_, n) => `<url><loc>${SITE}p/${n}</loc><priority>7</priority></url>\n`).join('')}`
  + `${Array.from({ length: 300 }, (_, n) => `<url><loc>${SITE}f/${n}#x</loc></url>\n`).join('')}</urlset>\n`;

describe('sitemap-lint: exact counts', () => {
  it('reports every one of 1,400 problems in one file: JSON, SARIF, the stylish summary; no too-many-problems', () => {
    const dir = folder({ 'sitemap.xml': MANY });
    const { code, files } = json(['sitemap.xml'], dir);
    assert.equal(code, 1);
    const rules = (list: Array<{ rule?: string; ruleId?: string }>, id: string) => list.filter((p) => (p.rule ?? p.ruleId) === id).length;
    assert.equal(files[0]!.problems.length, 1400);
    assert.equal(rules(files[0]!.problems, 'invalid-priority'), 1100);
    assert.equal(rules(files[0]!.problems, 'url-fragment'), 300);
    assert.equal(rules(files[0]!.problems, 'too-many-problems'), 0);
    assert.deepEqual(files[0]!.counts, { error: 1100, warning: 300, information: 0, hint: 0 });
    const results = sarif(['sitemap.xml'], dir).runs[0].results;
    assert.equal(results.length, 1400);
    assert.equal(rules(results, 'too-many-problems'), 0);
    const stylish = run(['sitemap.xml'], dir);
    assert.equal(stylish.code, 1);
    assert.match(stylish.stdout, /^✖ 1400 problems \(1100 errors, 300 warnings\) in 1 file$/m);
    assert.equal(stylish.stdout.split('\n').filter((l) => l.startsWith('sitemap.xml:')).length, 1400);
  });

  it('exit codes count every warning: --max-warnings 1399 fails 1,400, 1400 passes', () => {
    const dir = folder({ 'sitemap.xml': MANY });
    const asWarnings = ['--rule', 'invalid-priority=warning', 'sitemap.xml'];
    assert.equal(run(['--max-warnings', '1399', ...asWarnings], dir).code, 1);
    assert.equal(run(['--max-warnings', '1400', ...asWarnings], dir).code, 0);
  });

  it('the config\'s maxProblems (the editor\'s setting) caps nothing', () => {
    const dir = folder({ 'sitemap.xml': MANY, 'config.json': JSON.stringify({ maxProblems: 10 }) });
    assert.equal(json(['--config', 'config.json', 'sitemap.xml'], dir).files[0]!.problems.length, 1400);
  });
});

describe('sitemap-lint --max-problems N', () => {
  it('keeps N problems of a file (each rule\'s first among them), one too-many-problems notice, exact counts', () => {
    const dir = folder({ 'sitemap.xml': MANY, 'few.xml': `${DECL}\n<urlset ${NS}>\n<url><loc>${SITE}a#x</loc></url>\n</urlset>\n` });
    const { code, files } = json(['--max-problems', '10', 'sitemap.xml', 'few.xml'], dir);
    assert.equal(code, 1);
    const [many, few] = files;
    const shown = many!.problems.filter((p) => p.rule !== 'too-many-problems');
    assert.equal(shown.length, 10);
    // Errors first, but the first warning's rule is shown too.
    assert.equal(shown.filter((p) => p.rule === 'url-fragment').length, 1);
    assert.equal(shown.filter((p) => p.rule === 'invalid-priority').length, 9);
    const notices = many!.problems.filter((p) => p.rule === 'too-many-problems');
    assert.equal(notices.length, 1);
    assert.equal(notices[0]!.severity, 'information');
    assert.equal(notices[0]!.url, null);
    // In line order, at the first problem left out (line 12: the tenth invalid priority).
    const lines = many!.problems.map((p) => p.line);
    assert.deepEqual(lines, [...lines].sort((a, b) => a - b));
    assert.equal(notices[0]!.line, 12);
    assert.deepEqual(many!.counts, { error: 1100, warning: 300, information: 0, hint: 0 });
    assert.deepEqual(few!.problems.map((p) => p.rule), ['url-fragment']);
    assert.deepEqual(few!.counts, { error: 0, warning: 1, information: 0, hint: 0 });
  });

  it('stylish, SARIF and exit codes count what was cut', () => {
    const dir = folder({ 'sitemap.xml': MANY });
    const stylish = run(['--max-problems', '10', 'sitemap.xml'], dir);
    assert.equal(stylish.stdout.split('\n').filter((l) => l.startsWith('sitemap.xml:')).length, 11);
    assert.match(stylish.stdout, /^✖ 1400 problems \(1100 errors, 300 warnings\) in 1 file$/m);
    const results = sarif(['--max-problems', '10', 'sitemap.xml'], dir).runs[0].results as any[];
    assert.equal(results.length, 11);
    assert.deepEqual(results.find((r) => r.ruleId === 'too-many-problems').properties.omitted, { error: 1091, warning: 299, information: 0, hint: 0 });
    const asWarnings = ['--max-problems', '10', '--rule', 'invalid-priority=warning', 'sitemap.xml'];
    assert.equal(run(['--max-warnings', '1399', ...asWarnings], dir).code, 1);
    assert.equal(run(['--max-warnings', '1400', ...asWarnings], dir).code, 0);
  });

  it('takes a whole number from 1: 0, -1 and 1.5 are exit 2', () => {
    const dir = folder({ 'sitemap.xml': MANY });
    for (const bad of ['0', '-1', '1.5', 'all']) {
      const r = run(['--max-problems', bad, 'sitemap.xml'], dir);
      assert.equal(r.code, 2, bad);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trim().split('\n').length, 2, 'the error, then the usage line');
    }
    const one = json(['--max-problems=1', 'sitemap.xml'], dir).files[0]!.problems.map((p) => p.rule);
    assert.deepEqual(one, ['invalid-priority', 'too-many-problems']);
  });
});
