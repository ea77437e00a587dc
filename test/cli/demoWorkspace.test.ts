/**
 * The demo workspace `npm start` opens (test/e2e/demo/), linted by `sitemap-lint` (dist/sitemap-lint.js, a child
 * process) with the site roots of its own .vscode/settings.json: public/sitemap.xml shows the page rules against the
 * built pages beside it, and the sitemaps at the top show what the check of `npm start` sees in the editor
 * (demoProblems.ts). The demo is copied out of the repository first, as `npm start` copies it, so that git's history
 * of the repository does not date its pages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_COUNTS, DEMO_PAGE_RULES, DEMO_RULES } from '../e2e/demoProblems';
import { tempFolders } from '../support/tempFolders';

const REPO = path.resolve(__dirname, '../../..');
const DEMO = path.join(REPO, 'test', 'e2e', 'demo');
const BIN = path.join(REPO, 'dist', 'sitemap-lint.js');
const folder = tempFolders('demo-workspace-');

interface LintedFile {
  file: string;
  problems: { rule: string; severity: string; line: number }[];
}

/** `--site-root folder=url` for each entry of the demo's `sitemap.siteRoots`. */
function siteRootArguments(): string[] {
  const settings = JSON.parse(fs.readFileSync(path.join(DEMO, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
  const roots = settings['sitemap.siteRoots'] as Record<string, string> | undefined;
  assert.ok(roots && Object.keys(roots).length > 0, 'the demo maps its built pages with sitemap.siteRoots');
  return Object.entries(roots).flatMap(([dir, url]) => ['--site-root', `${dir}=${url}`]);
}

let linted: Map<string, LintedFile['problems']> | undefined;

/** The demo's problems by file, from one run for both tests. */
function lintDemo(): Map<string, LintedFile['problems']> {
  if (linted) return linted;
  const dir = folder();
  fs.cpSync(DEMO, dir, { recursive: true });
  const result = spawnSync(process.execPath, [BIN, '--format', 'json', ...siteRootArguments(), '.'], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 1, `the demo has errors to show\n${result.stderr}`);
  linted = new Map((JSON.parse(result.stdout) as LintedFile[]).map((f) => [f.file, f.problems]));
  return linted;
}

test('the demo: public/sitemap.xml against its built pages shows blocked-by-robots, noindex-page, page-redirect and unlisted-page', () => {
  const files = lintDemo();
  const problems = files.get('public/sitemap.xml');
  assert.ok(problems, `public/sitemap.xml is linted: ${[...files.keys()].join(', ')}`);
  assert.deepEqual(problems.map((p) => ({ rule: p.rule, line: p.line })), DEMO_PAGE_RULES);
});

test('the demo: its sitemap.xml keeps what the editor shows on npm start, one problem per rule, the site roots notwithstanding', () => {
  const problems = lintDemo().get('sitemap.xml') ?? [];
  assert.deepEqual(problems.map((p) => p.rule).sort(), [...DEMO_RULES].sort());
  const count = (severity: string) => problems.filter((p) => p.severity === severity).length;
  assert.deepEqual({ errors: count('error'), warnings: count('warning') }, DEMO_COUNTS);
});
