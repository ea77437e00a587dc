/**
 * robots.txt against Google's parser (google/robotstxt) and Protego: every case of theirs about Sitemap keys, line
 * endings, the byte-order mark, comments, whitespace and key/value splitting (test/fixtures/robots/, with their
 * licences), as one table. Each file is read as Google reads its Sitemap lines, as robotsSitemapUrls takes them for
 * where a sitemap lives, and as the editor reports them, line by line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SETTINGS, parseDocument, validate } from '../../../server/src/language/languageService';
import { robotsSitemapUrls } from '../../../server/src/language/rules/robotsTxtRules';
import { isSitemapName, readRobotsLine } from '../../../shared/robotsLine';

interface PeerCase {
  source: string;
  name: string;
  bomHex?: string;
  text: string;
  sitemaps: Array<[number, string]>;
  read: string[];
  problems: string[];
}

const FILE = path.resolve(__dirname, '../../../../test/fixtures/robots/peer-cases.json');
const CASES = (JSON.parse(fs.readFileSync(FILE, 'utf8')) as { cases: PeerCase[] }).cases;

/** The file as the editor and sitemap-lint get it: bytes decoded as UTF-8 (a partial mark becomes U+FFFD). */
function decoded(c: PeerCase): string {
  return Buffer.concat([Buffer.from(c.bomHex ?? '', 'hex'), Buffer.from(c.text, 'utf8')]).toString('utf8');
}

/**
 * The Sitemap lines as Google reads them, through our reader: where it reads `Sitemap https://…` as a name missing
 * its `:`, Google's name is `Sitemap https` and its value what follows the scheme's `:`.
 */
function googleSitemaps(text: string): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  text.split(/\r\n|\r|\n/).forEach((line, k) => {
    const read = readRobotsLine(line, line.length, k === 0);
    if (read === undefined || !isSitemapName(line.slice(read.nameStart, read.nameEnd))) return;
    const value = line.slice(read.valueStart, read.valueEnd);
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(value);
    found.push([k + 1, !read.colon && scheme !== null ? value.slice(value.indexOf(':') + 1) : value]);
  });
  return found;
}

function problems(text: string): string[] {
  const doc = parseDocument(text, 'robots-txt');
  return validate(doc, DEFAULT_SETTINGS, {}).map((p) => `${p.rule} ${doc.positionAt(p.start).line + 1}`);
}

test('the peers\' cases are all here', () => {
  assert.ok(CASES.length >= 50, `${CASES.length} cases`);
  assert.ok(CASES.some((c) => c.source.startsWith('google/robotstxt')) && CASES.some((c) => c.source.startsWith('scrapy/protego')));
});

for (const c of CASES) {
  test(`${c.source}: ${c.name}`, () => {
    const text = decoded(c);
    assert.deepEqual(googleSitemaps(text), c.sitemaps, 'the Sitemap lines');
    assert.deepEqual(robotsSitemapUrls(text), c.read, 'the sitemaps located');
    assert.deepEqual(problems(text), c.problems, 'the problems');
  });
}
