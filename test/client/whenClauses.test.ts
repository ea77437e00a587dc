/**
 * package.json's `when` clauses decide by what the extension can do, never by the workbench (issue 33): `isWeb` is
 * true in every browser workbench, code-server's Node extension host included. Each `sitemap.*` context key a clause
 * reads is one the client sets (named in client/src/). The in-editor suite checks the clauses against the commands
 * registered (test/e2e/suite/palette.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '../../..');

function whenClauses(): string[] {
  const menus = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).contributes.menus as Record<string, { when?: string }[]>;
  return Object.values(menus).flat().flatMap((entry) => (entry.when === undefined ? [] : [entry.when]));
}

function clientSources(folder = path.join(ROOT, 'client/src')): string {
  return fs.readdirSync(folder, { withFileTypes: true }).map((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? clientSources(file) : entry.name.endsWith('.ts') ? fs.readFileSync(file, 'utf8') : '';
  }).join('\n');
}

test('no menu when clause names isWeb', () => {
  assert.deepEqual(whenClauses().filter((clause) => /\bisWeb\b/.test(clause)), []);
});

test('every sitemap.* context key a when clause reads is set by the client', () => {
  const sources = clientSources();
  // A key stands first in a term (after `&&`, `||` or `!`), never after an operator (`view == sitemap.sitemaps` is a value).
  const keys = new Set(whenClauses().flatMap((clause) => [...clause.matchAll(/(?:^|&&|\|\||!)\s*(sitemap\.[\w.]+)/g)].map((m) => m[1])));
  assert.ok(keys.has('sitemap.serverReadsPages') && keys.has('sitemap.canCompare'));
  assert.deepEqual([...keys].filter((key) => !sources.includes(`'${key}'`)), []);
});
