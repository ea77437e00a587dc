/**
 * The extension fixtures (test/support/extensionFixtures.ts) through `sitemap-lint` (dist/sitemap-lint.js), the real
 * binary: each stripped fixture is written to a temporary folder and linted alone (files linted together would be
 * compared across files), `--format json`; the report is exactly the marked rule ids with their default severities
 * at the marked 1-based ranges, in document order, and the exit code is 1 when one of them is an error, else 0. The
 * good files are linted again published under a site root (`--site-root`): no scope rule on extension URLs.
 * sitemap-lint's clock is the real one, so `news-too-old` is turned off for the fixtures (`--rule`) and checked on its
 * own with dates that are too old, or not, whatever the day.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { RULES } from '../../server/src/language/rules/catalogue';
import { CLOCK_RULE, clockFreeNewsCase, expectedOf, extensionCases } from '../support/extensionFixtures';
import { positionAt } from '../lsp/lspClient';
import { tempFolders } from '../support/tempFolders';

const BIN = path.resolve(__dirname, '../../../dist/sitemap-lint.js');
const folder = tempFolders('sitemap-lint-extensions-');

interface JsonFile { file: string; problems: Array<{ rule: string; severity: string; line: number; column: number; endLine: number; endColumn: number }> }

function lint(dir: string, args: string[]): { code: number | null; problems: string[] } {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', '--rule', `${CLOCK_RULE}=off`, ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  const files = JSON.parse(r.stdout) as JsonFile[];
  assert.equal(files.length, 1);
  return { code: r.status, problems: files[0].problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`) };
}

/**
 * The files an index fixture names, written beside it: found by file name (its location unknown) or through the site
 * root, they exist, and missing-sitemap-file stays out of a test about the fixture's own marks.
 */
function childrenOf(text: string): Record<string, string> {
  if (!text.includes('<sitemapindex')) return {};
  const names = [...text.matchAll(/<loc>https?:\/\/[^/<]+\/([^/<?#]+)/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((name) => [name, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n']));
}

/** "rule severity line:column-line:column", 1-based as the JSON report writes them. */
function reported(text: string, rule: string, start: number, end: number): string {
  const [from, to] = [positionAt(text, start), positionAt(text, end)];
  return `${rule} ${(RULES as Record<string, string>)[rule]} ${from.line + 1}:${from.character + 1}-${to.line + 1}:${to.character + 1}`;
}

describe('extension fixtures through sitemap-lint', () => {
  for (const c of extensionCases()) {
    it(`${c.name}: the marked problems in the JSON report, and the exit code`, () => {
      const { text, expected } = expectedOf(c, [CLOCK_RULE]);
      const dir = folder({ ...childrenOf(text), [c.name]: text });
      const want = expected.map((e) => reported(text, e.rule, e.start, e.end));
      const code = expected.some((e) => (RULES as Record<string, string>)[e.rule] === 'error') ? 1 : 0;
      assert.deepEqual(lint(dir, [c.name]), { code, problems: want });
      if (c.location !== undefined) {
        assert.deepEqual(lint(dir, ['--site-root', `.=${new URL('.', c.location).href}`, c.name]), { code, problems: want }, `published under ${c.location}`);
      }
    });
  }

  it('news-too-old with the real clock: an article of 2017 is too old (a warning: exit 0), one of 2999 is not', () => {
    const c = clockFreeNewsCase();
    const { text, expected } = expectedOf(c);
    const dir = folder({ [c.name]: text });
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', c.name], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.stderr, '');
    const problems = (JSON.parse(r.stdout) as JsonFile[])[0].problems.map((p) => `${p.rule} ${p.severity} ${p.line}:${p.column}-${p.endLine}:${p.endColumn}`);
    assert.deepEqual({ code: r.status, problems }, { code: 0, problems: expected.map((e) => reported(text, e.rule, e.start, e.end)) });
  });
});
