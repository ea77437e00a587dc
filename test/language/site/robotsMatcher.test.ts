/** The robots.txt matcher against google/robotstxt: every matching case of robots_test.cc (the table in
 * test/fixtures/robotstxt/, the rest ported below), a plain reference on generated files, and robots.cc itself, built
 * with g++ when the machine has it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isAllowed, isValidUserAgentToObey, parseRobotsRules } from '../../../server/src/language/site/robotsMatcher';
import { escapeRobotsPattern, robotsPath } from '../../../server/src/language/site/robotsPattern';
import { generateRobotsCases, referenceAllowed, type RobotsCase } from '../../support/robotsReference';
import { tempFolders } from '../../support/tempFolders';

interface GoogleCase extends RobotsCase {
  test: string;
  allowed: boolean;
}

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/robotstxt');
const GOOGLE_CASES = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'google-matching-cases.json'), 'utf8')) as { cases: GoogleCase[] }).cases;
const tempFolder = tempFolders('robots-matcher-');

function allowed(robotstxt: string, userAgent: string, url: string): boolean {
  return isAllowed(parseRobotsRules(robotstxt), userAgent, url).allowed;
}

test('every IsUserAgentAllowed case of robots_test.cc', () => {
  assert.equal(GOOGLE_CASES.length, 140);
  const failed = GOOGLE_CASES.filter((c) => allowed(c.robotstxt, c.userAgent, c.url) !== c.allowed);
  assert.deepEqual(failed, []);
});

test('GoogleOnly_LineTooLong: a line is read up to 8 × 2083 bytes', () => {
  const maxLineLength = 2083 * 8;
  const longPath = (fill: string, key: string): string => '/x/' + fill.repeat(maxLineLength - 3 - key.length + 1 - 3);
  const disallowed = longPath('a', 'disallow: ');
  const cutDisallow = `user-agent: FooBot\ndisallow: ${disallowed}/qux\n`;
  assert.equal(allowed(cutDisallow, 'FooBot', 'http://foo.bar/fux'), true);
  assert.equal(allowed(cutDisallow, 'FooBot', `http://foo.bar${disallowed}/fux`), false);
  const [a, b] = [longPath('a', 'allow: '), longPath('b', 'allow: ')];
  const cutAllow = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
  assert.equal(allowed(cutAllow, 'FooBot', 'http://foo.bar/'), false);
  assert.equal(allowed(cutAllow, 'FooBot', `http://foo.bar${a}/qux`), true);
  assert.equal(allowed(cutAllow, 'FooBot', `http://foo.bar${b}/fux`), true);
});

test('the line limit counts UTF-8 bytes and keeps the bytes of a character it cuts through', () => {
  // 16,663 bytes are read: `disallow: /` (11) and 5,550 × 3 bytes of `ツ` leave 2 bytes, E3 83 of the next `ツ`.
  const robotstxt = `user-agent: FooBot\ndisallow: /${'ツ'.repeat(5551)}z\n`;
  const cut = '/' + '%E3%83%84'.repeat(5550) + '%E3%83';
  assert.equal(allowed(robotstxt, 'FooBot', `http://foo.bar${cut}`), false);
  assert.equal(allowed(robotstxt, 'FooBot', `http://foo.bar${cut.slice(0, -3)}`), true);
});

test('TestGetPathParamsQuery', () => {
  const cases: Array<[string, string]> = [
    ['', '/'], ['http://www.example.com', '/'], ['http://www.example.com/', '/'], ['http://www.example.com/a', '/a'],
    ['http://www.example.com/a/', '/a/'], ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
    ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'], ['example.com', '/'], ['example.com/', '/'],
    ['example.com/a', '/a'], ['example.com/a/', '/a/'], ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'], ['a', '/'],
    ['a/', '/'], ['/a', '/a'], ['a/b', '/b'], ['example.com?a', '/?a'], ['example.com/a;b#c', '/a;b'], ['//a/b/c', '/b/c'],
  ];
  for (const [url, expected] of cases) assert.equal(robotsPath(url), expected, url);
});

test('TestMaybeEscapePattern', () => {
  assert.equal(escapeRobotsPattern('http://www.example.com'), 'http://www.example.com');
  assert.equal(escapeRobotsPattern('/a/b/c'), '/a/b/c');
  assert.equal(escapeRobotsPattern('á'), '%C3%A1');
  assert.equal(escapeRobotsPattern('%aa'), '%AA');
});

test('ID_VerifyValidUserAgentsToObey', () => {
  for (const agent of ['Foobot', 'Foobot-Bar', 'Foo_Bar']) assert.equal(isValidUserAgentToObey(agent), true, agent);
  for (const agent of ['', 'ツ', 'Foobot*', ' Foobot ', 'Foobot/2.1', 'Foobot Bar']) assert.equal(isValidUserAgentToObey(agent), false, agent);
});

test('ID_LinesNumbersAreCountedCorrectly: LF, CRLF, CR, no final newline, mixed', () => {
  const files = [
    'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
    'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
    'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
    'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /',
    'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
  ];
  for (const file of files) {
    const rules = parseRobotsRules(file).groups.flatMap((g) => g.rules.map((r) => r.lineNumber));
    assert.deepEqual(rules, [2, 6], JSON.stringify(file));
  }
});

test('ID_UTF8ByteOrderMarkIsSkipped: whole or partial at the start only, as the file decodes', () => {
  const read = (bomHex: string, text = 'User-Agent: foo\nAllow: /AnyValue\n'): number[] => {
    const decoded = Buffer.concat([Buffer.from(bomHex, 'hex'), Buffer.from(text, 'utf8')]).toString('utf8');
    return parseRobotsRules(decoded).groups.map((g) => g.rules.length);
  };
  assert.deepEqual(read('efbbbf'), [1]);
  assert.deepEqual(read('efbb'), [1]);
  assert.deepEqual(read('ef'), [1]);
  assert.deepEqual(read('ef11bf'), [], 'a broken mark makes the first line garbage');
  assert.deepEqual(read('', 'User-Agent: foo\n\uFEFFAllow: /AnyValue\n'), [0], 'a mark within the file is garbage');
});

test("lines are read as robots.cc reads them: a scheme's `:` splits, only a space or tab stands for a missing `:`", () => {
  const robots = (line: string): string => `User-agent: *\n${line}\n`;
  assert.equal(allowed(robots('Disallow http://a/b'), 'FooBot', 'http://h//a/b'), false, 'name `Disallow http`, value `//a/b`');
  assert.equal(allowed(robots('Disallow http://a/b'), 'FooBot', 'http://h/http://a/b'), true);
  assert.equal(allowed(robots('Disallow\v/x'), 'FooBot', 'http://h/x'), true, 'a vertical tab separates nothing');
  assert.equal(allowed(robots('Disallow /x\vy'), 'FooBot', 'http://h/x\vy'), false, 'nor splits the value');
  assert.equal(allowed('User-agent: Foo\u212Aot\nDisallow: /\n', 'FooKot', 'http://h/'), true, 'no Unicode case folding');
});

test('the deciding line: its number and the offsets of its directive', () => {
  const robotstxt = 'User-agent: *\r\nDisallow: /\n\nUser-agent: Googlebot\n  Disallow: /private  # keep out\nAllow: /private/ok\n';
  const rules = parseRobotsRules(robotstxt);
  const blocked = isAllowed(rules, 'Googlebot', 'https://example.com/private/x');
  assert.equal(blocked.allowed, false);
  assert.equal(blocked.group, 'agent');
  assert.equal(blocked.rule?.lineNumber, 5);
  assert.equal(robotstxt.slice(blocked.rule?.start, blocked.rule?.end), 'Disallow: /private');
  const allowedByRule = isAllowed(rules, 'googlebot', 'https://example.com/private/ok');
  assert.deepEqual([allowedByRule.allowed, allowedByRule.rule?.lineNumber], [true, 6]);
  const other = isAllowed(rules, 'Bingbot', 'https://example.com/private/ok');
  assert.deepEqual([other.allowed, other.group, other.rule?.lineNumber], [false, 'global', 2]);
  assert.deepEqual(isAllowed(parseRobotsRules('Sitemap: /s.xml\n'), 'Googlebot', '/'), { allowed: true, group: undefined });
});

test('a pattern of many `*` against a long path is decided without backtracking', { timeout: 10_000 }, () => {
  const robotstxt = `User-agent: *\nDisallow: /${'*a'.repeat(2000)}b\nDisallow: /${'*a'.repeat(2000)}$\n`;
  const rules = parseRobotsRules(robotstxt);
  assert.deepEqual(isAllowed(rules, 'FooBot', `http://h/${'a'.repeat(16000)}`).rule?.lineNumber, 3);
  assert.equal(isAllowed(rules, 'FooBot', `http://h/${'a'.repeat(16000)}c`).allowed, true);
  assert.equal(isAllowed(rules, 'FooBot', `http://h/${'a'.repeat(1999)}`).allowed, true);
});

test('the fast matcher agrees with a plain reference on 30,000 generated questions', () => {
  const cases = generateRobotsCases(22, 30000);
  const differ = cases.filter((c) => {
    const verdict = isAllowed(parseRobotsRules(c.robotstxt), c.userAgent, c.url);
    const expected = referenceAllowed(c);
    return verdict.allowed !== expected.allowed || (verdict.rule?.lineNumber ?? 0) !== expected.lineNumber;
  });
  assert.deepEqual(differ.slice(0, 3), []);
  // The generator reaches both answers and the interesting paths.
  assert.ok(cases.filter((c) => !referenceAllowed(c).allowed).length > 2000);
});

test("Google's robots.cc, built here, agrees on 30,000 generated questions", (t) => {
  if (spawnSync('g++', ['--version']).error !== undefined) {
    t.skip('no g++ on this machine');
    return;
  }
  const dir = tempFolder();
  const binary = path.join(dir, 'robots-oracle');
  execFileSync('g++', ['-std=c++17', '-O1', '-I', path.join(FIXTURES, 'absl-shim'), '-I', path.join(FIXTURES, 'google'), '-o', binary,
    path.join(FIXTURES, 'google/robots.cc'), path.join(FIXTURES, 'google-oracle-main.cc')]);
  const cases = [...generateRobotsCases(9309, 30000), ...GOOGLE_CASES];
  const answers = askGoogle(binary, cases);
  const differ = cases.filter((c, k) => {
    const verdict = isAllowed(parseRobotsRules(c.robotstxt), c.userAgent, c.url);
    return `${verdict.allowed ? 1 : 0} ${verdict.rule?.lineNumber ?? 0}` !== answers[k];
  });
  assert.deepEqual(differ.slice(0, 3), []);
});

/** Each case as three length-prefixed UTF-8 fields on the oracle's stdin; one `allowed line` answer per case. */
function askGoogle(binary: string, cases: RobotsCase[]): string[] {
  const input = cases.flatMap((c) => [c.robotstxt, c.userAgent, c.url].flatMap((field) => {
    const bytes = Buffer.from(field, 'utf8');
    return [Buffer.from(`${bytes.length}\n`), bytes];
  }));
  return execFileSync(binary, [], { input: Buffer.concat(input), maxBuffer: 1 << 26 }).toString().trim().split('\n');
}
