/**
 * `sitemap-lint` (the real binary, files on disk) on files that are not UTF-8: UTF-16 with and without a byte-order
 * mark, little- and big-endian, is one `encoding` problem at the file's start and then the decoded text's real
 * problems; a binary file is that one problem alone. Whole reads, streamed reads (forced windows) and a file large
 * enough to stream on its own agree. Exit codes and JSON; never wording.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const folder = tempFolders('sitemap-lint-encoding-');

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
/** Line 3: a space in the URL (col 36). */
const SITEMAP = (page: string) => `<?xml version="1.0" encoding="UTF-16"?>\n${URLSET}\n<url><loc>https://www.example.com/a b</loc><!-- ${page} --></url>\n</urlset>\n`;
const ENCODING_AT_START = 'encoding error 1:1-1:1';

function utf16(text: string, endian: 'le' | 'be', bom: boolean): Buffer {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
}

/** Bytes that are no text: every value, NUL included, in a fixed order. */
function binary(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, k) => (k * 7919 + 13) & 255));
}

function lint(args: string[], cwd: string, env: Record<string, string> = {}): { code: number | null; problems: Record<string, string[]>; stderr: string } {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (env.SITEMAP_LINT_STREAM_WINDOW === undefined) delete environment.SITEMAP_LINT_STREAM_WINDOW;
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd, env: environment, encoding: 'utf8', maxBuffer: 1 << 28 });
  const files = JSON.parse(r.stdout) as Array<{ file: string; problems: Array<{ rule: string; severity: string; line: number; column: number; endLine: number; endColumn: number }> }>;
  const problems = Object.fromEntries(files.map((f) => [f.file, f.problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`)]));
  return { code: r.status, problems, stderr: r.stderr };
}

/** Linted whole, then streamed in small windows: the same report. */
function lintBothWays(args: string[], cwd: string): { code: number | null; problems: Record<string, string[]> } {
  const whole = lint(args, cwd);
  assert.equal(whole.stderr, '');
  const streamed = lint(args, cwd, { SITEMAP_LINT_STREAM_WINDOW: '61' });
  assert.match(streamed.stderr, /streamed/);
  assert.deepEqual({ code: streamed.code, problems: streamed.problems }, { code: whole.code, problems: whole.problems }, 'streamed');
  return whole;
}

describe('sitemap-lint on files that are not UTF-8', () => {
  it('UTF-16, little- and big-endian, with and without a byte-order mark: one encoding problem, then the decoded text\'s own', () => {
    const files = { 'le-bom.xml': utf16(SITEMAP('1'), 'le', true), 'be-bom.xml': utf16(SITEMAP('2'), 'be', true), 'le.xml': utf16(SITEMAP('3'), 'le', false), 'be.xml': utf16(SITEMAP('4'), 'be', false) };
    const dir = folder(files);
    // One at a time: files of one run that list the same URL are cross-file duplicates.
    for (const name of Object.keys(files)) assert.deepEqual(lintBothWays([name], dir).problems[name], [ENCODING_AT_START, 'invalid-url error 3:36-3:37'], name);
    assert.equal(lint(['le.xml'], dir).code, 1);
    // A folder search finds a UTF-16 sitemap by its root, as a UTF-8 one, whatever its name.
    const search = folder({ 'products.xml': utf16(SITEMAP('5'), 'be', false), 'notes.xml': utf16('<notes/>', 'le', true) });
    assert.deepEqual(lint(['.'], search).problems, { 'products.xml': [ENCODING_AT_START, 'invalid-url error 3:36-3:37'] });
  });

  it('a UTF-16 file large enough to stream on its own', () => {
    const entries = Array.from({ length: 60_000 }, (_, k) => `<url><loc>https://www.example.com/a-rather-long-path/to/page/number/${k}/of/the/catalogue/with/filler/${'x'.repeat(40)}</loc></url>\n`);
    const text = `<?xml version="1.0" encoding="UTF-16"?>\n${URLSET}\n${entries.join('')}</urlset>\n`;
    const dir = folder({ 'sitemap.xml': utf16(text, 'le', true) });
    const r = lint(['sitemap.xml'], dir, { SITEMAP_LINT_STREAM_REPORT: '1' });
    assert.match(r.stderr, /sitemap\.xml: streamed/);
    assert.deepEqual(r.problems['sitemap.xml'].filter((p) => p.startsWith('encoding') || p.startsWith('xml-syntax')), [ENCODING_AT_START]);
    assert.equal(r.code, 1);
  });

  it('a binary file named sitemap.xml, or gzip that does not decompress, is one encoding problem at its start', () => {
    const gzip = gzipSync(`${URLSET}<url><loc>https://www.example.com/</loc></url></urlset>`);
    const dir = folder({ 'sitemap.xml': binary(20_000), 'broken/sitemap.xml': gzip.subarray(0, gzip.length - 12) });
    const r = lintBothWays(['sitemap.xml', 'broken/sitemap.xml'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual(r.problems, { 'sitemap.xml': [ENCODING_AT_START], [path.join('broken', 'sitemap.xml')]: [ENCODING_AT_START] });
    // As Check Site reads a folder: the binary file is listed with its one problem, the others are checked.
    const site = folder({ 'sitemap.xml': binary(20_000), 'sitemap-2.xml': `${URLSET}<url><loc>https://www.example.com/</loc></url></urlset>` });
    assert.deepEqual(lint(['.'], site).problems, { 'sitemap-2.xml': [], 'sitemap.xml': [ENCODING_AT_START] });
  });

  it('a Latin-1 file with a few accented letters is text: each letter is an encoding problem of its own', () => {
    const text = `${URLSET}\n<url><loc>https://www.example.com/caf\xE9</loc></url>\n</urlset>\n`;
    const dir = folder({ 'sitemap.xml': Buffer.from(text, 'latin1') });
    assert.deepEqual(lintBothWays(['sitemap.xml'], dir).problems, { 'sitemap.xml': ['encoding error 2:38-2:39', 'invalid-url error 2:38-2:39'] });
  });

  it('invalid UTF-8 in an element or attribute name is an encoding problem', () => {
    const text = Buffer.concat([Buffer.from(`${URLSET}\n<url><loc>https://www.example.com/</loc><x:a`), Buffer.from([0xe9]), Buffer.from(' xmlns:x="urn:x"/></url>\n</urlset>\n')]);
    const dir = folder({ 'sitemap.xml': text });
    assert.deepEqual(lintBothWays(['sitemap.xml'], dir).problems, { 'sitemap.xml': ['encoding error 2:45-2:46'] });
  });

  // XML 1.0 §4.3.3: an encoding declaration that contradicts the byte-order mark is a fatal error (the W3C suite's
  // hst-lhs-007, -008 and -009, not committed: bytes of our own here). Where the bytes are seen, each is an error; an
  // editor that decodes the file first (VS Code drops the mark and decodes UTF-16) hands over text that cannot tell.
  it('a byte-order mark that contradicts the declared encoding is an error: UTF-16 declared utf-8, UTF-8 declared iso-8859-1', () => {
    const declaring = (encoding: string) => SITEMAP('6').replace('encoding="UTF-16"', `encoding="${encoding}"`);
    const files = {
      // hst-lhs-008: a UTF-16 mark, the text in UTF-16, the declaration saying utf-8.
      'le-utf8.xml': utf16(declaring('utf-8'), 'le', true), 'be-utf8.xml': utf16(declaring('UTF-8'), 'be', true),
      // hst-lhs-009: a UTF-16 mark before UTF-8 bytes.
      'mark-then-utf8.xml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(declaring('utf-8'))]),
      // hst-lhs-007: a UTF-8 mark, the declaration saying iso-8859-1 (its value at columns 31-41).
      'utf8-latin1.xml': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(declaring('iso-8859-1'))]),
    };
    const dir = folder(files);
    for (const name of ['le-utf8.xml', 'be-utf8.xml']) assert.deepEqual(lintBothWays([name], dir).problems[name], [ENCODING_AT_START, 'invalid-url error 3:36-3:37'], name);
    const misread = lintBothWays(['mark-then-utf8.xml'], dir);
    assert.equal(misread.problems['mark-then-utf8.xml'][0], ENCODING_AT_START);
    assert.equal(misread.code, 1);
    const latin1 = lintBothWays(['utf8-latin1.xml'], dir);
    assert.deepEqual(latin1.problems['utf8-latin1.xml'], ['encoding error 1:31-1:41', 'invalid-url error 3:36-3:37']);
    assert.equal(latin1.code, 1);
  });
});
